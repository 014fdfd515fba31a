"""Per-topic log configuration under Kafka's TOPIC config names, with Kafka's defaults.

One deviation, on purpose: `flush.ms` defaults to 1000 (Kafka: Long.MAX_VALUE). Kafka leans on
replication for durability; a single kaflite broker fsyncs on an interval instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kaflite.storage.errors import ConfigError

LONG_MAX = 2**63 - 1
INT_MAX = 2**31 - 1

COMPRESSION_TYPES = ("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer")
TIMESTAMP_TYPES = ("CreateTime", "LogAppendTime")
CLEANUP_POLICIES = ("delete", "compact")


@dataclass(frozen=True, slots=True)
class LogConfig:
    """A topic's effective log config; build it with `from_dict` so names and values are checked."""

    segment_bytes: int = 1024 * 1024 * 1024
    segment_ms: int = 7 * 24 * 3600 * 1000
    segment_jitter_ms: int = 0
    segment_index_bytes: int = 10 * 1024 * 1024
    index_interval_bytes: int = 4096
    retention_ms: int = 7 * 24 * 3600 * 1000
    retention_bytes: int = -1
    cleanup_policy: tuple[str, ...] = ("delete",)
    delete_retention_ms: int = 24 * 3600 * 1000
    min_cleanable_dirty_ratio: float = 0.5
    min_compaction_lag_ms: int = 0
    max_compaction_lag_ms: int = LONG_MAX
    max_message_bytes: int = 1024 * 1024 + 12
    message_timestamp_type: str = "CreateTime"
    message_timestamp_before_max_ms: int = LONG_MAX
    message_timestamp_after_max_ms: int = LONG_MAX
    flush_messages: int = LONG_MAX
    flush_ms: int = 1000
    compression_type: str = "producer"
    compression_gzip_level: int = -1
    compression_lz4_level: int = 9
    compression_zstd_level: int = 3
    file_delete_delay_ms: int = 60_000
    min_insync_replicas: int = 1
    preallocate: bool = False
    unclean_leader_election_enable: bool = False
    remote_storage_enable: bool = False
    local_retention_ms: int = -2
    local_retention_bytes: int = -2
    leader_replication_throttled_replicas: str = ""
    follower_replication_throttled_replicas: str = ""

    @property
    def compact(self) -> bool:
        return "compact" in self.cleanup_policy

    @property
    def delete(self) -> bool:
        return "delete" in self.cleanup_policy

    @property
    def log_append_time(self) -> bool:
        return self.message_timestamp_type == "LogAppendTime"

    @classmethod
    def from_dict(cls, configs: Mapping[str, str | None], base: LogConfig | None = None) -> LogConfig:
        """Overlay Kafka-named string configs on `base` (broker defaults); unknown names or bad values
        raise ConfigError naming them. A None value means "back to the base"."""
        base = base or cls()
        changes: dict[str, Any] = {}
        for name, raw in configs.items():
            spec = _SPECS.get(name)
            if spec is None:
                raise ConfigError(f"Unknown topic config name: {name}")
            attr, parse, check = spec
            if raw is None:
                continue
            try:
                value = parse(str(raw).strip())
            except ValueError:
                raise ConfigError(f"Invalid value {raw!r} for configuration {name}") from None
            problem = check(value)
            if problem:
                raise ConfigError(f"Invalid value {raw!r} for configuration {name}: {problem}")
            changes[attr] = value
        config = dataclasses.replace(base, **changes)
        config._check_together()
        return config

    def _check_together(self) -> None:
        """The rules Kafka's LogConfig checks across configs once merged with the broker defaults."""
        if self.min_compaction_lag_ms > self.max_compaction_lag_ms:
            raise ConfigError(f"conflict topic config setting min.compaction.lag.ms ({self.min_compaction_lag_ms})"
                              f" > max.compaction.lag.ms ({self.max_compaction_lag_ms})")
        if self.remote_storage_enable:  # kaflite has no tiered storage: a broker with it disabled
            raise ConfigError("Tiered Storage functionality is disabled in the broker. "
                              "Topic cannot be configured with remote log storage.")

    def to_dict(self) -> dict[str, str]:
        """Every config as Kafka names and strings (DescribeConfigs)."""
        out: dict[str, str] = {}
        for name, (attr, _, _) in _SPECS.items():
            value = getattr(self, attr)
            if isinstance(value, bool):
                out[name] = "true" if value else "false"
            elif isinstance(value, tuple):
                out[name] = ",".join(value)
            else:
                out[name] = str(value)
        return out

    @staticmethod
    def names() -> tuple[str, ...]:
        return tuple(_SPECS)


def _parse_bool(raw: str) -> bool:
    low = raw.lower()
    if low not in ("true", "false"):
        raise ValueError(raw)
    return low == "true"


def _parse_list(raw: str) -> tuple[str, ...]:
    """Items in the order given, each once: DescribeConfigs shows "delete,compact" as it was set."""
    return tuple(dict.fromkeys(part.strip() for part in raw.split(",") if part.strip()))


def _at_least(n: int, hi: int = LONG_MAX) -> Callable[[Any], str | None]:
    return lambda v: None if n <= v <= hi else f"must be in [{n}, {hi}]"


def _one_of(options: tuple[str, ...]) -> Callable[[Any], str | None]:
    return lambda v: None if v in options else f"must be one of {', '.join(options)}"


def _policies(v: tuple[str, ...]) -> str | None:
    if not v:
        return "must not be empty"
    bad = [p for p in v if p not in CLEANUP_POLICIES]
    return f"unknown policy {', '.join(bad)}" if bad else None


def _ratio(v: float) -> str | None:
    return None if 0.0 <= v <= 1.0 else "must be in [0, 1]"


def _any(_: Any) -> str | None:
    return None


_SPECS: dict[str, tuple[str, Callable[[str], Any], Callable[[Any], str | None]]] = {
    "segment.bytes": ("segment_bytes", int, _at_least(14, INT_MAX)),
    "segment.ms": ("segment_ms", int, _at_least(1)),
    "segment.jitter.ms": ("segment_jitter_ms", int, _at_least(0)),
    "segment.index.bytes": ("segment_index_bytes", int, _at_least(8, INT_MAX)),
    "index.interval.bytes": ("index_interval_bytes", int, _at_least(0, INT_MAX)),
    "retention.ms": ("retention_ms", int, _at_least(-1)),
    "retention.bytes": ("retention_bytes", int, _at_least(-1)),
    "cleanup.policy": ("cleanup_policy", _parse_list, _policies),
    "delete.retention.ms": ("delete_retention_ms", int, _at_least(0)),
    "min.cleanable.dirty.ratio": ("min_cleanable_dirty_ratio", float, _ratio),
    "min.compaction.lag.ms": ("min_compaction_lag_ms", int, _at_least(0)),
    "max.compaction.lag.ms": ("max_compaction_lag_ms", int, _at_least(1)),
    "max.message.bytes": ("max_message_bytes", int, _at_least(0, INT_MAX)),
    "message.timestamp.type": ("message_timestamp_type", str, _one_of(TIMESTAMP_TYPES)),
    "message.timestamp.before.max.ms": ("message_timestamp_before_max_ms", int, _at_least(0)),
    "message.timestamp.after.max.ms": ("message_timestamp_after_max_ms", int, _at_least(0)),
    "flush.messages": ("flush_messages", int, _at_least(1)),
    "flush.ms": ("flush_ms", int, _at_least(0)),
    "compression.type": ("compression_type", str, _one_of(COMPRESSION_TYPES)),
    "compression.gzip.level": ("compression_gzip_level", int, _any),
    "compression.lz4.level": ("compression_lz4_level", int, _at_least(1, 17)),
    "compression.zstd.level": ("compression_zstd_level", int, _at_least(-131072, 22)),
    "file.delete.delay.ms": ("file_delete_delay_ms", int, _at_least(0)),
    "min.insync.replicas": ("min_insync_replicas", int, _at_least(1, INT_MAX)),
    "preallocate": ("preallocate", _parse_bool, _any),
    "unclean.leader.election.enable": ("unclean_leader_election_enable", _parse_bool, _any),
    "remote.storage.enable": ("remote_storage_enable", _parse_bool, _any),
    "local.retention.ms": ("local_retention_ms", int, _at_least(-2)),
    "local.retention.bytes": ("local_retention_bytes", int, _at_least(-2)),
    "leader.replication.throttled.replicas": ("leader_replication_throttled_replicas", str, _any),
    "follower.replication.throttled.replicas": ("follower_replication_throttled_replicas", str, _any),
}


# Kafka's ConfigDef type of each topic config (DescribeConfigs' config_type; APPEND/SUBTRACT need "list")
# and a one-line documentation (DescribeConfigs v3+ with include_documentation).
TOPIC_CONFIG_DEFS: dict[str, tuple[str, str]] = {
    "segment.bytes": ("int", "The size of one log segment file; retention and compaction work a segment at a time."),
    "segment.ms": ("long", "The time after which the active segment is rolled even if it is not full."),
    "segment.jitter.ms": ("long", "The largest random jitter subtracted from segment.ms, so segments do not roll "
                          "all at once."),
    "segment.index.bytes": ("int", "The size of the index that maps offsets to file positions."),
    "index.interval.bytes": ("int", "How many bytes of records lie between two offset index entries."),
    "retention.ms": ("long", "The longest time a log keeps a segment before deleting it (cleanup.policy=delete); "
                     "-1 means no time limit."),
    "retention.bytes": ("long", "The largest size a partition may grow to before its oldest segments are deleted; "
                        "-1 means no size limit."),
    "cleanup.policy": ("list", "delete (drop old segments by retention), compact (keep the latest value of each "
                       "key), or both."),
    "delete.retention.ms": ("long", "How long tombstones are kept in a compacted topic."),
    "min.cleanable.dirty.ratio": ("double", "The share of the log that must be uncompacted before the cleaner "
                                  "compacts it."),
    "min.compaction.lag.ms": ("long", "The least time a record stays uncompacted."),
    "max.compaction.lag.ms": ("long", "The longest time a record may stay uncompacted."),
    "max.message.bytes": ("int", "The largest record batch the topic accepts (after compression)."),
    "message.timestamp.type": ("string", "CreateTime (the producer's timestamp) or LogAppendTime (the broker's)."),
    "message.timestamp.before.max.ms": ("long", "How far in the past a record's timestamp may be."),
    "message.timestamp.after.max.ms": ("long", "How far in the future a record's timestamp may be."),
    "flush.messages": ("long", "fsync the log after this many records."),
    "flush.ms": ("long", "fsync the log at most this many milliseconds after an append."),
    "compression.type": ("string", "The compression of stored batches; producer keeps the producer's."),
    "compression.gzip.level": ("int", "The gzip level used when compression.type is gzip."),
    "compression.lz4.level": ("int", "The lz4 level used when compression.type is lz4."),
    "compression.zstd.level": ("int", "The zstd level used when compression.type is zstd."),
    "file.delete.delay.ms": ("long", "How long a deleted segment's files stay before removal."),
    "min.insync.replicas": ("int", "The fewest in-sync replicas an acks=all write needs (a single node has one)."),
    "preallocate": ("boolean", "Zero-fill the active segment ahead of its end, so fsyncs overwrite allocated blocks; "
                    "trimmed on roll and close (kaflite sets it on its coordinator topics)."),
    "unclean.leader.election.enable": ("boolean", "Let an out-of-sync replica become leader."),
    "remote.storage.enable": ("boolean", "Tiered storage for this topic (not supported by kaflite)."),
    "local.retention.ms": ("long", "Local retention when tiered storage is on; -2 means retention.ms."),
    "local.retention.bytes": ("long", "Local retention size when tiered storage is on; -2 means retention.bytes."),
    "leader.replication.throttled.replicas": ("list", "Replicas whose leader-side replication is throttled."),
    "follower.replication.throttled.replicas": ("list", "Replicas whose follower-side replication is throttled."),
}
if set(TOPIC_CONFIG_DEFS) != set(_SPECS):  # one table per name: a new config needs its type and doc
    raise AssertionError(f"TOPIC_CONFIG_DEFS and _SPECS differ: {set(TOPIC_CONFIG_DEFS) ^ set(_SPECS)}")
