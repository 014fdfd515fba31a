"""Per-group dynamic configs (Kafka's GroupConfig, KIP-848; CG-CFG-1) on the GROUP (32) resource:
DescribeConfigs, IncrementalAlterConfigs, legacy AlterConfigs and ListConfigResources, with the
names, sources, errors and messages of Kafka's ConfigHelper and controller (GroupConfig.validate)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.broker.config_api import DEFAULT_CONFIG, DELETE, GROUP, GROUP_CONFIG, SET, SUBTRACT
from kaflite.broker.group_configs import GROUP_CONFIGS_FILE
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ListConfigResourcesRequest
from tests.broker.test_configs import INT, Node, synonyms

STRING = 2

SESSION, HEARTBEAT = "consumer.session.timeout.ms", "consumer.heartbeat.interval.ms"
SHARE_SESSION, SHARE_HEARTBEAT = "share.session.timeout.ms", "share.heartbeat.interval.ms"
LOCK, RESET, ISOLATION = "share.record.lock.duration.ms", "share.auto.offset.reset", "share.isolation.level"
SHARE_NAMES = [RESET, SHARE_HEARTBEAT, ISOLATION, LOCK, SHARE_SESSION]  # sorted
# Kafka's production minimums (kaflite's defaults are lower, SA-CFG-4).
KAFKA_SHARE_BOUNDS = {"group.share.min.session.timeout.ms": "45000", "group.share.min.heartbeat.interval.ms": "5000",
                      "group.share.min.record.lock.duration.ms": "15000"}
INVALID_CONFIG = ErrorCode.INVALID_CONFIG


@pytest.fixture
def node(tmp_path: Path) -> Iterator[Node]:
    n = Node(tmp_path)
    yield n
    n.context.logs.close()


def test_a_group_shows_both_configs_with_the_broker_defaults(tmp_path: Path) -> None:
    """Any group id (existing or not) describes its GroupConfig: the broker's group.consumer.* values
    as DEFAULT_CONFIG, type INT, writable, documented."""
    node = Node(tmp_path, **{"group.consumer.session.timeout.ms": "30000"})
    cfg = node.entries(GROUP, "g", docs=True)
    assert list(cfg) == [HEARTBEAT, SESSION, *SHARE_NAMES]
    assert (cfg[SESSION].value, cfg[SESSION].config_source, cfg[SESSION].is_default) == ("30000", DEFAULT_CONFIG, True)
    assert (cfg[HEARTBEAT].value, cfg[HEARTBEAT].config_type, cfg[HEARTBEAT].read_only) == ("5000", INT, False)
    assert synonyms(cfg[SESSION]) == [(SESSION, "30000", DEFAULT_CONFIG)]
    assert cfg[SESSION].documentation == "The timeout to detect client failures when using the consumer group protocol."
    node.context.logs.close()


def test_set_shows_as_group_config_survives_a_restart_and_reaches_the_coordinator(node: Node) -> None:
    assert node.incremental(GROUP, "g", (SESSION, SET, "500"), (HEARTBEAT, SET, "100")) == (0, None)
    cfg = node.entries(GROUP, "g")
    assert (cfg[SESSION].value, cfg[SESSION].config_source, cfg[SESSION].is_default) == ("500", GROUP_CONFIG, False)
    assert synonyms(cfg[HEARTBEAT]) == [(HEARTBEAT, "100", GROUP_CONFIG)]
    assert node.context.group_configs.configs_of("g") == {SESSION: "500", HEARTBEAT: "100"}
    assert node.context.group_configs.configs_of("other") == {}
    node.reopen()
    assert (node.tmp_path / "data" / GROUP_CONFIGS_FILE).exists()
    assert node.context.group_configs.configs_of("g") == {SESSION: "500", HEARTBEAT: "100"}
    # Checked against the broker defaults: without its own heartbeat interval (5000), 500 ms is too short.
    assert node.incremental(GROUP, "g", (HEARTBEAT, DELETE, None)) == (
        INVALID_CONFIG, f"{SESSION} must be greater than {HEARTBEAT}")
    assert node.incremental(GROUP, "g", (SESSION, DELETE, None)) == (0, None)
    cfg = node.entries(GROUP, "g")
    assert (cfg[SESSION].value, cfg[SESSION].config_source) == ("45000", DEFAULT_CONFIG)
    assert node.incremental(GROUP, "g", (HEARTBEAT, DELETE, None)) == (0, None)
    assert node.context.group_configs.configs_of("g") == {}


def test_validate_only_changes_nothing(node: Node) -> None:
    assert node.incremental(GROUP, "g", (SESSION, SET, "6000"), validate_only=True) == (0, None)
    assert node.context.group_configs.configs_of("g") == {}


@pytest.mark.parametrize(("ops", "expected"), [
    ([(SESSION, SET, "50")], (INVALID_CONFIG,
                              f"{SESSION} must be greater than or equal to group.consumer.min.session.timeout.ms")),
    ([(SESSION, SET, "60001")], (INVALID_CONFIG,
                                 f"{SESSION} must be less than or equal to group.consumer.max.session.timeout.ms")),
    ([(HEARTBEAT, SET, "99")],
     (INVALID_CONFIG, f"{HEARTBEAT} must be greater than or equal to group.consumer.min.heartbeat.interval.ms")),
    ([(HEARTBEAT, SET, "15001")],
     (INVALID_CONFIG, f"{HEARTBEAT} must be less than or equal to group.consumer.max.heartbeat.interval.ms")),
    ([(SESSION, SET, "4000")], (INVALID_CONFIG, f"{SESSION} must be greater than {HEARTBEAT}")),  # broker's 5000
    ([(SESSION, SET, "abc")],
     (INVALID_CONFIG, f"Invalid value abc for configuration {SESSION}: Not a number of type INT")),
    ([(SESSION, SET, "0")], (INVALID_CONFIG, f"Invalid value 0 for configuration {SESSION}: Value must be at least 1")),
    ([("streams.num.standby.replicas", SET, "1")],
     (INVALID_CONFIG, "Unknown group config name: streams.num.standby.replicas")),
    ([(SESSION, SUBTRACT, "1")], (INVALID_CONFIG, f"Can't SUBTRACT to key {SESSION} because its type is not LIST.")),
])
def test_refusals_are_kafkas(node: Node, ops: list[tuple[str, int, str | None]],
                             expected: tuple[int, str]) -> None:
    """CG-CFG-1: outside the broker's group.consumer.min/max.* -> INVALID_CONFIG(40) with GroupConfig's message."""
    assert node.incremental(GROUP, "g", *ops) == expected
    assert node.context.group_configs.configs_of("g") == {}


def test_default_group_resource_is_refused(node: Node) -> None:
    assert node.incremental(GROUP, "", (SESSION, SET, "500")) == (
        ErrorCode.INVALID_REQUEST, "Default group resources are not allowed.")


def test_legacy_alter_configs_replaces_a_groups_configs(node: Node) -> None:
    """AlterConfigs (33) on GROUP: Kafka forwards it to the controller like the incremental one,
    replacing every config of the group."""
    assert node.incremental(GROUP, "g", (SESSION, SET, "500"), (HEARTBEAT, SET, "100")) == (0, None)
    assert node.legacy(GROUP, "g", {SESSION: "10000"}) == (0, None)
    assert node.context.group_configs.configs_of("g") == {SESSION: "10000"}
    assert node.legacy(GROUP, "g", {"bogus": "1"}) == (INVALID_CONFIG, "Unknown group config name: bogus")


def test_list_config_resources_lists_groups_with_configs(node: Node) -> None:
    assert node.incremental(GROUP, "g2", (SESSION, SET, "6000")) == (0, None)
    assert node.incremental(GROUP, "g1", (HEARTBEAT, SET, "200")) == (0, None)
    resp = node.call(74, 1, ListConfigResourcesRequest(resource_types=[GROUP]))
    assert [(r.resource_name, r.resource_type) for r in resp.config_resources] == [("g1", GROUP), ("g2", GROUP)]


def test_sa_cfg_2_share_configs_describe_with_the_broker_share_defaults(node: Node) -> None:
    """SA-CFG-2: every group describes the five share.* configs, defaulting to group.share.* (Kafka's defaults)."""
    cfg = node.entries(GROUP, "g", docs=True)
    assert {n: (cfg[n].value, cfg[n].config_source, cfg[n].config_type) for n in SHARE_NAMES} == {
        RESET: ("latest", DEFAULT_CONFIG, STRING), SHARE_HEARTBEAT: ("5000", DEFAULT_CONFIG, INT),
        ISOLATION: ("read_uncommitted", DEFAULT_CONFIG, STRING), LOCK: ("30000", DEFAULT_CONFIG, INT),
        SHARE_SESSION: ("45000", DEFAULT_CONFIG, INT)}
    assert cfg[LOCK].documentation == "The record acquisition lock duration in milliseconds for share groups."


def test_sa_cfg_2_share_configs_are_stored_without_a_group_and_read_by_the_share_fetch_path(node: Node) -> None:
    """SA-CFG-2: set before any member joins; ShareFetchConfig is what the share-fetch path reads."""
    assert node.incremental(GROUP, "sg", (RESET, SET, "earliest"), (ISOLATION, SET, "read_committed"),
                            (LOCK, SET, "15000"), (SHARE_SESSION, SET, "50000")) == (0, None)
    store = node.context.group_configs
    fetch = store.share_fetch_config("sg")
    assert (fetch.record_lock_duration_ms, fetch.auto_offset_reset, fetch.isolation_level) == (
        15000, "earliest", "read_committed")
    other = store.share_fetch_config("other")
    assert (other.record_lock_duration_ms, other.auto_offset_reset, other.isolation_level) == (
        30000, "latest", "read_uncommitted")
    assert node.entries(GROUP, "sg")[RESET].config_source == GROUP_CONFIG


@pytest.mark.parametrize(("ops", "expected"), [
    ([(SHARE_SESSION, SET, "44999")],
     f"{SHARE_SESSION} must be greater than or equal to group.share.min.session.timeout.ms"),
    ([(SHARE_SESSION, SET, "60001")],
     f"{SHARE_SESSION} must be less than or equal to group.share.max.session.timeout.ms"),
    ([(SHARE_HEARTBEAT, SET, "4999")],
     f"{SHARE_HEARTBEAT} must be greater than or equal to group.share.min.heartbeat.interval.ms"),
    ([(SHARE_HEARTBEAT, SET, "15001")],
     f"{SHARE_HEARTBEAT} must be less than or equal to group.share.max.heartbeat.interval.ms"),
    ([(LOCK, SET, "14999")], f"{LOCK} must be greater than or equal to group.share.min.record.lock.duration.ms"),
    ([(LOCK, SET, "60001")], f"{LOCK} must be less than or equal to group.share.max.record.lock.duration.ms"),
    ([(LOCK, SET, "999")], f"Invalid value 999 for configuration {LOCK}: Value must be at least 1000"),
    ([(SHARE_HEARTBEAT, SET, "15000"), (SHARE_SESSION, SET, "46000")], None),
    ([(RESET, SET, "none")], f"Invalid value none for configuration {RESET}: Invalid value `none` for configuration "
     f"{RESET}. The value must be either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'."),
    ([(RESET, SET, "EARLIEST")], f"Invalid value EARLIEST for configuration {RESET}: Invalid value `EARLIEST` for "
     f"configuration {RESET}. The value must be either 'earliest', 'latest' or of the format "
     "'by_duration:<PnDTnHnMn.nS>'."),
    ([(RESET, SET, "by_duration:-PT1H")], f"Invalid value by_duration:-PT1H for configuration {RESET}: Invalid "
     f"value `by_duration:-PT1H` for configuration {RESET}. The value must be either 'earliest', 'latest' or of the "
     "format 'by_duration:<PnDTnHnMn.nS>'."),
    ([(ISOLATION, SET, "READ_COMMITTED")], f"Invalid value READ_COMMITTED for configuration {ISOLATION}: String must "
     "be one of: read_committed, read_uncommitted"),
])
def test_sa_cfg_2_share_refusals_are_kafkas(tmp_path: Path, ops: list[tuple[str, int, str | None]],
                                           expected: str | None) -> None:
    """SA-CFG-2: GroupConfig's INVALID_CONFIG(40) texts, with Kafka's production bounds (kaflite's defaults are a
    dev profile's, SA-CFG-4); nothing stored on a refusal."""
    node = Node(tmp_path, **KAFKA_SHARE_BOUNDS)
    result = node.incremental(GROUP, "g", *ops)
    assert result == ((INVALID_CONFIG, expected) if expected is not None else (0, None))
    if expected is not None:
        assert node.context.group_configs.configs_of("g") == {}
    node.context.logs.close()


def test_sa_cfg_4_dev_bounds_allow_short_locks_and_sessions(node: Node) -> None:
    """kaflite's defaults are a dev profile (SA-CFG-4): a 500 ms lock (below GroupConfig's 1000 floor), a 500 ms
    session with a 100 ms heartbeat; below the dev minimum of 100 still refused."""
    assert node.incremental(GROUP, "g", (LOCK, SET, "500"), (SHARE_SESSION, SET, "500"),
                            (SHARE_HEARTBEAT, SET, "100")) == (0, None)
    assert node.context.group_configs.share_fetch_config("g").record_lock_duration_ms == 500
    assert node.incremental(GROUP, "g", (LOCK, SET, "99")) == (
        INVALID_CONFIG, f"Invalid value 99 for configuration {LOCK}: Value must be at least 100")


@pytest.mark.parametrize("value", ["earliest", "latest", "by_duration:PT10M", "by_duration:P1DT2H3M4.5S",
                                   "by_duration:pt0s", "by_duration:P2D"])
def test_sa_cfg_2_accepted_share_auto_offset_resets(node: Node, value: str) -> None:
    assert node.incremental(GROUP, "g", (RESET, SET, value)) == (0, None)


@pytest.mark.parametrize("value", ["by_duration:", "by_duration:PT", "by_duration:P", "by_duration:10M", "by_duration",
                                   "by_duration:PT-1S"])
def test_sa_cfg_2_refused_share_auto_offset_resets(node: Node, value: str) -> None:
    assert node.incremental(GROUP, "g", (RESET, SET, value))[0] == INVALID_CONFIG


def test_sa_cfg_2_share_session_must_exceed_the_heartbeat_interval(node: Node) -> None:
    """With a dev profile's lower bounds (SA-CFG-4) the session/heartbeat relation is what refuses."""
    from kaflite.broker.config_api import ConfigApiError
    from kaflite.broker.configs import validate_group_configs
    from kaflite.coordinator.config import ShareGroupConfig

    dev = ShareGroupConfig(group_share_min_session_timeout_ms=100, group_share_min_heartbeat_interval_ms=100)
    assert validate_group_configs({SHARE_SESSION: "500", SHARE_HEARTBEAT: "100"}, node.context.config, dev) == {
        SHARE_SESSION: "500", SHARE_HEARTBEAT: "100"}
    with pytest.raises(ConfigApiError) as e:
        validate_group_configs({SHARE_SESSION: "500", SHARE_HEARTBEAT: "500"}, node.context.config, dev)
    assert (e.value.code, e.value.message) == (INVALID_CONFIG, f"{SHARE_SESSION} must be greater than "
                                                                     f"{SHARE_HEARTBEAT}")
