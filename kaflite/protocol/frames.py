"""Kafka's size-delimited frames: bytes in, whole frames out, with the size guard inside.

The guard lives in the decoder (not the server) so it is exercised by unit tests: a frame
whose declared size exceeds ``socket.request.max.bytes`` is refused before any of it is
buffered, as Kafka's ``NetworkReceive`` does.
"""

from __future__ import annotations

import struct
from typing import ClassVar

_SIZE = struct.Struct(">i")


class FrameError(ValueError):
    """The peer broke framing; the connection must be closed."""


class FrameTooLarge(FrameError):
    def __init__(self, size: int, limit: int) -> None:
        hint = ""
        if size >> 16 == 0x1603:  # 0x16 0x03: a TLS record carrying a handshake (ClientHello), not a Kafka size
            hint = ": this looks like a TLS handshake; is the client configured for SSL on a PLAINTEXT listener?"
        super().__init__(f"frame of {size} bytes exceeds socket.request.max.bytes={limit}{hint}")
        self.size = size
        self.limit = limit


class FrameDecoder:
    """Reads size-delimited frames in the shape of `asyncio.BufferedProtocol`: `get_buffer()` says where the
    next bytes go, `buffer_updated(n)` returns the frames they complete, each in its own mutable buffer.

    Mutable on purpose: Produce's record batches are a view into the frame, and the log patches their base
    offset in place instead of copying them again. A large frame (a produce of many batches) is read by the
    socket straight into its own buffer once its size is known: no copy at all. Small frames (the
    coordinator's, fetch requests) are read into a scratch buffer and copied out once each.

    The scratch buffer may be shared by every connection of one event loop (`scratch=`): a read fills it
    and `buffer_updated` empties it before any other connection reads, and the bytes of a frame not yet
    complete are kept aside (`_partial`, put back in front by the next `get_buffer`). An idle connection
    then holds no buffer at all.
    """

    __slots__ = ("_fill", "_frame", "_got", "_partial", "_scratch", "_size", "max_size")

    SCRATCH: ClassVar[int] = 64 * 1024  # a frame larger than half of it gets a buffer of its own
    FRAME_CHUNK: ClassVar[int] = 1 << 20  # that buffer's first size

    def __init__(self, max_size: int, scratch: bytearray | None = None) -> None:
        self.max_size = max_size
        self._scratch = scratch if scratch is not None else bytearray(self.SCRATCH)
        self._partial = b""  # the start of an unfinished small frame (or of its size), kept between reads
        self._fill = 0  # bytes of _partial put in front of the scratch buffer by the last get_buffer
        self._frame: bytearray | None = None  # a large frame being read into its own buffer
        self._got = 0  # bytes of _frame read so far
        self._size = 0  # the size _frame will have

    def get_buffer(self, sizehint: int = -1) -> memoryview:
        """Where the next bytes read from the socket go (never empty)."""
        frame = self._frame
        if frame is not None:
            return memoryview(frame)[self._got:]
        k = self._fill = len(self._partial)
        if k:
            self._scratch[:k] = self._partial
        return memoryview(self._scratch)[k:]

    def buffer_updated(self, nbytes: int) -> list[bytearray]:
        """`nbytes` were written into the last `get_buffer()`: the frames now complete, in order.
        Raises FrameError (negative size) or FrameTooLarge (over `max_size`) before buffering the frame."""
        frames: list[bytearray] = []
        frame = self._frame
        if frame is not None:
            self._got += nbytes
            if self._got < len(frame):
                return frames
            if self._got < self._size:  # the buffer is full, the frame is not: grow it (a new buffer)
                grown = bytearray(min(self._size, 2 * len(frame)))
                grown[:self._got] = frame
                self._frame = grown
                return frames
            frames.append(frame)
            self._frame = None
            return frames
        scratch, pos, end = self._scratch, 0, self._fill + nbytes
        self._partial = b""
        while end - pos >= 4:
            size = _SIZE.unpack_from(scratch, pos)[0]
            if size < 0:
                raise FrameError(f"negative frame size {size}")
            if size > self.max_size:
                raise FrameTooLarge(size, self.max_size)
            if end - pos - 4 >= size:
                frames.append(scratch[pos + 4:pos + 4 + size])
                pos += 4 + size
                continue
            if size > len(scratch) // 2:  # read the rest straight into the frame's own buffer
                # Sized as the data comes (1 MiB, then doubling): a declared size costs no memory by itself.
                frame = self._frame = bytearray(min(size, self.FRAME_CHUNK))
                self._size = size
                got = end - pos - 4
                frame[:got] = scratch[pos + 4:end]
                self._got = got
                pos = end
            break
        if pos < end:
            self._partial = bytes(scratch[pos:end])
        return frames

    def feed(self, data: bytes | bytearray | memoryview) -> list[bytearray]:
        """Bytes in, complete frames out (the same reader, for callers that hold bytes already)."""
        frames: list[bytearray] = []
        src = memoryview(data)
        pos, end = 0, len(src)
        while pos < end:
            buf = self.get_buffer(end - pos)
            n = min(len(buf), end - pos)
            buf[:n] = src[pos:pos + n]
            buf.release()
            pos += n
            frames += self.buffer_updated(n)
        return frames

    @property
    def buffered(self) -> int:
        """Bytes of a frame not yet complete."""
        return self._got + 4 if self._frame is not None else len(self._partial)


def frame(*parts: bytes | bytearray | memoryview) -> list[bytes | bytearray | memoryview]:
    """Prefix ``parts`` with their total size: the list goes straight to ``transport.writelines``."""
    return [_SIZE.pack(sum(len(p) for p in parts)), *parts]
