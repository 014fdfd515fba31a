"""The config APIs as real admin clients call them: confluent-kafka (librdkafka), kafka-python and
aiokafka describe, alter and incrementally alter topic and broker configs against a kaflite process,
without a disconnect, and every change is still there after a restart."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from confluent_kafka import KafkaError, KafkaException
from confluent_kafka.admin import (
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    ConfigSource,
    NewTopic,
)

from kaflite.testing.process import ProcessBroker

TIMEOUT_S = 15


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


# -- confluent-kafka -----------------------------------------------------------------------------------


def _describe(admin: AdminClient, rtype: str, name: str) -> dict[str, Any]:
    resource = ConfigResource(rtype, name)
    return admin.describe_configs([resource], request_timeout=TIMEOUT_S)[resource].result(TIMEOUT_S)


def _incremental(admin: AdminClient, rtype: str, name: str, *entries: tuple[str, str | None, Any]) -> None:
    resource = ConfigResource(rtype, name, incremental_configs=[
        ConfigEntry(n, v, incremental_operation=op) for n, v, op in entries])
    admin.incremental_alter_configs([resource], request_timeout=TIMEOUT_S)[resource].result(TIMEOUT_S)


def test_confluent_describe_alter_incremental_and_restart(broker: ProcessBroker) -> None:
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    topic, plain = unique("cfg"), unique("plain")
    for f in admin.create_topics([NewTopic(topic, 1, 1), NewTopic(plain, 1, 1)]).values():
        f.result(TIMEOUT_S)

    before = _describe(admin, "TOPIC", topic)
    retention = before["retention.ms"]
    assert (retention.value, retention.source) == ("604800000", ConfigSource.DEFAULT_CONFIG.value)
    assert not retention.is_read_only and "log.retention.ms" in retention.synonyms

    # legacy AlterConfigs: the overrides become exactly the ones given
    resource = ConfigResource("TOPIC", topic, set_config={"max.message.bytes": "2000000"})
    with pytest.warns(DeprecationWarning, match="incremental_alter_configs"):  # still offered, still used
        future = admin.alter_configs([resource], request_timeout=TIMEOUT_S)[resource]
    future.result(TIMEOUT_S)
    # IncrementalAlterConfigs: SET and APPEND/SUBTRACT on the list-typed cleanup.policy
    _incremental(admin, "TOPIC", topic, ("retention.ms", "123456", AlterConfigOpType.SET),
                 ("cleanup.policy", "compact", AlterConfigOpType.APPEND))
    assert _describe(admin, "TOPIC", topic)["cleanup.policy"].value == "delete,compact"
    _incremental(admin, "TOPIC", topic, ("cleanup.policy", "delete", AlterConfigOpType.SUBTRACT))
    # a refused change is an error answer, not a disconnect: the next call on the same client works
    with pytest.raises(KafkaException) as refused:
        _incremental(admin, "TOPIC", topic, ("retention.ms", "5", AlterConfigOpType.APPEND))
    assert refused.value.args[0].code() == KafkaError.INVALID_CONFIG
    with pytest.raises(KafkaException) as unknown:
        _describe(admin, "TOPIC", unique("missing"))
    assert unknown.value.args[0].code() == KafkaError.UNKNOWN_TOPIC_OR_PART

    broker_cfg = _describe(admin, "BROKER", "1")
    assert broker_cfg["listeners"].value == f"PLAINTEXT://127.0.0.1:{broker.port}"
    assert broker_cfg["advertised.listeners"].value == f"PLAINTEXT://127.0.0.1:{broker.port}"
    assert broker_cfg["num.partitions"].is_read_only and not broker_cfg["log.retention.ms"].is_read_only
    # a dynamic broker config: the default of every topic that does not override it
    _incremental(admin, "BROKER", "1", ("log.retention.hours", "5", AlterConfigOpType.SET))
    with pytest.raises(KafkaException) as fixed:
        _incremental(admin, "BROKER", "1", ("num.partitions", "3", AlterConfigOpType.SET))
    assert fixed.value.args[0].code() == KafkaError.INVALID_REQUEST

    broker.restart()
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    after = _describe(admin, "TOPIC", topic)
    assert (after["retention.ms"].value, after["retention.ms"].source) == (
        "123456", ConfigSource.DYNAMIC_TOPIC_CONFIG.value)
    assert after["cleanup.policy"].value == "compact"
    assert after["max.message.bytes"].value == "2000000"
    defaulted = _describe(admin, "TOPIC", plain)["retention.ms"]
    assert (defaulted.value, defaulted.source) == (str(5 * 3_600_000), ConfigSource.DYNAMIC_BROKER_CONFIG.value)


# -- kafka-python --------------------------------------------------------------------------------------


def test_kafka_python_describe_alter_list_reset_and_restart(broker: ProcessBroker) -> None:
    from kafka.admin import AlterConfigOp, KafkaAdminClient
    from kafka.admin import ConfigResource as KResource
    from kafka.admin import ConfigResourceType as KType
    from kafka.admin import NewTopic as KNewTopic

    topic = unique("kp")
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=TIMEOUT_S * 1000)
    try:
        admin.create_topics([KNewTopic(topic, 1, 1)])
        every = admin.describe_configs([KResource(KType.TOPIC, topic)], include_synonyms=True, config_filter="all")
        retention = every["topic"][topic]["retention.ms"]
        assert (retention["config_type"], retention["config_source"]) == ("LONG", "DEFAULT_CONFIG")
        assert retention["synonyms"][0]["name"] == "log.retention.ms"

        result = admin.alter_configs([KResource(KType.TOPIC, topic, configs={
            "retention.ms": "7777", "cleanup.policy": (AlterConfigOp.APPEND, "compact")})])
        assert result == {"topic": {topic: "OK"}}
        result = admin.alter_configs([KResource(KType.TOPIC, topic, configs={"segment.ms": "soon"})])
        assert "InvalidConfiguration" in result["topic"][topic]
        result = admin.alter_configs([KResource(KType.TOPIC, topic, configs={"segment.ms": "60000"})],
                                     incremental=False)  # legacy: the client keeps the other overrides
        assert result == {"topic": {topic: "OK"}}
        modified = admin.describe_configs([KResource(KType.TOPIC, topic)])["topic"][topic]
        assert {k: v["value"] for k, v in modified.items()} == {
            "retention.ms": "7777", "cleanup.policy": "delete,compact", "segment.ms": "60000"}
        assert admin.reset_configs([KResource(KType.TOPIC, topic, configs=["segment.ms"])]) == {
            "topic": {topic: "OK"}}

        listed = admin.list_config_resources()
        assert topic in listed["topic"] and listed["broker"] == ["1"] and listed["broker_logger"] == ["1"]
        # KIP-412 log levels: BROKER_LOGGER, incremental only
        logger = KResource(KType.BROKER_LOGGER, "1", configs={"kaflite.configs": "DEBUG"})
        assert admin.alter_configs([logger], incremental=True) == {"broker_logger": {"1": "OK"}}
        levels = admin.describe_configs([KResource(KType.BROKER_LOGGER, "1")], config_filter="all")
        assert levels["broker_logger"]["1"]["kaflite.configs"]["value"] == "DEBUG"
        brokers = admin.describe_configs([KResource(KType.BROKER, "1")], config_filter="all")["broker"]["1"]
        assert brokers["log.retention.ms"]["config_type"] == "LONG"
        assert brokers["listeners"]["value"] == f"PLAINTEXT://127.0.0.1:{broker.port}"
    finally:
        admin.close()

    broker.restart()
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=TIMEOUT_S * 1000)
    try:
        modified = admin.describe_configs([KResource(KType.TOPIC, topic)])["topic"][topic]
        assert {k: v["value"] for k, v in modified.items()} == {
            "retention.ms": "7777", "cleanup.policy": "delete,compact"}
    finally:
        admin.close()


# -- aiokafka ------------------------------------------------------------------------------------------


def test_aiokafka_describe_alter_and_restart(broker: ProcessBroker) -> None:
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.admin import NewTopic as ANewTopic
    from aiokafka.admin.config_resource import ConfigResource as AResource
    from aiokafka.admin.config_resource import ConfigResourceType as AType

    topic = unique("aio")

    def entries(responses: list[Any]) -> dict[str, tuple[Any, ...]]:
        (resource,) = responses[0].resources
        assert resource[0] == 0, resource
        return {e[0]: e for e in resource[4]}

    async def before_restart() -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=TIMEOUT_S * 1000)
        await admin.start()
        try:
            await admin.create_topics([ANewTopic(topic, 1, 1)])
            cfg = entries(await admin.describe_configs([AResource(AType.TOPIC, topic)], include_synonyms=True))
            assert cfg["retention.ms"][1] == "604800000" and cfg["retention.ms"][3] == 5  # DEFAULT_CONFIG
            altered = await admin.alter_configs([AResource(AType.TOPIC, topic, {"retention.ms": "4242"})])
            assert [r[0] for resp in altered for r in resp.resources] == [0]
            cfg = entries(await admin.describe_configs([AResource(AType.TOPIC, topic)]))
            assert cfg["retention.ms"][1] == "4242" and cfg["retention.ms"][3] == 1  # TOPIC_CONFIG
            cfg = entries(await admin.describe_configs([AResource(AType.BROKER, "1", {"log.retention.ms": None})]))
            assert set(cfg) == {"log.retention.ms"}
        finally:
            await admin.close()

    async def after_restart() -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=TIMEOUT_S * 1000)
        await admin.start()
        try:
            cfg = entries(await admin.describe_configs([AResource(AType.TOPIC, topic)]))
            assert cfg["retention.ms"][1] == "4242"
        finally:
            await admin.close()

    asyncio.run(asyncio.wait_for(before_restart(), 60))
    broker.restart()
    asyncio.run(asyncio.wait_for(after_restart(), 60))


def test_confluent_group_configs(broker: ProcessBroker) -> None:
    """CG-CFG-1 through librdkafka's admin API: ResourceType.GROUP reaches the GROUP (32) resource."""
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    group = unique("grp")
    _incremental(admin, "GROUP", group, ("consumer.session.timeout.ms", "6000", AlterConfigOpType.SET))
    described = _describe(admin, "GROUP", group)
    session = described["consumer.session.timeout.ms"]
    assert session.value == "6000" and not session.is_default
    assert described["consumer.heartbeat.interval.ms"].value == "500"  # the kit broker's (Kafka's: 5000)
    with pytest.raises(KafkaException) as refused:
        _incremental(admin, "GROUP", group, ("consumer.session.timeout.ms", "60001", AlterConfigOpType.SET))
    assert refused.value.args[0].code() == KafkaError.INVALID_CONFIG
    assert "must be less than or equal to group.consumer.max.session.timeout.ms" in refused.value.args[0].str()
