"""The ``*_authorized_operations`` fields of Metadata, DescribeCluster, DescribeGroups, ConsumerGroupDescribe and
DescribeTopicPartitions: a 32-bit field with bit N set when the principal may do AclOperation code N on the
resource (Kafka's ``Utils.to32BitField``), ``OMITTED`` when the request did not ask.

Without an authorizer Kafka answers every operation the resource type supports (``AclEntry.supportedOperations``);
with one, the ones the principal is allowed (kaflite.broker.authz computes those).
"""

from __future__ import annotations

from collections.abc import Iterable

OMITTED = -(1 << 31)  # Integer.MIN_VALUE, the schemas' default: not asked for

# AclOperation codes
READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE, CLUSTER_ACTION = 3, 4, 5, 6, 7, 8, 9
DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE = 10, 11, 12

# AclEntry.supportedOperations, by resource type
TOPIC_OPERATIONS = (READ, WRITE, CREATE, DESCRIBE, DELETE, ALTER, DESCRIBE_CONFIGS, ALTER_CONFIGS)
GROUP_OPERATIONS = (READ, DESCRIBE, DELETE, DESCRIBE_CONFIGS, ALTER_CONFIGS)
CLUSTER_OPERATIONS = (CREATE, CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE, ALTER, DESCRIBE)


def bit_field(codes: Iterable[int]) -> int:
    """Utils.to32BitField: bit N for each code N."""
    field = 0
    for code in codes:
        field |= 1 << code
    return field


ALL_TOPIC = bit_field(TOPIC_OPERATIONS)
ALL_GROUP = bit_field(GROUP_OPERATIONS)
ALL_CLUSTER = bit_field(CLUSTER_OPERATIONS)
