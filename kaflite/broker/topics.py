"""Topic facts the handlers share: which topics are internal, what a topic's configs look like."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from kaflite.protocol.errors import ErrorCode
from kaflite.storage.config import LogConfig
from kaflite.storage.errors import StorageError
from kaflite.storage.manager import LogManager, TopicInfo, validate_topic_name

CONSUMER_OFFSETS = "__consumer_offsets"
INTERNAL_TOPICS = frozenset({CONSUMER_OFFSETS, "__transaction_state", "__share_group_state"})


def is_internal(name: str) -> bool:
    return name in INTERNAL_TOPICS


def topic_by_id(logs: LogManager, topic_id: bytes) -> TopicInfo | None:
    """The topic with this id (Produce v13+, Fetch v13+, Metadata and DeleteTopics by id)."""
    for info in logs.topics().values():
        if info.topic_id == topic_id:
            return info
    return None


def is_valid_topic_name(name: str) -> bool:
    try:
        validate_topic_name(name)
    except StorageError:
        return False
    return True


def validate_new_topic(logs: LogManager, name: str, configs: Mapping[str, str]) -> None:
    """CreateTopics with validate_only: every check create_topic makes, nothing written."""
    validate_topic_name(name)
    if logs.topic(name) is not None or logs.is_reserved(name):  # (reserved: its files are being made)
        raise StorageError(f"Topic '{name}' already exists.", ErrorCode.TOPIC_ALREADY_EXISTS)
    LogConfig.from_dict(configs, logs.default_config)


def config_entries(logs: LogManager, overrides: Mapping[str, str | None]) -> list[tuple[str, str, bool]]:
    """(name, value, set on the topic) for every topic config, as DescribeConfigs lists them."""
    effective = LogConfig.from_dict(overrides, logs.default_config).to_dict()
    return [(name, value, name in overrides) for name, value in sorted(effective.items())]


def manual_assignment_error(replicas: list[int], node_ids: Collection[int]) -> str | None:
    """Kafka's validateManualPartitionAssignment against the cluster's registered brokers (``node_ids``): the
    message of the first problem (empty; then, in broker-id order, an unregistered broker or a repeated one),
    or None. CreateTopics, CreatePartitions and AlterPartitionReassignments answer it as
    INVALID_REPLICA_ASSIGNMENT."""
    if not replicas:
        return "The manual partition assignment includes an empty replica list."
    previous = None
    for broker in sorted(replicas):
        if broker not in node_ids:
            return f"The manual partition assignment includes broker {broker}, but no such broker is registered."
        if broker == previous:
            return f"The manual partition assignment includes the broker {broker} more than once."
        previous = broker
    return None
