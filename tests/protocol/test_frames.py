"""Size-delimited frames: arbitrary chunking, several frames per chunk, the size guard."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaflite.protocol.frames import FrameDecoder, FrameError, FrameTooLarge, frame


def wire(*bodies: bytes) -> bytes:
    return b"".join(b"".join(frame(b)) for b in bodies)


def test_frame_prefixes_total_size() -> None:
    assert frame(b"abc") == [b"\x00\x00\x00\x03", b"abc"]
    assert frame(b"ab", b"", b"cde") == [b"\x00\x00\x00\x05", b"ab", b"", b"cde"]
    assert frame() == [b"\x00\x00\x00\x00"]
    big = bytes(70000)
    assert frame(big)[0] == struct.pack(">i", 70000)
    assert frame(memoryview(b"xyz"))[0] == b"\x00\x00\x00\x03"


def test_several_frames_in_one_chunk() -> None:
    d = FrameDecoder(1024)
    assert d.feed(wire(b"one", b"", b"three") + b"\x00\x00") == [b"one", b"", b"three"]
    assert d.buffered == 2
    assert d.feed(b"\x00\x02hi") == [b"hi"]
    assert d.buffered == 0


def test_one_byte_at_a_time() -> None:
    d = FrameDecoder(1024)
    out = []
    for b in wire(b"hello", b"world!"):
        out += d.feed(bytes([b]))
    assert out == [b"hello", b"world!"]
    assert d.buffered == 0


@settings(max_examples=60, deadline=None)
@given(bodies=st.lists(st.binary(max_size=40), max_size=6), data=st.data())
def test_arbitrary_chunk_boundaries(bodies: list[bytes], data: st.DataObject) -> None:
    stream = wire(*bodies)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    d = FrameDecoder(64)
    out: list[bytes] = []
    prev = 0
    for c in [*cuts, len(stream)]:
        out += d.feed(stream[prev:c])
        prev = c
    assert out == bodies
    assert d.buffered == 0


def test_size_guard_before_buffering_the_body() -> None:
    d = FrameDecoder(100)
    # exactly the limit is accepted
    assert d.feed(wire(bytes(100))) == [bytes(100)]
    # one over is refused as soon as the size is read, with no body bytes sent
    with pytest.raises(FrameTooLarge) as exc:
        d.feed(struct.pack(">i", 101))
    assert (exc.value.size, exc.value.limit) == (101, 100)
    assert isinstance(exc.value, FrameError)
    # a huge announced size is refused from its 4 size bytes, even split across chunks
    d2 = FrameDecoder(100)
    assert d2.feed(b"\x7f\xff") == []
    with pytest.raises(FrameTooLarge):
        d2.feed(b"\xff\xff")


def test_size_guard_after_good_frames_in_the_same_chunk() -> None:
    d = FrameDecoder(10)
    with pytest.raises(FrameTooLarge):
        d.feed(wire(b"ok") + struct.pack(">i", 11) + b"x")


def test_negative_size_is_a_framing_error() -> None:
    with pytest.raises(FrameError) as exc:
        FrameDecoder(100).feed(b"\xff\xff\xff\xff")
    assert not isinstance(exc.value, FrameTooLarge)
    with pytest.raises(FrameError):
        FrameDecoder(100).feed(struct.pack(">i", -(1 << 31)))


def test_partial_size_is_buffered() -> None:
    d = FrameDecoder(100)
    assert d.feed(b"\x00\x00") == []
    assert d.feed(b"\x00") == []
    assert d.buffered == 3
    assert d.feed(b"\x01") == []
    assert d.feed(b"z") == [b"z"]
