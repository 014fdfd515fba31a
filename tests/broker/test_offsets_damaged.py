"""A damaged `__consumer_offsets` (issue 13): the loader skips what it cannot read and says so, as Kafka's
CoordinatorLoaderImpl keeps going, instead of leaving every group of the partition NOT_COORDINATOR.

A real broker commits, stops cleanly (the storage layer does not validate CRCs after a clean shutdown,
as Kafka's), one commit's batch gets a flipped byte and one record an undecodable value; after the
restart the partition loads and every other offset is served.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from kaflite.broker import offsets_load
from kaflite.broker.server import Broker
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.config import KafliteConfig
from kaflite.coordinator import GroupCoordinator, GroupCoordinatorConfig
from kaflite.coordinator.records import group_metadata_key, offset_commit_key, offset_commit_value
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DescribeTransactionsRequest,
    InitProducerIdRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
)
from kaflite.storage.log import AppendOrigin
from kaflite.tools.cli import main as tool_main
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC as TRANSACTION_STATE
from kaflite.transaction.records import transaction_log_key
from tests.broker.test_groups_loader import Rec, _group_value, _history, _replayed, _state, offsets_log, read
from tests.broker.wire import WireClient, connected

P, T = OffsetCommitRequest.OffsetCommitRequestPartition, OffsetCommitRequest.OffsetCommitRequestTopic
FG, FT = OffsetFetchRequest.OffsetFetchRequestGroup, OffsetFetchRequest.OffsetFetchRequestTopics


async def commit(client: WireClient, group: str, partition: int, offset: int) -> None:
    answer = await client.call(8, 9, OffsetCommitRequest(
        group_id=group, generation_id_or_member_epoch=-1, member_id="",
        topics=[T(name="t", partitions=[P(partition_index=partition, committed_offset=offset)])]))
    assert answer.topics[0].partitions[0].error_code == 0


async def fetched(client: WireClient, group: str) -> tuple[int, list[int]]:
    """(group error code, committed offset of t-0 and t-1)."""
    answer = await client.call(9, 9, OffsetFetchRequest(groups=[FG(group_id=group, topics=[
        FT(name="t", partition_indexes=[0, 1])])]))
    g = answer.groups[0]
    return g.error_code, [p.committed_offset for p in g.topics[0].partitions]


async def test_a_damaged_commit_is_skipped_and_the_partitions_other_offsets_are_served(tmp_path: Path) -> None:
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, offsets_topic_num_partitions=1)
    broker = Broker.open(config)
    await broker.start()
    broker.logs.create_topic("t", 2)
    async with connected(broker.port) as client:
        await commit(client, "a", 0, 5)  # its batch is damaged below
        await commit(client, "b", 0, 7)
        await commit(client, "a", 1, 9)
        await commit(client, "c", 0, 3)
        await commit(client, "b", 1, 8)
    offsets = broker.logs.get_log(CONSUMER_OFFSETS, 0)
    assert offsets is not None
    # A record whose CRC is fine but whose value the coordinator cannot decode (group c's commit).
    offsets.append(R.build_batch([(offset_commit_key("c", "t", 0), b"\x00\x07garbage", ())], timestamp_ms=1),
                   leader_epoch=0, now_ms=1)
    await broker.stop()

    seg = offsets.segments[0]
    data = seg.log_path.read_bytes()
    victim = next(h for h in R.iter_batches(data)
                  if R.decode_records(data, h.position)[0].key == offset_commit_key("a", "t", 0))
    flip = victim.position + victim.size_in_bytes - 2  # inside the record's value: only the CRC notices
    with open(seg.log_path, "r+b") as f:
        f.seek(flip)
        f.write(bytes([data[flip] ^ 0x55]))

    broker = Broker.open(config)
    await broker.start()
    try:
        async with connected(broker.port) as client:
            for _ in range(500):  # the replay runs in the background: LOAD_IN_PROGRESS until it is done
                if (await fetched(client, "b"))[0] != ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
                    break
                await asyncio.sleep(0.01)
            assert await fetched(client, "a") == (0, [-1, 9])
            assert await fetched(client, "b") == (0, [7, 8])
            # c's last value for t-0 is the undecodable record: skipped, and c keeps the offset committed before
            # it (issue 35), as a replay of every record stepping over the bad one would; the load went on past it.
            assert await fetched(client, "c") == (0, [3, -1])
            await commit(client, "a", 0, 6)  # and the partition takes new commits
            assert await fetched(client, "a") == (0, [6, 9])
        reloaded = broker.logs.get_log(CONSUMER_OFFSETS, 0)
        assert reloaded is not None
        assert offsets_load.skipped_records(reloaded) == 2  # the damaged batch's one record, and c's
    finally:
        await broker.stop()


async def _scraped(port: int, name: str) -> dict[str, float]:
    """`name`'s samples in a /metrics scrape, by their topic label (read off the event loop, which serves it)."""
    return await asyncio.to_thread(_scrape, port, name)


def _scrape(port: int, name: str) -> dict[str, float]:
    import http.client

    from prometheus_client.parser import text_string_to_metric_families

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/metrics")
        body = conn.getresponse().read().decode()
    finally:
        conn.close()
    return {s.labels["topic"]: s.value for fam in text_string_to_metric_families(body) for s in fam.samples
            if s.name == name}


def _dump(log_path: Path) -> dict[int, dict[str, Any]]:
    """`kaflite dump-log --offsets-decoder --json` of a segment: its records by offset."""
    out, err = io.StringIO(), io.StringIO()
    assert tool_main(["dump-log", "--offsets-decoder", "--json", str(log_path)], out, err, io.StringIO()) == 0, err
    [doc] = json.loads(out.getvalue())
    return {r["offset"]: r for b in doc["batches"] for r in b.get("records", [])}


async def test_a_damaged_record_keeps_the_offset_committed_before_it(tmp_path: Path) -> None:
    """Issue 35: a record with a good CRC whose value cannot be decoded -- an unknown value version, a truncated
    value -- is skipped at load and its key keeps the value before it, as a replay of every record skipping the
    bad one would leave it (not "no offset": the fold to each key's last value must not drop the good one first)."""
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, admin_port=0, offsets_topic_num_partitions=1)
    broker = Broker.open(config)
    await broker.start()
    broker.logs.create_topic("t", 2)
    async with connected(broker.port) as client:
        await commit(client, "v", 0, 11)
        await commit(client, "w", 0, 21)
        await commit(client, "w", 1, 23)
    offsets = broker.logs.get_log(CONSUMER_OFFSETS, 0)
    assert offsets is not None
    newer = offset_commit_value(12, 0, "", 1, None)
    unknown_version = b"\x00\x07" + newer[2:]  # OffsetCommitValue v7: no broker reads it
    truncated = offset_commit_value(22, 0, "", 1, None)[:-3]
    first_bad = offsets.log_end_offset
    offsets.append(R.build_batch([(offset_commit_key("v", "t", 0), unknown_version, ()),
                                  (offset_commit_key("w", "t", 0), truncated, ())], timestamp_ms=1),
                   leader_epoch=0, now_ms=1)
    await broker.stop()

    broker = Broker.open(config)
    await broker.start()
    try:
        async with connected(broker.port) as client:
            for _ in range(500):  # LOAD_IN_PROGRESS until the background replay is done
                if (await fetched(client, "v"))[0] != ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
                    break
                await asyncio.sleep(0.01)
            assert await fetched(client, "v") == (0, [11, -1])
            assert await fetched(client, "w") == (0, [21, 23])
        assert broker.admin_http is not None
        skipped = await _scraped(broker.admin_http.port, "kaflite_coordinator_records_skipped_total")
        assert skipped == {CONSUMER_OFFSETS: 2, TRANSACTION_STATE: 0}
    finally:
        await broker.stop()

    records = _dump(offsets.segments[0].log_path)
    assert "unknown value version 7" in records[first_bad]["undecodable"]
    assert records[first_bad]["key"].startswith(f"Error at offset {first_bad}, skipping.")  # Kafka's words
    assert "OffsetCommitValue v3" in records[first_bad + 1]["undecodable"]
    assert all("undecodable" not in r for o, r in records.items() if o < first_bad)


async def test_a_damaged_transaction_state_record_keeps_the_state_before_it(tmp_path: Path) -> None:
    """The same loader reads `__transaction_state`: a transactional id's undecodable last record leaves it as
    its record before that said (here: Empty, with its producer id), not unknown."""
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, admin_port=0,
                           transaction_state_log_num_partitions=1)
    broker = Broker.open(config)
    await broker.start()
    async with connected(broker.port) as client:
        for _ in range(500):  # the transaction coordinator makes its topic on first use
            init = await client.call(22, 4, InitProducerIdRequest(transactional_id="tx", transaction_timeout_ms=60_000))
            if init.error_code == 0:
                break
            await asyncio.sleep(0.01)
        assert init.error_code == 0
    state = broker.logs.get_log(TRANSACTION_STATE, 0)
    assert state is not None
    state.append(R.build_batch([(transaction_log_key("tx"), b"\x00\x09" + bytes(30), ())], timestamp_ms=1),
                 leader_epoch=0, now_ms=1)
    await broker.stop()

    broker = Broker.open(config)
    await broker.start()
    try:
        async with connected(broker.port) as client:
            for _ in range(500):
                described = (await client.call(65, 0, DescribeTransactionsRequest(
                    transactional_ids=["tx"]))).transaction_states[0]
                if described.error_code != ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
                    break
                await asyncio.sleep(0.01)
            assert (described.error_code, described.transaction_state) == (0, "Empty")
            assert (described.producer_id, described.producer_epoch) == (init.producer_id, init.producer_epoch)
        assert broker.admin_http is not None
        skipped = await _scraped(broker.admin_http.port, "kaflite_coordinator_records_skipped_total")
        assert skipped[TRANSACTION_STATE] == 1
    finally:
        await broker.stop()


# ---------------------------------------------------------------------------------------------- the loader itself
def _commit(group: str, partition: int, offset: int) -> tuple[bytes, bytes]:
    return offset_commit_key(group, "t", partition), offset_commit_value(offset, 3, "", 1, None)


def _unknown_version(value: bytes, version: int = 7) -> bytes:
    return version.to_bytes(2, "big") + value[2:]


async def test_the_loader_keeps_each_keys_last_decodable_value_at_its_own_position(tmp_path: Path) -> None:
    """The fold keeps, per key, the last value the coordinator decodes, in the order of those values' positions;
    each record skipped is logged once with its position and counted; bad values superseded by a good one change
    nothing and are not reported."""
    a0, a1, a_bad = _commit("a", 0, 1), _commit("a", 0, 2), _commit("a", 0, 3)
    b0 = _commit("b", 0, 10)
    c_bad = _commit("c", 0, 20)
    d0, d_bad, d1 = _commit("d", 0, 30), _commit("d", 0, 31), _commit("d", 0, 32)
    batches: list[list[Rec]] = [
        [a0, d0],
        [a1, (d_bad[0], _unknown_version(d_bad[1]))],  # offset 3: superseded by d1 below, never looked at
        [b0, d1],
        [(a_bad[0], a_bad[1][:-1]), (c_bad[0], _unknown_version(c_bad[1], 9))],  # offsets 6, 7
        [(a_bad[0], _unknown_version(a_bad[1]))],  # offset 8: a's last two records are both bad
    ]
    with offsets_log(tmp_path, batches) as (loader, logs), capture_logs() as logged:
        loaded = await read(loader)
        plog = logs.get_log(CONSUMER_OFFSETS, 0)
        assert plog is not None
        assert offsets_load.skipped_records(plog) == 3
    # a's value is a1's, at a1's position (before b0 and d1), not where its bad records were
    assert loaded == [a1, b0, d1]
    skipped = [e for e in logged if e["event"] == "coordinator.load_record_skipped"]
    assert [(e["offset"], e["partition"], e["topic"]) for e in skipped] == [
        (6, 0, CONSUMER_OFFSETS), (7, 0, CONSUMER_OFFSETS), (8, 0, CONSUMER_OFFSETS)]
    assert [e["key"] for e in skipped] == [a_bad[0].hex(), c_bad[0].hex(), a_bad[0].hex()]
    assert "OffsetCommitValue v3" in skipped[0]["reason"]
    assert skipped[1]["reason"] == "unknown value version 9 of OffsetCommitValue (reads 0-4)"
    assert [e["action"] for e in skipped] == ["skipped; its key keeps its value before it",
                                             "skipped; its key has no value before it",
                                             "skipped; its key keeps its value before it"]


def _skipping_replay(records: list[Rec]) -> dict[str, object]:
    """Every record replayed in log order, each that fails stepped over: what the loader must equal."""
    coord = GroupCoordinator(GroupCoordinatorConfig(offsets_topic_num_partitions=1), partitions=())
    coord.begin_load(0)
    for k, v in records:
        assert k is not None
        with contextlib.suppress(Exception):
            coord.replay(k, v)
    coord.complete_load(0)
    return _state(coord)


async def test_replaying_a_damaged_log_through_the_loader_is_a_replay_that_steps_over_the_bad_records(
        tmp_path: Path) -> None:
    """Every record kind's value damaged after good ones (offset commits, classic group metadata, consumer-group
    records): the loader's records replay without a failure to the state a replay of every record that skips the
    failing ones gives."""
    from kaflite.coordinator.consumer import records as crec

    history = _history()
    damaged: list[Rec] = [
        (offset_commit_key("g0", "orders", 0), _unknown_version(offset_commit_value(99, 3, "", 1, None))),
        (offset_commit_key("g1", "orders", 1), offset_commit_value(99, 3, "meta", 1, None)[:-4]),
        (group_metadata_key("g0"), _unknown_version(_group_value(9), 9)),
        (group_metadata_key("g2"), _group_value(1)[:10]),  # g2 had no group metadata before: nothing to keep
        (crec.group_metadata_key("cg"), crec.group_metadata_value(5, 0)),
        (crec.group_metadata_key("cg"), _unknown_version(crec.group_metadata_value(6, 0), 1)),
    ]
    batches = [*history, damaged[:3], damaged[3:5], [damaged[5]], [_commit("late", 0, 1)]]
    every_record = [r for batch in batches for r in batch]
    with offsets_log(tmp_path, batches) as (loader, logs):
        loaded = await read(loader)
        plog = logs.get_log(CONSUMER_OFFSETS, 0)
        assert plog is not None
        assert offsets_load.skipped_records(plog) == 5
    expected = _skipping_replay(every_record)
    assert _replayed(loaded) == expected  # _replayed fails on any record the coordinator cannot apply
    assert expected != _skipping_replay([r for batch in batches[:-4] for r in batch] + [_commit("late", 0, 1)])


def test_the_loaders_value_types_are_what_the_coordinators_replay_decodes() -> None:
    """consumer/records.py's VALUE_TYPES (what the loader checks) against the shard's replay: a value of an
    unknown version fails the replay exactly for the record types listed."""
    from kaflite.coordinator.consumer import records as crec

    keys = {crec.GROUP_METADATA: crec.group_metadata_key("g"),
            crec.PARTITION_METADATA: crec.partition_metadata_key("g"),
            crec.MEMBER_METADATA: crec.member_metadata_key("g", "m"),
            crec.TARGET_ASSIGNMENT_METADATA: crec.target_assignment_metadata_key("g"),
            crec.TARGET_ASSIGNMENT_MEMBER: crec.target_assignment_member_key("g", "m"),
            crec.CURRENT_MEMBER_ASSIGNMENT: crec.current_assignment_key("g", "m"),
            crec.REGULAR_EXPRESSION: crec.regular_expression_key("g", "t.*")}
    assert set(keys) == set(crec.RECORD_TYPES)
    check = offsets_load.record_check(CONSUMER_OFFSETS)
    assert check is not None
    for record_type, key in keys.items():
        coord = GroupCoordinator(GroupCoordinatorConfig(offsets_topic_num_partitions=1), partitions=())
        coord.begin_load(0)
        bad = b"\x00\x01" + bytes(40)
        try:
            coord.replay(key, bad)
            failed = False
        except Exception:
            failed = True
        assert failed == (record_type in crec.VALUE_TYPES) == (check(key, bad) is not None), record_type


async def test_a_transactional_record_that_cannot_be_decoded_is_dropped_and_counted(tmp_path: Path) -> None:
    """Transactional records are never folded: an undecodable one is dropped by the loader (logged and counted)
    and the pending offsets around it load."""
    from kaflite.coordinator.records import TransactionalRecord

    good, bad = _commit("g", 0, 5), _commit("g", 1, 6)
    txn = R.build_batch([(good[0], good[1], ()), (bad[0], _unknown_version(bad[1]), ())], timestamp_ms=1,
                        base_offset=1, partition_leader_epoch=0, producer_id=7, producer_epoch=1, base_sequence=0,
                        is_transactional=True)
    with offsets_log(tmp_path, [[_commit("g", 0, 1)]]) as (loader, logs), capture_logs() as logged:
        plog = logs.get_log(CONSUMER_OFFSETS, 0)
        assert plog is not None
        plog.append(txn, leader_epoch=0, now_ms=1, origin=AppendOrigin.REPLICATION)
        loaded = await read(loader)
        assert offsets_load.skipped_records(plog) == 1
    assert loaded == [_commit("g", 0, 1), TransactionalRecord(*good, 7, 1)]
    assert [(e["event"], e["offset"]) for e in logged if e["log_level"] == "warning"] == [
        ("coordinator.load_record_skipped", 2)]


async def test_a_sound_log_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second read (the fold that decodes the suspects' values) happens only when a last value is damaged:
    a sound partition costs one read, and one decode of each key's last value."""
    reads = 0
    fold = offsets_load._fold

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return await fold(*args, **kwargs)

    monkeypatch.setattr(offsets_load, "_fold", counted)
    with offsets_log(tmp_path, _history()) as (loader, _):
        await read(loader)
        assert reads == 1
    with offsets_log(tmp_path / "damaged", [*_history(), [(_commit("g0", 0, 1)[0], b"\x00\x07")]]) as (loader, _):
        await read(loader)
        assert reads == 3
