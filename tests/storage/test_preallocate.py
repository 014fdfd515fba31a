"""Topic config `preallocate` (Kafka's `preallocate` / `log.preallocate`): the active segment's file is zero-filled
ahead of the log end, so a flush overwrites allocated blocks instead of growing the file (on ext4 a growing
file's fdatasync also commits the journal; issue 14, docs/benchmarks.md). What a reader, a restart and Kafka's
tools see must not change: the zeros are never read as the log, a roll and a close trim them (Kafka trims on
both), and a stop without close (kill -9) leaves a tail recovery cuts without calling it damage."""

from __future__ import annotations

import os

import structlog

from kaflite.storage.segment import PREALLOCATE_CHUNK

from .conftest import T0, batch, small_config


def _file_size(plog) -> int:  # type: ignore[no-untyped-def]
    return os.path.getsize(plog.active_segment.log_path)


def _kill(plog) -> None:  # type: ignore[no-untyped-def]
    """What kill -9 leaves: the files as they are, nothing trimmed or flushed by a close."""
    for seg in plog.segments:
        seg.close()


def test_preallocate_zero_fills_ahead_of_the_log_end_and_reads_stop_at_the_log_end(open_log) -> None:
    plog = open_log(small_config(**{"segment.bytes": str(4 * PREALLOCATE_CHUNK), "preallocate": "true"}))
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    seg = plog.active_segment
    assert _file_size(plog) == seg.size + PREALLOCATE_CHUNK, "the next chunk is allocated ahead"
    with open(seg.log_path, "rb") as f:
        f.seek(seg.size)
        assert f.read() == bytes(PREALLOCATE_CHUNK)
    plog.append(batch(2), leader_epoch=0, now_ms=T0)
    assert plog.log_end_offset == 5
    assert _file_size(plog) == seg.allocated and seg.allocated > seg.size, "the second append overwrote zeros"
    assert [h.base_offset for h in seg.scan(0)] == [0, 3], "nothing past the log end is read as a batch"


def test_the_file_grows_by_another_chunk_only_when_the_writes_reach_the_zeros(open_log) -> None:
    plog = open_log(small_config(**{"segment.bytes": str(8 * PREALLOCATE_CHUNK), "preallocate": "true"}))
    plog.append(batch(1, size=100), leader_epoch=0, now_ms=T0)
    first = _file_size(plog)
    plog.append(batch(1, size=100), leader_epoch=0, now_ms=T0)
    assert _file_size(plog) == first
    plog.append(batch(1, size=PREALLOCATE_CHUNK), leader_epoch=0, now_ms=T0)  # runs past the zeros
    seg = plog.active_segment
    assert _file_size(plog) == seg.size + PREALLOCATE_CHUNK


def test_the_zeros_never_go_past_segment_bytes(open_log) -> None:
    plog = open_log(small_config(**{"segment.bytes": "8192", "preallocate": "true"}))
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    assert _file_size(plog) == 8192


def test_close_and_roll_trim_the_files_to_exactly_their_batches_as_without_preallocate(open_log, tmp_path) -> None:
    plog = open_log(small_config(**{"segment.bytes": "2048", "preallocate": "true"}))
    for i in range(12):
        plog.append(batch(3, key=b"k%d" % i), leader_epoch=0, now_ms=T0)
    assert len(plog.segments) > 2, "rolled"
    for seg in plog.segments[:-1]:
        assert os.path.getsize(seg.log_path) == seg.size, f"{seg.log_path.name} trimmed on roll"
    plog.close()
    sizes = {p.name: p.stat().st_size for p in (tmp_path / "t-0").glob("*.log")}
    reopened = open_log(small_config(**{"segment.bytes": "2048", "preallocate": "true"}), clean=True)
    assert sizes == {seg.log_path.name: seg.size for seg in reopened.segments}
    assert reopened.log_end_offset == 36


def test_a_kill_leaves_a_zero_tail_that_recovery_cuts_without_calling_it_damage(open_log) -> None:
    config = small_config(**{"segment.bytes": str(4 * PREALLOCATE_CHUNK), "preallocate": "true"})
    plog = open_log(config)
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    plog.append(batch(2), leader_epoch=0, now_ms=T0)
    plog.flush()
    size, allocated = plog.active_segment.size, _file_size(plog)
    _kill(plog)
    with structlog.testing.capture_logs() as logs:
        again = open_log(config, clean=False)
    events = [e["event"] for e in logs]
    assert "log.truncated_at_damage" not in events
    trimmed = [e for e in logs if e["event"] == "log.preallocated_tail_trimmed"]
    assert trimmed and trimmed[0]["bytes_trimmed"] == allocated - size and trimmed[0]["position"] == size
    assert again.log_end_offset == 5 and again.active_segment.size == size
    again.append(batch(1), leader_epoch=0, now_ms=T0)  # and it preallocates again
    assert _file_size(again) == again.active_segment.size + PREALLOCATE_CHUNK


def test_a_torn_batch_before_the_zeros_is_still_damage(open_log) -> None:
    config = small_config(**{"segment.bytes": str(4 * PREALLOCATE_CHUNK), "preallocate": "true"})
    plog = open_log(config)
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    good = plog.active_segment.size
    plog.append(batch(2), leader_epoch=0, now_ms=T0)
    path = plog.active_segment.log_path
    _kill(plog)
    with open(path, "r+b") as f:  # the second batch's body torn: garbage where its records were
        f.seek(good + 70)
        f.write(b"\xff" * 20)
    with structlog.testing.capture_logs() as logs:
        again = open_log(config, clean=False)
    assert [e for e in logs if e["event"] == "log.truncated_at_damage"], "garbage is reported"
    assert again.log_end_offset == 3


def test_without_preallocate_the_file_is_exactly_the_log_and_switching_it_off_trims(open_log) -> None:
    plog = open_log(small_config(**{"segment.bytes": str(4 * PREALLOCATE_CHUNK)}))
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    assert _file_size(plog) == plog.active_segment.size
    plog.update_config(small_config(**{"segment.bytes": str(4 * PREALLOCATE_CHUNK), "preallocate": "true"}))
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    assert _file_size(plog) > plog.active_segment.size
    plog.update_config(small_config(**{"segment.bytes": str(4 * PREALLOCATE_CHUNK)}))
    assert _file_size(plog) == plog.active_segment.size
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    assert _file_size(plog) == plog.active_segment.size
