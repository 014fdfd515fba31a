"""The error answer to any request (Kafka's AbstractRequest.getErrorResponse), derived from the schemas."""

from __future__ import annotations

import typing
from typing import Any

import pytest

from kaflite.protocol import messages
from kaflite.protocol.error_responses import _fields, _is_struct, constructor_hints, error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    REQUESTS,
    RESPONSES,
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
    AlterReplicaLogDirsRequest,
    AlterReplicaLogDirsResponse,
    DeleteGroupsRequest,
    DeleteGroupsResponse,
    DescribeGroupsRequest,
    DescribeGroupsResponse,
    DescribeLogDirsRequest,
    DescribeLogDirsResponse,
    FetchRequest,
    FetchResponse,
    FindCoordinatorRequest,
    FindCoordinatorResponse,
    HeartbeatRequest,
    InitProducerIdRequest,
    InitProducerIdResponse,
    JoinGroupRequest,
    JoinGroupResponse,
    OffsetFetchRequest,
    OffsetFetchResponse,
    ProduceRequest,
    ProduceResponse,
)


def sample(cls: Any, depth: int = 0) -> Any:
    """A request with one item in every array (a string / an int in scalar arrays), keys filled."""
    obj = cls()
    for f in _fields(cls).values():
        if f.item is None:
            continue
        if _is_struct(f.item) and depth < 4:
            setattr(obj, f.name, [sample(f.item, depth + 1)])
        elif f.item is str:
            setattr(obj, f.name, ["k"])
        elif f.item is int:
            setattr(obj, f.name, [7])
    for name in ("name", "topic", "group_id", "member_id"):
        if name in _fields(cls) and isinstance(getattr(obj, name), str):
            setattr(obj, name, "k")
    return obj


def errors_in(obj: Any) -> list[int]:
    """Every error code in a response, depth first."""
    out: list[int] = []
    for f in _fields(type(obj)).values():
        v = getattr(obj, f.name)
        if f.name in ("error_code", "partition_error_code"):
            out.append(v)
        elif isinstance(v, list):
            for item in v:
                if _is_struct(type(item)):
                    out += errors_in(item)
    return out


#: Where Kafka's own error response carries no error: DescribeLogDirs before v3 has no top-level
#: error_code, and its results are log dirs, not the requested topics (Kafka answers it empty).
NO_ERROR_CARRIER = {(35, 1), (35, 2)}
ALL = [(k, v) for k in sorted(REQUESTS) for v in range(REQUESTS[k].MIN_VERSION, REQUESTS[k].MAX_VERSION + 1)]


@pytest.mark.parametrize(("api_key", "version"), ALL, ids=[f"{k}v{v}" for k, v in ALL])
def test_every_kafka_api_and_version_has_an_error_answer_that_round_trips(api_key: int, version: int) -> None:
    """Every API Kafka defines, at every version: the error answer encodes, decodes and carries the
    error (after the request went over the wire at that version, as the broker sees it)."""
    req_cls, resp_cls = REQUESTS[api_key], RESPONSES[api_key]
    request = req_cls.decode(sample(req_cls).encode(version), version)
    answer = resp_cls.decode(error_response(resp_cls, request).encode(version), version)
    codes = errors_in(answer)
    if (api_key, version) in NO_ERROR_CARRIER:
        assert set(codes) <= {0} and answer == resp_cls.decode(resp_cls().encode(version), version)
        return
    assert ErrorCode.UNKNOWN_SERVER_ERROR in codes, f"{resp_cls.__name__} v{version} carries no error"
    assert set(codes) <= {ErrorCode.UNKNOWN_SERVER_ERROR, 0}  # 0: a field this version lacks (its default)


def test_produce_errors_per_partition_named_like_the_request() -> None:
    P = ProduceRequest
    req = P(acks=-1, topic_data=[P.TopicProduceData(name="t", partition_data=[P.PartitionProduceData(index=3),
                                                                               P.PartitionProduceData(index=5)])])
    r = error_response(ProduceResponse, req, ErrorCode.NOT_LEADER_OR_FOLLOWER)
    [topic] = r.responses
    assert topic.name == "t"
    assert [(p.index, p.error_code, p.base_offset) for p in topic.partition_responses] == [
        (3, ErrorCode.NOT_LEADER_OR_FOLLOWER, -1), (5, ErrorCode.NOT_LEADER_OR_FOLLOWER, -1)]


def test_fetch_partition_keys_map_between_differently_named_fields() -> None:
    F = FetchRequest
    req = F(topics=[F.FetchTopic(topic="t", partitions=[F.FetchPartition(partition=2, log_start_offset=99)])])
    r = error_response(FetchResponse, req)
    assert r.error_code == ErrorCode.UNKNOWN_SERVER_ERROR
    [p] = r.responses[0].partitions
    assert (r.responses[0].topic, p.partition_index, p.error_code) == ("t", 2, -1)
    assert p.high_watermark == -1 and p.log_start_offset == -1  # unknown, not the request's 99


def test_bare_names_become_items() -> None:
    r = error_response(DescribeGroupsResponse, DescribeGroupsRequest(groups=["a", "b"]), ErrorCode.NOT_COORDINATOR)
    assert [(g.group_id, g.error_code, g.error_message) for g in r.groups] == [
        ("a", ErrorCode.NOT_COORDINATOR, None), ("b", ErrorCode.NOT_COORDINATOR, None)]
    d = error_response(DeleteGroupsResponse, DeleteGroupsRequest(groups_names=["g"]))
    assert [(x.group_id, x.error_code) for x in d.results] == [("g", -1)]


def test_offset_fetch_v8_errors_per_group_and_partition() -> None:
    OF = OffsetFetchRequest
    req = OF(groups=[OF.OffsetFetchRequestGroup(group_id="g", topics=[
        OF.OffsetFetchRequestTopics(name="t", partition_indexes=[0, 1])])])
    r = OffsetFetchResponse.decode(error_response(OffsetFetchResponse, req).encode(8), 8)
    [g] = r.groups
    assert (g.group_id, g.error_code) == ("g", -1)
    assert [(p.partition_index, p.committed_offset) for p in g.topics[0].partitions] == [(0, -1), (1, -1)]


def test_top_level_error_and_message() -> None:
    r = error_response(JoinGroupResponse, JoinGroupRequest(group_id="g"), ErrorCode.INVALID_GROUP_ID, "bad id")
    assert (r.error_code, r.member_id) == (ErrorCode.INVALID_GROUP_ID, "")
    # UNKNOWN_SERVER_ERROR carries no message unless one is given (nothing internal leaks)
    assert error_response(DescribeGroupsResponse, DescribeGroupsRequest(groups=["a"])).groups[0].error_message is None


def test_add_partitions_to_txn_v3_names_its_error_partition_error_code() -> None:
    A = AddPartitionsToTxnRequest
    req = A.decode(A(v3_and_below_topics=[A.AddPartitionsToTxnTopic(name="t", partitions=[4])]).encode(3), 3)
    r = AddPartitionsToTxnResponse.decode(error_response(AddPartitionsToTxnResponse, req).encode(3), 3)
    [t] = r.results_by_topic_v3_and_below
    assert [(p.partition_index, p.partition_error_code) for p in t.results_by_partition] == [(4, -1)]


def test_find_coordinator_v4_errors_per_key() -> None:
    r = error_response(FindCoordinatorResponse, FindCoordinatorRequest(coordinator_keys=["g1", "g2"]),
                       ErrorCode.COORDINATOR_NOT_AVAILABLE)
    assert [(c.key, c.error_code, c.node_id) for c in r.coordinators] == [
        ("g1", ErrorCode.COORDINATOR_NOT_AVAILABLE, 0), ("g2", ErrorCode.COORDINATOR_NOT_AVAILABLE, 0)]


def test_describe_log_dirs_results_are_not_the_requested_topics() -> None:
    req = DescribeLogDirsRequest(topics=[DescribeLogDirsRequest.DescribableLogDirTopic(topic="t", partitions=[0])])
    r = error_response(DescribeLogDirsResponse, req)
    assert (r.error_code, r.results) == (ErrorCode.UNKNOWN_SERVER_ERROR, [])  # as Kafka's


def test_alter_replica_log_dirs_answers_each_dirs_topics() -> None:
    A = AlterReplicaLogDirsRequest
    req = A(dirs=[A.AlterReplicaLogDir(path="/d1", topics=[A.AlterReplicaLogDirTopic(name="t", partitions=[1, 2])]),
                  A.AlterReplicaLogDir(path="/d2", topics=[A.AlterReplicaLogDirTopic(name="u", partitions=[0])])])
    r = error_response(AlterReplicaLogDirsResponse, req)
    assert [(t.topic_name, [(p.partition_index, p.error_code) for p in t.partitions]) for t in r.results] == [
        ("t", [(1, -1), (2, -1)]), ("u", [(0, -1)])]


def test_top_level_ids_are_not_echoed() -> None:
    """Kafka's error answers carry no ids at the top (JoinGroup: member id "", InitProducerId: -1)."""
    r = error_response(JoinGroupResponse, JoinGroupRequest(group_id="g", member_id="m-1"))
    assert (r.member_id, r.generation_id) == ("", -1)
    p = error_response(InitProducerIdResponse, InitProducerIdRequest(producer_id=5, producer_epoch=3))
    assert (p.producer_id, p.producer_epoch) == (-1, -1)


def test_no_request_gives_the_bare_error() -> None:
    """An API whose request could not be read still has a top-level answer where it has one."""
    r = error_response(JoinGroupResponse, None, ErrorCode.UNSUPPORTED_VERSION)
    assert r.error_code == ErrorCode.UNSUPPORTED_VERSION


def test_every_generated_class_s_field_types_are_its_constructor_s_annotations() -> None:
    """`FIELD_TYPES` (what error answers are derived from, compiled or not) says what each constructor's annotations
    say, for every class of every module, in slot order."""
    classes = [c for m in (messages.REQUESTS, messages.RESPONSES) for c in m.values()]
    classes += [getattr(c, n) for c in list(classes) for n in dir(c) if isinstance(getattr(c, n), type)
                and getattr(c, n).__module__ == c.__module__]
    for cls in classes:
        if hasattr(cls.__init__, "__annotations__"):  # interpreted (the compiled build keeps none)
            assert constructor_hints(cls) == {k: v for k, v in typing.get_type_hints(cls.__init__).items()
                                              if k != "return"}, cls
        assert list(constructor_hints(cls)) == list(cls.__slots__), cls
    assert constructor_hints(HeartbeatRequest) == {"group_id": str, "generation_id": int, "member_id": str,
                                                   "group_instance_id": str | None}
