"""KafliteConfig: Kafka names and defaults, CLI > env > file, refusals that name the setting."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from kaflite.config import (
    ENV_NAMES,
    KNOWN_NAMES,
    LONG_MAX,
    SETTINGS,
    TOOL_VARIABLES,
    ConfigError,
    KafliteConfig,
    parse_properties,
)
from kaflite.docs.configuration import render_markdown

REPO = Path(__file__).resolve().parent.parent


def load(overrides: dict[str, object] | None = None, env: dict[str, str] | None = None,
         text: str | None = None, tmp_path: Path | None = None) -> KafliteConfig:
    """Load with an explicit (default empty) environment so the test runner's env never leaks in."""
    config_file = None
    if text is not None:
        assert tmp_path is not None
        config_file = tmp_path / "server.properties"
        config_file.write_text(text)
    return KafliteConfig.load(overrides or {}, env=env or {}, config_file=config_file)


# -- defaults --------------------------------------------------------------------------------


def test_defaults_are_kafkas_where_the_meaning_matches() -> None:
    c = load()
    assert c == KafliteConfig()
    assert (c.node_id, c.host, c.port, c.advertised_host) == (1, "127.0.0.1", 9092, "127.0.0.1")
    assert c.log_dirs == "./kaflite-data" and c.data_dir == Path("./kaflite-data")
    assert c.socket_request_max_bytes == 104857600
    assert c.num_partitions == 1 and c.default_replication_factor == 1
    assert c.auto_create_topics_enable is True
    assert c.message_max_bytes == 1048588
    assert c.log_segment_bytes == 1073741824
    assert c.log_roll_ms == 604800000 and c.log_retention_ms == 604800000
    assert c.log_retention_bytes == -1
    assert c.log_retention_check_interval_ms == 300000
    assert c.log_index_interval_bytes == 4096 and c.log_index_size_max_bytes == 10485760
    assert c.log_flush_interval_messages == LONG_MAX == 9223372036854775807
    assert c.log_cleanup_policy == ("delete",)
    assert c.log_cleaner_enable is True
    assert c.log_cleaner_delete_retention_ms == 86400000
    assert c.log_cleaner_min_cleanable_ratio == 0.5
    assert c.log_cleaner_backoff_ms == 15000
    assert c.log_message_timestamp_type == "CreateTime"
    assert c.compression_type == "producer"
    assert c.group_max_session_timeout_ms == 1800000
    assert c.group_max_size == 2147483647
    assert c.offsets_retention_minutes == 10080
    assert c.offsets_retention_check_interval_ms == 600000
    assert c.offsets_topic_num_partitions == 50
    assert c.offsets_topic_segment_bytes == 104857600
    assert c.offsets_commit_timeout_ms == 5000
    assert c.offset_metadata_max_bytes == 4096
    assert c.connections_max_idle_ms == 600000
    assert c.queued_max_requests == 500
    assert (c.log_format, c.log_level) == ("console", "INFO")


def test_kaflite_specific_defaults() -> None:
    c = load()
    assert c.log_flush_interval_ms == 1000  # single node: flush on an interval
    assert c.group_initial_rebalance_delay_ms == 0  # Kafka: 3000
    assert c.group_min_session_timeout_ms == 100  # Kafka: 6000
    assert c.shutdown_timeout_ms == 5000
    restored = load({"group.initial.rebalance.delay.ms": "3000", "group.min.session.timeout.ms": "6000"})
    assert restored.group_initial_rebalance_delay_ms == 3000
    assert restored.group_min_session_timeout_ms == 6000


def test_attribute_is_kafka_name_with_underscores() -> None:
    c = load()
    for s in SETTINGS:
        assert s.attr == s.name.replace(".", "_")
        assert hasattr(c, s.attr)
        assert c.value_of(s.name) == getattr(c, s.attr)


# -- precedence ------------------------------------------------------------------------------


def test_precedence_cli_over_env_over_file_over_default(tmp_path: Path) -> None:
    text = "port=1111\nnum.partitions=4\nnode.id=7\n"
    env = {"KAFLITE_PORT": "2222", "KAFLITE_NUM_PARTITIONS": "5"}
    c = load({"port": "3333"}, env, text, tmp_path)
    assert (c.port, c.num_partitions, c.node_id, c.queued_max_requests) == (3333, 5, 7, 500)
    assert c.source_of("port") == "cli"
    assert c.source_of("num.partitions") == "env KAFLITE_NUM_PARTITIONS"
    assert c.source_of("node.id").startswith("file ") and c.source_of("node.id").endswith(":3")
    assert c.source_of("queued.max.requests") == "default"
    assert load({}, env, text, tmp_path).port == 2222
    assert load({}, {}, text, tmp_path).port == 1111


def test_overrides_accept_python_values_from_code() -> None:
    c = load({"port": 0, "auto.create.topics.enable": False, "log.cleanup.policy": ["compact", "delete"]})
    assert c.port == 0 and c.auto_create_topics_enable is False
    assert c.log_cleanup_policy == ("compact", "delete")


def test_env_names_match_the_known_names_table() -> None:
    assert len(ENV_NAMES) == len(KNOWN_NAMES)  # no two names share a variable
    assert ENV_NAMES["KAFLITE_GROUP_INITIAL_REBALANCE_DELAY_MS"] == "group.initial.rebalance.delay.ms"
    assert ENV_NAMES["KAFLITE_LOG_RETENTION_HOURS"] == "log.retention.hours"
    env = {"KAFLITE_LOG_FLUSH_INTERVAL_MS": "50", "KAFLITE_ADVERTISED_HOST": "broker.local",
           "KAFLITE_LOG_LEVEL": "", "PATH": "/usr/bin", "KAFKA_HEAP_OPTS": "-Xmx1G"}
    c = load({}, env)
    assert c.log_flush_interval_ms == 50 and c.advertised_host == "broker.local"
    assert c.log_level == "INFO"  # empty variables are ignored


def test_unknown_env_variable_is_a_warning_with_a_suggestion_never_a_refusal() -> None:
    c = load({}, {"KAFLITE_LOG_RETENTON_MS": "5", "KAFLITE_NUM_PARTITIONS": "3"})
    assert c.num_partitions == 3 and c.log_retention_ms == KafliteConfig().log_retention_ms
    [warning] = c.warnings
    assert "KAFLITE_LOG_RETENTON_MS" in warning and "did you mean KAFLITE_LOG_RETENTION_MS?" in warning
    assert c == load({}, {"KAFLITE_NUM_PARTITIONS": "3"})  # warnings are not part of the value


def test_the_variables_kaflites_tools_read_are_accepted_silently() -> None:
    c = load({}, {"KAFLITE_ADMIN": "127.0.0.1:9093", "KAFLITE_SPARK_MASTER": "local[2]"})
    assert c.warnings == () and c.sources == {}
    # a near miss of a tool's variable is pointed at it
    assert "did you mean KAFLITE_ADMIN?" in load({}, {"KAFLITE_ADMN": "x"}).warnings[0]


def test_tool_variables_table_lists_exactly_what_the_code_reads() -> None:
    """Every ``os.environ.get("KAFLITE_...")`` in kaflite is documented in TOOL_VARIABLES, and back."""
    package = Path(__file__).resolve().parent.parent / "kaflite"
    read = {m for p in package.rglob("*.py")
            for m in re.findall(r"environ\.get\(\s*\"(KAFLITE_[A-Z0-9_]+)\"", p.read_text())}
    assert read == set(TOOL_VARIABLES)
    doc = render_markdown()
    assert all(f"`{var}`" in doc for var in TOOL_VARIABLES)


# -- properties files ------------------------------------------------------------------------


def test_properties_format() -> None:
    text = (
        "# comment\n"
        "   ! another comment\n"
        "\n"
        "a=1\n"
        "b: 2\n"
        "c   3\n"
        "  d = spaced value  \n"
        "e=first \\\n"
        "    second \\\n"
        "\tthird\n"
        "f=tab\\tnew\\nline\\u0041\n"
        "key\\=with\\:seps=x\n"
        "a=last wins\n"
        "empty=\n"
        "bare\n"
        "g=ends with escaped backslash \\\\\n"
        "h=# not a comment\n"
    )
    props = parse_properties(text)
    assert props == {
        "a": "last wins",
        "b": "2",
        "c": "3",
        "d": "spaced value  ",
        "e": "first second third",
        "f": "tab\tnew\nlineA",
        "key=with:seps": "x",
        "empty": "",
        "bare": "",
        "g": "ends with escaped backslash \\",
        "h": "# not a comment",
    }


def test_properties_file_values_are_trimmed_and_typed(tmp_path: Path) -> None:
    text = (
        "log.retention.bytes : 1000 \n"
        "auto.create.topics.enable=FALSE\n"
        "log.cleanup.policy=compact, delete\n"
    )
    c = load({}, {}, text, tmp_path)
    assert c.log_retention_bytes == 1000
    assert c.auto_create_topics_enable is False
    assert c.log_cleanup_policy == ("compact", "delete")


def test_missing_config_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        KafliteConfig.load({}, env={}, config_file=tmp_path / "nope.properties")


# -- refusals --------------------------------------------------------------------------------


def test_unknown_name_refused_from_every_source(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"log\.retention\.mss.*did you mean 'log\.retention\.ms'") as e:
        load({"log.retention.mss": "1"})
    assert e.value.name == "log.retention.mss"
    with pytest.raises(ConfigError, match=r"zookeeper\.connect: unknown setting \(from file .*:2\)"):
        load({}, {}, "port=1\nzookeeper.connect=localhost:2181\n", tmp_path)


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("port", "99999", r"\[0, 65535\]"),
        ("port", "abc", "expected an integer"),
        ("node.id", "-1", r"\[0, 2147483647\]"),
        ("num.partitions", "0", r"\[1, 2147483647\]"),
        ("message.max.bytes", "2147483648", "out of range for a int"),
        ("log.retention.ms", "-2", r"\[-1, 9223372036854775807\]"),
        ("auto.create.topics.enable", "yes", "true or false"),
        ("log.cleaner.min.cleanable.ratio", "1.5", r"\[0, 1\]"),
        ("log.cleaner.min.cleanable.ratio", "nan", "finite"),
        ("default.replication.factor", "3", "single node"),
        ("log.cleanup.policy", "delete,purge", "purge"),
        ("log.cleanup.policy", "", "non-empty"),
        ("compression.type", "brotli", "zstd"),
        ("log.message.timestamp.type", "NowTime", "LogAppendTime"),
        ("log.format", "xml", "console, rich, json"),
        ("log.dirs", "/a,/b", "single directory"),
        ("host", " ", "must not be empty"),
    ],
)
def test_bad_value_refused_naming_the_setting_and_range(name: str, value: str, expected: str) -> None:
    with pytest.raises(ConfigError, match=expected) as err:
        load({name: value})
    assert err.value.name == name
    assert str(err.value).startswith(f"{name}: ")
    assert "(from cli)" in str(err.value)


def test_bad_env_value_names_the_variable() -> None:
    with pytest.raises(ConfigError, match=r"^port: .*\(from env KAFLITE_PORT\)"):
        load({}, {"KAFLITE_PORT": "-5"})


def test_group_session_timeout_bounds_must_be_ordered() -> None:
    with pytest.raises(ConfigError, match=r"group\.min\.session\.timeout\.ms"):
        load({"group.min.session.timeout.ms": "5000", "group.max.session.timeout.ms": "1000"})


def test_consumer_group_configs_default_to_kafkas_but_the_dev_minimums() -> None:
    """CG-CFG-1 (Kafka's defaults), CG-CFG-2 (a dev broker accepts 100 ms heartbeats and a 0 ms regex refresh)."""
    c = load()
    assert c.group_coordinator_rebalance_protocols == ("classic", "consumer", "share")
    assert (c.group_consumer_session_timeout_ms, c.group_consumer_max_session_timeout_ms) == (45000, 60000)
    assert (c.group_consumer_heartbeat_interval_ms, c.group_consumer_max_heartbeat_interval_ms) == (5000, 15000)
    assert (c.group_consumer_min_session_timeout_ms, c.group_consumer_min_heartbeat_interval_ms) == (100, 100)
    assert c.group_consumer_max_size == 2147483647
    assert c.group_consumer_assignors == ("uniform", "range")
    assert c.group_consumer_migration_policy == "bidirectional"
    assert c.group_consumer_regex_refresh_interval_ms == 600000
    fast = load({"group.consumer.heartbeat.interval.ms": "100", "group.consumer.session.timeout.ms": "500",
                 "group.consumer.regex.refresh.interval.ms": "0", "group.consumer.migration.policy": "UPGRADE",
                 "group.coordinator.rebalance.protocols": "classic"})
    assert (fast.group_consumer_heartbeat_interval_ms, fast.group_consumer_session_timeout_ms) == (100, 500)
    assert fast.group_consumer_regex_refresh_interval_ms == 0
    assert fast.group_consumer_migration_policy == "upgrade"
    assert fast.group_coordinator_rebalance_protocols == ("classic",)


@pytest.mark.parametrize(("overrides", "message"), [
    ({"group.coordinator.rebalance.protocols": "consumer"}, "Disabling the 'classic' protocol is not supported."),
    ({"group.coordinator.rebalance.protocols": "classic,streams"}, "kaflite does not serve streams groups"),
    ({"group.coordinator.rebalance.protocols": "classic,streams"}, "kaflite does not serve streams groups"),
    ({"group.consumer.assignors": "uniform,sticky"}, "unknown item(s) sticky"),
    ({"group.consumer.migration.policy": "sideways"}, "must be one of disabled, upgrade, downgrade, bidirectional"),
    ({"group.consumer.max.heartbeat.interval.ms": "50"},
     "group.consumer.max.heartbeat.interval.ms must be greater than or equal to "
     "group.consumer.min.heartbeat.interval.ms"),
    ({"group.consumer.heartbeat.interval.ms": "20000"},
     "group.consumer.heartbeat.interval.ms must be less than or equal to group.consumer.max.heartbeat.interval.ms"),
    ({"group.consumer.session.timeout.ms": "70000"},
     "group.consumer.session.timeout.ms must be less than or equal to group.consumer.max.session.timeout.ms"),
    ({"group.consumer.min.session.timeout.ms": "50000"},
     "group.consumer.session.timeout.ms must be greater than or equal to group.consumer.min.session.timeout.ms"),
    ({"group.consumer.session.timeout.ms": "5000"},
     "group.consumer.heartbeat.interval.ms must be less than group.consumer.session.timeout.ms"),
])
def test_consumer_group_configs_are_checked_as_kafka_checks_them(overrides: dict[str, object],
                                                                    message: str) -> None:
    """CG-CFG-1: GroupCoordinatorConfig's constructor checks and KafkaConfig's 'classic' check."""
    with pytest.raises(ConfigError, match=re.escape(message)):
        load(overrides)


def test_enum_values_are_case_insensitive_where_harmless() -> None:
    c = load({"log.level": "debug", "log.format": "JSON"})
    assert (c.log_level, c.log_format) == ("DEBUG", "json")


def test_direct_construction_validates_and_is_frozen() -> None:
    with pytest.raises(ConfigError, match="port"):
        KafliteConfig(port=70000)
    with pytest.raises(ConfigError, match=r"node\.id"):
        KafliteConfig(node_id="1")  # type: ignore[arg-type]
    c = KafliteConfig(host="0.0.0.0")
    assert c.advertised_host == "0.0.0.0"
    assert KafliteConfig(host="0.0.0.0", advertised_host="kaflite").advertised_host == "kaflite"
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.port = 1  # type: ignore[misc]


# -- unit synonyms ---------------------------------------------------------------------------


def test_retention_ms_beats_minutes_beats_hours_within_a_source(tmp_path: Path) -> None:
    assert load({"log.retention.hours": "2"}).log_retention_ms == 2 * 3_600_000
    assert load({"log.retention.hours": "2", "log.retention.minutes": "3"}).log_retention_ms == 180_000
    both = {"log.retention.hours": "2", "log.retention.minutes": "3", "log.retention.ms": "42"}
    assert load(both).log_retention_ms == 42
    # Order inside the file does not matter, only precision.
    text = "log.retention.ms=42\nlog.retention.minutes=3\nlog.retention.hours=2\n"
    assert load({}, {}, text, tmp_path).log_retention_ms == 42
    assert load({"log.retention.minutes": "-1"}).log_retention_ms == -1
    assert load({"log.retention.hours": "-1"}).log_retention_ms == -1


def test_unit_synonyms_follow_source_precedence_as_one_setting(tmp_path: Path) -> None:
    c = load({"log.retention.hours": "1"}, {}, "log.retention.ms=5\n", tmp_path)
    assert c.log_retention_ms == 3_600_000
    assert c.source_of("log.retention.ms") == "cli (log.retention.hours)"
    c = load({}, {"KAFLITE_LOG_RETENTION_MINUTES": "10"}, "log.retention.ms=5\n", tmp_path)
    assert c.log_retention_ms == 600_000


def test_roll_hours() -> None:
    assert load({"log.roll.hours": "1"}).log_roll_ms == 3_600_000
    assert load({"log.roll.hours": "1", "log.roll.ms": "10"}).log_roll_ms == 10
    with pytest.raises(ConfigError, match=r"log\.roll\.hours.*\[1, 2147483647\]"):
        load({"log.roll.hours": "0"})


# -- what other layers read ------------------------------------------------------------------


def test_topic_log_defaults_use_topic_config_names() -> None:
    c = load({"log.segment.bytes": "1024", "log.retention.minutes": "1", "log.flush.interval.messages": "1",
              "log.cleanup.policy": "compact,delete", "log.cleaner.min.cleanable.ratio": "0.25"})
    d = c.topic_log_defaults()
    assert d == {
        "segment.bytes": "1024",
        "segment.ms": "604800000",
        "retention.ms": "60000",
        "retention.bytes": "-1",
        "segment.index.bytes": "10485760",
        "index.interval.bytes": "4096",
        "flush.messages": "1",
        "flush.ms": "1000",
        "cleanup.policy": "compact,delete",
        "delete.retention.ms": "86400000",
        "min.cleanable.dirty.ratio": "0.25",
        "message.timestamp.type": "CreateTime",
        "compression.type": "producer",
        "max.message.bytes": "1048588",
        "preallocate": "false",
    }
    assert load({"log.preallocate": "true"}).topic_log_defaults()["preallocate"] == "true"


def test_describe_lists_every_setting_with_default_flags() -> None:
    c = load({"port": "9092", "num.partitions": "3"})
    rows = {name: (value, is_default, doc) for name, value, is_default, doc in c.describe()}
    assert list(rows) == [s.name for s in SETTINGS]
    assert rows["num.partitions"][:2] == ("3", False)
    assert rows["port"][:2] == ("9092", False)  # set explicitly, even to the default value
    assert rows["log.flush.interval.messages"][:2] == ("9223372036854775807", True)
    assert rows["auto.create.topics.enable"][0] == "true"
    assert rows["advertised.host"][:2] == ("127.0.0.1", True)
    assert all(isinstance(v, str) and doc for v, _, doc in rows.values())


# -- docs ------------------------------------------------------------------------------------


def test_share_group_configs_default_to_kafkas_but_the_dev_minimums() -> None:
    """SA-CFG-1, SA-CFG-3 (Kafka's defaults) and SA-CFG-4 (a dev broker accepts 100 ms heartbeats and lock
    durations), checked as Kafka's GroupCoordinatorConfig and ShareGroupConfig check them."""
    c = load()
    assert (c.group_share_session_timeout_ms, c.group_share_heartbeat_interval_ms) == (45000, 5000)
    assert (c.group_share_min_session_timeout_ms, c.group_share_min_heartbeat_interval_ms) == (100, 100)
    assert (c.group_share_record_lock_duration_ms, c.group_share_min_record_lock_duration_ms,
            c.group_share_max_record_lock_duration_ms) == (30000, 100, 60000)
    assert (c.group_share_delivery_count_limit, c.group_share_partition_max_record_locks) == (5, 2000)
    assert (c.group_share_max_size, c.group_share_max_share_sessions) == (200, 2000)
    assert c.group_share_assignors == ("simple",)
    assert c.share_coordinator_snapshot_update_records_per_snapshot == 500
    fast = load({"group.share.heartbeat.interval.ms": "100", "group.share.session.timeout.ms": "500",
                 "group.share.record.lock.duration.ms": "200"})
    assert (fast.group_share_heartbeat_interval_ms, fast.group_share_session_timeout_ms) == (100, 500)
    for overrides, message in (
            ({"group.share.heartbeat.interval.ms": "600", "group.share.session.timeout.ms": "500"},
             "group.share.heartbeat.interval.ms must be less than group.share.session.timeout.ms"),
            ({"group.share.record.lock.duration.ms": "70000"},
             "group.share.max.record.lock.duration.ms must be greater than or equal to "
             "group.share.record.lock.duration.ms"),
            ({"group.share.max.share.sessions": "10"},
             "group.share.max.share.sessions must be greater than or equal to group.share.max.size"),
            ({"group.share.delivery.count.limit": "1"}, "group.share.delivery.count.limit"),
            ({"share.coordinator.state.topic.replication.factor": "3"}, "kaflite is a single node")):
        with pytest.raises(ConfigError, match=re.escape(message)):
            load(overrides)


def test_committed_configuration_doc_matches_the_table() -> None:
    committed = (REPO / "docs" / "configuration.md").read_text()
    assert committed == render_markdown(), (
        "docs/configuration.md is stale: python -m kaflite config --markdown > docs/configuration.md"
    )


def test_doc_mentions_every_name_and_its_env_variable() -> None:
    doc = render_markdown()
    for name in KNOWN_NAMES:
        assert f"`{name}`" in doc
    for var in ENV_NAMES:
        assert f"`{var}`" in doc


def test_settings_table_and_config_fields_agree() -> None:
    """Every setting is a KafliteConfig field, in the same order and with the same default (was checked at import)."""
    from kaflite import config

    config.check_table()


def test_internal_topic_replication_settings_of_dev_setups_are_accepted_as_one(tmp_path: Path) -> None:
    """A server.properties (or KAFKA_* environment) written for a one-broker Kafka sets the internal topics'
    replication to 1: kaflite takes the same names; any other value is refused with the reason, at start."""
    cfg = load(text="offsets.topic.replication.factor=1\ntransaction.state.log.replication.factor=1\n"
                    "transaction.state.log.min.isr=1\n", tmp_path=tmp_path)
    assert (cfg.offsets_topic_replication_factor, cfg.transaction_state_log_replication_factor,
            cfg.transaction_state_log_min_isr) == (1, 1, 1)
    with pytest.raises(ConfigError, match="kaflite is a single node"):
        load(text="offsets.topic.replication.factor=3\n", tmp_path=tmp_path)
