"""Restart with and without the clean marker; crashes: torn tails, flipped bytes, lost indexes."""

from __future__ import annotations

import os
import random

import pytest

from kaflite.protocol import records as R
from kaflite.storage import PartitionLog

from .conftest import T0, batch, small_config


def fill(plog: PartitionLog, n: int = 60) -> list[int]:
    """Append n batches of 2 records; returns each batch's end file position in the active segment."""
    for i in range(n):
        plog.append(batch(2, ts=T0 + i, key=b"k%d-" % i), leader_epoch=1, now_ms=T0)
    return []


def all_offsets(plog: PartitionLog) -> list[int]:
    out = []
    offset = plog.log_start_offset
    while offset < plog.log_end_offset:
        data = plog.read(offset, 1 << 20).records
        for h in R.iter_batches(data):
            out += [r.offset for r in R.decode_records(data, h.position)]
            offset = h.next_offset
    return out


def test_clean_restart_keeps_everything(open_log) -> None:
    plog = open_log()
    fill(plog)
    plog.close()
    again = open_log(clean=True)
    assert again.log_end_offset == 120
    assert all_offsets(again) == list(range(120))
    again.append(batch(1), leader_epoch=1, now_ms=T0)
    assert again.log_end_offset == 121


def test_unclean_restart_scans_and_keeps_valid_data(open_log) -> None:
    plog = open_log()
    fill(plog)
    plog.flush()
    for seg in plog.segments:
        seg.close()
    again = open_log(clean=False, recovery_point=0)
    assert all_offsets(again) == list(range(120))


@pytest.mark.parametrize("seed", range(8))
def test_truncate_active_segment_at_random_point(open_log, seed: int) -> None:
    rng = random.Random(seed)
    plog = open_log(small_config(**{"segment.bytes": "1000000"}))
    fill(plog, 40)
    path = plog.active_segment.log_path
    ends = [h.position + h.size_in_bytes for h in plog.active_segment.scan()]
    for seg in plog.segments:
        seg.close()
    cut = rng.randrange(1, os.path.getsize(path))
    with open(path, "r+b") as f:
        f.truncate(cut)
    intact = [e for e in ends if e <= cut]
    again = open_log()
    assert again.log_end_offset == 2 * len(intact)
    assert all_offsets(again) == list(range(2 * len(intact)))
    torn = list(path.parent.glob("*.torn-*"))
    if cut not in ends:
        assert len(torn) == 1 and torn[0].stat().st_size == cut - (intact[-1] if intact else 0)
    again.append(batch(1), leader_epoch=1, now_ms=T0)
    assert again.log_end_offset == 2 * len(intact) + 1


@pytest.mark.parametrize("seed", range(6))
def test_flipped_byte_truncates_there_and_drops_later_segments(open_log, seed: int) -> None:
    rng = random.Random(seed)
    plog = open_log()
    fill(plog, 100)
    assert len(plog.segments) >= 3
    victim = plog.segments[1]
    headers = list(victim.scan())
    bad = rng.choice(headers)
    pos = bad.position + rng.randrange(R.ATTRIBUTES_OFFSET, bad.size_in_bytes)
    path, base = victim.log_path, victim.base_offset
    for seg in plog.segments:
        seg.close()
    with open(path, "r+b") as f:
        f.seek(pos)
        b = f.read(1)
        f.seek(pos)
        f.write(bytes([b[0] ^ 0xFF]))
    again = open_log()
    assert again.log_end_offset == bad.base_offset
    assert all_offsets(again) == list(range(bad.base_offset))
    assert (path.parent / f"{path.name}.torn-{bad.position}").exists()
    assert all(s.base_offset <= base for s in again.segments)


def test_missing_or_garbage_index_is_rebuilt(open_log) -> None:
    plog = open_log()
    fill(plog, 100)
    plog.close()
    plog.segments[0].offset_index.path.unlink()
    plog.segments[1].time_index.path.write_bytes(b"\x00" * 7)
    plog.segments[2].offset_index.path.write_bytes(b"\xff" * 16)
    again = open_log(clean=True)
    assert all_offsets(again) == list(range(200))
    assert again.segments[0].offset_index.path.exists()
    assert again.offset_for_timestamp(T0 + 50) == (100, T0 + 50)


def test_recovery_point_limits_the_scan(open_log) -> None:
    plog = open_log()
    fill(plog, 100)
    plog.close()
    last = plog.segments[-1]
    with open(last.log_path, "ab") as f:
        f.write(b"\x00" * 30)
    again = open_log(clean=False, recovery_point=last.base_offset)
    assert again.log_end_offset == 200
    assert list(again.directory.glob("*.torn-*"))
