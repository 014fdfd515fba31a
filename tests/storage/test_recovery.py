"""Restart with and without the clean marker; crashes: torn tails, flipped bytes, lost indexes."""

from __future__ import annotations

import errno
import os
import random

import pytest

from kaflite.protocol import records as R
from kaflite.storage import PartitionLog
from kaflite.storage.fileio import DiskFault, disk_fault, set_disk_fault

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
    assert path.stat().st_size == (intact[-1] if intact else 0)  # cut in place at the last whole batch
    assert sorted(p.name for p in path.parent.iterdir() if ".log" in p.name) == [path.name]  # nothing aside
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
    assert path.stat().st_size == bad.position
    assert all(s.base_offset <= base for s in again.segments)
    assert sorted(p.name for p in path.parent.glob("*.log*")) == [s.log_path.name for s in again.segments]


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
    assert last.log_path.stat().st_size == again.active_segment.size


# -- damage on every start path (issue 13): with the clean-shutdown marker, without it below the recovery
# point (segments are loaded, not scanned), and without it from offset 0 (every segment validated).

PATHS = {"clean": {"clean": True}, "unclean-flushed": {"clean": False, "recovery_point": 10**9},
         "unclean-scanned": {"clean": False, "recovery_point": 0}}


def filled_and_closed(open_log, n: int = 100) -> tuple[PartitionLog, list[list[R.BatchHeader]]]:  # type: ignore[no-untyped-def]
    """A closed log of 2n records over 3+ segments, and each segment's batch headers."""
    plog = open_log()
    fill(plog, n)
    headers = [list(seg.scan()) for seg in plog.segments]
    plog.close()
    assert len(plog.segments) >= 3
    return plog, headers


def log_files(plog: PartitionLog) -> list[str]:
    return sorted(p.name for p in plog.directory.glob("*.log*"))


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("damage", ["garbage", "cut"])
def test_torn_tail_is_cut_on_every_path(open_log, path: str, damage: str) -> None:
    """A torn tail (a full disk's half-written batch, or bytes past the log end) after a clean stop made
    the broker unstartable; on every path the log now ends at the last whole batch and takes appends."""
    plog, _ = filled_and_closed(open_log)
    last = plog.active_segment
    whole = last.size
    with open(last.log_path, "r+b") as f:
        if damage == "garbage":
            f.seek(whole)
            f.write(b"\x00\x00\x00\x00\x00\x00\x00\x00\x7f\xff\xff\xff" + b"\x01" * 40)
        else:
            f.truncate(whole - 10)
    again = open_log(**PATHS[path])
    keep = 200 if damage == "garbage" else 198
    assert again.log_end_offset == keep
    assert all_offsets(again) == list(range(keep))
    assert log_files(again) == log_files(plog)  # nothing copied aside
    again.append(batch(1), leader_epoch=1, now_ms=T0)
    assert all_offsets(again) == list(range(keep + 1))


@pytest.mark.parametrize("path", PATHS)
def test_garbled_batch_header_in_a_closed_segment_cuts_there(open_log, path: str) -> None:
    """A batch length garbled in the middle of a closed segment: the segment ends before it. Below the
    recovery point (or after a clean stop) later segments were flushed and stay, as Kafka's
    recoverSegment; in the scanned range everything after the damage goes, as its recoverLog."""
    plog, headers = filled_and_closed(open_log)
    victim = plog.segments[1]
    bad = headers[1][len(headers[1]) // 2]
    later = [s.base_offset for s in plog.segments[2:]]
    with open(victim.log_path, "r+b") as f:
        f.seek(bad.position + 8)
        f.write(b"\x7f\xff\xff\x00")
    again = open_log(**PATHS[path])
    expected = list(range(bad.base_offset))
    if path != "unclean-scanned":
        expected += [o for o in range(later[0], 200)]
    assert all_offsets(again) == expected
    assert [s.base_offset for s in again.segments][2:] == ([] if path == "unclean-scanned" else later)
    assert again.segments[1].size == bad.position
    assert log_files(again) == sorted(s.log_path.name for s in again.segments)
    again.append(batch(1), leader_epoch=1, now_ms=T0)
    again.close()
    assert all_offsets(open_log(clean=True)) == [*expected, again.log_end_offset - 1]


@pytest.mark.parametrize("path", ["clean", "unclean-flushed"])
def test_crc_damage_with_an_insane_index_is_cut_by_the_recovery(open_log, path: str) -> None:
    """A loaded segment whose index fails the sanity check is recovered whole (validated), as Kafka's
    loadSegmentFiles: a flipped byte behind it is found and the segment cut there."""
    plog, headers = filled_and_closed(open_log)
    victim = plog.segments[1]
    bad = headers[1][3]
    with open(victim.log_path, "r+b") as f:
        f.seek(bad.position + bad.size_in_bytes - 1)
        f.write(b"\xee")
    victim.offset_index.path.write_bytes(b"\x00" * 13)
    again = open_log(**PATHS[path])
    assert again.segments[1].size == bad.position
    assert all_offsets(again) == [*range(bad.base_offset), *range(plog.segments[2].base_offset, 200)]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("which", ["index-truncated", "index-garbage", "index-plausible", "timeindex-truncated",
                                   "timeindex-garbage", "txnindex-garbage"])
def test_damaged_index_files_are_rebuilt_and_no_record_is_lost(open_log, path: str, which: str) -> None:
    plog, _ = filled_and_closed(open_log)
    seg = plog.segments[1]
    oi, ti = seg.offset_index.path, seg.time_index.path
    good_oi = oi.read_bytes()
    assert len(good_oi) >= 16
    if which == "index-truncated":
        oi.write_bytes(good_oi[:-3])
    elif which == "index-garbage":
        oi.write_bytes(b"\xff" * len(good_oi))
    elif which == "index-plausible":  # increasing, inside the file, but pointing into the middle of batches
        oi.write_bytes(b"".join((i + 1).to_bytes(4, "big") + (100 * i + 7).to_bytes(4, "big") for i in range(4)))
    elif which == "timeindex-truncated":
        ti.write_bytes(ti.read_bytes()[:-5])
    elif which == "timeindex-garbage":
        ti.write_bytes(b"\x80" + b"\x00" * 23)
    else:
        seg.txn_index.path.write_bytes(b"\x00\x07" + b"\xab" * 32)
    again = open_log(**PATHS[path])
    assert all_offsets(again) == list(range(200))
    assert again.offset_for_timestamp(T0 + 50) == (100, T0 + 50)
    if which.startswith("index"):
        assert oi.read_bytes() == good_oi
    assert not again.segments[1].txn_index.path.exists()
    assert log_files(again) == log_files(plog)


def test_recovery_on_a_full_disk_needs_no_space(open_log) -> None:
    """kill -9 on a full disk: the torn tail is cut in place and an index that cannot be written is
    kept in memory (its file left empty), so recovery succeeds without a free byte. The full disk is
    storage's own seam (`set_disk_fault`), which compiled and interpreted storage both go through."""
    plog, _ = filled_and_closed(open_log)
    last = plog.active_segment
    with open(last.log_path, "ab") as f:
        f.write(b"\x00" * 30)
    previous = set_disk_fault(DiskFault(errno.ENOSPC, allow_bytes=0))
    try:
        again = open_log(clean=False, recovery_point=0)
        assert again.log_end_offset == 200
        assert all_offsets(again) == list(range(200))
        assert again.offset_for_timestamp(T0 + 50) == (100, T0 + 50)
        assert all(s.offset_index.path.stat().st_size == 0 for s in again.segments)
        assert disk_fault() is not None and disk_fault().failures > 0  # type: ignore[union-attr]
    finally:
        set_disk_fault(previous)
    again.close()
    assert all_offsets(open_log(clean=True)) == list(range(200))


@pytest.mark.parametrize("path", PATHS)
def test_damage_in_the_first_batch_moves_the_log_start(open_log, path: str) -> None:
    """The first segment's first batch garbled: below the recovery point the emptied segment goes and the
    log starts at the next one; in the scanned range the whole log is cut there (empty, offset 0)."""
    plog, _ = filled_and_closed(open_log)
    second = plog.segments[1].base_offset
    with open(plog.segments[0].log_path, "r+b") as f:
        f.seek(8)
        f.write(b"\x00\x00\x00\x01")
    again = open_log(**PATHS[path])
    if path == "unclean-scanned":
        assert (again.log_start_offset, again.log_end_offset) == (0, 0)
    else:
        assert again.log_start_offset == second == again.segments[0].base_offset
        assert all_offsets(again) == list(range(second, 200))
    assert again.recovery_point == again.log_end_offset
