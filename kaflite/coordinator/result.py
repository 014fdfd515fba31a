"""Who sent a group request (the result types every coordinator shares are in `kaflite.coordinator_common`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kaflite.coordinator_common.result import CoordinatorResult as CoordinatorResult
from kaflite.coordinator_common.result import TimerOp as TimerOp
from kaflite.coordinator_common.result import Token as Token


@dataclass(frozen=True, slots=True)
class RequestContext:
    """Who sent the request: stored on the member and shown by DescribeGroups. `may_describe` answers whether
    the sender may DESCRIBE a topic (None: no authorizer, every topic): a regex subscription resolves to the
    topics the heartbeat that resolves it may see (CG-RX-1), as Kafka passes the request's context to its
    regex resolution. `coordinates` says which `__consumer_offsets` partitions the broker the request came to
    coordinates (several brokers, issue 34; None: every one): answers naming several groups give NOT_COORDINATOR
    for the others' (ShardContext.seen_by)."""

    client_id: str = ""
    client_host: str = ""
    may_describe: Callable[[str], bool] | None = field(default=None, compare=False)
    coordinates: Callable[[int], bool] | None = field(default=None, compare=False)
