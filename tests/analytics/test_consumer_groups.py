"""KIP-848 consumer-group records (types 3-8, 16) in `__consumer_offsets`: decoded rows (no Spark), and
the group timeline and per-epoch table under Spark. The segment is what the coordinator itself wrote
for a scripted scenario (tests/coordinator/consumer_harness.py), one batch per operation."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kaflite.analytics.internal_topics import CONSUMER_GROUP_COLUMNS, iter_offsets_rows, topic_id_str
from kaflite.analytics.layout import topic_names
from kaflite.coordinator.consumer import records as rec
from kaflite.protocol.records import NewRecord, build_batch
from tests.coordinator.consumer_harness import ConsumerHarness, topic_id

T0 = 1_700_000_000_000
C = {name: i for i, name in enumerate(CONSUMER_GROUP_COLUMNS)}


def scenario(data: Path) -> Path:
    """m1 joins (epoch 1), m2 joins (2), they reconcile, m3 joins with regex u.* (3), m2 leaves (4)."""
    h = ConsumerHarness({"t": 4, "u": 2})
    batches: list[bytes] = []
    offset = 0

    def op(f: Callable[[], Any]) -> Any:
        nonlocal offset
        n = len(h.records)
        r = f()
        recs = [NewRecord(k, v) for k, v in h.records[n:]]
        if recs:
            batches.append(build_batch(recs, timestamp_ms=T0 + 1000 * len(batches), base_offset=offset))
            offset += len(recs)
        return r

    op(lambda: h.hb("m1", 0, topics=["t"]))
    op(lambda: h.hb("m2", 0, topics=["t"]))
    r1 = op(lambda: h.hb("m1", 1, owned={"t": [0, 1, 2, 3]}))
    op(lambda: h.hb("m1", r1.member_epoch, owned=h.assigned(r1)))
    op(lambda: h.hb("m2", 2, owned={}))
    r3 = op(lambda: h.hb("m3", 0, regex="u.*"))
    op(lambda: h.advance(0))  # CG-RX-2: the regex is resolved off the heartbeat, which bumps the group epoch
    op(lambda: h.hb("m3", r3.member_epoch, owned={}))
    op(lambda: h.hb("m2", -1))
    part = data / f"__consumer_offsets-{h.coord.partition_for('g')}"
    part.mkdir(parents=True)
    (part / f"{0:020d}.log").write_bytes(b"".join(batches))
    for name in ("t", "u"):  # Kafka's partition.metadata: the topic ids the records name
        (data / f"{name}-0").mkdir()
        (data / f"{name}-0" / "partition.metadata").write_text(f"version: 0\ntopic_id: {topic_id_str(topic_id(name))}")
    return part / f"{0:020d}.log"


def test_consumer_group_rows(tmp_path: Path) -> None:
    seg = scenario(tmp_path)
    names = topic_names(tmp_path)
    assert names == {topic_id_str(topic_id("t")): "t", topic_id_str(topic_id("u")): "u"}
    rows = list(iter_offsets_rows(str(seg), 0, "consumer_groups", names))
    assert [r[C["record_type"]] for r in rows[:5]] == [5, 3, 7, 6, 8]
    assert {r[C["record"]] for r in rows} >= {"ConsumerGroupMetadata", "ConsumerGroupRegularExpression"}
    epochs = [r[C["group_epoch"]] for r in rows if r[C["record_type"]] == rec.GROUP_METADATA]
    assert epochs == [1, 2, 3, 4]
    first = rows[0]
    assert (first[C["member_id"]], first[C["subscribed_topic_names"]], first[C["tombstone"]]) == ("m1", ["t"], False)
    m1_first = rows[4]
    assert (m1_first[C["member_epoch"]], m1_first[C["member_state"]]) == (1, "STABLE")
    assert [(p["topic"], p["partition"]) for p in m1_first[C["assigned"]]] == [("t", p) for p in range(4)]
    unrevoked = [r for r in rows if r[C["member_state"]] == "UNREVOKED_PARTITIONS"]
    assert unrevoked and unrevoked[0][C["member_id"]] == "m1" and unrevoked[0][C["pending_revocation"]]
    regex = [r for r in rows if r[C["record_type"]] == rec.REGULAR_EXPRESSION]
    assert [(r[C["regex"]], r[C["regex_topics"]]) for r in regex] == [("u.*", ["u"])]
    m3 = next(r for r in rows if r[C["record_type"]] == rec.MEMBER_METADATA and r[C["member_id"]] == "m3")
    assert m3[C["subscribed_topic_regex"]] == "u.*" and m3[C["subscribed_topic_names"]] == []
    leave = [(r[C["record_type"]], r[C["tombstone"]]) for r in rows[-4:]]
    assert leave == [(8, True), (7, True), (5, True), (3, False)]
    # Without names (a topic deleted since): the id stands in for the name.
    bare = next(iter_offsets_rows(str(seg), 0, "consumer_groups"))
    assert bare[C["member_id"]] == "m1"
    no_names = next(r for r in iter_offsets_rows(str(seg), 0, "consumer_groups") if r[C["assigned"]])
    assert no_names[C["assigned"]][0]["topic"] == topic_id_str(topic_id("t"))
    # The other kinds do not see them.
    assert list(iter_offsets_rows(str(seg), 0, "groups")) == []
    assert list(iter_offsets_rows(str(seg), 0, "commits")) == []


def test_consumer_group_timeline_under_spark(spark: Any, tmp_path: Path) -> None:
    from kaflite.analytics import analyses

    scenario(tmp_path)
    records = spark.read.format("kaflite-offsets").option("dataDir", str(tmp_path)).option(
        "kind", "consumer_groups").load()
    assert records.count() == 5 + 6 + 1 + 1 + 1 + 2 + 2 + 3 + 4  # m3: join, the regex resolved, reconcile
    tl = analyses.consumer_group_timeline(records)
    events = [(r["event"], r["member_id"], r["group_epoch"]) for r in tl.orderBy("log_offset").collect()]
    assert events[:5] == [("member-joined", "m1", None), ("group-epoch", None, 1), ("member-target", "m1", 1),
                          ("target-assignment", None, 1), ("member-assignment", "m1", 1)]
    assert ("regex-resolved", None, 2) in events and ("member-left", "m2", 3) in events
    states = [(r["member_id"], r["member_epoch"], r["member_state"]) for r in
              tl.where("event = 'member-assignment'").orderBy("log_offset").collect()]
    assert ("m1", 1, "UNREVOKED_PARTITIONS") in states and ("m2", 2, "STABLE") in states
    epochs = {r["group_epoch"]: r for r in analyses.consumer_group_epochs(tl).collect()}
    assert sorted(epochs) == [1, 2, 3, 4]
    assert (epochs[1]["joined"], epochs[1]["members"], epochs[1]["members_reconciled"]) == (["m1"], 1, 1)
    # m3 joins with a regex not resolved yet: at epoch 2, with nothing assigned (CG-EP-2), so three members are
    # reconciled to epoch 2 before the resolution bumps it to 3.
    assert epochs[2]["joined"] == ["m2"] and epochs[2]["members"] == 2 and epochs[2]["members_reconciled"] == 3
    assert epochs[2]["seconds_to_target"] == 0 and epochs[2]["seconds_to_reconcile"] == 4.0  # m3 included
    assert epochs[3]["joined"] == ["m3"] and epochs[3]["members"] == 3
    assert epochs[4]["left"] == ["m2"] and epochs[4]["members"] == 2
    assert epochs[4]["assignment_time"] is None  # the next heartbeat computes the target: not in this log
    assert epochs[2]["seconds_since_previous"] == 1.0


@pytest.mark.parametrize("kind", ["consumer-groups", "CONSUMER_GROUPS"])
def test_kind_spellings(spark: Any, tmp_path: Path, kind: str) -> None:
    scenario(tmp_path)
    df = spark.read.format("kaflite-offsets").option("dataDir", str(tmp_path)).option("kind", kind).load()
    assert "member_epoch" in df.columns
