"""Share fetch sessions (KIP-932, `SS-EP-*`, `SS-CL-1`): one per (group, member) on this broker.

Kafka's ShareSessionCache and ShareSessionContext, without the I/O: a session remembers the share
partitions a member fetches (in the order they were added: the rotation of SP-ACQ-2 walks them) and the
epoch its next request must carry. ShareFetch epoch 0 opens one (dropping the old one: its records stay
acquired until acknowledged or expired), -1 closes it, any other epoch must match. ShareAcknowledge never
opens one. A session belongs to the connection that opened it: when that connection closes, the session
ends and its member's records are released (SS-CL-1, done by the caller).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kaflite.protocol.errors import ErrorCode

INITIAL_EPOCH = 0
FINAL_EPOCH = -1
MAX_EPOCH = 2**31 - 1

SharePartitionId = tuple[bytes, int]
"""(topic id, partition) inside one group's session."""


def next_epoch(epoch: int) -> int:
    """SS-EP-1: n + 1, wrapping from Integer.MAX_VALUE to 1 (never 0 or -1)."""
    return 1 if epoch >= MAX_EPOCH else epoch + 1


@dataclass(slots=True)
class ShareSession:
    """One member's share session: the partitions it fetches, the epoch its next request must carry."""

    group_id: str
    member_id: str
    epoch: int
    connection: Any  # the connection that opened it (SS-CL-1); None in unit tests
    partitions: dict[SharePartitionId, None] = field(default_factory=dict)  # ordered set

    @property
    def key(self) -> tuple[str, str]:
        return self.group_id, self.member_id

    def add(self, parts: list[SharePartitionId]) -> list[SharePartitionId]:
        """Add partitions (SS-FETCH-1); those not in the session before."""
        added = []
        for p in parts:
            if p not in self.partitions:
                self.partitions[p] = None
                added.append(p)
        return added

    def forget(self, parts: list[SharePartitionId]) -> None:
        for p in parts:
            self.partitions.pop(p, None)

    def rotated(self, epoch: int) -> list[SharePartitionId]:
        """SP-ACQ-2: the partitions rotated left by `epoch % n` for epochs >= 1 (PartitionRotateStrategy)."""
        parts = list(self.partitions)
        if epoch < 1 or not parts:
            return parts
        k = epoch % len(parts)
        return parts[k:] + parts[:k]


class ShareSessionCache:
    """Every share session of this broker, at most `max_sessions` (`group.share.max.share.sessions`)."""

    def __init__(self, max_sessions: int = 2000) -> None:
        self.max_sessions = max_sessions
        self.sessions: dict[tuple[str, str], ShareSession] = {}

    def __len__(self) -> int:
        return len(self.sessions)

    def get(self, group_id: str, member_id: str) -> ShareSession | None:
        return self.sessions.get((group_id, member_id))

    def open(self, group_id: str, member_id: str, connection: Any) -> ShareSession | None:
        """SS-EP-1 epoch 0: a new session at epoch 1 replacing the key's old one; None when the cache is full
        (SHARE_SESSION_LIMIT_REACHED after MaxWaitMs, the caller's)."""
        key = (group_id, member_id)
        self.sessions.pop(key, None)
        if len(self.sessions) >= self.max_sessions:
            return None
        session = self.sessions[key] = ShareSession(group_id, member_id, 1, connection)
        return session

    def check(self, group_id: str, member_id: str, epoch: int) -> tuple[ErrorCode, ShareSession | None]:
        """SS-EP-1/2 for an epoch other than 0: the session, or SHARE_SESSION_NOT_FOUND /
        INVALID_SHARE_SESSION_EPOCH. Epoch -1 matches any session of the key."""
        session = self.sessions.get((group_id, member_id))
        if session is None:
            return ErrorCode.SHARE_SESSION_NOT_FOUND, None
        if epoch != FINAL_EPOCH and epoch != session.epoch:
            return ErrorCode.INVALID_SHARE_SESSION_EPOCH, None
        return ErrorCode.NONE, session

    def close(self, session: ShareSession) -> None:
        if self.sessions.get(session.key) is session:
            del self.sessions[session.key]

    def of_connection(self, connection: Any) -> list[ShareSession]:
        """SS-CL-1: the sessions a closed connection opened."""
        return [s for s in self.sessions.values() if s.connection is connection]

    def group_has_sessions(self, group_id: str) -> bool:
        return any(g == group_id for g, _ in self.sessions)

    def clear(self) -> None:
        self.sessions.clear()
