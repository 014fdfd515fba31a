"""Per-group dynamic configs (Kafka's GroupConfig, KIP-848): what IncrementalAlterConfigs sets on a
GROUP resource, kept in the data directory next to the dynamic broker configs.

Kafka keeps them in the metadata log, so they outlive a restart and no group need exist to carry
them; kaflite writes one small JSON file atomically (as ``kaflite-broker-configs.json``) before the
alter is answered. The coordinator reads them through ``configs_of`` (its ``GroupConfigs``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from kaflite.config import KafliteConfig
from kaflite.coordinator.config import ShareGroupConfig
from kaflite.storage.checkpoint import write_atomic

GROUP_CONFIGS_FILE = "kaflite-group-configs.json"
CONSUMER_SESSION_TIMEOUT_MS = "consumer.session.timeout.ms"
CONSUMER_HEARTBEAT_INTERVAL_MS = "consumer.heartbeat.interval.ms"
# Kafka's GroupConfig names kaflite serves for consumer groups, with the broker setting each one defaults to.
# Kafka 4.x also has streams.*; kaflite has no such groups, so they are unknown names here.
GROUP_CONFIG_DEFAULTS: Mapping[str, str] = {
    CONSUMER_HEARTBEAT_INTERVAL_MS: "group.consumer.heartbeat.interval.ms",
    CONSUMER_SESSION_TIMEOUT_MS: "group.consumer.session.timeout.ms",
}

# KIP-932 share groups (SA-CFG-2): their group configs default to the broker's group.share.* values
# (`ShareGroupConfig`, built by the server), which kaflite's config does not list as broker settings.
SHARE_SESSION_TIMEOUT_MS = "share.session.timeout.ms"
SHARE_HEARTBEAT_INTERVAL_MS = "share.heartbeat.interval.ms"
SHARE_RECORD_LOCK_DURATION_MS = "share.record.lock.duration.ms"
SHARE_AUTO_OFFSET_RESET = "share.auto.offset.reset"
SHARE_ISOLATION_LEVEL = "share.isolation.level"
ISOLATION_LEVELS = ("read_committed", "read_uncommitted")


@dataclass(frozen=True, slots=True)
class ShareGroupSetting:
    """One share-group config of Kafka's GroupConfig: its ConfigDef type, the broker value it defaults to, doc."""

    type: str  # "int" | "string"
    default: Callable[[ShareGroupConfig], str]
    doc: str


SHARE_GROUP_CONFIGS: Mapping[str, ShareGroupSetting] = {
    SHARE_SESSION_TIMEOUT_MS: ShareGroupSetting(
        "int", lambda c: str(c.group_share_session_timeout_ms),
        "The timeout to detect client failures when using the share group protocol."),
    SHARE_HEARTBEAT_INTERVAL_MS: ShareGroupSetting(
        "int", lambda c: str(c.group_share_heartbeat_interval_ms),
        "The heartbeat interval given to the members of a share group."),
    SHARE_RECORD_LOCK_DURATION_MS: ShareGroupSetting(
        "int", lambda c: str(c.group_share_record_lock_duration_ms),
        "The record acquisition lock duration in milliseconds for share groups."),
    SHARE_AUTO_OFFSET_RESET: ShareGroupSetting(
        "string", lambda _c: "latest",
        "The strategy to initialize the share-partition start offset. <ul><li>earliest: automatically reset the "
        "offset to the earliest offset</li><li>latest: automatically reset the offset to the latest offset</li>"
        "<li>by_duration:&lt;duration&gt;: automatically reset the offset to a configured duration from the current "
        "timestamp. &lt;duration&gt; must be specified in ISO8601 format (PnDTnHnMn.nS). Negative duration is not "
        "allowed.</li><li>anything else: throw exception to the share consumer.</li></ul>"),
    SHARE_ISOLATION_LEVEL: ShareGroupSetting(
        "string", lambda _c: "read_uncommitted",
        "Controls how to read records written transactionally. If set to \"read_committed\", the share group will "
        "only deliver transactional records which have been committed. If set to \"read_uncommitted\", the share "
        "group will return all messages, even transactional messages which have been aborted. Non-transactional "
        "records will be returned unconditionally in either mode."),
}

def share_group_config_of(c: KafliteConfig) -> ShareGroupConfig:
    """The broker's `group.share.*` settings (SA-CFG-1, with kaflite's dev bounds, SA-CFG-4) as the coordinator's
    ShareGroupConfig."""
    return ShareGroupConfig(
        group_share_session_timeout_ms=c.group_share_session_timeout_ms,
        group_share_min_session_timeout_ms=c.group_share_min_session_timeout_ms,
        group_share_max_session_timeout_ms=c.group_share_max_session_timeout_ms,
        group_share_heartbeat_interval_ms=c.group_share_heartbeat_interval_ms,
        group_share_min_heartbeat_interval_ms=c.group_share_min_heartbeat_interval_ms,
        group_share_max_heartbeat_interval_ms=c.group_share_max_heartbeat_interval_ms,
        group_share_max_size=c.group_share_max_size,
        group_share_assignors=c.group_share_assignors,
        group_share_initialize_retry_interval_ms=c.group_share_initialize_retry_interval_ms,
        group_share_record_lock_duration_ms=c.group_share_record_lock_duration_ms,
        group_share_min_record_lock_duration_ms=c.group_share_min_record_lock_duration_ms,
        group_share_max_record_lock_duration_ms=c.group_share_max_record_lock_duration_ms,
        group_share_delivery_count_limit=c.group_share_delivery_count_limit,
        group_share_partition_max_record_locks=c.group_share_partition_max_record_locks,
        group_share_max_share_sessions=c.group_share_max_share_sessions)


# Java's Duration.parse (case-insensitive): [-+]P[nD][T[nH][nM][n[.f]S]].
_ISO_DURATION = re.compile(r"([-+]?)P(?:([-+]?[0-9]+)D)?(T(?:([-+]?[0-9]+)H)?(?:([-+]?[0-9]+)M)?"
                           r"(?:([-+]?[0-9]+)(?:[.,]([0-9]{0,9}))?S)?)?", re.IGNORECASE)


def parse_by_duration_ms(value: str) -> int | None:
    """The duration of `by_duration:<ISO-8601>` in ms (Kafka's AutoOffsetResetStrategy.fromString), None if the
    value is not a valid non-negative one."""
    prefix = "by_duration:"
    if not value.startswith(prefix):
        return None
    m = _ISO_DURATION.fullmatch(value[len(prefix):])
    if m is None or (m.group(2) is None and m.group(3) is None) or m.group(3) == "T" or m.group(3) == "t":
        return None
    sign = -1 if m.group(1) == "-" else 1
    days, hours, minutes, seconds = (int(m.group(i) or 0) for i in (2, 4, 5, 6))
    frac = m.group(7) or ""
    nanos = int(frac.ljust(9, "0")) if frac else 0
    if frac and m.group(6) and m.group(6).startswith("-"):
        nanos = -nanos
    total_ns = sign * ((days * 86_400 + hours * 3_600 + minutes * 60 + seconds) * 1_000_000_000 + nanos)
    return None if total_ns < 0 else total_ns // 1_000_000


def valid_share_auto_offset_reset(value: str) -> bool:
    """ShareGroupAutoOffsetResetStrategy.Validator: `earliest`, `latest` or `by_duration:<PnDTnHnMn.nS>` (lower
    case, non-negative); `none` is refused."""
    return value in ("earliest", "latest") or parse_by_duration_ms(value) is not None


@dataclass(frozen=True, slots=True)
class ShareFetchConfig:
    """A share group's effective configs for the share-fetch path (SA-CFG-2; each from the next acquisition, fetch
    or share-partition load): its own value if set, else the broker's."""

    record_lock_duration_ms: int
    auto_offset_reset: str  # earliest | latest | by_duration:<ISO-8601>
    isolation_level: str  # read_uncommitted | read_committed


class GroupConfigStore:
    """Group id -> the configs set on it (only those set), persisted on every change."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / GROUP_CONFIGS_FILE
        self._groups: dict[str, dict[str, str]] = {}
        try:
            raw = json.loads(self.path.read_text())["groups"]
        except FileNotFoundError:
            return
        self._groups = {str(g): {str(k): str(v) for k, v in dict(c).items()} for g, c in dict(raw).items() if c}

    def configs_of(self, group_id: str) -> dict[str, str]:
        """The configs set on ``group_id`` ({} when none): the coordinator's ``GroupConfigs``."""
        return dict(self._groups.get(group_id, {}))

    def share_fetch_config(self, group_id: str, share: ShareGroupConfig | None = None) -> ShareFetchConfig:
        """The group's `share.record.lock.duration.ms`, `share.auto.offset.reset` and `share.isolation.level`
        (SP-LOCK-1, SP-RESET-1, SP-RC-1), each defaulting to the broker's (`share`, Kafka's defaults if None)."""
        broker = share or ShareGroupConfig()
        configs = self._groups.get(group_id, {})
        lock = configs.get(SHARE_RECORD_LOCK_DURATION_MS)
        return ShareFetchConfig(
            record_lock_duration_ms=int(lock) if lock is not None else broker.group_share_record_lock_duration_ms,
            auto_offset_reset=configs.get(SHARE_AUTO_OFFSET_RESET, "latest"),
            isolation_level=configs.get(SHARE_ISOLATION_LEVEL, "read_uncommitted"))

    def group_ids(self) -> list[str]:
        return sorted(self._groups)

    def set(self, group_id: str, configs: Mapping[str, str]) -> None:
        """Replace the group's configs (none: forget the group), durably before returning."""
        if configs:
            self._groups[group_id] = dict(configs)
        elif self._groups.pop(group_id, None) is None:
            return
        self._persist()

    def clear(self) -> None:
        """Every group's configs dropped (a broker reset)."""
        if self._groups or self.path.exists():
            self._groups = {}
            self._persist()

    def _persist(self) -> None:
        data = {"version": 0, "groups": self._groups}
        write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True).encode())
