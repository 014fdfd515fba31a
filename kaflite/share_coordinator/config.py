"""The share coordinator's knobs under Kafka's config names (SA-CFG-3: ShareCoordinatorConfig.java)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ShareCoordinatorConfig:
    """Kafka's defaults, but for the replication of `__share_group_state` (one node: RF and min ISR 1)."""

    share_coordinator_state_topic_num_partitions: int = 50
    share_coordinator_state_topic_replication_factor: int = 1  # 3 in Kafka; one node (SC-TOP-1)
    share_coordinator_state_topic_min_isr: int = 1  # 2 in Kafka; one node
    share_coordinator_state_topic_segment_bytes: int = 104_857_600
    # SC-SNAP-1: a write emits a ShareSnapshot instead of a ShareUpdate once a key has this many updates (0: always).
    share_coordinator_snapshot_update_records_per_snapshot: int = 500
    share_coordinator_write_timeout_ms: int = 5_000
    share_coordinator_load_buffer_size: int = 5_242_880
    share_coordinator_state_topic_compression_codec: int = 0
    share_coordinator_append_linger_ms: int = -1
    share_coordinator_state_topic_prune_interval_ms: int = 300_000
    # SC-HK-1: keys not snapshotted for this long get a fresh ShareSnapshot (0: never).
    share_coordinator_cold_partition_snapshot_interval_ms: int = 300_000
    share_coordinator_threads: int = 1  # no meaning in kaflite: one event loop

    def __post_init__(self) -> None:
        if self.share_coordinator_snapshot_update_records_per_snapshot < 0:
            raise ValueError("share.coordinator.snapshot.update.records.per.snapshot must be >= 0")
        if self.share_coordinator_state_topic_num_partitions < 1:
            raise ValueError("share.coordinator.state.topic.num.partitions must be >= 1")
