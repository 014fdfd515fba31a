"""The writing half of a client connection: answers out, in the order given, with bounded memory.

Small answers go out as one buffer each, or, while a burst of pipelined requests is handled, collected ("corked")
and written together when the burst stops. Fetched records stay in their segment (``FileRecords``) and go out by
``os.sendfile`` when nothing is queued before them, else a chunk at a time as the socket drains, so a client that
stops reading costs kilobytes, not its fetches. What comes in, and when, is ``channel.py``'s.
"""

from __future__ import annotations

import asyncio
import itertools
import struct
from typing import Any

import structlog

from kaflite.protocol.headers import RequestHeader, encode_response_header
from kaflite.storage.segment import FileRecords

log = structlog.get_logger("kaflite.connection")

SIZE = struct.Struct(">i")
LARGE_RESPONSE = 64 * 1024
# Fetched records are read from the segment this much at a time, as the transport takes them.
STREAM_CHUNK = 64 * 1024
# Answers collected from one burst of requests leave early once they hold this much.
MAX_CORKED_BYTES = 64 * 1024
_conn_ids = itertools.count(1)


class AnswerWriter(asyncio.BufferedProtocol):
    """Answers handed to the transport: whole, corked, or streamed; and who is at the other end (log lines)."""

    # Slots: thousands of idle connections are a test suite's normal (issue 13: a few KiB each, all told).
    __slots__ = ("_log", "_log_extra", "client_id", "close_when_sent", "closed", "corked", "corked_bytes", "id",
                 "last_active", "out", "out_offset", "peer", "peer_host", "sendfile_fd", "transport", "writable")

    def __init__(self) -> None:
        self.id = next(_conn_ids)
        self.transport: asyncio.Transport | None = None
        self.peer_host = ""
        self.peer = ""
        self.client_id: str | None = None
        self._log: Any = log  # bound on first use (the `log` property): most connections never log
        self._log_extra: dict[str, Any] | None = None  # what else the bound logger carries (bind_log)
        self.writable = True  # the transport takes more (pause_writing/resume_writing)
        self.closed = False
        self.out: list[Any] = []  # answer parts not yet handed to the transport (FileRecords, buffers)
        self.out_offset = 0  # how much of ``out[0]`` went out, when it is a FileRecords
        # While a burst of frames from one read is handled (``Channel._pump``), its small answers collect here and
        # leave in one write when the burst stops: same bytes, same order, one send instead of one each.
        self.corked: list[bytes] | None = None
        self.corked_bytes = 0
        self.close_when_sent = False  # close_gracefully() came while an answer was still streaming
        self.sendfile_fd = -1  # the socket's fd where fetched records may go by os.sendfile (plain TCP)
        self.last_active = 0.0  # loop time of the last whole request frame or answer progress

    @property
    def log(self) -> Any:
        """This connection's logger (conn, peer, client id, ...), bound on first use: a bound logger is a few
        hundred bytes, and most of the thousands of connections a test suite opens never log a line."""
        bound = self._log
        if bound is None:
            extra = self._log_extra or {}
            if self.client_id is not None:
                extra = {"client_id": self.client_id, **extra}
            bound = self._log = log.bind(conn=self.id, peer=self.peer, **extra)
        return bound

    def bind_log(self, **values: Any) -> None:
        """Add `values` to every later log line of this connection."""
        self._log_extra = {**(self._log_extra or {}), **values}
        self._log = None

    def _touch(self) -> None:
        self.last_active = asyncio.get_running_loop().time()

    def write_frame(self, data: bytes) -> None:
        """A bare size-prefixed frame (a SASL token after SaslHandshake v0: no response header), in order with
        the rest."""
        framed = SIZE.pack(len(data)) + data
        if self.corked is not None:
            self.corked.append(framed)
            self.corked_bytes += len(framed)
        elif self.transport is not None:
            self._touch()
            self.transport.write(framed)

    def _write(self, h: RequestHeader, parts: list[Any]) -> None:
        """Small answers go out as one buffer (collected while a burst is handled, see ``Channel._pump``);
        large ones (fetched records) are streamed: buffers without joining them, FileRecords a chunk
        at a time as the transport takes them."""
        assert self.transport is not None
        corked = self.corked
        if corked is None:  # (a burst's answers touch it once, in _uncork)
            self._touch()
        header = encode_response_header(h.api_key, h.api_version, h.correlation_id)
        size = len(header) + sum(map(len, parts))
        if size < LARGE_RESPONSE and not self.out and self.writable:
            for part in parts:
                if isinstance(part, FileRecords):
                    break
            else:  # the common case: bytes only, nothing queued before it
                answer = b"".join([SIZE.pack(size), header, *parts])
                if corked is None:
                    self.transport.write(answer)
                    return
                corked.append(answer)
                self.corked_bytes += len(answer)
                if self.corked_bytes >= MAX_CORKED_BYTES:
                    self._uncork()
                    self.corked = []
                return
        if self.corked:  # what was answered before this goes first
            self._uncork()
            self.corked = []
        self.out.append(SIZE.pack(size) + header)
        self.out.extend(parts)
        if size < LARGE_RESPONSE:  # one buffer, records read now: as cheap as it gets for small answers
            self.out.insert(0, b"".join(self._read_out(size)))
        self._stream()

    def _uncork(self) -> None:
        """Hand the burst's collected answers to the transport in one write."""
        corked, self.corked = self.corked, None
        self.corked_bytes = 0
        if corked and not self.closed and self.transport is not None:
            self._touch()
            self.transport.write(corked[0] if len(corked) == 1 else b"".join(corked))

    def _read_out(self, size: int) -> list[bytes]:
        """Take every queued part, records read from their segments (only for answers under
        LARGE_RESPONSE); nothing if a segment can no longer give them (the connection is closed)."""
        parts = []
        while self.out:
            part = self.out.pop(0)
            if isinstance(part, FileRecords):
                try:
                    part = bytes(part)
                except OSError as e:
                    self._unreadable(e)
                    return []
            parts.append(part)
        return parts

    def _unreadable(self, e: OSError) -> None:
        """The answer's length is already promised: only closing the connection can end it."""
        self.log.warning("closing connection: fetched records could not be read to send them", error=str(e))
        self.closed = True
        self.out.clear()
        if self.transport is not None:
            self.transport.abort()

    def _stream(self) -> None:
        """Hand queued answer parts to the transport until it is full (pause_writing) or they are all
        out; records are read from their segment only now, STREAM_CHUNK at a time."""
        out, t = self.out, self.transport
        while out and self.writable and not self.closed and t is not None:
            part = out[0]
            if isinstance(part, FileRecords):
                if self.sendfile_fd >= 0 and part.size > self.out_offset and t.get_write_buffer_size() == 0:
                    # Nothing queued before it: the socket takes the records straight from the page cache.
                    try:
                        sent = part.send(self.sendfile_fd, self.out_offset, part.size - self.out_offset)
                    except OSError as e:
                        self._unreadable(e)
                        return
                    if self._sent(part, sent):
                        continue
                    # The socket is full: a chunk through the transport waits for it to drain (pause_writing,
                    # resume_writing once all of it went), then the socket takes the rest the same way.
                n = min(STREAM_CHUNK, part.size - self.out_offset)
                try:
                    chunk = part.read(self.out_offset, n) if n > 0 else b""
                except OSError as e:
                    self._unreadable(e)
                    return
                self._sent(part, n)
                if chunk:
                    t.write(chunk)
                continue
            run = []
            while out and not isinstance(out[0], FileRecords):
                run.append(out.pop(0))
            if len(run) == 1:
                t.write(run[0])
            else:
                t.writelines(run)
        if not out and self.close_when_sent and t is not None:
            t.close()

    def _sent(self, part: FileRecords, n: int) -> bool:
        """`n` more bytes of `out[0]` are out; True (and it is dropped) once all of it is."""
        self.out_offset += n
        if self.out_offset < part.size:
            return False
        self.out.pop(0)
        self.out_offset = 0
        return True
