"""DescribeTransactions and ListTransactions (TX-DESC-*): answers read from the coordinator's transactions.

Apart from coordinator.py (the state changes): these only read, and build what goes on the wire.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from kaflite.coordinator.topic_regex import InvalidRegularExpression, compile_topic_regex
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DescribeTransactionsRequest,
    DescribeTransactionsResponse,
    ListTransactionsRequest,
    ListTransactionsResponse,
)
from kaflite.transaction.state import TransactionMetadata, TransactionState

E = ErrorCode
S = TransactionState


def describe_transactions(txns: Mapping[str, TransactionMetadata], request: DescribeTransactionsRequest,
                          partition_error: Callable[[str], ErrorCode | None]) -> DescribeTransactionsResponse:
    """Each requested id's state, or its error (the partition's, INVALID_REQUEST for "", not found)."""
    TS = DescribeTransactionsResponse.TransactionState
    states = []
    for tid in request.transactional_ids or ():
        err = E.INVALID_REQUEST if tid == "" else partition_error(tid)
        md = txns.get(tid)
        if err is None and (md is None or md.state is S.DEAD):
            err = E.TRANSACTIONAL_ID_NOT_FOUND
        if err is not None or md is None:
            states.append(TS(error_code=err or E.NONE, transactional_id=tid))
            continue
        by_topic: dict[str, list[int]] = {}
        for t, p in sorted(md.partitions):
            by_topic.setdefault(t, []).append(p)
        states.append(TS(
            transactional_id=tid,
            transaction_state=md.state.state_name,
            transaction_timeout_ms=md.txn_timeout_ms,
            transaction_start_time_ms=md.txn_start_timestamp_ms,
            producer_id=md.producer_id,
            producer_epoch=md.producer_epoch,
            topics=[DescribeTransactionsResponse.TopicData(topic=t, partitions=ps) for t, ps in by_topic.items()],
        ))
    return DescribeTransactionsResponse(transaction_states=states)


def list_transactions(active: Iterable[tuple[str, TransactionMetadata]], request: ListTransactionsRequest,
                      version: int, now: int, loading: bool) -> ListTransactionsResponse:
    """The ids of the active partitions' transactions (`active`, in id order) that pass the request's filters;
    COORDINATOR_LOAD_IN_PROGRESS while any partition loads."""
    if loading:
        return ListTransactionsResponse(error_code=E.COORDINATOR_LOAD_IN_PROGRESS)
    names = request.state_filters or []
    unknown = [n for n in names if TransactionState.from_name(n) is None]
    states = {s for n in names if (s := TransactionState.from_name(n)) is not None}
    pids = set(request.producer_id_filters or ())
    duration = request.duration_filter if version >= 1 else -1
    matches: Callable[[str], bool] | None = None
    if version >= 2 and request.transactional_id_pattern:
        try:
            matches = compile_topic_regex(request.transactional_id_pattern)
        except InvalidRegularExpression:
            return ListTransactionsResponse(error_code=E.INVALID_REGULAR_EXPRESSION)
    listed = []
    for tid, md in active:
        if md.state is S.DEAD:
            continue
        if (pids and md.producer_id not in pids) or (names and md.state not in states):
            continue
        if duration >= 0 and now - md.txn_start_timestamp_ms <= duration:
            continue
        if matches is not None and not matches(tid):
            continue
        listed.append(ListTransactionsResponse.TransactionState(
            transactional_id=tid, producer_id=md.producer_id, transaction_state=md.state.state_name))
    return ListTransactionsResponse(unknown_state_filters=unknown, transaction_states=listed)
