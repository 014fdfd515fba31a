"""Share fetch sessions (broker/share_sessions.py): epochs, rotation, limits, ownership (share-groups.md SS-EP-1/2,
SP-ACQ-2, SS-CL-1)."""

from __future__ import annotations

from kaflite.broker.share_sessions import MAX_EPOCH, ShareSessionCache, next_epoch
from kaflite.protocol.errors import ErrorCode

T = b"\x01" * 16


def test_ss_ep_1_epoch_zero_replaces_the_session() -> None:
    """SS-EP-1: epoch 0 drops the key's old session and opens one at epoch 1 with no partitions."""
    cache = ShareSessionCache()
    s = cache.open("g", "m", "conn-1")
    assert s is not None and s.epoch == 1
    s.add([(T, 0)])
    s2 = cache.open("g", "m", "conn-2")
    assert s2 is not None and s2 is not s and not s2.partitions and cache.of_connection("conn-1") == []


def test_ss_ep_1_epochs() -> None:
    """SS-EP-1/2: no session -> 122, another epoch -> 123, -1 matches, n+1 wraps to 1 after Integer.MAX_VALUE."""
    cache = ShareSessionCache()
    assert cache.check("g", "m", 1) == (ErrorCode.SHARE_SESSION_NOT_FOUND, None)
    s = cache.open("g", "m", None)
    assert cache.check("g", "m", 2)[0] == ErrorCode.INVALID_SHARE_SESSION_EPOCH
    assert cache.check("g", "m", 1) == (ErrorCode.NONE, s)
    assert cache.check("g", "m", -1) == (ErrorCode.NONE, s)
    assert next_epoch(5) == 6 and next_epoch(MAX_EPOCH) == 1


def test_ss_ep_1_session_limit() -> None:
    """SS-EP-1: `group.share.max.share.sessions` sessions exist -> no new one (133 after MaxWaitMs, the caller's);
    reopening an existing key's session is always allowed."""
    cache = ShareSessionCache(max_sessions=1)
    assert cache.open("g", "m1", None) is not None
    assert cache.open("g", "m2", None) is None
    assert cache.open("g", "m1", None) is not None


def test_sp_acq_2_rotation() -> None:
    """SP-ACQ-2: the partitions rotated left by epoch % n for epochs >= 1 (insertion order otherwise)."""
    cache = ShareSessionCache()
    s = cache.open("g", "m", None)
    assert s is not None
    assert s.add([(T, 0), (T, 1), (T, 2), (T, 0)]) == [(T, 0), (T, 1), (T, 2)]
    assert s.rotated(0) == [(T, 0), (T, 1), (T, 2)]
    assert s.rotated(1) == [(T, 1), (T, 2), (T, 0)]
    assert s.rotated(5) == [(T, 2), (T, 0), (T, 1)]
    s.forget([(T, 1)])
    assert s.rotated(1) == [(T, 2), (T, 0)]


def test_ss_cl_1_sessions_of_a_connection() -> None:
    """SS-CL-1: a closed connection's sessions are found (and only those)."""
    cache = ShareSessionCache()
    a = cache.open("g", "m1", "c1")
    cache.open("g", "m2", "c2")
    assert cache.of_connection("c1") == [a]
    assert a is not None
    cache.close(a)
    assert cache.get("g", "m1") is None and cache.group_has_sessions("g")
