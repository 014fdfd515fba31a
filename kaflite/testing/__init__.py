"""kaflite.testing: a real broker for integration tests, its group state, waits and faults."""

from __future__ import annotations

from kaflite.testing.acls import Acl
from kaflite.testing.admin_client import AdminClient, AdminError
from kaflite.testing.broker import Broker
from kaflite.testing.cluster import BrokerNode, Cluster, Coordinator, PartitionLeader
from kaflite.testing.process import ProcessBroker
from kaflite.testing.views import (
    EpochEvent,
    EpochHistory,
    Group,
    Member,
    Offset,
    ShareOffset,
    SharePartitionState,
    Transaction,
    Transition,
    assert_rebalances,
)

__all__ = [
    "Acl",
    "AdminClient",
    "AdminError",
    "Broker",
    "BrokerNode",
    "Cluster",
    "Coordinator",
    "EpochEvent",
    "EpochHistory",
    "Group",
    "Member",
    "Offset",
    "PartitionLeader",
    "ProcessBroker",
    "ShareOffset",
    "SharePartitionState",
    "Transaction",
    "Transition",
    "assert_rebalances",
]

