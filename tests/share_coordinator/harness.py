"""A share coordinator shard over an in-memory log: every result's records are kept, so a replay of them can be
compared with the live state (SC-RP-1)."""

from __future__ import annotations

from typing import Any

from kaflite.clock import ManualClock
from kaflite.coordinator_common.records import Record
from kaflite.coordinator_common.result import CoordinatorResult
from kaflite.share_coordinator.batches import StateBatch
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.messages import (
    DeleteShareGroupStateRequest,
    InitializeShareGroupStateRequest,
    ReadShareGroupStateRequest,
    ReadShareGroupStateSummaryRequest,
    WriteShareGroupStateRequest,
)
from kaflite.share_coordinator.shard import ShareCoordinatorShard

T1 = bytes(range(16))
T2 = bytes(range(16, 32))
TOPICS = {T1: 4, T2: 2}  # topic id -> partition count


def init_req(group: str = "g", topic: bytes | None = T1, partition: int = 0, state_epoch: int = 0,
             start_offset: int = -1) -> InitializeShareGroupStateRequest:
    R = InitializeShareGroupStateRequest
    return R(group, [R.InitializeStateData(topic, [R.PartitionData(partition, state_epoch, start_offset)])])


def write_req(group: str = "g", topic: bytes | None = T1, partition: int = 0, *, state_epoch: int = 0,
              leader_epoch: int = 0, start_offset: int = -1, dcc: int = -1,
              batches: list[StateBatch] | None = None) -> WriteShareGroupStateRequest:
    R = WriteShareGroupStateRequest
    return R(group, [R.WriteStateData(topic, [R.PartitionData(partition, state_epoch, leader_epoch, start_offset, dcc,
                                                              list(batches or []))])])


def read_req(group: str = "g", topic: bytes | None = T1, partition: int = 0,
             leader_epoch: int = 0) -> ReadShareGroupStateRequest:
    R = ReadShareGroupStateRequest
    return R(group, [R.ReadStateData(topic, [R.PartitionData(partition, leader_epoch)])])


def summary_req(group: str = "g", topic: bytes | None = T1, partition: int = 0) -> ReadShareGroupStateSummaryRequest:
    R = ReadShareGroupStateSummaryRequest
    return R(group, [R.ReadStateSummaryData(topic, [R.PartitionData(partition, 0)])])


def delete_req(group: str = "g", topic: bytes | None = T1, partition: int = 0) -> DeleteShareGroupStateRequest:
    R = DeleteShareGroupStateRequest
    return R(group, [R.DeleteStateData(topic, [R.PartitionData(partition)])])


class Harness:
    """One shard owning every partition of a small `__share_group_state`; `log` holds what it wrote."""

    def __init__(self, num_partitions: int = 3, per_snapshot: int = 500, cold_ms: int = 300_000) -> None:
        self.config = ShareCoordinatorConfig(share_coordinator_state_topic_num_partitions=num_partitions,
                                             share_coordinator_snapshot_update_records_per_snapshot=per_snapshot,
                                             share_coordinator_cold_partition_snapshot_interval_ms=cold_ms)
        self.clock = ManualClock()
        self.topics = dict(TOPICS)
        self.shard = self.new_shard()
        self.log: dict[int, list[Record]] = {}
        self.tokens = 0

    def new_shard(self, *, owned: bool = True) -> ShareCoordinatorShard:
        return ShareCoordinatorShard(self.config, self.topics.get, self.clock,
                                     partitions=range(self.config.share_coordinator_state_topic_num_partitions)
                                     if owned else ())

    def keep(self, result: CoordinatorResult) -> CoordinatorResult:
        for p, records in result.records.items():
            self.log.setdefault(p, []).extend(records)
        return result

    def run(self, op: str, request: Any) -> tuple[Any, CoordinatorResult]:
        """Run shard operation `op`; (its single partition result, the whole result)."""
        self.tokens += 1
        result = self.keep(getattr(self.shard, op)(request, self.tokens))
        response = result.response_for(self.tokens)
        assert response is not None
        return response.results[0].partitions[0], result

    def records(self) -> list[Record]:
        return [r for p in sorted(self.log) for r in self.log[p]]

    def replayed(self) -> ShareCoordinatorShard:
        """A fresh shard that loaded every partition from the log."""
        shard = self.new_shard(owned=False)
        for p in range(self.config.share_coordinator_state_topic_num_partitions):
            shard.begin_load(p)
            for record in self.log.get(p, []):
                shard.replay(*record)
            shard.complete_load(p)
        return shard
