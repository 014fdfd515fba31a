"""The group coordinator's `SharePersister` over the in-process share coordinator (SG-MODEL-1).

Kafka's group coordinator reaches the share coordinator through RPCs 83/86/87 (Persister); kaflite calls
`ShareCoordinatorService` in-process. The coordinator package cannot import the share coordinator (it sits
above it), so this adapter turns its plain values into the share coordinator's requests and its answers into
futures of {(topic id, partition): answer}.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from kaflite.coordinator.share.persister import PartitionSummary
from kaflite.protocol.errors import ErrorCode
from kaflite.share_coordinator.messages import (
    DeleteShareGroupStateRequest,
    InitializeShareGroupStateRequest,
    ReadShareGroupStateSummaryRequest,
)
from kaflite.share_coordinator.service import ShareCoordinatorService

Key = tuple[bytes, int]


def _code(code: int) -> ErrorCode:
    try:
        return ErrorCode(code)
    except ValueError:
        return ErrorCode.UNKNOWN_SERVER_ERROR


class ShareCoordinatorPersister:
    """`kaflite.coordinator.share.persister.SharePersister` over a ShareCoordinatorService."""

    def __init__(self, service: ShareCoordinatorService | Callable[[], Any]) -> None:
        # A callable: the service current now (a broker reset renews it), e.g. the share handler's
        # `ShareCoordinator` (the same operations, once `__share_group_state` exists).
        self._service: Callable[[], Any] = service if callable(service) else (lambda: service)

    def initialize(self, group_id: str, state_epoch: int,
                   start_offsets: Mapping[bytes, Mapping[int, int]]) -> asyncio.Future[dict[Key, ErrorCode]]:
        """SC-INIT-1 per partition."""
        R = InitializeShareGroupStateRequest
        req = R(group_id=group_id, topics=[R.InitializeStateData(topic_id=t, partitions=[
            R.PartitionData(partition=p, state_epoch=state_epoch, start_offset=o) for p, o in sorted(ps.items())])
            for t, ps in start_offsets.items()])
        return _future(self._service().initialize_state(req), lambda resp: {
            (r.topic_id, pr.partition): _code(pr.error_code) for r in resp.results for pr in r.partitions})

    def read_summary(self, group_id: str,
                     partitions: Mapping[bytes, Iterable[int]]) -> asyncio.Future[dict[Key, PartitionSummary]]:
        """SC-SUM-1 per partition."""
        R = ReadShareGroupStateSummaryRequest
        req = R(group_id=group_id, topics=[R.ReadStateSummaryData(topic_id=t, partitions=[
            R.PartitionData(partition=p, leader_epoch=0) for p in sorted(ps)]) for t, ps in partitions.items()])
        return _future(self._service().read_state_summary(req), lambda resp: {
            (r.topic_id, pr.partition): PartitionSummary(
                error=_code(pr.error_code), start_offset=pr.start_offset, leader_epoch=pr.leader_epoch,
                state_epoch=pr.state_epoch, delivery_complete_count=pr.delivery_complete_count,
                error_message=pr.error_message)
            for r in resp.results for pr in r.partitions})

    def delete(self, group_id: str, partitions: Mapping[bytes, Iterable[int]]) -> asyncio.Future[dict[Key, ErrorCode]]:
        """SC-DEL-1 per partition."""
        R = DeleteShareGroupStateRequest
        req = R(group_id=group_id, topics=[R.DeleteStateData(topic_id=t, partitions=[
            R.PartitionData(partition=p) for p in sorted(ps)]) for t, ps in partitions.items()])
        return _future(self._service().delete_state(req), lambda resp: {
            (r.topic_id, pr.partition): _code(pr.error_code) for r in resp.results for pr in r.partitions})


def _future(answer: Any, convert: Callable[[Any], Any]) -> asyncio.Future[Any]:
    """The converted answer as a future of the running loop (the share coordinator answers at once or later)."""
    out: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

    def settle(resp: Any) -> None:
        if out.done():
            return
        try:
            out.set_result(convert(resp))
        except Exception as e:  # a malformed answer fails this call only
            out.set_exception(e)

    if inspect.isawaitable(answer) and not isinstance(answer, asyncio.Future):
        answer = asyncio.ensure_future(answer)  # the broker's wrapper may answer with a coroutine (a topic loading)
    if isinstance(answer, asyncio.Future):
        def done(f: asyncio.Future[Any]) -> None:
            if f.cancelled():
                out.cancel()
            elif f.exception() is not None:
                out.set_exception(f.exception())  # type: ignore[arg-type]
            else:
                settle(f.result())

        answer.add_done_callback(done)
    else:
        settle(answer)
    return out
