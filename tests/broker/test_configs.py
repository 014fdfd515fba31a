"""The config APIs, rule by rule, against Kafka 4.x's ConfigHelper / ConfigAdminManager / the KRaft
controller's ConfigurationControlManager: a ConfigHandler over a real data directory, every answer
also encoded at every version served."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.config_api import (
    APPEND,
    BROKER,
    BROKER_LOGGER,
    CLIENT_METRICS,
    DEFAULT_CONFIG,
    DELETE,
    DYNAMIC_BROKER_CONFIG,
    DYNAMIC_DEFAULT_BROKER_CONFIG,
    GROUP,
    SET,
    STATIC_BROKER_CONFIG,
    SUBTRACT,
    TOPIC,
    TOPIC_CONFIG,
)
from kaflite.broker.configs import ConfigHandler
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import (
    AlterConfigsRequest,
    DescribeConfigsRequest,
    IncrementalAlterConfigsRequest,
    ListConfigResourcesRequest,
)

AC = AlterConfigsRequest
IAC = IncrementalAlterConfigsRequest
DC = DescribeConfigsRequest
LONG, LIST, INT = 5, 7, 3


class Node:
    """A ConfigHandler over a real BrokerContext; reopen() is a restart over the same data directory."""

    def __init__(self, tmp_path: Path, **overrides: str) -> None:
        self.tmp_path = tmp_path
        self.overrides = overrides
        self.open()

    def open(self) -> None:
        cfg = KafliteConfig.load({"log.dirs": str(self.tmp_path / "data"), "port": "0", **self.overrides}, env={})
        self.context = BrokerContext.open(cfg, ManualClock())
        self.context.state.port = 19092
        self.handler = ConfigHandler(self.context)
        self.conn = KafkaConnection(self.context, Router())

    def reopen(self) -> None:
        self.context.logs.close()
        self.open()

    def call(self, api_key: int, version: int, request: Any) -> Any:
        method = {32: self.handler.describe_configs, 33: self.handler.alter_configs,
                  44: self.handler.incremental_alter_configs, 74: self.handler.list_config_resources}[api_key]
        resp = method(RequestContext(RequestHeader(api_key, version, 1, "t", 0), self.conn), request)
        type(resp).decode(resp.encode(version), version)  # every answer encodes at the version asked
        return resp

    def describe(self, rtype: int, name: str, *, version: int = 4, synonyms: bool = True,
                 docs: bool = False, keys: list[str] | None = None) -> Any:
        req = DC(resources=[DC.DescribeConfigsResource(resource_type=rtype, resource_name=name,
                                                       configuration_keys=keys)],
                 include_synonyms=synonyms, include_documentation=docs)
        return self.call(32, version, req).results[0]

    def entries(self, rtype: int, name: str, **kw: Any) -> dict[str, Any]:
        result = self.describe(rtype, name, **kw)
        assert result.error_code == 0, result.error_message
        return {c.name: c for c in result.configs}

    def incremental(self, rtype: int, name: str, *ops: tuple[str, int, str | None],
                    validate_only: bool = False) -> tuple[int, str | None]:
        req = IAC(resources=[IAC.AlterConfigsResource(resource_type=rtype, resource_name=name, configs=[
            IAC.AlterableConfig(name=n, config_operation=op, value=v) for n, op, v in ops])],
            validate_only=validate_only)
        r = self.call(44, 1, req).responses[0]
        return r.error_code, r.error_message

    def legacy(self, rtype: int, name: str, configs: dict[str, str | None],
               validate_only: bool = False) -> tuple[int, str | None]:
        req = AC(resources=[AC.AlterConfigsResource(resource_type=rtype, resource_name=name, configs=[
            AC.AlterableConfig(name=n, value=v) for n, v in configs.items()])], validate_only=validate_only)
        r = self.call(33, 2, req).responses[0]
        return r.error_code, r.error_message


@pytest.fixture
def node(tmp_path: Path) -> Iterator[Node]:
    n = Node(tmp_path)
    n.context.logs.create_topic("t", 2, {"segment.bytes": "1048576"})
    yield n
    n.context.logs.close()


def synonyms(entry: Any) -> list[tuple[str, str | None, int]]:
    return [(s.name, s.value, s.source) for s in entry.synonyms]


# -- DescribeConfigs ---------------------------------------------------------------------------------


def test_topic_configs_carry_type_source_synonyms_as_kafka_configHelper(node: Node) -> None:
    cfg = node.entries(TOPIC, "t")
    retention, segment, policy = cfg["retention.ms"], cfg["segment.bytes"], cfg["cleanup.policy"]
    assert (retention.value, retention.config_type, retention.config_source) == ("604800000", LONG, DEFAULT_CONFIG)
    assert retention.read_only is False and retention.is_sensitive is False
    assert synonyms(retention) == [("log.retention.ms", "604800000", DEFAULT_CONFIG),
                                   ("log.retention.hours", "168", DEFAULT_CONFIG)]
    # an override comes first, as TOPIC_CONFIG, then what the topic would fall back on
    assert (segment.value, segment.config_source, segment.config_type) == ("1048576", TOPIC_CONFIG, INT)
    assert synonyms(segment) == [("segment.bytes", "1048576", TOPIC_CONFIG),
                                 ("log.segment.bytes", "1073741824", DEFAULT_CONFIG)]
    assert policy.config_type == LIST
    assert set(cfg) == set(node.context.logs.topic("t").config.to_dict())  # every topic config


def test_documentation_only_when_asked_and_synonyms_only_when_asked(node: Node) -> None:
    plain = node.entries(TOPIC, "t", synonyms=False)
    assert plain["retention.ms"].documentation is None and plain["retention.ms"].synonyms == []
    documented = node.entries(TOPIC, "t", docs=True)
    assert "deleting" in (documented["retention.ms"].documentation or "")


def test_configuration_keys_filter_the_answer(node: Node) -> None:
    assert set(node.entries(TOPIC, "t", keys=["retention.ms", "nope"])) == {"retention.ms"}


def test_static_broker_config_is_the_topic_source_in_the_spelling_it_was_given(tmp_path: Path) -> None:
    n = Node(tmp_path, **{"log.retention.hours": "48"})
    n.context.logs.create_topic("t", 1, {})
    retention = n.entries(TOPIC, "t")["retention.ms"]
    assert (retention.value, retention.config_source) == (str(48 * 3_600_000), STATIC_BROKER_CONFIG)
    assert synonyms(retention)[0] == ("log.retention.hours", "48", STATIC_BROKER_CONFIG)
    broker = n.entries(BROKER, "1")
    assert broker["log.retention.ms"].value == str(48 * 3_600_000)  # the value in force
    assert broker["log.retention.hours"].value == "48"
    n.context.logs.close()


def test_unknown_and_invalid_topics(node: Node) -> None:
    unknown = node.describe(TOPIC, "missing")
    assert (unknown.error_code, unknown.error_message, unknown.configs) == (
        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "", [])
    assert node.describe(TOPIC, "bad/name").error_code == ErrorCode.INVALID_TOPIC_EXCEPTION


def test_broker_resource_lists_settings_and_listener_settings(node: Node) -> None:
    cfg = node.entries(BROKER, "1")
    assert cfg["listeners"].value == "PLAINTEXT://127.0.0.1:19092"
    assert cfg["advertised.listeners"].value == "PLAINTEXT://127.0.0.1:19092"
    assert "PLAINTEXT:PLAINTEXT" in (cfg["listener.security.protocol.map"].value or "")
    assert cfg["log.retention.ms"].config_type == LONG and cfg["log.cleanup.policy"].config_type == LIST
    assert cfg["num.partitions"].read_only is True  # fixed at startup
    assert cfg["log.retention.ms"].read_only is False  # a dynamic broker config, as in Kafka
    assert cfg["port"].config_source == STATIC_BROKER_CONFIG  # given on the command line
    assert cfg["num.partitions"].config_source == DEFAULT_CONFIG


def test_broker_resource_names_as_kafka(node: Node) -> None:
    assert node.describe(BROKER, "").configs == []  # the cluster default: no dynamic defaults yet
    assert node.describe(BROKER, "2").error_code == ErrorCode.INVALID_REQUEST
    assert node.describe(BROKER, "x").error_message == "Broker id must be an integer, but it is: x"
    assert node.describe(BROKER_LOGGER, "").error_code == ErrorCode.INVALID_REQUEST
    assert node.describe(CLIENT_METRICS, "sub").configs == []
    assert node.describe(GROUP, "g").error_code == ErrorCode.NONE  # any group id: its GroupConfig
    assert (node.describe(GROUP, "").error_code, node.describe(GROUP, "").error_message) == (
        ErrorCode.INVALID_REQUEST, "Group name must not be empty")


def test_every_version_served_encodes(node: Node) -> None:
    for version in (1, 2, 3, 4):
        assert node.describe(TOPIC, "t", version=version, docs=True).configs


# -- IncrementalAlterConfigs / AlterConfigs on topics --------------------------------------------------


def test_incremental_set_delete_reach_the_live_log_and_survive_a_restart(node: Node) -> None:
    assert node.incremental(TOPIC, "t", ("retention.ms", SET, "1000"), ("segment.bytes", DELETE, None)) == (0, None)
    plog = node.context.logs.get_log("t", 1)
    assert plog is not None and plog.config.retention_ms == 1000 and plog.config.segment_bytes == 1073741824
    node.reopen()
    cfg = node.entries(TOPIC, "t")
    assert (cfg["retention.ms"].value, cfg["retention.ms"].config_source) == ("1000", TOPIC_CONFIG)
    assert cfg["segment.bytes"].config_source == DEFAULT_CONFIG


def test_append_subtract_on_a_list_config_start_from_the_default(node: Node) -> None:
    # KIP-339: APPEND to cleanup.policy without an override starts from Kafka's default, "delete"
    assert node.incremental(TOPIC, "t", ("cleanup.policy", APPEND, "compact"))[0] == 0
    assert node.entries(TOPIC, "t")["cleanup.policy"].value == "delete,compact"
    assert node.context.logs.get_log("t", 0).config.compact  # the cleaner sees it at once
    assert node.incremental(TOPIC, "t", ("cleanup.policy", APPEND, "compact"))[0] == 0  # already there
    assert node.incremental(TOPIC, "t", ("cleanup.policy", SUBTRACT, "delete"))[0] == 0
    assert node.entries(TOPIC, "t")["cleanup.policy"].value == "compact"
    # subtracting the last item leaves an empty list, which the config refuses
    assert node.incremental(TOPIC, "t", ("cleanup.policy", SUBTRACT, "compact"))[0] == ErrorCode.INVALID_CONFIG


def test_append_or_subtract_on_a_non_list_config_is_invalid_config(node: Node) -> None:
    code, message = node.incremental(TOPIC, "t", ("retention.ms", APPEND, "5"))
    assert code == ErrorCode.INVALID_CONFIG and "not LIST" in (message or "")


def test_bad_names_and_values_are_invalid_config_and_change_nothing(node: Node) -> None:
    assert node.incremental(TOPIC, "t", ("retention.ms", SET, "soon"))[0] == ErrorCode.INVALID_CONFIG
    assert node.incremental(TOPIC, "t", ("retention.ms", SET, "-5"))[0] == ErrorCode.INVALID_CONFIG
    code, message = node.incremental(TOPIC, "t", ("retention.ms", SET, "1"), ("no.such.config", SET, "1"))
    assert code == ErrorCode.INVALID_CONFIG and "no.such.config" in (message or "")
    assert node.context.logs.topic("t").configs == {"segment.bytes": "1048576"}  # all or nothing


def test_request_shape_errors_are_invalid_request(node: Node) -> None:
    assert node.incremental(TOPIC, "t", ("retention.ms", SET, "1"), ("retention.ms", SET, "2"))[0] == \
        ErrorCode.INVALID_REQUEST  # duplicate keys
    assert node.incremental(TOPIC, "t", ("retention.ms", SET, None))[0] == ErrorCode.INVALID_REQUEST
    assert node.incremental(TOPIC, "t", ("retention.ms", 9, "1"))[0] == ErrorCode.INVALID_REQUEST
    assert node.incremental(TOPIC, "", ("retention.ms", SET, "1"))[0] == ErrorCode.INVALID_REQUEST
    req = IAC(resources=[IAC.AlterConfigsResource(resource_type=TOPIC, resource_name="t", configs=[])] * 2)
    both = node.call(44, 1, req).responses
    assert [r.error_code for r in both] == [ErrorCode.INVALID_REQUEST] * 2  # each resource at most once


def test_unknown_topic_is_unknown_topic_or_partition(node: Node) -> None:
    assert node.incremental(TOPIC, "missing", ("retention.ms", SET, "1"))[0] == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert node.legacy(TOPIC, "missing", {"retention.ms": "1"})[0] == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert node.incremental(TOPIC, "bad/name", ("retention.ms", SET, "1"))[0] == ErrorCode.INVALID_TOPIC_EXCEPTION


def test_validate_only_checks_but_changes_nothing(node: Node) -> None:
    assert node.incremental(TOPIC, "t", ("retention.ms", SET, "1000"), validate_only=True) == (0, None)
    assert node.incremental(TOPIC, "t", ("retention.ms", SET, "x"), validate_only=True)[0] == ErrorCode.INVALID_CONFIG
    assert node.legacy(TOPIC, "t", {"retention.ms": "1000"}, validate_only=True) == (0, None)
    assert node.context.logs.topic("t").configs == {"segment.bytes": "1048576"}


def test_legacy_alter_configs_replaces_every_override(node: Node) -> None:
    assert node.legacy(TOPIC, "t", {"retention.ms": "1000"}) == (0, None)
    assert node.context.logs.topic("t").configs == {"retention.ms": "1000"}  # segment.bytes went back
    assert node.legacy(TOPIC, "t", {"retention.ms": None})[0] == ErrorCode.INVALID_REQUEST  # null value


# -- dynamic broker configs ----------------------------------------------------------------------------


def test_dynamic_broker_config_changes_topic_defaults_and_survives_a_restart(node: Node) -> None:
    assert node.incremental(BROKER, "1", ("log.retention.hours", SET, "5")) == (0, None)
    assert node.incremental(BROKER, "", ("log.cleanup.policy", APPEND, "compact")) == (0, None)
    for _ in range(2):
        retention = node.entries(TOPIC, "t")["retention.ms"]
        assert (retention.value, retention.config_source) == (str(5 * 3_600_000), DYNAMIC_BROKER_CONFIG)
        assert synonyms(retention)[0] == ("log.retention.hours", "5", DYNAMIC_BROKER_CONFIG)
        policy = node.entries(TOPIC, "t")["cleanup.policy"]
        assert (policy.value, policy.config_source) == ("delete,compact", DYNAMIC_DEFAULT_BROKER_CONFIG)
        assert node.context.logs.get_log("t", 0).config.retention_ms == 5 * 3_600_000
        cluster = {c.name: c for c in node.describe(BROKER, "").configs}
        assert cluster["log.cleanup.policy"].config_source == DYNAMIC_DEFAULT_BROKER_CONFIG
        node.reopen()
    # a topic override still wins over a dynamic default
    node.incremental(TOPIC, "t", ("retention.ms", SET, "1000"))
    assert node.context.logs.get_log("t", 0).config.retention_ms == 1000
    assert node.incremental(BROKER, "1", ("log.retention.hours", DELETE, None)) == (0, None)
    assert node.entries(BROKER, "1")["log.retention.ms"].config_source == DEFAULT_CONFIG


def test_static_only_broker_settings_cannot_change_at_runtime(node: Node) -> None:
    code, message = node.incremental(BROKER, "1", ("num.partitions", SET, "3"))
    assert (code, message) == (ErrorCode.INVALID_REQUEST,
                               "Cannot update these configs dynamically: Set(num.partitions)")
    assert node.legacy(BROKER, "1", {"num.partitions": "3"})[0] == ErrorCode.INVALID_REQUEST
    # bad values for a dynamic setting: INVALID_REQUEST for broker resources (KAFKA-13609)
    assert node.incremental(BROKER, "1", ("log.retention.ms", SET, "x"))[0] == ErrorCode.INVALID_REQUEST
    assert node.incremental(BROKER, "2", ("log.retention.ms", SET, "1"))[0] == ErrorCode.INVALID_REQUEST
    assert node.incremental(BROKER, "1", ("log.retention.ms", APPEND, "1"))[0] == ErrorCode.INVALID_CONFIG
    assert node.context.logs.broker_configs() == {}


# -- BROKER_LOGGER ---------------------------------------------------------------------------------------


def test_broker_logger_levels_as_kafka_runtime_logger_manager(node: Node) -> None:
    logging.getLogger("kaflite.configs")  # exists once the module has a logger
    levels = {c.name: c.value for c in node.describe(BROKER_LOGGER, "1").configs}
    assert "root" in levels and "kaflite.configs" in levels
    before = logging.getLogger("kaflite.configs").level
    try:
        assert node.incremental(BROKER_LOGGER, "1", ("kaflite.configs", SET, "DEBUG")) == (0, None)
        assert {c.name: c.value for c in node.describe(BROKER_LOGGER, "1").configs}["kaflite.configs"] == "DEBUG"
        assert node.incremental(BROKER_LOGGER, "1", ("kaflite.configs", SET, "LOUD"))[0] == ErrorCode.INVALID_CONFIG
        assert node.incremental(BROKER_LOGGER, "1", ("no.such.logger", SET, "INFO"))[0] == ErrorCode.INVALID_CONFIG
        assert node.incremental(BROKER_LOGGER, "1", ("root", DELETE, None))[0] == ErrorCode.INVALID_REQUEST
        assert node.incremental(BROKER_LOGGER, "1", ("root", APPEND, "x"))[0] == ErrorCode.INVALID_REQUEST
        assert node.legacy(BROKER_LOGGER, "1", {"root": "INFO"})[0] == ErrorCode.INVALID_REQUEST  # incremental only
    finally:
        logging.getLogger("kaflite.configs").setLevel(before)


# -- ListConfigResources -------------------------------------------------------------------------------


def test_list_config_resources_as_kip_1142(node: Node) -> None:
    R = ListConfigResourcesRequest
    v1 = node.call(74, 1, R(resource_types=[]))
    assert [(r.resource_type, r.resource_name) for r in v1.config_resources] == [
        (BROKER_LOGGER, "1"), (BROKER, "1"), (TOPIC, "t")]
    topics = node.call(74, 1, R(resource_types=[TOPIC, TOPIC]))
    assert [r.resource_name for r in topics.config_resources] == ["t"]
    assert node.call(74, 1, R(resource_types=[TOPIC, 64])).error_code == ErrorCode.UNSUPPORTED_VERSION
    assert node.call(74, 0, R()).config_resources == []  # v0: client-metrics subscriptions only


async def test_reset_drops_dynamic_broker_configs(tmp_path: Path) -> None:
    """A test's AlterConfigs on BROKER must not leak into the next test of a shared broker."""
    from kaflite.broker.server import Broker

    b = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0))
    await b.start()
    try:
        conn = KafkaConnection(b.context, b.router)
        req = IAC(resources=[IAC.AlterConfigsResource(resource_type=BROKER, resource_name="1", configs=[
            IAC.AlterableConfig(name="log.retention.ms", config_operation=SET, value="1000")])])
        resp = b.configs.incremental_alter_configs(RequestContext(RequestHeader(44, 1, 1, "t", 0), conn), req)
        assert resp.responses[0].error_code == 0 and b.logs.default_config.retention_ms == 1000
        await b.reset()
        assert b.logs.broker_configs() == {} and b.logs.default_config.retention_ms == 604800000
    finally:
        await b.stop()


def test_cross_config_rules_of_kafka_log_config(node: Node) -> None:
    """LogConfig.validateValues and validateRemoteStorageOnlyIfSystemEnabled, after merging the defaults."""
    code, message = node.incremental(TOPIC, "t", ("min.compaction.lag.ms", SET, "10"),
                                     ("max.compaction.lag.ms", SET, "5"))
    assert code == ErrorCode.INVALID_CONFIG and "min.compaction.lag.ms (10) > max.compaction.lag.ms (5)" in str(message)
    code, message = node.incremental(TOPIC, "t", ("remote.storage.enable", SET, "true"))
    assert code == ErrorCode.INVALID_CONFIG and "Tiered Storage" in str(message)
    assert node.incremental(TOPIC, "t", ("remote.storage.enable", SET, "false")) == (0, None)
