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


@settings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.sampled_from([0, 3, 1000, 32_767, 32_769, 70_000, (1 << 20) + 5, (3 << 20) + 1]),
                      min_size=1, max_size=5),
       data=st.data())
def test_large_and_small_frames_read_as_a_socket_reads_them(sizes: list[int], data: st.DataObject) -> None:
    """As `BufferedProtocol`: the socket writes at most what it has into `get_buffer()`, often less than the
    buffer's room. Large frames are read into buffers of their own (grown past 1 MiB), small ones from the
    scratch buffer; either way every body comes out whole and in order."""
    bodies = [bytes([i % 251]) * n for i, n in enumerate(sizes)]
    stream = memoryview(wire(*bodies))
    d = FrameDecoder(8 << 20)
    out: list[bytearray] = []
    pos = 0
    while pos < len(stream):
        buf = d.get_buffer(-1)
        assert len(buf) > 0
        n = min(len(buf), len(stream) - pos, data.draw(st.integers(1, 200_000)))
        buf[:n] = stream[pos:pos + n]
        pos += n
        out += d.buffer_updated(n)
    assert [bytes(f) for f in out] == bodies
    assert all(isinstance(f, bytearray) for f in out)  # mutable: the log patches base offsets in place
    assert d.buffered == 0


def test_a_declared_size_costs_no_memory_before_its_bytes_come() -> None:
    """A header that promises a 64 MiB frame gets a 1 MiB buffer, not 64 MiB: memory follows the bytes sent."""
    d = FrameDecoder(100 << 20)
    assert d.feed(struct.pack(">i", 64 << 20) + b"x" * 40_000) == []
    assert len(d.get_buffer()) <= (1 << 20)
    assert d.buffered == 40_004


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_connections_sharing_one_scratch_buffer_keep_their_own_partial_frames(data: st.DataObject) -> None:
    """The broker's connections share one scratch buffer (one event loop reads one socket at a time): reads
    of several connections interleaved, each cut anywhere, still give each its own frames whole."""
    shared = bytearray(FrameDecoder.SCRATCH)
    streams = []
    for c in range(3):
        sizes = data.draw(st.lists(st.sampled_from([0, 1, 7, 300, 20_000, 40_000]), min_size=1, max_size=4))
        streams.append([bytes([c * 50 + i]) * n for i, n in enumerate(sizes)])
    decoders = [FrameDecoder(1 << 20, shared) for _ in streams]
    wires = [memoryview(wire(*bodies)) for bodies in streams]
    positions = [0] * len(streams)
    out: list[list[bytes]] = [[] for _ in streams]
    while any(p < len(w) for p, w in zip(positions, wires, strict=True)):
        c = data.draw(st.sampled_from([i for i, w in enumerate(wires) if positions[i] < len(w)]))
        buf = decoders[c].get_buffer(-1)
        n = min(len(buf), len(wires[c]) - positions[c], data.draw(st.integers(1, 50_000)))
        buf[:n] = wires[c][positions[c]:positions[c] + n]
        positions[c] += n
        out[c] += [bytes(f) for f in decoders[c].buffer_updated(n)]
    assert out == streams
    assert all(d.buffered == 0 for d in decoders)


def test_an_idle_connection_holds_no_read_buffer() -> None:
    """A read that ends mid-frame keeps just those bytes; one that ends on a frame boundary keeps nothing."""
    d = FrameDecoder(1 << 20, bytearray(FrameDecoder.SCRATCH))
    assert d.feed(wire(b"abc") + b"\x00\x00") == [b"abc"]
    assert d.buffered == 2
    assert d.feed(b"\x00\x01z") == [b"z"]
    assert d.buffered == 0 and d._partial == b""
