"""Per-group dynamic configs (Kafka's GroupConfig, KIP-848; CG-CFG-1) on the GROUP (32) resource:
DescribeConfigs, IncrementalAlterConfigs, legacy AlterConfigs and ListConfigResources, with the
names, sources, errors and messages of Kafka's ConfigHelper and controller (GroupConfig.validate)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.broker.configs import DEFAULT_CONFIG, DELETE, GROUP, GROUP_CONFIG, SET, SUBTRACT
from kaflite.broker.group_configs import GROUP_CONFIGS_FILE
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ListConfigResourcesRequest
from tests.broker.test_configs import INT, Node, synonyms

SESSION, HEARTBEAT = "consumer.session.timeout.ms", "consumer.heartbeat.interval.ms"
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
    assert list(cfg) == [HEARTBEAT, SESSION]
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
    ([("share.session.timeout.ms", SET, "45000")],
     (INVALID_CONFIG, "Unknown group config name: share.session.timeout.ms")),
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
