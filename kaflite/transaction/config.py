"""The transaction coordinator's knobs under Kafka's config names (TX-CFG-1: TransactionStateManagerConfig.java,
TransactionLogConfig.java). The broker builds one from its own config; a dev broker may lower the intervals (TX-CFG-2).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TransactionCoordinatorConfig:
    """Kafka's defaults."""

    transaction_max_timeout_ms: int = 900_000
    transactional_id_expiration_ms: int = 604_800_000
    transaction_abort_timed_out_transaction_cleanup_interval_ms: int = 10_000
    transaction_remove_expired_transaction_cleanup_interval_ms: int = 3_600_000
    transaction_state_log_num_partitions: int = 50
    transaction_state_log_replication_factor: int = 1  # 3 in Kafka; one node
    transaction_state_log_min_isr: int = 1  # 2 in Kafka; one node
    transaction_state_log_segment_bytes: int = 104_857_600
    transaction_state_log_load_buffer_size: int = 5_242_880
    transaction_partition_verification_enable: bool = True
    producer_id_expiration_ms: int = 86_400_000
    transaction_two_phase_commit_enable: bool = False
    # AddOffsetsToTxn adds the group's `__consumer_offsets` partition (TX-ADD-3): the group coordinator's count.
    offsets_topic_num_partitions: int = 50
