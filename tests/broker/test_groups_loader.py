"""The `__consumer_offsets` loader (B-LOG-3, B-LOG-4): each key once, with its last value, in the order
of those last positions -- what compaction leaves -- and replaying that gives the state a replay of
every record gives."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from kaflite.broker import offsets_load
from kaflite.broker.context import BrokerContext
from kaflite.broker.coordinator_log import CoordinatorLog
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.coordinator import GroupCoordinator, GroupCoordinatorConfig
from kaflite.coordinator.records import group_metadata_key, group_metadata_value, offset_commit_key, offset_commit_value
from kaflite.protocol.messages import GroupMetadataValue
from kaflite.protocol.records import build_batch
from kaflite.storage.log import AppendOrigin
from kaflite.storage.manager import LogManager

NOW = 1_700_000_000_000
Rec = tuple[bytes | None, bytes | None]


@contextmanager
def offsets_log(tmp_path: Path, batches: list[list[Rec]], segment_bytes: int = 1 << 20) -> Iterator[
        tuple[CoordinatorLog, LogManager]]:
    """One `__consumer_offsets` partition holding `batches`, and the loader over it (a real broker context)."""
    context = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path)), ManualClock(NOW))
    logs = context.logs
    logs.create_topic(CONSUMER_OFFSETS, 1, {"cleanup.policy": "compact", "segment.bytes": str(segment_bytes)})
    plog = logs.get_log(CONSUMER_OFFSETS, 0)
    assert plog is not None
    for recs in batches:
        plog.append(build_batch([(k, v, ()) for k, v in recs], timestamp_ms=NOW), leader_epoch=0, now_ms=NOW)
    plog.flush(NOW)
    try:
        yield CoordinatorLog(context.logs, context.clock, CONSUMER_OFFSETS, context.commits), logs
    finally:
        logs.close()


async def read(loader: CoordinatorLog) -> list[Rec]:
    return [r async for r in loader.read(0)]


async def test_b_log_4_loader_yields_the_last_value_per_key_in_last_position_order(tmp_path: Path) -> None:
    a, b, c, d = b"key-a", b"key-b", b"key-c", b"key-d"
    batches: list[list[Rec]] = [
        [(a, b"a1"), (b, b"b1"), (c, b"c1")],
        [(b, None), (c, b"c2")],  # b ends as a tombstone
        [(a, b"a2"), (d, None)],  # a last written after b and c; d only ever a tombstone
    ]
    with offsets_log(tmp_path, batches) as (loader, _):
        assert await read(loader) == [(b, None), (c, b"c2"), (a, b"a2"), (d, None)]


def _group_value(generation: int) -> bytes:
    member = GroupMetadataValue.MemberMetadata(
        member_id="m1", group_instance_id=None, client_id="c", client_host="/h", rebalance_timeout=30_000,
        session_timeout=10_000, subscription=b"\x00\x01", assignment=b"\x00\x02")
    return group_metadata_value(GroupMetadataValue(
        protocol_type="consumer", generation=generation, protocol="range", leader="m1",
        current_state_timestamp=NOW, members=[member]))


def _history() -> list[list[Rec]]:
    """Commits, re-commits, offset tombstones, group metadata across generations, a deleted group."""
    def commit(g: str, t: str, p: int, offset: int, expire: int | None = None) -> Rec:
        return offset_commit_key(g, t, p), offset_commit_value(offset, 3, f"meta-{offset}", NOW + offset, expire)

    batches: list[list[Rec]] = []
    for round_ in range(6):
        batch = [commit(f"g{g}", "orders", p, 10 * round_ + p) for g in range(4) for p in range(3)]
        batch.append((group_metadata_key("g0"), _group_value(round_ + 1)))
        batches.append(batch)
    batches.append([(offset_commit_key("g1", "orders", 2), None), commit("g2", "legacy", 0, 5, expire=NOW + 99)])
    batches.append([(offset_commit_key("g3", "orders", p), None) for p in range(3)]
                   + [(group_metadata_key("g3"), _group_value(1)), (group_metadata_key("g3"), None)])
    batches.append([commit("g1", "orders", 0, 1_000)])
    return batches


def _state(coord: GroupCoordinator) -> dict[str, object]:
    out: dict[str, object] = {}
    for g in sorted(coord.group_ids()):
        s = coord.snapshot(g)
        assert s is not None
        out[g] = (s.state, s.generation, s.protocol_type, s.leader_id, [m.member_id for m in s.members],
                  dict(s.offsets))
    return out


def _replayed(records: list[Rec]) -> dict[str, object]:
    coord = GroupCoordinator(GroupCoordinatorConfig(offsets_topic_num_partitions=1), partitions=())
    coord.begin_load(0)
    for k, v in records:
        assert k is not None
        coord.replay(k, v)
    coord.complete_load(0)
    return _state(coord)


@pytest.mark.parametrize("segment_bytes", [1 << 20, 2048])
async def test_b_log_3_replaying_the_loader_gives_a_full_replays_state(tmp_path: Path, segment_bytes: int) -> None:
    batches = _history()
    every_record = [r for batch in batches for r in batch]
    with offsets_log(tmp_path, batches, segment_bytes) as (loader, logs):
        loaded = await read(loader)
        assert len(loaded) < len(every_record)
        expected = _replayed(every_record)
        assert _replayed(loaded) == expected
        assert set(expected) == {"g0", "g1", "g2"}  # g3 deleted
        # B-LOG-4: after the cleaner compacted the log, the loader reads the same records.
        logs.run_cleaner(NOW, force=True)
        assert await read(loader) == loaded


async def test_b_log_3_loader_lets_the_event_loop_in_while_reading_and_replaying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(offsets_load, "LOAD_YIELD_RECORDS", 10)
    turns = 0

    async def other_work() -> None:
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    batches = _history()  # 9 batches, 90 records, 15 keys
    with offsets_log(tmp_path, batches) as (loader, _):
        task = asyncio.create_task(other_work())
        await asyncio.sleep(0)
        before = turns
        loaded = await read(loader)
        task.cancel()
    assert len(loaded) == 15
    assert turns - before >= 7  # one turn after each of the six 13-record batches, one after 10 keys


def _marker_batch(base_offset: int, producer_id: int, producer_epoch: int, commit: bool) -> bytes:
    """A commit/abort control batch as TX-MK-1 lays it out (key: version 0, type; value: version 0, epoch)."""
    key = (0).to_bytes(2, "big") + (1 if commit else 0).to_bytes(2, "big")
    value = (0).to_bytes(2, "big") + (0).to_bytes(4, "big")
    return build_batch([(key, value, ())], timestamp_ms=NOW, base_offset=base_offset, partition_leader_epoch=0,
                       producer_id=producer_id, producer_epoch=producer_epoch, is_transactional=True,
                       is_control=True)


async def test_tx_off_3_loader_yields_transactional_records_and_markers_in_log_order(tmp_path: Path) -> None:
    """TX-OFF-2/3 through the broker's writer and loader: the writer appends a TxnOffsetCommit's records
    as the producer's transactional batch; the loader yields them and the markers at their positions
    (never folded), and replaying that gives the live state."""
    from kaflite.coordinator.records import EndTransactionMarker, ProducerIdAndEpoch, TransactionalRecord
    from kaflite.protocol.records import iter_batches

    def commit(t: str, p: int, offset: int) -> tuple[bytes, bytes]:
        return offset_commit_key("g", t, p), offset_commit_value(offset, 3, "", NOW, None)

    a0, a1 = commit("orders", 0, 5), commit("orders", 1, 6)
    t0, t1 = commit("orders", 0, 10), commit("orders", 1, 11)
    later = commit("orders", 0, 20)
    with offsets_log(tmp_path, [[a0, a1]]) as (loader, logs):
        plog = logs.get_log(CONSUMER_OFFSETS, 0)
        assert plog is not None
        await loader.append(0, [t0, t1], producer=ProducerIdAndEpoch(7, 1))
        await loader.append(0, [t0], producer=ProducerIdAndEpoch(7, 1))  # sequence 0 again: still appended
        await loader.append(0, [later])
        plog.append(_marker_batch(plog.log_end_offset, 7, 1, True), leader_epoch=0, now_ms=NOW,
                    origin=AppendOrigin.REPLICATION)
        plog.append(build_batch([commit("orders", 2, 1)], timestamp_ms=NOW), leader_epoch=0, now_ms=NOW)
        headers = list(iter_batches(plog.read(0, 1 << 20).records))
        txn = [h for h in headers if h.is_transactional and not h.is_control]
        assert [(h.producer_id, h.producer_epoch, h.base_sequence, h.records_count) for h in txn] == [
            (7, 1, 0, 2), (7, 1, 0, 1)]
        loaded = await read(loader)
    assert loaded == [
        a1,
        TransactionalRecord(*t0, 7, 1), TransactionalRecord(*t1, 7, 1), TransactionalRecord(*t0, 7, 1),
        later,
        EndTransactionMarker(7, 1, True),
        commit("orders", 2, 1),
    ]
    coord = GroupCoordinator(GroupCoordinatorConfig(offsets_topic_num_partitions=1), partitions=())
    coord.begin_load(0)
    for r in loaded:
        coord.replay_loaded(0, r)  # type: ignore[arg-type]
    coord.complete_load(0)
    offsets = {tp: o.offset for tp, o in coord.offsets.offsets_of("g").items()}
    # orders-0: the plain commit written after the transactional one wins; orders-1: committed by the marker.
    assert offsets == {("orders", 0): 20, ("orders", 1): 11, ("orders", 2): 1}
    assert coord.offsets.pending_offsets_of("g") == {}
