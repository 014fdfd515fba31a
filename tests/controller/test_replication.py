"""Partition leadership across several brokers (issue 34): placement, moves as PartitionChangeRecords, stopped and
started brokers, preferred-leader elections, KIP-320's epoch checks -- each decision applied through ``apply`` as
replay applies it."""

from __future__ import annotations

from collections import Counter

import pytest

from kaflite.controller.replication import (
    NO_LEADER,
    BrokerDown,
    PartitionRef,
    ReplicationControl,
    UnknownBroker,
)
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import PartitionChangeRecord
from kaflite.storage.cluster_metadata import decode_metadata_record, encode_metadata_record

TID = bytes(range(16))


def refs(topic: str, n: int, topic_id: bytes = TID) -> list[PartitionRef]:
    return [PartitionRef(topic_id, topic, p) for p in range(n)]


def commit(control: ReplicationControl, records: list[PartitionChangeRecord]) -> None:
    """As the broker commits them: through the metadata log's bytes, then applied."""
    for record in records:
        control.apply(decode_metadata_record(encode_metadata_record(record)))


def test_one_broker_leads_everything_at_epoch_zero() -> None:
    control = ReplicationControl([1])
    for ref in refs("t", 5):
        lead = control.leadership(ref)
        assert (lead.leader, lead.leader_epoch, lead.replicas, lead.isr, lead.offline) == (1, 0, (1,), (1,), ())


def test_leaders_are_spread_over_the_brokers() -> None:
    control = ReplicationControl([0, 1, 2])
    leaders = Counter(control.leader(ref) for ref in refs("__consumer_offsets", 51))
    assert leaders == {0: 17, 1: 17, 2: 17}
    ref = PartitionRef(TID, "orders", 4)
    lead = control.leadership(ref)
    assert sorted(lead.replicas) == [0, 1, 2] and lead.replicas[0] == lead.leader and lead.leader_epoch == 0
    # The placement is a function of the name: every start (and every process) agrees.
    assert ReplicationControl([0, 1, 2]).leadership(ref) == lead


def test_a_move_is_a_record_that_bumps_the_leader_epoch() -> None:
    control = ReplicationControl([0, 1, 2])
    ref = PartitionRef(TID, "orders", 0)
    old = control.leader(ref)
    target = next(n for n in (0, 1, 2) if n != old)
    records = control.move_leader(ref, target)
    assert control.leader(ref) == old  # nothing changes before the records are committed
    commit(control, records)
    assert (control.leader(ref), control.leadership(ref).leader_epoch) == (target, 1)
    assert control.move_leader(ref, target) == []  # already there
    commit(control, control.move_leader(ref, old))
    assert (control.leader(ref), control.leadership(ref).leader_epoch) == (old, 2)


def test_replay_rebuilds_the_same_leadership() -> None:
    live = ReplicationControl([0, 1, 2])
    written: list[PartitionChangeRecord] = []
    for ref in refs("t", 6):
        records = live.move_leader(ref, 2)
        written += records
        commit(live, records)
    replayed = ReplicationControl([0, 1, 2])
    commit(replayed, written)
    assert [replayed.leadership(r) for r in refs("t", 6)] == [live.leadership(r) for r in refs("t", 6)]


def test_a_stopped_broker_hands_its_leaderships_to_live_replicas() -> None:
    control = ReplicationControl([0, 1, 2])
    parts = refs("t", 9)
    led_by_1 = [r for r in parts if control.leader(r) == 1]
    records = control.stop_broker(1, parts)
    assert len(records) == len(led_by_1) == 3
    commit(control, records)
    assert control.live_nodes() == [0, 2]
    for ref in parts:
        lead = control.leadership(ref)
        assert lead.leader in (0, 2) and 1 not in lead.isr and lead.offline == (1,)
    assert all(control.leadership(r).leader_epoch == 1 for r in led_by_1)
    # Back, leading nothing; a preferred-leader election gives it its own partitions back.
    commit(control, control.start_broker(1, parts))
    assert control.live_nodes() == [0, 1, 2] and all(control.leader(r) != 1 for r in parts)
    for ref in led_by_1:
        error, records = control.elect_preferred(ref)
        assert error == ErrorCode.NONE
        commit(control, records)
        assert (control.leader(ref), control.leadership(ref).leader_epoch) == (1, 2)
        assert control.elect_preferred(ref) == (ErrorCode.ELECTION_NOT_NEEDED, [])


def test_preferred_election_waits_for_the_preferred_leader() -> None:
    control = ReplicationControl([0, 1])
    ref = PartitionRef(TID, "t", 0)
    preferred = control.leader(ref)
    commit(control, control.stop_broker(preferred, [ref]))
    assert control.elect_preferred(ref) == (ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE, [])


def test_every_broker_stopped_leaves_no_leader_and_the_first_back_takes_over() -> None:
    control = ReplicationControl([0, 1])
    parts = refs("t", 4)
    commit(control, control.stop_broker(0, parts))
    commit(control, control.stop_broker(1, parts))
    assert all(control.leader(r) == NO_LEADER for r in parts) and control.controller_id() == -1
    commit(control, control.start_broker(1, parts))
    assert all(control.leader(r) == 1 for r in parts)


def test_moves_onto_unknown_or_stopped_brokers_are_refused() -> None:
    control = ReplicationControl([0, 1])
    ref = PartitionRef(TID, "t", 0)
    with pytest.raises(UnknownBroker):
        control.move_leader(ref, 7)
    commit(control, control.stop_broker(1, [ref]))
    with pytest.raises(BrokerDown):
        control.move_leader(ref, 1)


def test_reconcile_moves_leaders_off_brokers_the_cluster_no_longer_has() -> None:
    three = ReplicationControl([0, 1, 2])
    parts = refs("t", 6)
    written = [r for ref in parts for r in three.move_leader(ref, 2)]
    two = ReplicationControl([0, 1])  # restarted with --brokers 2
    commit(two, written)
    on_2 = [r for r in parts if two.leader(r) == 2]  # moved there by a record (the others were 2's by placement)
    records = two.reconcile(parts)
    assert on_2 and len(records) == len(on_2)
    commit(two, records)
    assert all(two.leader(r) in (0, 1) for r in parts)
    assert all(two.leadership(r).leader_epoch == 2 for r in on_2)


def test_a_deleted_topics_moves_are_forgotten() -> None:
    control = ReplicationControl([0, 1])
    ref = PartitionRef(TID, "t", 0)
    commit(control, control.move_leader(ref, 1 - control.leader(ref)))
    control.forget_topic(TID)
    assert control.leadership(ref).leader_epoch == 0


@pytest.mark.parametrize(("requested", "error"), [
    (-1, ErrorCode.NONE), (3, ErrorCode.NONE), (2, ErrorCode.FENCED_LEADER_EPOCH), (4, ErrorCode.UNKNOWN_LEADER_EPOCH)])
def test_kip320_leader_epoch_checks(requested: int, error: ErrorCode) -> None:
    assert ReplicationControl.check_leader_epoch(3, requested) == error
