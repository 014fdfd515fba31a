"""A driver for KIP-932 share groups on the pure coordinator: a manual clock, a metadata image, responses by
token, every record in append order, the follow-up work the service would run (initializations answered by the
test), and a replay check."""

from __future__ import annotations

import itertools
import uuid
from typing import Any

from kaflite.clock import ManualClock
from kaflite.coordinator import CoordinatorResult, GroupCoordinator, GroupCoordinatorConfig, RequestContext
from kaflite.coordinator.config import ShareGroupConfig
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.share.group import ShareGroup
from kaflite.coordinator.share.members import Deletion, Initialization
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ShareGroupDescribeRequest,
    ShareGroupDescribeResponse,
    ShareGroupHeartbeatRequest,
    ShareGroupHeartbeatResponse,
)

CTX = RequestContext(client_id="client", client_host="/127.0.0.1")


def topic_id(name: str) -> bytes:
    return uuid.uuid5(uuid.NAMESPACE_DNS, name).bytes


class ShareHarness:
    def __init__(self, topics: dict[str, int] | None = None, group_configs: dict[str, dict[str, str]] | None = None,
                 **share: Any) -> None:
        self.clock = ManualClock(1_000_000)
        self.config = GroupCoordinatorConfig(share=ShareGroupConfig(**share))
        self.image = MetadataImage()
        for name, n in (topics or {}).items():
            self.image.put(name, topic_id(name), n)
        self.group_configs = group_configs or {}
        self.coord = GroupCoordinator(self.config, self.clock, metadata=self.image,
                                      group_configs=lambda g: self.group_configs.get(g, {}))
        self.records: list[tuple[bytes, bytes | None]] = []
        self.responses: dict[str, Any] = {}
        self.initializations: list[Initialization] = []
        self.deletions: list[Deletion] = []
        self._tokens = itertools.count(1)

    def absorb(self, result: CoordinatorResult) -> CoordinatorResult:
        self.records.extend(result.all_records())
        for token, response in result.responses:
            self.responses[str(token)] = response
        inits, dels = self.coord.share.take_follow_ups()
        self.initializations += inits
        self.deletions += dels
        return result

    def run(self, op: Any) -> Any:
        """A share operation `op(share_manager, token)`; its answer."""
        token = f"op#{next(self._tokens)}"
        self.absorb(self.coord.share_operation(lambda share: op(share, token)))
        return self.responses.get(token)

    def hb(self, member_id: str = "m1", epoch: int = 0, *, group: str = "g", topics: list[str] | None = None,
           rack_id: str | None = None, join_topics: bool = True) -> ShareGroupHeartbeatResponse:
        """A heartbeat; a join (epoch 0) subscribes to ["foo"] unless topics are given."""
        if topics is None and epoch == 0 and join_topics:
            topics = ["foo"]
        req = ShareGroupHeartbeatRequest(group_id=group, member_id=member_id, member_epoch=epoch, rack_id=rack_id,
                                         subscribed_topic_names=topics)
        resp: ShareGroupHeartbeatResponse = self.run(lambda share, token: share.heartbeat(req, 1, CTX, token))
        return resp

    def initialize_all(self, error: ErrorCode = ErrorCode.NONE) -> int:
        """Answer every pending initialization as the share coordinator would (SC-INIT-1), then the closing (15)."""
        n = 0
        while self.initializations:
            init = self.initializations.pop(0)
            results = {(t, p): error for t, ps in init.start_offsets.items() for p in ps}
            n += len(results)
            self.absorb(self.coord.share_operation(lambda share, i=init, r=results: share.initialized(i.group_id, r)))
        return n

    def describe(self, *groups: str, include_ops: bool = False) -> ShareGroupDescribeResponse:
        from kaflite.coordinator.share.describe import describe_share_groups

        req = ShareGroupDescribeRequest(group_ids=list(groups), include_authorized_operations=include_ops)
        return self.coord.share_read(lambda share: describe_share_groups(req, share.ctx, share.metadata))

    def group(self, gid: str = "g") -> ShareGroup:
        g = self.coord.ctx.groups[gid]
        assert isinstance(g, ShareGroup)
        return g

    def fire_due(self) -> None:
        self.absorb(self.coord.tick())

    def record_types(self, since: int = 0) -> list[tuple[int, bool]]:
        """(record type, is tombstone) of the records appended since index `since`."""
        return [(int.from_bytes(k[:2], "big"), v is None) for k, v in self.records[since:]]

    def replayed(self) -> GroupCoordinator:
        """A fresh shard that replayed every record so far (SG-RP-1): what a load rebuilds."""
        other = GroupCoordinator(self.config, self.clock, metadata=self.image,
                                 group_configs=lambda g: self.group_configs.get(g, {}))
        for k, v in self.records:
            other.replay(k, v)
        return other
