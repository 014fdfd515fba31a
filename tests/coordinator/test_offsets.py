"""OffsetCommit / OffsetFetch (B-OFF-1..5) and offset retention (KIP-211)."""

from __future__ import annotations

from kaflite.coordinator import GroupState
from kaflite.coordinator.classic.rebalance import heartbeat_key
from kaflite.coordinator.records import decode_key, decode_offset_commit_value
from kaflite.protocol.errors import ErrorCode as E
from tests.coordinator.harness import Harness, wire

S = GroupState
TP = ("orders", 0)
MINUTE = 60_000


def _offset(h: Harness, group: str, tp: tuple[str, int] = TP) -> int:
    snap = h.coord.snapshot(group)
    return -1 if snap is None or tp not in snap.offsets else snap.offsets[tp].offset


def test_b_off_1_member_commit_checks_member_and_generation(h: Harness) -> None:
    ids = h.form_group(2)
    assert h.commit("g", {TP: 10}, member_id=ids[0], generation=1) == {TP: E.NONE}
    assert h.commit("g", {TP: 11}, member_id="nobody", generation=1) == {TP: E.UNKNOWN_MEMBER_ID}
    assert h.commit("g", {TP: 12}, member_id=ids[0], generation=9) == {TP: E.ILLEGAL_GENERATION}
    assert _offset(h, "g") == 10


def test_b_off_1_rebalance_in_progress_while_completing_rebalance(h: Harness) -> None:
    t = h.join_new()
    h.advance(0)
    m = h.responses[t].member_id
    assert h.state() is S.COMPLETING_REBALANCE
    assert h.commit("g", {TP: 1}, member_id=m, generation=1) == {TP: E.REBALANCE_IN_PROGRESS}


def test_b_off_1_simple_commit_only_when_empty_or_unknown(h: Harness) -> None:
    assert h.commit("simple", {TP: 5}) == {TP: E.NONE}  # unknown group: created, commit-only
    snap = h.coord.snapshot("simple")
    assert snap.state is S.EMPTY and snap.protocol_type is None and snap.offsets[TP].offset == 5
    h.form_group(1)
    assert h.commit("g", {TP: 5}) == {TP: E.UNKNOWN_MEMBER_ID}  # members exist


def test_b_off_1_unknown_group_with_generation(h: Harness) -> None:
    assert h.commit("nogroup", {TP: 1}, member_id="m", generation=1, version=8) == {TP: E.ILLEGAL_GENERATION}
    assert h.commit("nogroup", {TP: 1}, member_id="m", generation=1, version=9) == {TP: E.GROUP_ID_NOT_FOUND}


def test_b_off_1_metadata_too_large() -> None:
    h = Harness(offset_metadata_max_bytes=4)
    res = h.commit("s", {TP: 1, ("orders", 1): 2}, metadata="12345")
    assert res == {TP: E.OFFSET_METADATA_TOO_LARGE, ("orders", 1): E.OFFSET_METADATA_TOO_LARGE}
    assert h.records == [] and _offset(h, "s") == -1  # nothing stored for the refused partitions
    assert h.commit("s", {TP: 1}, metadata="1234") == {TP: E.NONE}  # the limit is inclusive
    assert _offset(h, "s") == 1 and h.coord.snapshot("s").offsets[TP].metadata == "1234"


def test_b_off_1_metadata_limit_counts_characters_like_kafka() -> None:
    """Kafka compares Java's `String.length()` (UTF-16 units) with offset.metadata.max.bytes
    (OffsetMetadataManager.isMetadataInvalid: metadata.length() > offsetMetadataMaxSize)."""
    h = Harness(offset_metadata_max_bytes=4)
    assert h.commit("s", {TP: 2}, metadata="€€€€") == {TP: E.NONE}  # 4 chars (12 UTF-8 bytes): Kafka accepts
    assert h.commit("s", {TP: 3}, metadata="€€€€€") == {TP: E.OFFSET_METADATA_TOO_LARGE}  # 5 chars
    # A character beyond the BMP is a surrogate pair in Java: two units.
    assert h.commit("s", {TP: 4}, metadata="\U0001F600\U0001F600") == {TP: E.NONE}  # 4 units
    assert h.commit("s", {TP: 5}, metadata="\U0001F600\U0001F600x") == {TP: E.OFFSET_METADATA_TOO_LARGE}
    assert _offset(h, "s") == 4


def test_b_off_2_commit_produces_a_record_with_the_response(h: Harness) -> None:
    h.commit("s", {TP: 42}, metadata="m")
    result = h.results[-1]
    ((p, records),) = result.records.items()
    assert p == h.coord.partition_for("s")
    key, value = records[0]
    assert decode_key(key).topic == "orders"
    v = decode_offset_commit_value(value)
    assert (v.offset, v.metadata, v.leader_epoch, v.commit_timestamp) == (42, "m", 3, h.clock.now_ms())
    assert len(result.responses) == 1  # the runtime releases it once `records` are durable


def test_b_off_3_fetch_returns_offsets_and_minus_one_for_none(h: Harness) -> None:
    h.commit("s", {TP: 42}, metadata="meta")
    r = h.fetch("s", {"orders": [0, 1]}, version=7)
    assert r.error_code == E.NONE
    parts = {p.partition_index: p for p in r.topics[0].partitions}
    assert (parts[0].committed_offset, parts[0].committed_leader_epoch, parts[0].metadata) == (42, 3, "meta")
    assert (parts[1].committed_offset, parts[1].committed_leader_epoch, parts[1].metadata) == (-1, -1, "")
    everything = h.fetch("s", None, version=7)
    assert [(t.name, [p.partition_index for p in t.partitions]) for t in everything.topics] == [("orders", [0])]
    unknown = h.fetch("nogroup", {"orders": [0]}, version=1)
    assert unknown.topics[0].partitions[0].committed_offset == -1


def test_b_off_3_v8_answers_several_groups(h: Harness) -> None:
    from kaflite.coordinator import RequestContext
    from kaflite.protocol.messages import OffsetFetchRequest

    h.commit("a", {TP: 1})
    h.commit("b", {TP: 2})
    G = OffsetFetchRequest.OffsetFetchRequestGroup
    T = OffsetFetchRequest.OffsetFetchRequestTopics
    req = OffsetFetchRequest(
        groups=[G(group_id="a", topics=[T(name="orders", partition_indexes=[0])]), G(group_id="b")],
        require_stable=True,  # no pending transactional offsets in kaflite: never UNSTABLE_OFFSET_COMMIT
    )
    req.groups[1].topics = None  # all of b's offsets
    resp = h.coord.offset_fetch(req, 8, RequestContext())
    got = {g.group_id: (g.error_code, g.topics[0].partitions[0].committed_offset) for g in resp.groups}
    assert got == {"a": (E.NONE, 1), "b": (E.NONE, 2)}
    for version in (8, 9):
        assert wire(resp, version) == resp  # every field of the v8+ answer is on the wire


def test_b_off_4_offsets_expire_retention_after_group_became_empty() -> None:
    h = Harness(offsets_retention_minutes=10, offsets_retention_check_interval_ms=MINUTE)
    ids = h.form_group(1)
    h.commit("g", {TP: 7}, member_id=ids[0], generation=1)
    h.clock.advance(5 * MINUTE)
    h.heartbeat("g", ids[0], 1)
    h.clock.advance(20 * MINUTE)  # commit is 25 min old, but the group is not Empty: kept
    h.heartbeat("g", ids[0], 1)
    h.advance(0)
    assert _offset(h, "g") == 7
    h.leave("g", (ids[0], None))
    assert h.state() is S.EMPTY
    h.advance(9 * MINUTE)
    assert _offset(h, "g") == 7  # 9 min after becoming Empty
    n = len(h.records)
    h.advance(MINUTE)  # 10 min after becoming Empty
    assert h.coord.snapshot("g") is None  # offsets tombstoned, then the empty group removed
    tombstones = h.records[n:]
    assert [v for _, v in tombstones] == [None, None]
    assert decode_key(tombstones[0][0]).topic == "orders"
    assert decode_key(tombstones[1][0]).group == "g"
    assert h.states()[-1] == "Dead"


def test_b_off_4_commit_only_group_expires_from_commit_time() -> None:
    h = Harness(offsets_retention_minutes=10, offsets_retention_check_interval_ms=MINUTE)
    h.commit("s", {TP: 1})
    h.clock.advance(5 * MINUTE)
    h.commit("s", {("orders", 1): 2})
    h.advance(5 * MINUTE)
    snap = h.coord.snapshot("s")
    assert TP not in snap.offsets and ("orders", 1) in snap.offsets
    h.advance(5 * MINUTE)
    assert h.coord.snapshot("s") is None


def test_b_off_4_old_per_offset_retention_is_honoured() -> None:
    h = Harness(offsets_retention_check_interval_ms=MINUTE)
    h.commit("s", {TP: 1}, version=2, retention_time_ms=2 * MINUTE)
    assert h.coord.snapshot("s").offsets[TP].expire_timestamp_ms == h.clock.now_ms() + 2 * MINUTE
    h.advance(2 * MINUTE)
    assert h.coord.snapshot("s") is None


def test_b_off_4_empty_group_without_offsets_becomes_dead() -> None:
    h = Harness(offsets_retention_check_interval_ms=MINUTE)
    ids = h.form_group(1)
    h.leave("g", (ids[0], None))
    h.advance(MINUTE)
    assert h.coord.snapshot("g") is None
    assert h.states()[-2:] == ["Empty", "Dead"]
    assert h.records[-1][1] is None


def test_b_off_4_stable_consumer_group_expires_only_unsubscribed_topics() -> None:
    from kaflite.protocol.messages import ConsumerProtocolSubscription

    sub = b"\x00\x01" + ConsumerProtocolSubscription(topics=["orders"]).encode(1)
    h = Harness(offsets_retention_minutes=10, offsets_retention_check_interval_ms=MINUTE)
    ids = h.form_group(1, protocols=[("range", sub)], session_timeout_ms=60_000)
    h.commit("g", {TP: 1, ("old-topic", 0): 9}, member_id=ids[0], generation=1)
    for _ in range(10):
        h.clock.advance(MINUTE)
        h.heartbeat("g", ids[0], 1)
        h.advance(0)
    snap = h.coord.snapshot("g")
    assert TP in snap.offsets and ("old-topic", 0) not in snap.offsets


def test_b_off_5_members_commit_during_the_rebalance_window(h: Harness) -> None:
    ids = h.form_group(2)
    h.join_new()
    assert h.state() is S.PREPARING_REBALANCE
    # ids[1] has not rejoined yet: it commits what it processed with its current generation.
    assert h.commit("g", {TP: 100}, member_id=ids[1], generation=1) == {TP: E.NONE}
    assert _offset(h, "g") == 100


# ---------------------------------------------------------------------- a commit keeps the session
def test_commit_maintains_session_like_kafka() -> None:
    """Kafka's testCommitMaintainsSession / testGenericGroupOffsetCommitMaintainsSession: a known
    member's valid commit reschedules its session expiry, as a heartbeat does."""
    h = Harness()
    (m,) = h.form_group(1, session_timeout_ms=10_000)
    h.advance(5_000)
    assert h.commit("g", {TP: 100}, member_id=m, generation=1) == {TP: E.NONE}
    h.advance(5_000)  # a whole session since the last heartbeat, half a session since the commit
    assert h.state() is S.STABLE and h.coord.snapshot("g").members[0].member_id == m
    h.advance(5_000)  # a whole session since the commit: expired
    assert h.coord.snapshot("g").members == ()


def test_commit_in_preparing_rebalance_maintains_session_but_not_a_refused_one() -> None:
    """Kafka reschedules in Stable and PreparingRebalance only; a refused commit is no sign of life."""
    h = Harness()
    ids = h.form_group(2, session_timeout_ms=10_000)
    key = heartbeat_key("g", ids[1])
    assert h.coord.timer_deadline(key) is not None, h.coord.scheduled_timers()
    h.advance(1_000)
    h.join_new()  # a third member: PreparingRebalance; ids[1] has not rejoined
    assert h.state() is S.PREPARING_REBALANCE
    assert h.commit("g", {TP: 1}, member_id=ids[1], generation=1) == {TP: E.NONE}
    assert h.coord.timer_deadline(key) == h.clock.now_ms() + 10_000
    h.advance(1_000)
    assert h.commit("g", {TP: 2}, member_id=ids[1], generation=7) == {TP: E.ILLEGAL_GENERATION}
    assert h.coord.timer_deadline(key) == h.clock.now_ms() + 9_000  # unchanged


# ---------------------------------------------------------------------- partitions that do not exist
def _commit_answer(h: Harness) -> list[tuple[str, list[tuple[int, int]]]]:
    """The last OffsetCommit answer as the client reads it, in order."""
    (resp,) = [r for t, r in h.responses.items() if t.startswith("commit#")][-1:]
    return [(t.name, [(p.partition_index, p.error_code) for p in t.partitions]) for t in resp.topics]


def test_commit_to_a_partition_that_does_not_exist_answers_unknown_topic_or_partition() -> None:
    """KafkaApis.handleOffsetCommitRequest checks the metadata cache before the coordinator: an unknown
    topic, or an unknown partition of a known one, is UNKNOWN_TOPIC_OR_PARTITION and nothing is stored;
    the others are committed. The answer lists the unknown partitions first (OffsetCommitResponse.Builder)."""
    h = Harness(topics={"orders": 2})
    res = h.commit("s", {("orders", 0): 1, ("nope", 0): 2, ("orders", 5): 3, ("orders", 1): 4})
    assert res == {("orders", 0): E.NONE, ("nope", 0): E.UNKNOWN_TOPIC_OR_PARTITION,
                   ("orders", 5): E.UNKNOWN_TOPIC_OR_PARTITION, ("orders", 1): E.NONE}
    assert _commit_answer(h) == [("orders", [(5, E.UNKNOWN_TOPIC_OR_PARTITION), (0, E.NONE), (1, E.NONE)]),
                                 ("nope", [(0, E.UNKNOWN_TOPIC_OR_PARTITION)])]
    assert set(h.coord.snapshot("s").offsets) == {("orders", 0), ("orders", 1)}
    assert len(h.records) == 2


def test_commit_of_only_unknown_partitions_never_reaches_the_group() -> None:
    """No partition exists: Kafka answers from KafkaApis without calling the coordinator, so neither a
    group error nor a new simple group comes of it."""
    h = Harness(topics={"orders": 1})
    assert h.commit("nogroup", {("nope", 0): 1}, member_id="m", generation=3, version=9) == {
        ("nope", 0): E.UNKNOWN_TOPIC_OR_PARTITION}
    assert h.commit("simple", {("orders", 1): 1}) == {("orders", 1): E.UNKNOWN_TOPIC_OR_PARTITION}
    assert h.coord.snapshot("simple") is None and h.coord.snapshot("nogroup") is None and h.records == []


def test_commit_group_error_applies_to_the_existing_partitions_only() -> None:
    """The coordinator's error covers what it was asked; the unknown partitions keep their own answer."""
    h = Harness(topics={"orders": 1})
    ids = h.form_group(1)
    assert h.commit("g", {("orders", 0): 1, ("nope", 0): 2}, member_id=ids[0], generation=9) == {
        ("orders", 0): E.ILLEGAL_GENERATION, ("nope", 0): E.UNKNOWN_TOPIC_OR_PARTITION}
    assert h.commit("g", {("orders", 0): 1, ("nope", 0): 2}, member_id=ids[0], generation=1) == {
        ("orders", 0): E.NONE, ("nope", 0): E.UNKNOWN_TOPIC_OR_PARTITION}
    assert set(h.coord.snapshot("g").offsets) == {("orders", 0)}
