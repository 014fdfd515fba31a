"""Real admin clients against a broker whose handler raises: an error they report, never a disconnect.

Kafka answers a request it failed to handle with UNKNOWN_SERVER_ERROR and keeps the connection; so
does kaflite. Each client sees the error on the failing call and its very next call succeeds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.admin.config_resource import ConfigResource as AioConfigResource
from aiokafka.admin.config_resource import ConfigResourceType as AioConfigResourceType
from confluent_kafka import KafkaError, KafkaException
from confluent_kafka.admin import AdminClient, ConfigResource
from kafka.admin import KafkaAdminClient
from kafka.errors import UnknownError

from kaflite.testing.broker import Broker
from kaflite.testing.process import ProcessBroker

TIMEOUT_S = 10


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        b.create_topic("t", 2)
        yield b


def test_kafka_python_list_groups_and_describe_topics(broker: Broker) -> None:
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=TIMEOUT_S * 1000)
    try:
        broker.fail_requests("ListGroups", count=1)
        with pytest.raises(UnknownError):  # error_code -1, not a connection error
            admin.list_groups()
        assert admin.list_groups() == []
        broker.fail_requests("Metadata", count=1)
        [failed] = admin.describe_topics(["t"])
        assert (failed["name"], failed["error_code"]) == ("t", -1)
        [ok] = admin.describe_topics(["t"])
        assert (ok["error_code"], len(ok["partitions"])) == (0, 2)
    finally:
        admin.close()


def test_aiokafka_describe_configs_awaited_path(broker: Broker) -> None:
    async def run() -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=TIMEOUT_S * 1000)
        await admin.start()
        try:
            resource = AioConfigResource(AioConfigResourceType.TOPIC, "t")
            await asyncio.to_thread(broker.fail_requests, "DescribeConfigs", count=1, awaited=True)
            [failed] = await admin.describe_configs([resource])
            assert [(r[0], r[3]) for r in failed.resources] == [(-1, "t")]
            [ok] = await admin.describe_configs([resource])
            assert ok.resources[0][0] == 0 and ok.resources[0][4]  # error 0, config entries
        finally:
            await admin.close()

    asyncio.run(asyncio.wait_for(run(), 3 * TIMEOUT_S))


def test_confluent_kafka_describe_configs(broker: Broker) -> None:
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    broker.fail_requests("DescribeConfigs", count=1)
    [future] = admin.describe_configs([ConfigResource("topic", "t")]).values()
    with pytest.raises(KafkaException) as e:
        future.result(timeout=TIMEOUT_S)
    assert e.value.args[0].code() == KafkaError.UNKNOWN  # -1: the broker's error, not a transport one
    [future] = admin.describe_configs([ConfigResource("topic", "t")]).values()
    assert "cleanup.policy" in future.result(timeout=TIMEOUT_S)


def test_the_fault_over_the_admin_endpoint_of_a_broker_process() -> None:
    """The same fault through ``ProcessBroker`` (HTTP ``/faults/fail-requests``), for suites in any language."""
    with ProcessBroker() as b:
        admin = KafkaAdminClient(bootstrap_servers=b.bootstrap_servers, request_timeout_ms=TIMEOUT_S * 1000)
        try:
            b.fail_requests("ListGroups", count=1)
            with pytest.raises(UnknownError):
                admin.list_groups()
            assert admin.list_groups() == []
        finally:
            admin.close()
