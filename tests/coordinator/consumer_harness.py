"""A driver for KIP-848 consumer groups on the pure coordinator: a manual clock, a metadata image,
responses by token, every record in append order, and a replay check."""

from __future__ import annotations

import itertools
import uuid
from typing import Any

from kaflite.clock import ManualClock
from kaflite.coordinator import CoordinatorResult, GroupCoordinator, GroupCoordinatorConfig, RequestContext
from kaflite.coordinator.consumer import records as rec
from kaflite.coordinator.consumer.group import ConsumerGroup
from kaflite.coordinator.metadata import MetadataImage
from kaflite.protocol.messages import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
    ConsumerProtocolAssignment,
    ConsumerProtocolSubscription,
    HeartbeatRequest,
    JoinGroupRequest,
    LeaveGroupRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
    SyncGroupRequest,
)
from tests.coordinator.harness import READS

TP = ConsumerGroupHeartbeatRequest.TopicPartitions
CTX = RequestContext(client_id="client", client_host="/127.0.0.1")


def topic_id(name: str) -> bytes:
    return uuid.uuid5(uuid.NAMESPACE_DNS, name).bytes


class ConsumerHarness:
    def __init__(self, topics: dict[str, int] | None = None, group_configs: dict[str, dict[str, str]] | None = None,
                 **config: Any) -> None:
        self.clock = ManualClock(1_000_000)
        self.config = GroupCoordinatorConfig(**config)
        self.image = MetadataImage()
        for name, n in (topics or {}).items():
            self.image.put(name, topic_id(name), n)
        self.group_configs = group_configs or {}
        self.coord = GroupCoordinator(self.config, self.clock, metadata=self.image,
                                      group_configs=lambda g: self.group_configs.get(g, {}))
        self.records: list[tuple[bytes, bytes | None]] = []
        self.responses: dict[str, Any] = {}
        self._tokens = itertools.count(1)
        self.rctx = CTX  # who sends the next requests (a test with ACLs gives it `may_describe`)

    def absorb(self, result: CoordinatorResult) -> CoordinatorResult:
        self.records.extend(result.all_records())
        for token, response in result.responses:
            self.responses[str(token)] = response
        return result

    def call(self, op: str, req: Any, version: int) -> Any:
        token = f"{op}#{next(self._tokens)}"
        if op in READS:
            self.responses[token] = getattr(self.coord, op)(req, version, self.rctx)
        else:
            self.absorb(getattr(self.coord, op)(req, version, self.rctx, token))
        return self.responses[token]

    def hb(self, member_id: str = "m1", epoch: int = 0, *, group: str = "g", version: int = 1,
           topics: list[str] | None = None, regex: str | None = None, instance_id: str | None = None,
           rebalance_timeout_ms: int | None = None, owned: dict[str, list[int]] | None = None,
           assignor: str | None = None, rack_id: str | None = None, full: bool | None = None,
           ) -> ConsumerGroupHeartbeatResponse:
        """A heartbeat; on join (epoch 0) a full request by default (subscription, timeout, no partitions)."""
        joining = epoch == 0 if full is None else full
        if joining and topics is None and regex is None:
            topics = []
        req = ConsumerGroupHeartbeatRequest(
            group_id=group, member_id=member_id, member_epoch=epoch, instance_id=instance_id, rack_id=rack_id,
            rebalance_timeout_ms=rebalance_timeout_ms if rebalance_timeout_ms is not None
            else (30_000 if joining else -1),
            subscribed_topic_names=topics, subscribed_topic_regex=regex, server_assignor=assignor,
            topic_partitions=None if owned is None and not joining else [
                TP(topic_id=topic_id(t), partitions=ps) for t, ps in (owned or {}).items()],
        )
        resp: ConsumerGroupHeartbeatResponse = self.call("consumer_group_heartbeat", req, version)
        return resp

    # ------------------------------------------------------------------ classic members (CG-MIX-*)
    def subscription(self, topics: list[str], owned: dict[str, list[int]] | None = None, version: int = 3,
                     rack_id: str | None = None) -> bytes:
        """A ConsumerProtocolSubscription as a JoinGroup protocol's metadata (int16 version first)."""
        S = ConsumerProtocolSubscription
        sub = S(topics=topics, owned_partitions=[S.TopicPartition(topic=t, partitions=ps)
                                                 for t, ps in (owned or {}).items()], rack_id=rack_id)
        return version.to_bytes(2, "big") + sub.encode(version)

    def cjoin(self, member_id: str = "", topics: list[str] | None = None, *, group: str = "g", version: int = 9,
              owned: dict[str, list[int]] | None = None, instance_id: str | None = None,
              protocols: list[str] | None = None, session_timeout_ms: int = 10_000,
              rebalance_timeout_ms: int = 30_000, protocol_type: str = "consumer", sub_version: int = 3) -> Any:
        """A classic JoinGroup with the consumer protocol (every protocol carries the same subscription)."""
        meta = self.subscription(topics or [], owned, sub_version)
        JP = JoinGroupRequest.JoinGroupRequestProtocol
        req = JoinGroupRequest(group_id=group, session_timeout_ms=session_timeout_ms,
                               rebalance_timeout_ms=rebalance_timeout_ms, member_id=member_id,
                               group_instance_id=instance_id, protocol_type=protocol_type,
                               protocols=[JP(name=n, metadata=meta) for n in (protocols or ["range"])])
        return self.call("join_group", req, version)

    def csync(self, member_id: str, generation: int, *, group: str = "g", version: int = 5,
              instance_id: str | None = None, protocol_type: str | None = "consumer",
              protocol_name: str | None = "range") -> Any:
        req = SyncGroupRequest(group_id=group, generation_id=generation, member_id=member_id,
                               group_instance_id=instance_id, protocol_type=protocol_type,
                               protocol_name=protocol_name, assignments=[])
        return self.call("sync_group", req, version)

    def chb(self, member_id: str, generation: int, *, group: str = "g", instance_id: str | None = None) -> int:
        req = HeartbeatRequest(group_id=group, generation_id=generation, member_id=member_id,
                               group_instance_id=instance_id)
        return int(self.call("heartbeat", req, 4).error_code)

    def cleave(self, *members: tuple[str, str | None], group: str = "g", version: int = 5) -> Any:
        MI = LeaveGroupRequest.MemberIdentity
        req = LeaveGroupRequest(group_id=group, members=[MI(member_id=m, group_instance_id=i) for m, i in members])
        return self.call("leave_group", req, version)

    def sync_assignment(self, resp: Any) -> dict[str, list[int]]:
        """A SyncGroup answer's ConsumerProtocolAssignment as topic name -> partitions."""
        version = int.from_bytes(resp.assignment[:2], "big")
        a = ConsumerProtocolAssignment.decode(resp.assignment[2:], version)
        return {tp.topic: sorted(tp.partitions) for tp in a.assigned_partitions}

    def describe(self, *groups: str, version: int = 1) -> Any:
        return self.call("consumer_group_describe", ConsumerGroupDescribeRequest(group_ids=list(groups)), version)

    def commit(self, member_id: str, epoch: int, offsets: dict[tuple[str, int], int], *, group: str = "g",
               version: int = 9) -> dict[tuple[str, int], int]:
        T = OffsetCommitRequest.OffsetCommitRequestTopic
        P = OffsetCommitRequest.OffsetCommitRequestPartition
        by_topic: dict[str, list[Any]] = {}
        for (t, p), o in offsets.items():
            by_topic.setdefault(t, []).append(P(partition_index=p, committed_offset=o))
        req = OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=epoch, member_id=member_id,
                                  topics=[T(name=t, partitions=ps) for t, ps in by_topic.items()])
        resp = self.call("offset_commit", req, version)
        return {(t.name, p.partition_index): p.error_code for t in resp.topics for p in t.partitions}

    def fetch_error(self, member_id: str | None, epoch: int, *, group: str = "g") -> int:
        G = OffsetFetchRequest.OffsetFetchRequestGroup
        req = OffsetFetchRequest(groups=[G(group_id=group, member_id=member_id, member_epoch=epoch, topics=None)])
        return int(self.call("offset_fetch", req, 9).groups[0].error_code)

    def advance(self, ms: int) -> CoordinatorResult:
        self.clock.advance(ms)
        return self.absorb(self.coord.tick())

    def group(self, group_id: str = "g") -> ConsumerGroup:
        g = self.coord.ctx.groups[group_id]
        assert isinstance(g, ConsumerGroup)
        return g

    def assigned(self, resp: ConsumerGroupHeartbeatResponse) -> dict[str, list[int]] | None:
        if resp.assignment is None:
            return None
        names = {topic_id(n): n for n in self.image.names()}
        return {names[tp.topic_id]: sorted(tp.partitions) for tp in resp.assignment.topic_partitions}

    def record_types(self, start: int = 0) -> list[str]:
        """The records since `start`, as "5", "3", "8T" (record type, T for a tombstone)."""
        out = []
        for key, value in self.records[start:]:
            kind = int.from_bytes(key[:2], "big")
            out.append(f"{kind}{'T' if value is None else ''}")
        return out

    def replayed(self) -> GroupCoordinator:
        """A fresh coordinator that replayed every record written so far (a restart)."""
        other = GroupCoordinator(self.config, self.clock, metadata=self.image,
                                 group_configs=lambda g: self.group_configs.get(g, {}), partitions=())
        p = self.coord.partition_for("g")
        other.begin_load(p)
        for key, value in self.records:
            other.replay(key, value)
        other.complete_load(p)
        return other


def same_group(a: ConsumerGroup, b: ConsumerGroup) -> bool:
    """What the records say (not the live bookkeeping) is identical."""
    return (a.group_epoch == b.group_epoch and a.assignment_epoch == b.assignment_epoch
            and a.metadata_hash == b.metadata_hash and a.members == b.members and a.target == b.target
            and a.partition_epochs == b.partition_epochs and a.static_members == b.static_members
            and {r: v.topics for r, v in a.resolved_regexes.items()}
            == {r: v.topics for r, v in b.resolved_regexes.items()}
            and a.compute_state() == b.compute_state())


__all__ = ["ConsumerHarness", "rec", "same_group", "topic_id"]
