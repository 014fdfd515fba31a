"""The coordinator's knobs, under Kafka's own config names (GroupCoordinatorConfig.java)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GroupCoordinatorConfig:
    """Kafka's defaults; the broker builds one from its own config (dev defaults may differ there)."""

    group_initial_rebalance_delay_ms: int = 3_000
    group_min_session_timeout_ms: int = 6_000
    group_max_session_timeout_ms: int = 1_800_000
    group_max_size: int = 2_147_483_647
    offsets_retention_minutes: int = 7 * 24 * 60
    offsets_retention_check_interval_ms: int = 600_000
    offsets_topic_num_partitions: int = 50
    offset_metadata_max_bytes: int = 4_096
    # Not a Kafka config (a constant there): how long a new member's parked JoinGroup may wait.
    group_new_member_join_timeout_ms: int = 300_000
    # How many transitions each group's in-memory history keeps (B-STATE-2).
    history_size: int = 256

    @property
    def offsets_retention_ms(self) -> int:
        return self.offsets_retention_minutes * 60_000
