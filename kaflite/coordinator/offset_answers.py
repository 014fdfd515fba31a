"""The offset APIs' answers: built from per-partition results, and the error-only answers the runtime sends.

Apart from `offsets.py` (the offset store) as `classic/messages.py` is apart from the classic group manager:
what goes on the wire, not what the coordinator holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kaflite.coordinator.group import OffsetAndMetadata
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    OffsetCommitRequest,
    OffsetCommitResponse,
    OffsetDeleteRequest,
    OffsetDeleteResponse,
    OffsetFetchRequest,
    OffsetFetchResponse,
    TxnOffsetCommitRequest,
    TxnOffsetCommitResponse,
)

E = ErrorCode
NO_OFFSET = -1

# Per-partition answers by topic, in answer order: [(topic, [(partition, error), ...]), ...]
PartitionAnswers = list[tuple[str, list[tuple[int, ErrorCode]]]]

# OffsetFetch's view of one partition: (partition, committed offset or None, pending transactional offsets?)
FetchedPartition = tuple[int, OffsetAndMetadata | None, bool]


def each(topics: list[tuple[str, list[Any]]], per_partition: Callable[[str, Any], ErrorCode]) -> PartitionAnswers:
    return [(t, [(p.partition_index, per_partition(t, p)) for p in parts]) for t, parts in topics]


def merge(unknown: PartitionAnswers, coordinator: PartitionAnswers) -> PartitionAnswers:
    """KafkaApis' response builders: the unknown partitions first, by topic; the coordinator's answers
    join their topic's entry, and topics it alone answers follow (OffsetCommitResponse.Builder.merge)."""
    if not unknown:
        return coordinator
    merged: dict[str, list[tuple[int, ErrorCode]]] = {}
    for topic, parts in (*unknown, *coordinator):
        merged.setdefault(topic, []).extend(parts)
    return list(merged.items())


def txn_commit_answer(answers: PartitionAnswers, version: int) -> TxnOffsetCommitResponse:
    """v0-1: COORDINATOR_LOAD_IN_PROGRESS becomes COORDINATOR_NOT_AVAILABLE (TX-API-3: KafkaApis, for
    0.11-2.0 producers that did not expect the loading error)."""
    TC = TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic
    PC = TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition

    def code(e: ErrorCode) -> ErrorCode:
        return E.COORDINATOR_NOT_AVAILABLE if version < 2 and e == E.COORDINATOR_LOAD_IN_PROGRESS else e

    return TxnOffsetCommitResponse(topics=[
        TC(name=t, partitions=[PC(partition_index=p, error_code=code(e)) for p, e in parts]) for t, parts in answers
    ])


def txn_offset_commit_error(req: TxnOffsetCommitRequest, version: int, error: ErrorCode) -> TxnOffsetCommitResponse:
    """Every partition of the TxnOffsetCommit answered `error` (Kafka's TxnOffsetCommitRequest.getErrorResponse)."""
    return txn_commit_answer(each([(t.name, t.partitions) for t in req.topics], lambda _t, _p: error), version)


def offset_commit_answer(req: OffsetCommitRequest, answers: PartitionAnswers) -> OffsetCommitResponse:
    TC = OffsetCommitResponse.OffsetCommitResponseTopic
    PC = OffsetCommitResponse.OffsetCommitResponsePartition
    if len(answers) == 1 and len(req.topics) == 1:  # one topic, as most commits: no lookup table
        (t, parts), = answers
        return OffsetCommitResponse(topics=[TC(name=t, topic_id=req.topics[0].topic_id, partitions=[
            PC(partition_index=p, error_code=e) for p, e in parts])])
    topic_ids = {t.name: t.topic_id for t in req.topics}
    return OffsetCommitResponse(topics=[
        TC(name=t, topic_id=topic_ids[t], partitions=[PC(partition_index=p, error_code=e) for p, e in parts])
        for t, parts in answers
    ])


def fetch_partition(cls: Any, fetched: FetchedPartition, error: ErrorCode) -> Any:
    partition, o, unstable = fetched
    if unstable and error == E.NONE:
        error = E.UNSTABLE_OFFSET_COMMIT  # TX-OFF-4: no offset, the client retries
        o = None
    if o is None:
        return cls(
            partition_index=partition,
            committed_offset=NO_OFFSET,
            committed_leader_epoch=-1,
            metadata="",
            error_code=error,
        )
    return cls(
        partition_index=partition,
        committed_offset=o.offset,
        committed_leader_epoch=o.leader_epoch,
        metadata=o.metadata,
        error_code=error,
    )


def offset_commit_error(req: OffsetCommitRequest, version: int, error: ErrorCode) -> OffsetCommitResponse:
    """Every partition of the commit answered `error`."""
    return offset_commit_answer(req, each([(t.name, t.partitions) for t in req.topics], lambda _t, _p: error))


def offset_fetch_error(req: OffsetFetchRequest, version: int, error: ErrorCode) -> OffsetFetchResponse:
    if version >= 8:
        G = OffsetFetchResponse.OffsetFetchResponseGroup
        return OffsetFetchResponse(groups=[G(group_id=g.group_id, error_code=error) for g in req.groups])
    return OffsetFetchResponse(error_code=error)


def offset_delete_error(req: OffsetDeleteRequest, version: int, error: ErrorCode) -> OffsetDeleteResponse:
    return OffsetDeleteResponse(error_code=error)
