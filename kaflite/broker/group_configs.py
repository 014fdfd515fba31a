"""Per-group dynamic configs (Kafka's GroupConfig, KIP-848): what IncrementalAlterConfigs sets on a
GROUP resource, kept in the data directory next to the dynamic broker configs.

Kafka keeps them in the metadata log, so they outlive a restart and no group need exist to carry
them; kaflite writes one small JSON file atomically (as ``kaflite-broker-configs.json``) before the
alter is answered. The coordinator reads them through ``configs_of`` (its ``GroupConfigs``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from kaflite.storage.checkpoint import write_atomic

GROUP_CONFIGS_FILE = "kaflite-group-configs.json"
CONSUMER_SESSION_TIMEOUT_MS = "consumer.session.timeout.ms"
CONSUMER_HEARTBEAT_INTERVAL_MS = "consumer.heartbeat.interval.ms"
# Kafka's GroupConfig names kaflite serves, with the broker setting each one defaults to. Kafka 4.x
# also has share.* and streams.*; kaflite has no such groups, so they are unknown names here.
GROUP_CONFIG_DEFAULTS: Mapping[str, str] = {
    CONSUMER_HEARTBEAT_INTERVAL_MS: "group.consumer.heartbeat.interval.ms",
    CONSUMER_SESSION_TIMEOUT_MS: "group.consumer.session.timeout.ms",
}


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
