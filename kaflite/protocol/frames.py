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
    """Accumulates bytes and yields complete frame bodies (without the 4-byte size)."""

    __slots__ = ("_buf", "_need", "max_size")

    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self._buf = bytearray()
        self._need = -1  # body size of the frame being read, -1 while reading the size

    def feed(self, data: bytes) -> list[bytearray]:
        """Complete frames, each copied once into its own mutable buffer.

        Mutable on purpose: Produce's record batches are a view into the frame, and the log
        patches their base offset in place instead of copying them again.
        """
        held = self._buf
        if held:
            held += data
            src: bytes | bytearray = held
        else:
            src = data
        view = memoryview(src)
        frames: list[bytearray] = []
        pos = 0
        end = len(src)
        need = self._need
        while True:
            if need < 0:
                if end - pos < 4:
                    break
                size = _SIZE.unpack_from(view, pos)[0]
                if size < 0:
                    view.release()
                    raise FrameError(f"negative frame size {size}")
                if size > self.max_size:
                    view.release()
                    raise FrameTooLarge(size, self.max_size)
                need = size
                pos += 4
            if end - pos < need:
                break
            frames.append(bytearray(view[pos:pos + need]))
            pos += need
            need = -1
        self._need = need
        if src is held:
            view.release()
            if pos:
                del held[:pos]
        elif pos < end:
            self._buf = bytearray(view[pos:])
            view.release()
        return frames

    @property
    def buffered(self) -> int:
        return len(self._buf)


def frame(*parts: bytes) -> list[bytes]:
    """Prefix ``parts`` with their total size: the list goes straight to ``transport.writelines``."""
    return [_SIZE.pack(sum(len(p) for p in parts)), *parts]
