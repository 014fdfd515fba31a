"""A driver for the pure coordinator: ManualClock, deterministic member ids, responses by token."""

from __future__ import annotations

import itertools
from typing import Any

from kaflite.clock import ManualClock
from kaflite.coordinator import (
    CoordinatorResult,
    GroupCoordinator,
    GroupCoordinatorConfig,
    GroupState,
    RequestContext,
)
from kaflite.protocol.messages import (
    HeartbeatRequest,
    JoinGroupRequest,
    LeaveGroupRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
    SyncGroupRequest,
)

JP = JoinGroupRequest.JoinGroupRequestProtocol
SA = SyncGroupRequest.SyncGroupRequestAssignment
# The shard's reads: they return their answer (no token, nothing written).
READS = frozenset({"offset_fetch", "describe_groups", "list_groups", "consumer_group_describe"})

DEFAULTS: dict[str, Any] = {"group_initial_rebalance_delay_ms": 0}


class Harness:
    """Sends requests, remembers every response by token and every record in append order."""

    def __init__(self, *, topics: dict[str, int] | None = None, **config: Any) -> None:
        """`topics` (name -> partitions) is the broker's metadata the coordinator is given; None: it has
        none, and every partition exists."""
        self.clock = ManualClock(1_000_000)
        counter = itertools.count(1)
        self.config = GroupCoordinatorConfig(**{**DEFAULTS, **config})
        self.topics = topics
        self.coord = GroupCoordinator(
            self.config,
            self.clock,
            member_id_factory=lambda prefix: f"{prefix}-{next(counter)}",
            partition_exists=None if topics is None else lambda t, p: 0 <= p < topics.get(t, 0),
        )
        self.responses: dict[str, Any] = {}
        self.records: list[tuple[bytes, bytes | None]] = []
        self.results: list[CoordinatorResult] = []
        self._tokens = itertools.count(1)

    # -- plumbing ---------------------------------------------------------------------------------
    def token(self, api: str) -> str:
        return f"{api}#{next(self._tokens)}"

    def absorb(self, result: CoordinatorResult) -> CoordinatorResult:
        self.results.append(result)
        self.records.extend(result.all_records())
        for token, response in result.responses:
            assert token not in self.responses, f"{token} answered twice"
            self.responses[token] = response
        return result

    def operate(self, op: str, request: Any, version: int, ctx: RequestContext, token: str) -> None:
        """Run the shard API `op`: a read answers at once, a write through its result (absorbed)."""
        if op in READS:
            self.responses[token] = getattr(self.coord, op)(request, version, ctx)
        else:
            self.absorb(getattr(self.coord, op)(request, version, ctx, token))

    def advance(self, ms: int) -> CoordinatorResult:
        self.clock.advance(ms)
        return self.absorb(self.coord.tick())

    def answered(self, token: str) -> bool:
        return token in self.responses

    # -- requests ---------------------------------------------------------------------------------
    def join(
        self,
        group: str = "g",
        member_id: str = "",
        *,
        version: int = 5,
        client_id: str = "consumer",
        protocols: list[tuple[str, bytes]] | None = None,
        session_timeout_ms: int = 10_000,
        rebalance_timeout_ms: int = 30_000,
        instance_id: str | None = None,
        protocol_type: str = "consumer",
        reason: str | None = None,
    ) -> str:
        req = JoinGroupRequest(
            group_id=group,
            session_timeout_ms=session_timeout_ms,
            rebalance_timeout_ms=rebalance_timeout_ms,
            member_id=member_id,
            group_instance_id=instance_id,
            protocol_type=protocol_type,
            protocols=[JP(name=n, metadata=m) for n, m in (protocols or [("range", b"sub")])],
            reason=reason,
        )
        t = self.token("join")
        self.absorb(self.coord.join_group(req, version, RequestContext(client_id, "/127.0.0.1"), t))
        return t

    def join_new(self, group: str = "g", **kw: Any) -> str:
        """KIP-394 round trip: returns the token of the second (real) JoinGroup."""
        t = self.join(group, **kw)
        resp = self.responses.get(t)
        if resp is not None and resp.error_code == 79:  # MEMBER_ID_REQUIRED
            return self.join(group, resp.member_id, **kw)
        return t

    def sync(
        self,
        group: str,
        member_id: str,
        generation: int,
        assignments: dict[str, bytes] | None = None,
        *,
        version: int = 3,
        instance_id: str | None = None,
        protocol_type: str | None = None,
        protocol_name: str | None = None,
    ) -> str:
        req = SyncGroupRequest(
            group_id=group,
            generation_id=generation,
            member_id=member_id,
            group_instance_id=instance_id,
            protocol_type=protocol_type,
            protocol_name=protocol_name,
            assignments=[SA(member_id=m, assignment=a) for m, a in (assignments or {}).items()],
        )
        t = self.token("sync")
        self.absorb(self.coord.sync_group(req, version, RequestContext("consumer", "/127.0.0.1"), t))
        return t

    def heartbeat(
        self, group: str, member_id: str, generation: int, *, version: int = 3, instance_id: str | None = None
    ) -> int:
        req = HeartbeatRequest(
            group_id=group, generation_id=generation, member_id=member_id, group_instance_id=instance_id
        )
        t = self.token("hb")
        self.absorb(self.coord.heartbeat(req, version, RequestContext(), t))
        return self.responses[t].error_code

    def leave(self, group: str, *members: tuple[str, str | None], version: int = 5, reason: str | None = None) -> Any:
        MI = LeaveGroupRequest.MemberIdentity
        if version >= 3:
            req = LeaveGroupRequest(
                group_id=group,
                members=[MI(member_id=m, group_instance_id=i, reason=reason) for m, i in members],
            )
        else:
            req = LeaveGroupRequest(group_id=group, member_id=members[0][0])
        t = self.token("leave")
        self.absorb(self.coord.leave_group(req, version, RequestContext(), t))
        return self.responses[t]

    def commit(
        self,
        group: str,
        offsets: dict[tuple[str, int], int],
        *,
        member_id: str = "",
        generation: int = -1,
        metadata: str | None = "",
        version: int = 8,
        retention_time_ms: int = -1,
        instance_id: str | None = None,
    ) -> dict[tuple[str, int], int]:
        TC = OffsetCommitRequest.OffsetCommitRequestTopic
        PC = OffsetCommitRequest.OffsetCommitRequestPartition
        by_topic: dict[str, list[Any]] = {}
        for (topic, p), off in offsets.items():
            by_topic.setdefault(topic, []).append(
                PC(partition_index=p, committed_offset=off, committed_leader_epoch=3, committed_metadata=metadata)
            )
        req = OffsetCommitRequest(
            group_id=group,
            generation_id_or_member_epoch=generation,
            member_id=member_id,
            group_instance_id=instance_id,
            retention_time_ms=retention_time_ms,
            topics=[TC(name=t, partitions=ps) for t, ps in by_topic.items()],
        )
        t = self.token("commit")
        self.absorb(self.coord.offset_commit(req, version, RequestContext(), t))
        return {
            (topic.name, p.partition_index): p.error_code
            for topic in self.responses[t].topics
            for p in topic.partitions
        }

    def fetch(self, group: str, topics: dict[str, list[int]] | None = None, *, version: int = 7) -> Any:
        if version >= 8:
            G = OffsetFetchRequest.OffsetFetchRequestGroup
            T8 = OffsetFetchRequest.OffsetFetchRequestTopics
            req = OffsetFetchRequest(
                groups=[
                    G(
                        group_id=group,
                        topics=None
                        if topics is None
                        else [T8(name=t, partition_indexes=ps) for t, ps in topics.items()],
                    )
                ]
            )
        else:
            T = OffsetFetchRequest.OffsetFetchRequestTopic
            req = OffsetFetchRequest(
                group_id=group,
                topics=None if topics is None else [T(name=t, partition_indexes=ps) for t, ps in topics.items()],
            )
        if topics is None:  # constructors turn None into []; a null array means "all topics"
            if version >= 8:
                req.groups[0].topics = None
            else:
                req.topics = None
        t = self.token("fetch")
        self.responses[t] = self.coord.offset_fetch(req, version, RequestContext())
        return self.responses[t]

    # -- views ------------------------------------------------------------------------------------
    def state(self, group: str = "g") -> GroupState | None:
        snap = self.coord.snapshot(group)
        return None if snap is None else snap.state

    def states(self, group: str = "g") -> list[str]:
        return [str(t.to_state) for t in self.coord.history(group)]

    def form_group(self, n: int, group: str = "g", **kw: Any) -> list[str]:
        """n members join together and sync: returns member ids (leader first); group Stable."""
        instance_id = kw.pop("instance_id", None)
        rejoin = [
            self.join_new(
                group, instance_id=None if instance_id is None else f"{instance_id}{'' if i == 0 else i}", **kw
            )
            for i in range(n)
        ]
        self.advance(0)
        resp = [self.responses[t] for t in rejoin]
        ids = [r.member_id for r in resp]
        assert all(r.error_code == 0 for r in resp), resp
        gen = resp[0].generation_id
        leader = resp[0].leader
        ids.sort(key=lambda m: m != leader)
        self.sync(group, leader, gen, {m: f"assign-{m}".encode() for m in ids})
        for m in ids[1:]:
            self.sync(group, m, gen)
        assert self.state(group) is GroupState.STABLE
        return ids


def wire(message: Any, version: int) -> Any:
    """`message` as a client at `version` reads it: encoded, decoded back (every byte consumed).

    Tests that check "the answer encodes at every version" compare this decoded value, so a field
    lost or mangled on the wire fails them.
    """
    data = message.encode(version)
    decoded, end = type(message).decode_from(data, 0, version)
    assert end == len(data), f"{type(message).__name__} v{version}: decoded {end} of {len(data)} bytes"
    assert decoded.encode(version) == data, f"{type(message).__name__} v{version} does not re-encode the same"
    return decoded
