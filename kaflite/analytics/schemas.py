"""Spark schemas of the data sources (column order = the tuples/columns `kaflite.analytics.decode` and
`kaflite.analytics.internal_topics` build)."""

from __future__ import annotations

from pyspark.sql.types import (
    ArrayType,
    BinaryType,
    BooleanType,
    IntegerType,
    LongType,
    ShortType,
    StringType,
    StructField,
    StructType,
    TimestampType,
)

from kaflite.analytics import decode, internal_topics


def _f(name: str, t: object, nullable: bool = True) -> StructField:
    return StructField(name, t, nullable)  # type: ignore[arg-type]


HEADER = StructType([_f("key", StringType()), _f("value", BinaryType())])

LOG = StructType([
    _f("topic", StringType(), False),
    _f("partition", IntegerType(), False),
    _f("offset", LongType(), False),
    _f("timestamp", TimestampType(), False),
    _f("timestamp_type", IntegerType(), False),  # 0 CreateTime, 1 LogAppendTime (Kafka's ids)
    _f("key", BinaryType()),
    _f("value", BinaryType()),
    _f("headers", ArrayType(HEADER)),
    _f("producer_id", LongType(), False),
    _f("producer_epoch", ShortType(), False),
    _f("sequence", IntegerType(), False),
    _f("batch_base_offset", LongType(), False),
    _f("compression", StringType(), False),
])

#: The last columns of every internal-topic source: the value's version and where the record is in the log.
_RECORD_IN_LOG = [
    _f("value_version", ShortType()),
    _f("log_partition", IntegerType(), False),
    _f("log_offset", LongType(), False),
    _f("log_timestamp", TimestampType(), False),
]

TOPIC_PARTITION = StructType([_f("topic", StringType()), _f("partition", IntegerType())])
MEMBER = StructType([
    _f("member_id", StringType()),
    _f("group_instance_id", StringType()),
    _f("client_id", StringType()),
    _f("client_host", StringType()),
    _f("rebalance_timeout", IntegerType()),
    _f("session_timeout", IntegerType()),
    _f("subscription", ArrayType(StringType())),
    _f("assignment", ArrayType(TOPIC_PARTITION)),
])

COMMITS = StructType([
    _f("group", StringType(), False),
    _f("topic", StringType(), False),
    _f("partition", IntegerType(), False),
    _f("offset", LongType()),
    _f("leader_epoch", IntegerType()),
    _f("metadata", StringType()),
    _f("commit_timestamp", TimestampType()),
    _f("expire_timestamp", TimestampType()),
    _f("tombstone", BooleanType(), False),
    *_RECORD_IN_LOG,
])

GROUPS = StructType([
    _f("group", StringType(), False),
    _f("generation", IntegerType()),
    _f("protocol_type", StringType()),
    _f("protocol", StringType()),
    _f("leader", StringType()),
    _f("current_state_timestamp", TimestampType()),
    _f("members", ArrayType(MEMBER)),
    _f("tombstone", BooleanType(), False),
    *_RECORD_IN_LOG,
])

CG_PARTITION = StructType([_f("topic", StringType()), _f("topic_id", StringType()), _f("partition", IntegerType())])
CONSUMER_GROUPS = StructType([
    _f("group", StringType(), False),
    _f("record_type", ShortType(), False),
    _f("record", StringType(), False),
    _f("tombstone", BooleanType(), False),
    _f("member_id", StringType()),
    _f("group_epoch", IntegerType()),
    _f("metadata_hash", LongType()),
    _f("instance_id", StringType()),
    _f("rack_id", StringType()),
    _f("client_id", StringType()),
    _f("client_host", StringType()),
    _f("subscribed_topic_names", ArrayType(StringType())),
    _f("subscribed_topic_regex", StringType()),
    _f("server_assignor", StringType()),
    _f("rebalance_timeout", IntegerType()),
    _f("assignment_epoch", IntegerType()),
    _f("target", ArrayType(CG_PARTITION)),
    _f("member_epoch", IntegerType()),
    _f("previous_member_epoch", IntegerType()),
    _f("member_state", StringType()),
    _f("assigned", ArrayType(CG_PARTITION)),
    _f("pending_revocation", ArrayType(CG_PARTITION)),
    _f("regex", StringType()),
    _f("regex_topics", ArrayType(StringType())),
    _f("regex_version", LongType()),
    _f("regex_timestamp", TimestampType()),
    *_RECORD_IN_LOG,
])

BATCHES = StructType([
    _f("topic", StringType(), False),
    _f("partition", IntegerType(), False),
    _f("segment", LongType(), False),
    _f("base_offset", LongType(), False),
    _f("last_offset", LongType(), False),
    _f("next_offset", LongType(), False),
    _f("records", IntegerType(), False),
    _f("base_timestamp", TimestampType(), False),
    _f("max_timestamp", TimestampType(), False),
    _f("size_bytes", IntegerType(), False),
    _f("compression", StringType(), False),
    _f("is_control", BooleanType(), False),
    _f("is_transactional", BooleanType(), False),
    _f("producer_id", LongType(), False),
    _f("producer_epoch", ShortType(), False),
    _f("control_type", StringType()),  # COMMIT / ABORT for a transaction marker, else null
    _f("coordinator_epoch", IntegerType()),
])

TRANSACTION_LOG = StructType([
    _f("transactional_id", StringType(), False),
    _f("producer_id", LongType()),
    _f("producer_epoch", ShortType()),
    _f("previous_producer_id", LongType()),
    _f("next_producer_id", LongType()),
    _f("state", StringType(), False),
    _f("timeout_ms", IntegerType()),
    _f("partitions", ArrayType(TOPIC_PARTITION)),
    _f("last_update_timestamp", TimestampType()),
    _f("start_timestamp", TimestampType()),
    _f("tombstone", BooleanType(), False),
    *_RECORD_IN_LOG,
])

PARTITIONS = StructType([
    _f("topic", StringType(), False),
    _f("partition", IntegerType(), False),
    _f("log_start_offset", LongType()),
    _f("log_end_offset", LongType()),
    _f("first_timestamp", TimestampType()),
    _f("last_timestamp", TimestampType()),
    _f("max_timestamp", TimestampType()),
    _f("records", LongType(), False),
    _f("batches", LongType(), False),
    _f("segments", IntegerType(), False),
    _f("size_bytes", LongType(), False),
])

assert tuple(LOG.fieldNames()) == decode.LOG_COLUMNS
assert tuple(COMMITS.fieldNames()) == internal_topics.COMMIT_COLUMNS
assert tuple(GROUPS.fieldNames()) == internal_topics.GROUP_COLUMNS
assert tuple(BATCHES.fieldNames()) == decode.BATCH_COLUMNS
assert tuple(CONSUMER_GROUPS.fieldNames()) == internal_topics.CONSUMER_GROUP_COLUMNS
assert tuple(TRANSACTION_LOG.fieldNames()) == internal_topics.TRANSACTION_LOG_COLUMNS
