"""The share coordinator shard, one test per spec id (SC-*): checks in Kafka's order, the records each operation
writes, and replay rebuilding the state those records describe."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from structlog.testing import capture_logs

from kaflite.protocol.errors import ErrorCode as E
from kaflite.share_coordinator.batches import StateBatch as B
from kaflite.share_coordinator.records import (
    SHARE_SNAPSHOT,
    SHARE_UPDATE,
    ShareGroupOffset,
    SharePartitionKey,
    ShareUpdate,
    decode_record,
    snapshot_record,
    tombstone,
    update_record,
)
from kaflite.share_coordinator.shard import (
    COLD_SNAPSHOT_TIMER,
    NEGATIVE_PARTITION_ID,
    NULL_TOPIC_ID,
    READ_UNINITIALIZED_SHARE_PARTITION,
    WRITE_UNINITIALIZED_SHARE_PARTITION,
    PartitionStatus,
)
from tests.share_coordinator.harness import (
    T1,
    T2,
    Harness,
    delete_req,
    init_req,
    read_req,
    summary_req,
    write_req,
)

KEY = SharePartitionKey("g", T1, 0)
FENCED_STATE = "The share coordinator rejected the request because the share-group state epoch did not match."


def only_record(result: object) -> tuple[int, SharePartitionKey, object]:
    records = result.all_records()  # type: ignore[attr-defined]
    assert len(records) == 1
    return decode_record(*records[0])


def initialized(h: Harness, **kw: int) -> None:
    part, _ = h.run("initialize_state", init_req(**kw))
    assert part.error_code == E.NONE


# ------------------------------------------------------------------ SC-INIT-1
def test_sc_init_1_initialize_writes_a_fresh_snapshot_then_resets_on_the_next() -> None:
    h = Harness()
    part, result = h.run("initialize_state", init_req(state_epoch=1, start_offset=10))
    assert (part.partition, part.error_code, part.error_message) == (0, E.NONE, None)
    now = h.clock.now_ms()
    assert only_record(result) == (SHARE_SNAPSHOT, KEY, ShareGroupOffset(0, 1, 0, 10, -1, (), now, now))
    assert result.partitions == {h.shard.partition_for(KEY)}
    h.run("write_state", write_req(state_epoch=1, batches=[B(10, 20, 2, 1)], dcc=11))
    h.clock.advance(5)
    _, result = h.run("initialize_state", init_req(state_epoch=2, start_offset=-1))
    # a full reset: no batches, no delivery-complete count, leader epoch 0, the next snapshot epoch
    assert only_record(result)[2] == ShareGroupOffset(1, 2, 0, -1, -1, (), now + 5, now + 5)


def test_sc_init_1_checks() -> None:
    h = Harness()
    initialized(h, state_epoch=3)
    part, result = h.run("initialize_state", init_req(state_epoch=2))
    assert (part.error_code, part.error_message) == (E.FENCED_STATE_EPOCH, FENCED_STATE) and not result.records
    part, _ = h.run("initialize_state", init_req(state_epoch=-1))  # -1 is never fenced
    assert part.error_code == E.NONE
    part, _ = h.run("initialize_state", init_req(topic=None))
    assert (part.error_code, part.error_message) == (E.INVALID_REQUEST, NULL_TOPIC_ID)
    part, _ = h.run("initialize_state", init_req(partition=-1))
    assert (part.error_code, part.error_message) == (E.INVALID_REQUEST, NEGATIVE_PARTITION_ID)
    for req in (init_req(topic=bytes(16)), init_req(partition=4)):  # no such topic; T1 has 4 partitions
        part, result = h.run("initialize_state", req)
        assert part.error_code == E.UNKNOWN_TOPIC_OR_PARTITION and not result.records


# ------------------------------------------------------------------ SC-WRITE-1
def test_sc_write_1_checks_in_order_and_an_error_writes_nothing() -> None:
    h = Harness()
    cases = [
        (write_req(topic=None, partition=-1), E.INVALID_REQUEST, NULL_TOPIC_ID),
        (write_req(partition=-1), E.INVALID_REQUEST, NEGATIVE_PARTITION_ID),
        (write_req(partition=9), E.INVALID_REQUEST, WRITE_UNINITIALIZED_SHARE_PARTITION),  # before the topic check
    ]
    initialized(h, state_epoch=2)
    h.run("read_state", read_req(leader_epoch=5))  # leader epoch 5 recorded
    cases += [
        (write_req(leader_epoch=4, state_epoch=1), E.FENCED_LEADER_EPOCH, None),  # leader first
        (write_req(leader_epoch=-1, state_epoch=1), E.FENCED_STATE_EPOCH, None),
    ]
    for req, error, message in cases:
        part, result = h.run("write_state", req)
        assert part.error_code == error and not result.records, req
        if message is not None:
            assert part.error_message == message
    del h.topics[T1]
    part, result = h.run("write_state", write_req(leader_epoch=5, state_epoch=2))
    assert part.error_code == E.UNKNOWN_TOPIC_OR_PARTITION and not result.records
    h.topics[T1] = 4
    part, _ = h.run("write_state", write_req(leader_epoch=-1, state_epoch=-1))  # -1: neither is checked
    assert (part.error_code, part.error_message) == (E.NONE, None)


def test_sc_write_1_writes_an_update_with_the_current_epochs_and_the_requests_batches_combined() -> None:
    h = Harness()
    initialized(h, start_offset=0)
    h.run("read_state", read_req(leader_epoch=3))
    batches = [B(5, 9, 0, 1), B(7, 12, 2, 1), B(0, 3, 2, 1)]  # overlapping, unsorted, partly below StartOffset
    part, result = h.run("write_state", write_req(leader_epoch=7, start_offset=2, dcc=4, batches=batches))
    assert part.error_code == E.NONE
    # LeaderEpoch is the stored one (a write never moves it), batches combined and pruned at 2
    assert only_record(result) == (SHARE_UPDATE, KEY, ShareUpdate(
        0, 3, 2, 4, (B(2, 3, 2, 1), B(5, 6, 0, 1), B(7, 12, 2, 1))))
    assert h.shard.state(KEY).state_batches == (B(2, 3, 2, 1), B(5, 6, 0, 1), B(7, 12, 2, 1))  # type: ignore[union-attr]
    _, result = h.run("write_state", write_req(leader_epoch=-1, start_offset=-1, batches=[B(6, 6, 4, 2)]))
    assert only_record(result)[2] == ShareUpdate(0, 3, -1, -1, (B(6, 6, 4, 2),))
    s = h.shard.state(KEY)
    assert s is not None and s.start_offset == 2 and s.delivery_complete_count == -1
    assert s.state_batches == (B(2, 3, 2, 1), B(5, 5, 0, 1), B(6, 6, 4, 2), B(7, 12, 2, 1))


# ------------------------------------------------------------------ SC-SNAP-1
def test_sc_snap_1_a_snapshot_every_n_updates() -> None:
    """N = 2: the initial S0, then 3 S1 (the counter starts absent, then 0, 1, 2), then S0, then 2 S1, ..."""
    h = Harness(per_snapshot=2)
    initialized(h)
    kinds = [only_record(h.run("write_state", write_req(batches=[B(i, i, 2, 1)]))[1])[0] for i in range(9)]
    S0, S1 = SHARE_SNAPSHOT, SHARE_UPDATE
    assert kinds == [S1, S1, S1, S0, S1, S1, S0, S1, S1]
    s = h.shard.state(KEY)
    assert s is not None and s.snapshot_epoch == 2 and s.state_batches == (B(0, 8, 2, 1),)


def test_sc_snap_1_zero_means_always_a_snapshot_and_a_snapshot_carries_everything() -> None:
    h = Harness(per_snapshot=0)
    initialized(h, state_epoch=4, start_offset=0)
    h.run("write_state", write_req(state_epoch=4, batches=[B(0, 9, 0, 1)]))
    h.clock.advance(10)
    _, result = h.run("write_state", write_req(state_epoch=4, start_offset=-1, dcc=3, batches=[B(3, 4, 2, 1)]))
    now = h.clock.now_ms()
    assert only_record(result) == (SHARE_SNAPSHOT, KEY, ShareGroupOffset(
        2, 4, 0, 0, 3, (B(0, 2, 0, 1), B(3, 4, 2, 1), B(5, 9, 0, 1)), now, now))


def test_sc_snap_1_default_501_updates_follow_the_initial_snapshot() -> None:
    h = Harness()
    initialized(h)
    kinds = [only_record(h.run("write_state", write_req())[1])[0] for _ in range(503)]
    assert kinds[:501] == [SHARE_UPDATE] * 501 and kinds[501] == SHARE_SNAPSHOT and kinds[502] == SHARE_UPDATE


# ------------------------------------------------------------------ SC-READ-1
def test_sc_read_1_answers_the_state_and_records_a_new_leader_epoch() -> None:
    h = Harness()
    initialized(h, state_epoch=2, start_offset=5)
    h.run("write_state", write_req(state_epoch=2, batches=[B(5, 7, 2, 1)]))
    part, result = h.run("read_state", read_req(leader_epoch=0))  # the stored epoch: nothing written
    assert (part.error_code, part.state_epoch, part.start_offset, part.state_batches) == (E.NONE, 2, 5, [B(5, 7, 2, 1)])
    assert not result.records and result.partitions
    part, result = h.run("read_state", read_req(leader_epoch=6))
    assert part.state_batches == [B(5, 7, 2, 1)]
    assert only_record(result) == (SHARE_UPDATE, KEY, ShareUpdate(0, 6, 5, -1, ()))
    part, _ = h.run("write_state", write_req(leader_epoch=5))
    assert part.error_code == E.FENCED_LEADER_EPOCH
    part, _ = h.run("read_state", read_req(leader_epoch=5))
    assert part.error_code == E.FENCED_LEADER_EPOCH
    part, _ = h.run("read_state", read_req(leader_epoch=-1))  # Kafka: -1 is below any stored epoch
    assert part.error_code == E.FENCED_LEADER_EPOCH


def test_sc_read_1_checks() -> None:
    h = Harness()
    part, _ = h.run("read_state", read_req())
    assert (part.error_code, part.error_message) == (E.INVALID_REQUEST, READ_UNINITIALIZED_SHARE_PARTITION)
    part, _ = h.run("read_state", read_req(topic=None))
    assert (part.error_code, part.error_message) == (E.INVALID_REQUEST, NULL_TOPIC_ID)
    part, _ = h.run("read_state", read_req(partition=-2))
    assert (part.error_code, part.error_message) == (E.INVALID_REQUEST, NEGATIVE_PARTITION_ID)
    initialized(h)
    del h.topics[T1]
    part, result = h.run("read_state", read_req(leader_epoch=3))
    assert part.error_code == E.UNKNOWN_TOPIC_OR_PARTITION and not result.records


# ------------------------------------------------------------------ SC-SUM-1
def test_sc_sum_1_summary() -> None:
    h = Harness()
    part, result = h.run("read_state_summary", summary_req())
    assert (part.error_code, part.start_offset, part.delivery_complete_count, part.leader_epoch, part.state_epoch) \
        == (E.NONE, -1, -1, 0, 0) and not result.records
    initialized(h, state_epoch=3, start_offset=8)
    h.run("read_state", read_req(leader_epoch=2))
    h.run("write_state", write_req(state_epoch=3, leader_epoch=2, dcc=5))
    part, _ = h.run("read_state_summary", summary_req())
    assert (part.start_offset, part.delivery_complete_count, part.leader_epoch, part.state_epoch) == (8, 5, 2, 3)
    part, _ = h.run("read_state_summary", summary_req(topic=bytes(16)))
    assert part.error_code == E.UNKNOWN_TOPIC_OR_PARTITION
    part, _ = h.run("read_state_summary", summary_req(partition=-1))
    assert (part.error_code, part.error_message) == (E.INVALID_REQUEST, NEGATIVE_PARTITION_ID)


# ------------------------------------------------------------------ SC-DEL-1, SC-DEL-2
def test_sc_del_1_delete_tombstones_a_known_key_only() -> None:
    h = Harness()
    part, result = h.run("delete_state", delete_req())
    assert part.error_code == E.NONE and not result.records
    initialized(h, state_epoch=4)
    part, result = h.run("delete_state", delete_req())
    assert part.error_code == E.NONE and result.all_records() == [tombstone(KEY)]
    assert h.shard.state(KEY) is None
    part, _ = h.run("write_state", write_req())
    assert part.error_message == WRITE_UNINITIALIZED_SHARE_PARTITION
    part, result = h.run("initialize_state", init_req(state_epoch=1))  # epochs forgotten with the key
    assert part.error_code == E.NONE and only_record(result)[2].snapshot_epoch == 0  # type: ignore[attr-defined]
    part, _ = h.run("delete_state", delete_req(topic=bytes(16)))
    assert part.error_code == E.UNKNOWN_TOPIC_OR_PARTITION


def test_sc_del_2_a_deleted_topic_tombstones_its_keys() -> None:
    h = Harness(num_partitions=5)
    keys = [("g", T1, 0), ("g", T1, 3), ("h", T1, 1), ("g", T2, 0)]
    for g, t, p in keys:
        initialized(h, group=g, topic=t, partition=p)  # type: ignore[arg-type]
    result = h.keep(h.shard.delete_topics([T1]))
    gone = {decode_record(*r)[1] for r in result.all_records()}
    assert gone == {SharePartitionKey(g, t, p) for g, t, p in keys if t == T1}
    assert all(v is None for _, v in result.all_records())
    assert set(h.shard.keys) == {SharePartitionKey("g", T2, 0)}
    assert not h.shard.delete_topics([]).records


# ------------------------------------------------------------------ SC-RP-1
def test_sc_rp_1_replay_merges_updates_and_tracks_the_highest_epochs() -> None:
    h = Harness()
    shard = h.shard
    shard.replay(*snapshot_record(KEY, ShareGroupOffset(3, 5, 7, 10, -1, (B(10, 19, 0, 1),), 1, 2)))
    shard.replay(*update_record(KEY, ShareUpdate(3, -1, -1, 4, (B(12, 13, 2, 1),))))
    s = shard.keys[KEY]
    assert s.offset == ShareGroupOffset(3, 5, 7, 10, 4, (B(10, 11, 0, 1), B(12, 13, 2, 1), B(14, 19, 0, 1)), 1, 2)
    assert s.updates == 0
    shard.replay(*update_record(KEY, ShareUpdate(3, 8, 14, 2, ())))  # a new StartOffset prunes
    assert shard.keys[KEY].offset == ShareGroupOffset(3, 5, 8, 14, 2, (B(14, 19, 0, 1),), 1, 2)
    # a lower epoch in a later snapshot replaces the state but not the highest epochs seen
    shard.replay(*snapshot_record(KEY, ShareGroupOffset(4, 1, 0, 0, -1, (), 3, 3)))
    assert (s.leader_epoch, s.state_epoch, s.offset.state_epoch) == (8, 5, 1)
    part, _ = h.run("write_state", write_req(state_epoch=4, leader_epoch=8))
    assert part.error_code == E.FENCED_STATE_EPOCH
    shard.replay(*tombstone(KEY))
    assert KEY not in shard.keys
    other = SharePartitionKey("g", T2, 1)  # an update with no snapshot before it: taken as it is
    shard.replay(*update_record(other, ShareUpdate(2, 3, 4, 5, (B(1, 2, 0, 1),))))
    assert shard.keys[other].offset == ShareGroupOffset(2, 0, 3, 4, 5, (B(1, 2, 0, 1),), 0, 0)


def test_sc_rp_1_unknown_types_and_versions_are_skipped_with_a_warning() -> None:
    h = Harness()
    key, value = snapshot_record(KEY, ShareGroupOffset(0, 0, 0, 0, -1, (), 0, 0))
    assert value is not None
    with capture_logs() as logs:
        h.shard.replay(b"\x00\x09" + key[2:], value)
        h.shard.replay(key, b"\x00\x03" + value[2:])
        h.shard.replay(key, b"\x00\x03" + value[2:])  # warned once
    assert not h.shard.keys
    assert [e["event"] for e in logs] == ["share_coordinator.record_skipped"] * 2
    try:
        h.shard.replay_loaded(0, (key, value))
    except ValueError:
        pass
    else:
        raise AssertionError("a transactional record in __share_group_state is damage")


def test_sc_rp_1_replaying_every_operations_records_rebuilds_the_same_state() -> None:
    h = Harness(per_snapshot=2)
    initialized(h, state_epoch=1, start_offset=0)
    initialized(h, group="h", topic=T2, partition=1, state_epoch=0)
    for i in range(6):
        h.run("write_state", write_req(state_epoch=1, start_offset=i, dcc=i, batches=[B(i, i + 3, i % 3 * 2, i)]))
    h.run("read_state", read_req(leader_epoch=4))
    h.run("write_state", write_req(state_epoch=1, leader_epoch=4, batches=[B(20, 25, 4, 2)]))
    h.run("initialize_state", init_req(group="h", topic=T2, partition=1, state_epoch=2, start_offset=7))
    h.run("delete_state", delete_req(group="h", topic=T2, partition=1))
    h.run("initialize_state", init_req(group="x", topic=T2, partition=0))
    h.keep(h.shard.delete_topics([T2]))
    assert h.replayed().state_snapshot() == h.shard.state_snapshot()
    assert h.shard.state_snapshot()  # something is left to compare


OPS = st.one_of(
    st.tuples(st.just("initialize_state"), st.integers(0, 1), st.integers(-1, 3), st.integers(-1, 30)),
    st.tuples(st.just("write_state"), st.integers(0, 1),
              st.tuples(st.integers(-1, 30), st.integers(-1, 9), st.integers(-1, 3),
                        st.lists(st.tuples(st.integers(0, 40), st.integers(0, 6), st.sampled_from([0, 2, 4]),
                                           st.integers(1, 3)), max_size=4))),
    st.tuples(st.just("read_state"), st.integers(0, 1), st.integers(-1, 5)),
    st.tuples(st.just("delete_state"), st.integers(0, 1)),
    st.tuples(st.just("cold"), st.integers(0, 400_000)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(OPS, max_size=25), st.integers(0, 3))
def test_sc_rp_1_random_operations_replay_to_the_same_state(ops: list[tuple], per_snapshot: int) -> None:  # type: ignore[type-arg]
    h = Harness(num_partitions=2, per_snapshot=per_snapshot, cold_ms=100_000)
    for op in ops:
        kind, rest = op[0], op[1:]
        if kind == "cold":
            h.clock.advance(rest[0])
            h.keep(h.shard.snapshot_cold_partitions())
            continue
        partition = rest[0]
        if kind == "initialize_state":
            h.run(kind, init_req(partition=partition, state_epoch=rest[1], start_offset=rest[2]))
        elif kind == "write_state":
            start, leader, state_epoch, bs = rest[1]
            h.run(kind, write_req(partition=partition, start_offset=start, leader_epoch=leader, state_epoch=state_epoch,
                                  batches=[B(f, f + n, s, c) for f, n, s, c in bs]))
        elif kind == "read_state":
            h.run(kind, read_req(partition=partition, leader_epoch=rest[1]))
        else:
            h.run(kind, delete_req(partition=partition))
    assert h.replayed().state_snapshot() == h.shard.state_snapshot()


# ------------------------------------------------------------------ SC-TOP-1: partitions served here
def test_sc_top_1_a_key_outside_the_served_partitions_is_not_answered_here() -> None:
    h = Harness()
    p = h.shard.partition_for(KEY)
    shard = h.shard
    initialized(h)
    shard.begin_load(p)  # loading: the key's state is rebuilt from the log first
    assert shard.partition_status(p) is PartitionStatus.LOADING and KEY not in shard.keys
    part, result = h.run("write_state", write_req())
    assert part.error_code == E.COORDINATOR_LOAD_IN_PROGRESS and not result.records
    for record in h.log[p]:
        shard.replay(*record)
    shard.complete_load(p)
    part, _ = h.run("read_state", read_req())
    assert part.error_code == E.NONE
    shard.unload(p)
    assert KEY not in shard.keys
    for op, req in (("initialize_state", init_req()), ("read_state_summary", summary_req()),
                    ("delete_state", delete_req())):
        part, result = h.run(op, req)
        assert part.error_code == E.NOT_COORDINATOR and not result.records


# ------------------------------------------------------------------ SC-HK-1
def test_sc_hk_1_cold_keys_get_a_fresh_snapshot_unless_all_already_had_one() -> None:
    h = Harness(num_partitions=1, cold_ms=1_000)
    shard = h.new_shard(owned=False)
    h.shard = shard
    shard.begin_load(0)
    armed = shard.complete_load(0)
    t0 = h.clock.now_ms()
    assert [(t.key, t.deadline_ms) for t in armed.timers] == [(COLD_SNAPSHOT_TIMER, t0 + 1_000)]
    initialized(h, state_epoch=1)
    initialized(h, group="h", state_epoch=1)
    h.clock.advance(500)
    # an update keeps its snapshot's timestamps
    h.run("write_state", write_req(group="h", state_epoch=1, batches=[B(0, 0, 2, 1)]))
    h.clock.advance(500)
    assert not shard.on_timer(COLD_SNAPSHOT_TIMER, t0 + 999).records  # not due: stale
    result = h.keep(shard.on_timer(COLD_SNAPSHOT_TIMER, h.clock.now_ms()))
    now = h.clock.now_ms()
    snaps = {decode_record(*r)[1].group_id: decode_record(*r)[2] for r in result.all_records()}
    assert snaps == {"g": ShareGroupOffset(1, 1, 0, -1, -1, (), t0, now),
                     "h": ShareGroupOffset(1, 1, 0, -1, -1, (B(0, 0, 2, 1),), t0, now)}
    assert [(t.key, t.deadline_ms) for t in result.timers] == [(COLD_SNAPSHOT_TIMER, now + 1_000)]
    h.clock.advance(1_000)
    assert not shard.on_timer(COLD_SNAPSHOT_TIMER, h.clock.now_ms()).records  # all cold already: quiet
    assert h.replayed().state_snapshot() == shard.state_snapshot()
