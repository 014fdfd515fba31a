"""Drives a TransactionCoordinator as the runtime will: records appended to an in-memory `__transaction_state`,
responses read by token, markers "written" (recorded) and reported back, a ManualClock for every timeout."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from kaflite.clock import ManualClock
from kaflite.protocol.messages import (
    AddOffsetsToTxnRequest,
    AddPartitionsToTxnRequest,
    DescribeTransactionsRequest,
    EndTxnRequest,
    InitProducerIdRequest,
    ListTransactionsRequest,
)
from kaflite.transaction import TransactionCoordinator, TransactionCoordinatorConfig, TxnResult, WriteTxnMarkers

Record = tuple[bytes, bytes | None]


class Harness:
    def __init__(self, config: TransactionCoordinatorConfig | None = None, *, auto_markers: bool = True,
                 clock: ManualClock | None = None) -> None:
        self.config = config or TransactionCoordinatorConfig()
        self.clock = clock or ManualClock()
        self.log: dict[int, list[Record]] = {}
        self.pids = itertools.count(1000)
        self.missing: set[tuple[str, int]] = set()
        self.auto_markers = auto_markers
        self.pending_markers: list[WriteTxnMarkers] = []
        self.written_markers: list[WriteTxnMarkers] = []
        self.coord = self.new_coordinator(partitions=None)

    def new_coordinator(self, partitions: list[int] | None) -> TransactionCoordinator:
        return TransactionCoordinator(self.config, self.clock, partitions=partitions,
                                      allocate_producer_id=lambda: next(self.pids),
                                      partition_exists=lambda t, p: (t, p) not in self.missing)

    # ------------------------------------------------------------------ the runtime's part
    def apply(self, res: TxnResult) -> TxnResult:
        for p, recs in res.records.items():
            self.log.setdefault(p, []).extend(recs)
        self.pending_markers.extend(res.markers)
        if self.auto_markers:
            self.write_markers()
        return res

    def write_markers(self) -> None:
        while self.pending_markers:
            m = self.pending_markers.pop(0)
            self.written_markers.append(m)
            self.apply(self.coord.markers_written(m.transactional_id, m.producer_id, m.producer_epoch, m.committed))

    def call(self, handler: Callable[[Any, int, object], TxnResult], req: Any, version: int) -> Any:
        token = object()
        res = self.apply(handler(req, version, token))
        return res.response_for(token)

    def records(self) -> list[Record]:
        return [r for p in sorted(self.log) for r in self.log[p]]

    def reload(self, log: dict[int, list[Record]] | None = None) -> TxnResult:
        """A restart: a fresh coordinator loads every partition from the log (TX-LOG-2)."""
        log = self.log if log is None else log
        self.coord = self.new_coordinator(partitions=[])
        merged = TxnResult()
        for p in range(self.config.transaction_state_log_num_partitions):
            self.coord.begin_load(p)
            for key, value in log.get(p, ()):
                self.coord.replay(key, value)
            merged.merge(self.apply(self.coord.complete_load(p)))
        return merged

    def tick(self, ms: int) -> TxnResult:
        self.clock.advance(ms)
        return self.apply(self.coord.tick())

    # ------------------------------------------------------------------ requests
    def init(self, tid: str | None, timeout: int = 60_000, pid: int = -1, epoch: int = -1, version: int = 4) -> Any:
        req = InitProducerIdRequest(transactional_id=tid, transaction_timeout_ms=timeout, producer_id=pid,
                                    producer_epoch=epoch)
        return self.call(self.coord.init_producer_id, req, version)

    def add(self, tid: str, pid: int, epoch: int, parts: dict[str, list[int]], version: int = 3) -> dict[
            tuple[str, int], int]:
        Topic = AddPartitionsToTxnRequest.AddPartitionsToTxnTopic
        req = AddPartitionsToTxnRequest(
            v3_and_below_transactional_id=tid, v3_and_below_producer_id=pid, v3_and_below_producer_epoch=epoch,
            v3_and_below_topics=[Topic(name=t, partitions=ps) for t, ps in parts.items()])
        resp = self.call(self.coord.add_partitions_to_txn, req, version)
        return {(t.name, r.partition_index): r.partition_error_code
                for t in resp.results_by_topic_v3_and_below for r in t.results_by_partition}

    def add_one(self, tid: str, pid: int, epoch: int, topic: str = "t1", partition: int = 0, version: int = 3) -> int:
        return self.add(tid, pid, epoch, {topic: [partition]}, version)[(topic, partition)]

    def add_offsets(self, tid: str, pid: int, epoch: int, group: str, version: int = 3) -> int:
        req = AddOffsetsToTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch, group_id=group)
        return int(self.call(self.coord.add_offsets_to_txn, req, version).error_code)

    def end(self, tid: str, pid: int, epoch: int, commit: bool, version: int = 3) -> int:
        req = EndTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch, committed=commit)
        return int(self.call(self.coord.end_txn, req, version).error_code)

    def describe(self, *tids: str) -> Any:
        return self.call(self.coord.describe_transactions, DescribeTransactionsRequest(transactional_ids=list(tids)),
                         0).transaction_states

    def list(self, version: int = 2, **kw: Any) -> Any:
        return self.call(self.coord.list_transactions, ListTransactionsRequest(**kw), version)

    def state(self, tid: str) -> str:
        md = self.coord.transaction(tid)
        return "absent" if md is None else md.state.state_name

    def begin(self, tid: str, timeout: int = 60_000) -> tuple[int, int]:
        """InitProducerId + AddPartitions t1-0: an Ongoing transaction; returns (pid, epoch)."""
        r = self.init(tid, timeout)
        assert r.error_code == 0, r
        assert self.add_one(tid, r.producer_id, r.producer_epoch) == 0
        return r.producer_id, r.producer_epoch
