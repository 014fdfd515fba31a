"""Kafka's size-delimited frames: bytes in, whole frames out, with the size guard inside.

The guard lives in the decoder (not the server) so it is exercised by unit tests: a frame
whose declared size exceeds ``socket.request.max.bytes`` is refused before any of it is
buffered, as Kafka's ``NetworkReceive`` does.
"""

from __future__ import annotations

import struct

_SIZE = struct.Struct(">i")


class FrameError(ValueError):
    """The peer broke framing; the connection must be closed."""


class FrameTooLarge(FrameError):
    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"frame of {size} bytes exceeds socket.request.max.bytes={limit}")
        self.size = size
        self.limit = limit


class FrameDecoder:
    """Reads size-delimited frames in the shape of `asyncio.BufferedProtocol`: `get_buffer()` says where the
    next bytes go, `buffer_updated(n)` returns the frames they complete, each in its own mutable buffer.

    Mutable on purpose: Produce's record batches are a view into the frame, and the log patches their base
    offset in place instead of copying them again. A large frame (a produce of many batches) is read by the
    socket straight into its own buffer once its size is known: no copy at all. Small frames (the
    coordinator's, fetch requests) share one scratch buffer and are copied out once each.
    """

    __slots__ = ("_end", "_frame", "_got", "_scratch", "_size", "_start", "max_size")

    SCRATCH = 64 * 1024  # a frame larger than half of it gets a buffer of its own
    FRAME_CHUNK = 1 << 20  # that buffer's first size

    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self._scratch = bytearray(self.SCRATCH)
        self._start = 0  # unread bytes are _scratch[_start:_end]
        self._end = 0
        self._frame: bytearray | None = None  # a large frame being read into its own buffer
        self._got = 0  # bytes of _frame read so far
        self._size = 0  # the size _frame will have

    def get_buffer(self, sizehint: int = -1) -> memoryview:
        """Where the next bytes read from the socket go (never empty)."""
        frame = self._frame
        if frame is not None:
            return memoryview(frame)[self._got:]
        if self._start == self._end:
            self._start = self._end = 0
        elif len(self._scratch) - self._end < 4096:  # little room left: move the partial frame to the front
            n = self._end - self._start
            self._scratch[:n] = self._scratch[self._start:self._end]
            self._start, self._end = 0, n
        return memoryview(self._scratch)[self._end:]

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
        self._end += nbytes
        scratch, pos, end = self._scratch, self._start, self._end
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
        self._start = pos
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
        return self._got + 4 if self._frame is not None else self._end - self._start


def frame(*parts: bytes) -> list[bytes]:
    """Prefix ``parts`` with their total size: the list goes straight to ``transport.writelines``."""
    return [_SIZE.pack(sum(len(p) for p in parts)), *parts]
