"""The share coordinator's operations in Kafka's shapes: InitializeShareGroupState (83), ReadShareGroupState (84),
WriteShareGroupState (85), DeleteShareGroupState (86), ReadShareGroupStateSummary (87).

Kafka sends these between brokers; kaflite calls them in-process (SG-MODEL-1), so they are plain dataclasses
with the schemas' fields and defaults (snake_case, nested types under Kafka's names), not wire codecs: neither
kafka-python nor ../shared/kafka-schemas ships these broker-only schemas. Topic ids are 16 raw bytes; None is
Kafka's null Uuid, which the operations refuse with INVALID_REQUEST.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kaflite.share_coordinator.batches import StateBatch


# ------------------------------------------------------------------ InitializeShareGroupState (83)
@dataclass(slots=True)
class InitializeShareGroupStateRequest:
    group_id: str = ""
    topics: list[InitializeShareGroupStateRequest.InitializeStateData] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionData:
        partition: int = 0
        state_epoch: int = 0
        start_offset: int = 0

    @dataclass(slots=True)
    class InitializeStateData:
        topic_id: bytes | None = None
        partitions: list[InitializeShareGroupStateRequest.PartitionData] = field(default_factory=list)


@dataclass(slots=True)
class InitializeShareGroupStateResponse:
    results: list[InitializeShareGroupStateResponse.InitializeStateResult] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionResult:
        partition: int = 0
        error_code: int = 0
        error_message: str | None = None

    @dataclass(slots=True)
    class InitializeStateResult:
        topic_id: bytes | None = None
        partitions: list[InitializeShareGroupStateResponse.PartitionResult] = field(default_factory=list)


# ------------------------------------------------------------------ WriteShareGroupState (85)
@dataclass(slots=True)
class WriteShareGroupStateRequest:
    group_id: str = ""
    topics: list[WriteShareGroupStateRequest.WriteStateData] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionData:
        partition: int = 0
        state_epoch: int = 0
        leader_epoch: int = 0
        start_offset: int = 0
        delivery_complete_count: int = -1  # v1+ (KIP-1226)
        state_batches: list[StateBatch] = field(default_factory=list)

    @dataclass(slots=True)
    class WriteStateData:
        topic_id: bytes | None = None
        partitions: list[WriteShareGroupStateRequest.PartitionData] = field(default_factory=list)


@dataclass(slots=True)
class WriteShareGroupStateResponse:
    results: list[WriteShareGroupStateResponse.WriteStateResult] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionResult:
        partition: int = 0
        error_code: int = 0
        error_message: str | None = None

    @dataclass(slots=True)
    class WriteStateResult:
        topic_id: bytes | None = None
        partitions: list[WriteShareGroupStateResponse.PartitionResult] = field(default_factory=list)


# ------------------------------------------------------------------ ReadShareGroupState (84)
@dataclass(slots=True)
class ReadShareGroupStateRequest:
    group_id: str = ""
    topics: list[ReadShareGroupStateRequest.ReadStateData] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionData:
        partition: int = 0
        leader_epoch: int = 0

    @dataclass(slots=True)
    class ReadStateData:
        topic_id: bytes | None = None
        partitions: list[ReadShareGroupStateRequest.PartitionData] = field(default_factory=list)


@dataclass(slots=True)
class ReadShareGroupStateResponse:
    results: list[ReadShareGroupStateResponse.ReadStateResult] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionResult:
        partition: int = 0
        error_code: int = 0
        error_message: str | None = None
        state_epoch: int = 0
        start_offset: int = 0
        state_batches: list[StateBatch] = field(default_factory=list)

    @dataclass(slots=True)
    class ReadStateResult:
        topic_id: bytes | None = None
        partitions: list[ReadShareGroupStateResponse.PartitionResult] = field(default_factory=list)


# ------------------------------------------------------------------ ReadShareGroupStateSummary (87)
@dataclass(slots=True)
class ReadShareGroupStateSummaryRequest:
    group_id: str = ""
    topics: list[ReadShareGroupStateSummaryRequest.ReadStateSummaryData] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionData:
        partition: int = 0
        leader_epoch: int = 0

    @dataclass(slots=True)
    class ReadStateSummaryData:
        topic_id: bytes | None = None
        partitions: list[ReadShareGroupStateSummaryRequest.PartitionData] = field(default_factory=list)


@dataclass(slots=True)
class ReadShareGroupStateSummaryResponse:
    results: list[ReadShareGroupStateSummaryResponse.ReadStateSummaryResult] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionResult:
        partition: int = 0
        error_code: int = 0
        error_message: str | None = None
        state_epoch: int = 0
        leader_epoch: int = 0
        start_offset: int = 0
        delivery_complete_count: int = -1  # v1+ (KIP-1226)

    @dataclass(slots=True)
    class ReadStateSummaryResult:
        topic_id: bytes | None = None
        partitions: list[ReadShareGroupStateSummaryResponse.PartitionResult] = field(default_factory=list)


# ------------------------------------------------------------------ DeleteShareGroupState (86)
@dataclass(slots=True)
class DeleteShareGroupStateRequest:
    group_id: str = ""
    topics: list[DeleteShareGroupStateRequest.DeleteStateData] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionData:
        partition: int = 0

    @dataclass(slots=True)
    class DeleteStateData:
        topic_id: bytes | None = None
        partitions: list[DeleteShareGroupStateRequest.PartitionData] = field(default_factory=list)


@dataclass(slots=True)
class DeleteShareGroupStateResponse:
    results: list[DeleteShareGroupStateResponse.DeleteStateResult] = field(default_factory=list)

    @dataclass(slots=True)
    class PartitionResult:
        partition: int = 0
        error_code: int = 0
        error_message: str | None = None

    @dataclass(slots=True)
    class DeleteStateResult:
        topic_id: bytes | None = None
        partitions: list[DeleteShareGroupStateResponse.PartitionResult] = field(default_factory=list)
