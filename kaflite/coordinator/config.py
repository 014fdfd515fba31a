"""The coordinator's knobs, under Kafka's own config names (GroupCoordinatorConfig.java)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

GroupConfigs = Callable[[str], Mapping[str, str]]
"""A group's dynamic configs (IncrementalAlterConfigs on a GROUP resource, Kafka's GroupConfig):
group id -> {"consumer.session.timeout.ms": "...", ...}, only the ones set. The broker keeps them."""


@dataclass(frozen=True, slots=True)
class ShareGroupConfig:
    """KIP-932's broker-level `group.share.*` settings (SA-CFG-1; ShareGroupConfig.java, GroupCoordinatorConfig.java
    l.220-349), Kafka's defaults and bounds. The broker builds one from its config (dev bounds may be lower there,
    SA-CFG-4); the group-level `share.*` configs (SA-CFG-2) must lie inside the min/max here."""

    group_share_session_timeout_ms: int = 45_000
    group_share_min_session_timeout_ms: int = 45_000
    group_share_max_session_timeout_ms: int = 60_000
    group_share_heartbeat_interval_ms: int = 5_000
    group_share_min_heartbeat_interval_ms: int = 5_000
    group_share_max_heartbeat_interval_ms: int = 15_000
    group_share_max_size: int = 200
    group_share_assignors: tuple[str, ...] = ("simple",)
    # Internal in Kafka: how long an initialization may stay pending before a heartbeat starts it again (SG-INIT-2).
    group_share_initialize_retry_interval_ms: int = 30_000
    group_share_record_lock_duration_ms: int = 30_000
    group_share_min_record_lock_duration_ms: int = 15_000
    group_share_max_record_lock_duration_ms: int = 60_000
    group_share_delivery_count_limit: int = 5
    group_share_partition_max_record_locks: int = 2_000
    group_share_max_share_sessions: int = 2_000


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
    # KIP-848 consumer groups (GroupCoordinatorConfig.java l.155-330). The bounds are Kafka's; the
    # broker lowers the minimums for development (CG-CFG-2).
    group_coordinator_rebalance_protocols: tuple[str, ...] = ("classic", "consumer")
    group_consumer_session_timeout_ms: int = 45_000
    group_consumer_min_session_timeout_ms: int = 45_000
    group_consumer_max_session_timeout_ms: int = 60_000
    group_consumer_heartbeat_interval_ms: int = 5_000
    group_consumer_min_heartbeat_interval_ms: int = 5_000
    group_consumer_max_heartbeat_interval_ms: int = 15_000
    group_consumer_max_size: int = 2_147_483_647
    group_consumer_assignors: tuple[str, ...] = ("uniform", "range")
    group_consumer_migration_policy: str = "bidirectional"  # disabled | upgrade | downgrade | bidirectional
    group_consumer_regex_refresh_interval_ms: int = 600_000
    # KIP-932 share groups (SA-CFG-1).
    share: ShareGroupConfig = ShareGroupConfig()
    # Not a Kafka config (a constant there): how long a new member's parked JoinGroup may wait.
    group_new_member_join_timeout_ms: int = 300_000
    # How many transitions each group's in-memory history keeps (B-STATE-2).
    history_size: int = 256

    @property
    def consumer_protocol_enabled(self) -> bool:
        """ConsumerGroupHeartbeat/ConsumerGroupDescribe are served (KafkaApis l.2586)."""
        return "consumer" in self.group_coordinator_rebalance_protocols

    @property
    def offsets_retention_ms(self) -> int:
        return self.offsets_retention_minutes * 60_000
