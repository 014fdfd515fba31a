"""Transactional offset commits on the group coordinator (TX-OFF-1..5): TxnOffsetCommit's validation,
its records (the producer's transactional batch), pending offsets per producer, commit/abort markers
live and in replay, RequireStable, and deletion/expiry with pending offsets. Manual clock throughout."""

from __future__ import annotations

from typing import Any

import pytest

from kaflite.coordinator import CoordinatorResult, GroupCoordinator, GroupState, RequestContext
from kaflite.coordinator.records import (
    EndTransactionMarker,
    LoadedRecord,
    ProducerIdAndEpoch,
    TransactionalRecord,
    decode_offset_commit_value,
    offset_commit_key,
    offset_commit_value,
)
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import (
    DeleteGroupsRequest,
    OffsetDeleteRequest,
    OffsetFetchRequest,
    TxnOffsetCommitRequest,
    TxnOffsetCommitResponse,
)
from tests.coordinator.consumer_harness import ConsumerHarness
from tests.coordinator.harness import Harness, wire

TP = ("orders", 0)
TP1 = ("orders", 1)
MINUTE = 60_000
PID, EPOCH = 4000, 2


def txn_request(group: str, offsets: dict[tuple[str, int], int], *, producer_id: int = PID,
                producer_epoch: int = EPOCH, member_id: str = "", generation: int = -1,
                instance_id: str | None = None, metadata: str | None = "") -> TxnOffsetCommitRequest:
    TC = TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic
    PC = TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition
    by_topic: dict[str, list[Any]] = {}
    for (topic, p), off in offsets.items():
        by_topic.setdefault(topic, []).append(
            PC(partition_index=p, committed_offset=off, committed_leader_epoch=5, committed_metadata=metadata))
    return TxnOffsetCommitRequest(
        transactional_id="tx", group_id=group, producer_id=producer_id, producer_epoch=producer_epoch,
        generation_id=generation, member_id=member_id, group_instance_id=instance_id,
        topics=[TC(name=t, partitions=ps) for t, ps in by_topic.items()])


def txn_commit(h: Harness | ConsumerHarness, group: str, offsets: dict[tuple[str, int], int], *,
               version: int = 3, **kw: Any) -> dict[tuple[str, int], int]:
    """TxnOffsetCommit through the shard; the answer per partition (as the client decodes it)."""
    req = txn_request(group, offsets, **kw)
    token = f"txn#{len(h.responses)}"
    result = h.coord.txn_offset_commit(req, version, RequestContext("producer", "/127.0.0.1"), token)
    h.absorb(result)
    resp: TxnOffsetCommitResponse = wire(h.responses[token], version)
    return {(t.name, p.partition_index): p.error_code for t in resp.topics for p in t.partitions}


def committed(h: Harness | ConsumerHarness, group: str = "g", tp: tuple[str, int] = TP) -> int:
    o = h.coord.offsets.offsets_of(group).get(tp)
    return -1 if o is None else o.offset


def pending(h: Harness | ConsumerHarness, group: str = "g") -> dict[int, dict[tuple[str, int], int]]:
    return {pid: {tp: o.offset for tp, o in offs.items()}
            for pid, offs in h.coord.offsets.pending_offsets_of(group).items()}


def end_txn(h: Harness | ConsumerHarness, group: str, committed_: bool, producer_id: int = PID) -> None:
    h.absorb(h.coord.complete_transaction(h.coord.partition_for(group), producer_id, EPOCH, committed_))


def fetch(h: Harness, group: str, *, version: int = 7, require_stable: bool = True,
          topics: dict[str, list[int]] | None = None) -> Any:
    """OffsetFetch as the client decodes it; `topics=None` asks for every committed offset."""
    T8, T = OffsetFetchRequest.OffsetFetchRequestTopics, OffsetFetchRequest.OffsetFetchRequestTopic
    if version >= 8:
        g = OffsetFetchRequest.OffsetFetchRequestGroup(group_id=group, topics=None if topics is None else [
            T8(name=t, partition_indexes=ps) for t, ps in topics.items()])
        if topics is None:
            g.topics = None  # the constructor turns None into []
        req = OffsetFetchRequest(require_stable=require_stable, groups=[g])
    else:
        req = OffsetFetchRequest(group_id=group, require_stable=require_stable)
        req.topics = None if topics is None else [T(name=t, partition_indexes=ps) for t, ps in topics.items()]
    return wire(h.coord.offset_fetch(req, version, RequestContext()), version)


def fetched(h: Harness, group: str, *, version: int = 7, require_stable: bool = True,
            topics: dict[str, list[int]] | None = None) -> dict[tuple[str, int], tuple[int, int]]:
    """(offset, error) per partition of orders-0/1 (or `topics`); the group-level error must be NONE."""
    resp = fetch(h, group, version=version, require_stable=require_stable,
                 topics={"orders": [0, 1]} if topics is None else topics)
    if version >= 8:
        (g,) = resp.groups
        assert g.error_code == E.NONE
        topics_ = g.topics
    else:
        assert resp.error_code == E.NONE
        topics_ = resp.topics
    return {(t.name, p.partition_index): (p.committed_offset, p.error_code) for t in topics_ for p in t.partitions}


# ====================================================================== TX-OFF-1 validation
def test_tx_off_1_empty_group_id_is_invalid_group_id(h: Harness) -> None:
    assert txn_commit(h, "", {TP: 1}) == {TP: E.INVALID_GROUP_ID}
    assert h.records == []


def test_tx_off_1_unknown_partitions_answered_before_the_group() -> None:
    h = Harness(topics={"orders": 1})
    # Every partition unknown: answered without looking at the group (not even the empty id).
    assert txn_commit(h, "", {("nope", 0): 1}) == {("nope", 0): E.UNKNOWN_TOPIC_OR_PARTITION}
    assert txn_commit(h, "s", {TP: 1, TP1: 2, ("nope", 0): 3}) == {
        TP: E.NONE, TP1: E.UNKNOWN_TOPIC_OR_PARTITION, ("nope", 0): E.UNKNOWN_TOPIC_OR_PARTITION}
    assert pending(h, "s") == {PID: {TP: 1}}
    # A group error for the known ones keeps the unknown ones' answer (the response builders' merge).
    assert txn_commit(h, "", {TP: 1, TP1: 2}) == {TP: E.INVALID_GROUP_ID, TP1: E.UNKNOWN_TOPIC_OR_PARTITION}


def test_tx_off_1_unknown_group_simple_or_illegal_generation(h: Harness) -> None:
    assert txn_commit(h, "nogroup", {TP: 1}, member_id="m", generation=1) == {TP: E.ILLEGAL_GENERATION}
    assert h.coord.snapshot("nogroup") is None
    assert txn_commit(h, "simple", {TP: 1}) == {TP: E.NONE}  # generation -1: a simple group is created
    snap = h.coord.snapshot("simple")
    assert snap is not None and snap.state is GroupState.EMPTY and snap.protocol_type is None


def test_tx_off_1_classic_group_member_generation_instance(h: Harness) -> None:
    ids = h.form_group(2, instance_id="inst")
    leader = ids[0]
    # v0-2 carry no member fields: accepted in any state (a pre-KIP-447 producer).
    assert txn_commit(h, "g", {TP: 1}, version=2, member_id="ignored", generation=77) == {TP: E.NONE}
    # v3+: an absent member (all defaults) is still accepted in a non-empty group.
    assert txn_commit(h, "g", {TP: 2}) == {TP: E.NONE}
    assert txn_commit(h, "g", {TP: 3}, member_id="nobody", generation=1) == {TP: E.UNKNOWN_MEMBER_ID}
    assert txn_commit(h, "g", {TP: 3}, member_id=leader, generation=9, instance_id="inst") == {
        TP: E.ILLEGAL_GENERATION}
    assert txn_commit(h, "g", {TP: 3}, member_id="other", generation=1, instance_id="inst") == {
        TP: E.FENCED_INSTANCE_ID}
    assert txn_commit(h, "g", {TP: 4}, member_id=leader, generation=1, instance_id="inst") == {TP: E.NONE}
    assert pending(h) == {PID: {TP: 4}}


def test_tx_off_1_classic_never_rebalance_in_progress(h: Harness) -> None:
    t = h.join_new()
    h.advance(0)
    m = h.responses[t].member_id
    assert h.state() is GroupState.COMPLETING_REBALANCE
    assert h.commit("g", {TP: 1}, member_id=m, generation=1) == {TP: E.REBALANCE_IN_PROGRESS}
    assert txn_commit(h, "g", {TP: 1}, member_id=m, generation=1) == {TP: E.NONE}


def test_tx_off_1_consumer_group_member_epoch() -> None:
    h = ConsumerHarness(topics={"orders": 2})
    r = h.hb("m1", 0, topics=["orders"])
    assert r.error_code == E.NONE and r.member_epoch == 1
    # No member fields at all: accepted (TxnOffsetCommit v0-2, or a producer without group metadata).
    assert txn_commit(h, "g", {TP: 1}) == {TP: E.NONE}
    assert txn_commit(h, "g", {TP: 1}, member_id="ghost", generation=1) == {TP: E.UNKNOWN_MEMBER_ID}
    # A stale member epoch is ILLEGAL_GENERATION here (STALE_MEMBER_EPOCH is translated).
    assert txn_commit(h, "g", {TP: 1}, member_id="m1", generation=7) == {TP: E.ILLEGAL_GENERATION}
    # The member's epoch at v3: fine (OffsetCommit would need v9 for a consumer-protocol member).
    assert txn_commit(h, "g", {TP: 5}, member_id="m1", generation=1) == {TP: E.NONE}
    assert pending(h) == {PID: {TP: 5}}


def test_tx_off_1_metadata_too_large_per_partition() -> None:
    h = Harness(offset_metadata_max_bytes=4)
    TC = TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic
    PC = TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition
    req = TxnOffsetCommitRequest(transactional_id="tx", group_id="s", producer_id=PID, producer_epoch=EPOCH,
                                 topics=[TC(name="orders", partitions=[
                                     PC(partition_index=0, committed_offset=1, committed_metadata="12345"),
                                     PC(partition_index=1, committed_offset=2, committed_metadata="1234")])])
    h.absorb(h.coord.txn_offset_commit(req, 3, RequestContext(), "t"))
    parts = {p.partition_index: p.error_code for p in h.responses["t"].topics[0].partitions}
    assert parts == {0: E.OFFSET_METADATA_TOO_LARGE, 1: E.NONE}
    assert pending(h, "s") == {PID: {TP1: 2}}


@pytest.mark.parametrize(("version", "expected"),
                         [(1, E.COORDINATOR_NOT_AVAILABLE), (2, E.COORDINATOR_LOAD_IN_PROGRESS)])
def test_tx_off_1_loading_partition(version: int, expected: E) -> None:
    """TX-API-3: v0-1 get COORDINATOR_NOT_AVAILABLE for COORDINATOR_LOAD_IN_PROGRESS (KafkaApis)."""
    h = Harness()
    h.coord.begin_load(h.coord.partition_for("g"))
    assert txn_commit(h, "g", {TP: 1}, version=version) == {TP: expected}
    h.coord.unload(h.coord.partition_for("g"))
    assert txn_commit(h, "g", {TP: 1}, version=version) == {TP: E.NOT_COORDINATOR}
    assert h.records == []


def test_tx_off_1_transaction_verified_after_the_group_id_before_the_partition() -> None:
    """The transaction coordinator's check (TX-PRD-2), injected: its error answers the known partitions,
    mapped as Kafka's operations map theirs (NOT_ENOUGH_REPLICAS -> COORDINATOR_NOT_AVAILABLE)."""
    asked: list[tuple[str, int, int, int, int]] = []
    verdict: list[E | None] = [E.INVALID_TXN_STATE]

    def verify(txn_id: str, pid: int, epoch: int, partition: int, version: int) -> E | None:
        asked.append((txn_id, pid, epoch, partition, version))
        return verdict[0]

    h = Harness(topics={"orders": 1})
    h.coord = GroupCoordinator(h.config, h.clock, partition_exists=lambda t, p: t == "orders" and p == 0,
                               verify_transaction=verify)
    assert txn_commit(h, "", {TP: 1}) == {TP: E.INVALID_GROUP_ID} and asked == []
    assert txn_commit(h, "g", {TP: 1, TP1: 2}) == {TP: E.INVALID_TXN_STATE, TP1: E.UNKNOWN_TOPIC_OR_PARTITION}
    assert asked == [("tx", PID, EPOCH, h.coord.partition_for("g"), 3)]
    verdict[0] = E.NOT_ENOUGH_REPLICAS
    assert txn_commit(h, "g", {TP: 1}, version=4) == {TP: E.COORDINATOR_NOT_AVAILABLE}
    h.coord.begin_load(h.coord.partition_for("g"))
    verdict[0] = E.INVALID_PRODUCER_EPOCH
    assert txn_commit(h, "g", {TP: 1}) == {TP: E.INVALID_PRODUCER_EPOCH}  # before the partition's status
    verdict[0] = None
    assert txn_commit(h, "g", {TP: 1}) == {TP: E.COORDINATOR_LOAD_IN_PROGRESS}
    h.coord.complete_load(h.coord.partition_for("g"))
    assert txn_commit(h, "g", {TP: 1}) == {TP: E.NONE}
    assert h.records and pending(h) == {PID: {TP: 1}}


# ====================================================================== TX-OFF-2 records, pending
def test_tx_off_2_records_are_plain_offset_commits_in_the_producers_batch(h: Harness) -> None:
    h.clock.advance(5)
    result = h.absorb(h.coord.txn_offset_commit(txn_request("g", {TP: 42, TP1: 43}, metadata="m"), 3,
                                                RequestContext(), "t"))
    now = h.clock.now_ms()
    assert result.producer == ProducerIdAndEpoch(PID, EPOCH)
    assert result.records == {h.coord.partition_for("g"): [
        (offset_commit_key("g", "orders", 0), offset_commit_value(42, 5, "m", now, None)),
        (offset_commit_key("g", "orders", 1), offset_commit_value(43, 5, "m", now, None)),
    ]}
    value = result.records[h.coord.partition_for("g")][0][1]
    assert value is not None and decode_offset_commit_value(value).expire_timestamp == -1
    # Pending, not committed: OffsetFetch does not show them.
    assert pending(h) == {PID: {TP: 42, TP1: 43}}
    assert committed(h) == -1
    assert fetched(h, "g", require_stable=False) == {TP: (-1, E.NONE), TP1: (-1, E.NONE)}


def test_tx_off_2_a_transactional_result_is_never_merged(h: Harness) -> None:
    result = h.coord.txn_offset_commit(txn_request("g", {TP: 1}), 3, RequestContext(), "t")
    with pytest.raises(ValueError):
        CoordinatorResult().merge(result)


def test_tx_off_2_v0_v1_carry_no_leader_epoch(h: Harness) -> None:
    result = h.absorb(h.coord.txn_offset_commit(txn_request("g", {TP: 9}), 1, RequestContext(), "t"))
    (value,) = [v for _k, v in result.all_records()]
    assert value is not None and decode_offset_commit_value(value).leader_epoch == -1


# ====================================================================== TX-OFF-3 markers
def test_tx_off_3_commit_marker_makes_offsets_visible(h: Harness) -> None:
    h.commit("g", {TP: 5})
    txn_commit(h, "g", {TP: 10, TP1: 11})
    end_txn(h, "g", True)
    assert pending(h) == {}
    assert committed(h) == 10 and committed(h, tp=TP1) == 11
    assert fetched(h, "g") == {TP: (10, E.NONE), TP1: (11, E.NONE)}


def test_tx_off_3_abort_marker_drops_them(h: Harness) -> None:
    h.commit("g", {TP: 5})
    txn_commit(h, "g", {TP: 10, TP1: 11})
    end_txn(h, "g", False)
    assert pending(h) == {} and committed(h) == 5 and committed(h, tp=TP1) == -1
    end_txn(h, "g", True)  # a repeated marker without pending offsets changes nothing
    assert committed(h) == 5


def test_tx_off_3_a_later_plain_commit_wins(h: Harness) -> None:
    txn_commit(h, "g", {TP: 10, TP1: 11})
    h.commit("g", {TP: 20})  # written after the transactional record, before the marker
    end_txn(h, "g", True)
    assert committed(h) == 20 and committed(h, tp=TP1) == 11


def test_tx_off_3_producers_commit_in_record_order(h: Harness) -> None:
    txn_commit(h, "g", {TP: 10}, producer_id=1)
    txn_commit(h, "g", {TP: 20}, producer_id=2)
    end_txn(h, "g", True, producer_id=2)
    assert committed(h) == 20
    end_txn(h, "g", True, producer_id=1)  # its record is older than the committed one: skipped
    assert committed(h) == 20
    txn_commit(h, "g", {TP: 30}, producer_id=3)
    txn_commit(h, "g", {TP: 40}, producer_id=4)
    end_txn(h, "g", True, producer_id=3)
    end_txn(h, "g", True, producer_id=4)  # newer than 3's: wins
    assert committed(h) == 40


def test_tx_off_3_marker_applies_to_its_partitions_groups_only() -> None:
    h = Harness(offsets_topic_num_partitions=50)
    a, b = "group-a", "group-b"
    assert h.coord.partition_for(a) != h.coord.partition_for(b)
    txn_commit(h, a, {TP: 1})
    txn_commit(h, b, {TP: 2})
    end_txn(h, a, True)
    assert committed(h, a) == 1 and committed(h, b) == -1 and pending(h, b) == {PID: {TP: 2}}
    end_txn(h, b, False)
    assert pending(h, b) == {} and committed(h, b) == -1


def test_tx_off_3_marker_while_loading_applies_when_loaded(h: Harness) -> None:
    txn_commit(h, "g", {TP: 10})
    log = loaded_log(h)
    p = h.coord.partition_for("g")
    fresh = GroupCoordinator(h.config, h.clock, partitions=())
    fresh.begin_load(p)
    for rec in log:
        fresh.replay_loaded(p, rec)
    fresh.complete_transaction(p, PID, EPOCH, True)  # the marker came after the load read its end
    assert fresh.offsets.offsets_of("g") == {}
    fresh.complete_load(p)
    assert fresh.offsets.offsets_of("g")[TP].offset == 10
    assert fresh.offsets.pending_offsets_of("g") == {}
    # A partition not owned ignores markers: whoever loads it reads them from the log.
    fresh.unload(p)
    fresh.complete_transaction(p, PID, EPOCH, True)


def test_tx_off_3_marker_seen_by_the_load_and_delivered_during_it_applies_once(h: Harness) -> None:
    h.commit("g", {TP: 5})
    txn_commit(h, "g", {TP: 10})
    log = [*loaded_log(h), EndTransactionMarker(PID, EPOCH, False)]
    p = h.coord.partition_for("g")
    fresh = GroupCoordinator(h.config, h.clock, partitions=())
    fresh.begin_load(p)
    fresh.complete_transaction(p, PID, EPOCH, False)  # written before the load read its end
    for rec in log:
        fresh.replay_loaded(p, rec)
    fresh.complete_load(p)
    assert fresh.offsets.offsets_of("g")[TP].offset == 5 and fresh.offsets.pending_offsets_of("g") == {}


# ====================================================================== replay
class Recorder:
    """The `__consumer_offsets` log as a load yields it: plain records, transactional ones, markers."""

    def __init__(self) -> None:
        self.log: list[LoadedRecord] = []

    def result(self, result: CoordinatorResult) -> None:
        for rec in result.all_records():
            if result.producer is None:
                self.log.append(rec)
            else:
                self.log.append(TransactionalRecord(rec[0], rec[1], *result.producer))

    def marker(self, producer_id: int, committed_: bool) -> None:
        self.log.append(EndTransactionMarker(producer_id, EPOCH, committed_))


def loaded_log(h: Harness) -> list[LoadedRecord]:
    rec = Recorder()
    for r in h.results:
        rec.result(r)
    return rec.log


def state(coord: GroupCoordinator) -> dict[str, Any]:
    return {g: (dict(coord.offsets.offsets_of(g)), coord.offsets.pending_offsets_of(g))
            for g in sorted(coord.group_ids())}


def test_tx_off_3_replay_of_records_and_markers_rebuilds_the_state() -> None:
    """Every scenario above in one log; the markers at their positions; a fresh load gives the same
    committed and pending offsets (B-LOG-3 with transactions)."""
    h = Harness(offsets_topic_num_partitions=1)  # one log: "g" and "other" share it
    rec = Recorder()
    orig_absorb = h.absorb

    def absorb(result: CoordinatorResult) -> CoordinatorResult:
        rec.result(result)
        return orig_absorb(result)

    h.absorb = absorb  # type: ignore[method-assign]

    def marker(pid: int, commit: bool) -> None:
        rec.marker(pid, commit)
        end_txn(h, "g", commit, producer_id=pid)

    h.commit("g", {TP: 5})
    txn_commit(h, "g", {TP: 10, TP1: 11}, producer_id=1)
    h.commit("g", {TP: 20})
    marker(1, True)                                  # TP stays 20, TP1 becomes 11
    txn_commit(h, "g", {TP: 30}, producer_id=2)
    marker(2, False)                                 # aborted
    txn_commit(h, "g", {TP: 40}, producer_id=3)
    txn_commit(h, "g", {TP: 50}, producer_id=4)
    marker(4, True)
    marker(3, True)                                  # older than 4's: skipped
    txn_commit(h, "g", {TP1: 60}, producer_id=5)     # left pending
    txn_commit(h, "other", {TP: 70}, producer_id=6)  # pending, then its key deleted
    h.absorb(h.coord.offset_delete(OffsetDeleteRequest(group_id="other", topics=[
        OffsetDeleteRequest.OffsetDeleteRequestTopic(name="orders", partitions=[
            OffsetDeleteRequest.OffsetDeleteRequestPartition(partition_index=0)])]), 0, RequestContext(), "d"))
    marker(6, True)

    live = state(h.coord)
    assert live["g"] == ({TP: h.coord.offsets.offsets_of("g")[TP], TP1: h.coord.offsets.offsets_of("g")[TP1]},
                         {5: {TP1: h.coord.offsets.pending_offsets_of("g")[5][TP1]}})
    assert committed(h) == 50 and committed(h, tp=TP1) == 11 and pending(h) == {5: {TP1: 60}}
    assert committed(h, "other") == -1 and pending(h, "other") == {}

    fresh = GroupCoordinator(h.config, h.clock, partitions=())
    p = fresh.partition_for("g")
    fresh.begin_load(p)
    for r in rec.log:
        fresh.replay_loaded(p, r)
    fresh.complete_load(p)
    assert state(fresh) == live
    # The loaded coordinator goes on from there: the pending transaction commits.
    fresh.complete_transaction(p, 5, EPOCH, True)
    assert fresh.offsets.offsets_of("g")[TP1].offset == 60


# ====================================================================== TX-OFF-4 RequireStable
@pytest.mark.parametrize("version", [7, 8, 9])
def test_tx_off_4_require_stable_answers_unstable_offset_commit(h: Harness, version: int) -> None:
    h.commit("g", {TP: 5, TP1: 6})
    txn_commit(h, "g", {TP: 10})
    assert fetched(h, "g", version=version) == {TP: (-1, E.UNSTABLE_OFFSET_COMMIT), TP1: (6, E.NONE)}
    # Without RequireStable: the committed value.
    assert fetched(h, "g", version=version, require_stable=False) == {TP: (5, E.NONE), TP1: (6, E.NONE)}
    end_txn(h, "g", True)
    assert fetched(h, "g", version=version) == {TP: (10, E.NONE), TP1: (6, E.NONE)}


@pytest.mark.parametrize("version", [7, 8])
def test_tx_off_4_fetch_all_lists_committed_keys_only(h: Harness, version: int) -> None:
    h.commit("g", {TP: 5})
    txn_commit(h, "g", {TP: 10, TP1: 11})  # TP1 has only a pending offset: not listed (fetchAllOffsets)
    resp = fetch(h, "g", version=version, topics=None)
    topics = resp.groups[0].topics if version >= 8 else resp.topics
    parts = {(t.name, p.partition_index): (p.committed_offset, p.error_code) for t in topics for p in t.partitions}
    assert parts == {TP: (-1, E.UNSTABLE_OFFSET_COMMIT)}


def test_tx_off_4_require_stable_needs_v7(h: Harness) -> None:
    txn_commit(h, "g", {TP: 10})
    # v6 has no RequireStable field: a request object that says so anyway is read as v6 means it.
    assert fetched(h, "g", version=6, require_stable=True) == {TP: (-1, E.NONE), TP1: (-1, E.NONE)}


# ====================================================================== TX-OFF-5 deletion and expiry
def test_tx_off_5_offset_delete_tombstones_a_pending_only_key(h: Harness) -> None:
    txn_commit(h, "g", {TP: 10})
    before = len(h.records)
    OD = OffsetDeleteRequest
    h.absorb(h.coord.offset_delete(OD(group_id="g", topics=[OD.OffsetDeleteRequestTopic(
        name="orders", partitions=[OD.OffsetDeleteRequestPartition(partition_index=0)])]), 0, RequestContext(), "d"))
    assert h.records[before:] == [(offset_commit_key("g", "orders", 0), None)]
    assert pending(h) == {}
    end_txn(h, "g", True)
    assert committed(h) == -1


def test_tx_off_5_delete_groups_tombstones_pending_keys_too(h: Harness) -> None:
    h.commit("g", {TP: 5})
    txn_commit(h, "g", {TP: 10, TP1: 11})
    before = len(h.records)
    h.absorb(h.coord.delete_groups(DeleteGroupsRequest(groups_names=["g"]), 2, RequestContext(), "del"))
    assert h.responses["del"].results[0].error_code == E.NONE
    keys = [k for k, v in h.records[before:] if v is None]
    # One tombstone per key (TP once, though committed and pending), then the group's own.
    assert keys[:2] == [offset_commit_key("g", "orders", 0), offset_commit_key("g", "orders", 1)]
    assert pending(h) == {} and h.coord.snapshot("g") is None


def test_tx_off_5_expiry_keeps_keys_and_groups_with_pending_offsets() -> None:
    h = Harness(offsets_retention_minutes=1, offsets_retention_check_interval_ms=MINUTE)
    h.commit("g", {TP: 5, TP1: 6})
    txn_commit(h, "g", {TP: 10})
    h.advance(2 * MINUTE)
    # TP1 expired; TP has a pending offset: kept, and so is the group.
    assert committed(h) == 5 and committed(h, tp=TP1) == -1
    assert h.coord.snapshot("g") is not None
    end_txn(h, "g", False)
    h.advance(2 * MINUTE)
    assert h.coord.snapshot("g") is None  # expired and Empty: deleted once no transaction is open


def test_tx_off_5_a_group_with_only_pending_offsets_is_not_expired() -> None:
    h = Harness(offsets_retention_minutes=1, offsets_retention_check_interval_ms=MINUTE)
    txn_commit(h, "g", {TP: 10})
    h.advance(2 * MINUTE)
    assert h.coord.snapshot("g") is not None and pending(h) == {PID: {TP: 10}}
    end_txn(h, "g", True)
    assert committed(h) == 10


# ====================================================================== the runtime
class TxnMemoryLog:
    """Writer + loader over lists, keeping transactional batches and markers as a load yields them."""

    def __init__(self) -> None:
        self.partitions: dict[int, list[LoadedRecord]] = {}
        self.producers: list[ProducerIdAndEpoch | None] = []

    async def append(self, partition: int, records: list[tuple[bytes, bytes | None]], *,
                     producer: ProducerIdAndEpoch | None = None) -> None:
        self.producers.append(producer)
        log = self.partitions.setdefault(partition, [])
        if producer is None:
            log.extend(records)
        else:
            log.extend(TransactionalRecord(k, v, *producer) for k, v in records)

    def write_marker(self, partition: int, producer_id: int, committed_: bool) -> None:
        """What the broker's marker writer does to `__consumer_offsets` (TX-MK-3)."""
        self.partitions.setdefault(partition, []).append(EndTransactionMarker(producer_id, EPOCH, committed_))

    def read(self, partition: int) -> list[LoadedRecord]:
        return list(self.partitions.get(partition, []))


async def test_tx_off_2_runtime_appends_the_producers_transactional_batch() -> None:
    from kaflite.coordinator import GroupCoordinatorConfig
    from kaflite.coordinator.service import GroupCoordinatorService
    from kaflite.protocol.messages import OffsetCommitRequest
    from tests.coordinator.test_runtime import handle

    log = TxnMemoryLog()
    config = GroupCoordinatorConfig(offsets_topic_num_partitions=2)
    rt = GroupCoordinatorService.build(log, log, config)
    for p in range(2):
        await rt.load_partition(p)
    ctx = RequestContext("c", "/h")
    TC, PC = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition
    await handle(rt.offset_commit, OffsetCommitRequest(group_id="g", topics=[
        TC(name="orders", partitions=[PC(partition_index=0, committed_offset=5, committed_metadata="")])]), 8, ctx)
    resp = await handle(rt.txn_offset_commit, txn_request("g", {TP: 10}), 3, ctx)
    assert resp.topics[0].partitions[0].error_code == E.NONE
    assert log.producers == [None, ProducerIdAndEpoch(PID, EPOCH)]
    snap = rt.snapshot("g")
    assert snap is not None and snap.offsets[TP].offset == 5  # pending until the marker

    p = rt.partition_for("g")
    log.write_marker(p, PID, True)
    assert rt.complete_transaction(p, PID, EPOCH, True) == E.NONE
    snap = rt.snapshot("g")
    assert snap is not None and snap.offsets[TP].offset == 10
    assert rt.complete_transaction(1 - p, PID, EPOCH, True) == E.NONE  # no pending offsets there

    # A restart replays the log, markers included: the same offsets.
    txn_resp = await handle(rt.txn_offset_commit, txn_request("g", {TP: 20}, producer_id=PID + 1), 3, ctx)
    assert txn_resp.topics[0].partitions[0].error_code == E.NONE
    await rt.close()
    rt2 = GroupCoordinatorService.build(log, log, config)
    for q in range(2):
        await rt2.load_partition(q)
    assert rt2.shard.offsets.offsets_of("g")[TP].offset == 10
    assert {pid: {tp: o.offset for tp, o in offs.items()}
            for pid, offs in rt2.shard.offsets.pending_offsets_of("g").items()} == {PID + 1: {TP: 20}}
    log.write_marker(p, PID + 1, False)
    rt2.complete_transaction(p, PID + 1, EPOCH, False)
    assert rt2.shard.offsets.pending_offsets_of("g") == {}
    await rt2.unload_partition(p)
    assert rt2.complete_transaction(p, PID, EPOCH, True) == E.NOT_COORDINATOR
    await rt2.close()
