"""Generated from Kafka's PartitionChangeRecord.json by tools/codegen/generate.py. Do not edit."""

from __future__ import annotations

import struct as _struct
from collections.abc import Callable
from typing import Any, ClassVar, TypeAlias

from kaflite.protocol._codec import (  # noqa: F401
    _UNSET, ZERO_UUID, Buffer, DecodeError, _bad_array, _eq, _new, _null, _r_bytes, _r_cbytes,
    _r_crecords, _r_cstr, _r_nn_bytes, _r_nn_cbytes, _r_nn_cstr, _r_nn_str, _r_records, _r_str,
    _r_uvarint, _repr, _skip_tags, _unsupported, _uvarint,
    Writer, _w_bytes, _w_cbytes, _w_cstr, _w_str, mypyc_attr,
)

_S0 = _struct.Struct('>i')
_S1 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class PartitionChangeRecord:
    """PartitionChangeRecord v0-2 (generated from PartitionChangeRecord.json)."""

    __slots__ = ('partition_id', 'topic_id', 'isr', 'leader', 'replicas', 'removing_replicas', 'adding_replicas', 'leader_recovery_state', 'directories', 'eligible_leader_replicas', 'last_known_elr')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 5
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0

    def __init__(self, *, partition_id: int = -1, topic_id: bytes = ZERO_UUID, isr: list[int] | None = None, leader: int = -2, replicas: list[int] | None = None, removing_replicas: list[int] | None = None, adding_replicas: list[int] | None = None, leader_recovery_state: int = -1, directories: list[bytes] | None = None, eligible_leader_replicas: list[int] | None = None, last_known_elr: list[int] | None = None) -> None:
        self.partition_id = partition_id
        self.topic_id = topic_id
        self.isr = isr
        self.leader = leader
        self.replicas = replicas
        self.removing_replicas = removing_replicas
        self.adding_replicas = adding_replicas
        self.leader_recovery_state = leader_recovery_state
        self.directories = directories
        self.eligible_leader_replicas = eligible_leader_replicas
        self.last_known_elr = last_known_elr

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]

    def encode(self, version: int) -> bytes:
        return b''.join(self.encode_parts(version))

    def encode_parts(self, version: int) -> list[Buffer]:
        """The encoding as a list of buffers: large payloads (records) are not copied."""
        parts: list[Buffer] = []
        _ENC_PartitionChangeRecord[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> PartitionChangeRecord:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[PartitionChangeRecord, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_PartitionChangeRecord[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed PartitionChangeRecord v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'PartitionChangeRecord v{version} runs past the end of the frame')
        return o, end


PartitionChangeRecord.FIELD_TYPES = {'partition_id': int, 'topic_id': bytes, 'isr': list[int] | None, 'leader': int, 'replicas': list[int] | None, 'removing_replicas': list[int] | None, 'adding_replicas': list[int] | None, 'leader_recovery_state': int, 'directories': list[bytes] | None, 'eligible_leader_replicas': list[int] | None, 'last_known_elr': list[int] | None}


def _dec_PartitionChangeRecord_0(buf: memoryview, pos: int) -> tuple[PartitionChangeRecord, int]:
    o = _new(PartitionChangeRecord)
    o.partition_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.isr = None
    o.leader = -2
    o.replicas = None
    o.removing_replicas = None
    o.adding_replicas = None
    o.leader_recovery_state = -1
    o.directories = None
    o.eligible_leader_replicas = None
    o.last_known_elr = None
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.isr = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.isr = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 1:
            o.leader = _S0.unpack_from(buf, pos)[0]; pos += 4
        elif tag == 2:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 3:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.removing_replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.removing_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 4:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.adding_replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.adding_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 5:
            o.leader_recovery_state = _S1.unpack_from(buf, pos)[0]; pos += 1
        pos = end
    return o, pos


def _enc_PartitionChangeRecord_0(o: PartitionChangeRecord, w: Writer) -> None:
    w(_S0.pack(o.partition_id))
    w(o.topic_id)
    tags: list[bytes] = []
    if o.isr is not None:
        tb: list[Buffer] = []; tw = tb.append
        a0 = o.isr
        if a0 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a0) + 1))
            tw(_struct.pack('>%di' % len(a0), *a0))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.leader != -2:
        tb = []; tw = tb.append
        tw(_S0.pack(o.leader))
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    if o.replicas is not None:
        tb = []; tw = tb.append
        a1 = o.replicas
        if a1 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a1) + 1))
            tw(_struct.pack('>%di' % len(a1), *a1))
        tv = b''.join(tb)
        tags.append(_uvarint(2) + _uvarint(len(tv)) + tv)
    if o.removing_replicas is not None:
        tb = []; tw = tb.append
        a2 = o.removing_replicas
        if a2 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a2) + 1))
            tw(_struct.pack('>%di' % len(a2), *a2))
        tv = b''.join(tb)
        tags.append(_uvarint(3) + _uvarint(len(tv)) + tv)
    if o.adding_replicas is not None:
        tb = []; tw = tb.append
        a3 = o.adding_replicas
        if a3 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a3) + 1))
            tw(_struct.pack('>%di' % len(a3), *a3))
        tv = b''.join(tb)
        tags.append(_uvarint(4) + _uvarint(len(tv)) + tv)
    if o.leader_recovery_state != -1:
        tb = []; tw = tb.append
        tw(_S1.pack(o.leader_recovery_state))
        tv = b''.join(tb)
        tags.append(_uvarint(5) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_PartitionChangeRecord_1(buf: memoryview, pos: int) -> tuple[PartitionChangeRecord, int]:
    o = _new(PartitionChangeRecord)
    o.partition_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.isr = None
    o.leader = -2
    o.replicas = None
    o.removing_replicas = None
    o.adding_replicas = None
    o.leader_recovery_state = -1
    o.directories = None
    o.eligible_leader_replicas = None
    o.last_known_elr = None
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.isr = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.isr = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 1:
            o.leader = _S0.unpack_from(buf, pos)[0]; pos += 4
        elif tag == 2:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 3:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.removing_replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.removing_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 4:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.adding_replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.adding_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 5:
            o.leader_recovery_state = _S1.unpack_from(buf, pos)[0]; pos += 1
        elif tag == 8:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.directories = None
            else:
                if n * 16 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                a4: list[bytes] = []; ap4 = a4.append
                for _ in range(n):
                    ap4(bytes(buf[pos:pos + 16])); pos += 16
                o.directories = a4
        pos = end
    return o, pos


def _enc_PartitionChangeRecord_1(o: PartitionChangeRecord, w: Writer) -> None:
    w(_S0.pack(o.partition_id))
    w(o.topic_id)
    tags: list[bytes] = []
    if o.isr is not None:
        tb: list[Buffer] = []; tw = tb.append
        a0 = o.isr
        if a0 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a0) + 1))
            tw(_struct.pack('>%di' % len(a0), *a0))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.leader != -2:
        tb = []; tw = tb.append
        tw(_S0.pack(o.leader))
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    if o.replicas is not None:
        tb = []; tw = tb.append
        a1 = o.replicas
        if a1 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a1) + 1))
            tw(_struct.pack('>%di' % len(a1), *a1))
        tv = b''.join(tb)
        tags.append(_uvarint(2) + _uvarint(len(tv)) + tv)
    if o.removing_replicas is not None:
        tb = []; tw = tb.append
        a2 = o.removing_replicas
        if a2 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a2) + 1))
            tw(_struct.pack('>%di' % len(a2), *a2))
        tv = b''.join(tb)
        tags.append(_uvarint(3) + _uvarint(len(tv)) + tv)
    if o.adding_replicas is not None:
        tb = []; tw = tb.append
        a3 = o.adding_replicas
        if a3 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a3) + 1))
            tw(_struct.pack('>%di' % len(a3), *a3))
        tv = b''.join(tb)
        tags.append(_uvarint(4) + _uvarint(len(tv)) + tv)
    if o.leader_recovery_state != -1:
        tb = []; tw = tb.append
        tw(_S1.pack(o.leader_recovery_state))
        tv = b''.join(tb)
        tags.append(_uvarint(5) + _uvarint(len(tv)) + tv)
    if o.directories is not None:
        tb = []; tw = tb.append
        a4 = o.directories
        if a4 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a4) + 1))
            for x4 in a4:
                tw(x4)
        tv = b''.join(tb)
        tags.append(_uvarint(8) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_PartitionChangeRecord_2(buf: memoryview, pos: int) -> tuple[PartitionChangeRecord, int]:
    o = _new(PartitionChangeRecord)
    o.partition_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.isr = None
    o.leader = -2
    o.replicas = None
    o.removing_replicas = None
    o.adding_replicas = None
    o.leader_recovery_state = -1
    o.directories = None
    o.eligible_leader_replicas = None
    o.last_known_elr = None
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.isr = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.isr = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 1:
            o.leader = _S0.unpack_from(buf, pos)[0]; pos += 4
        elif tag == 2:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 3:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.removing_replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.removing_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 4:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.adding_replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.adding_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 5:
            o.leader_recovery_state = _S1.unpack_from(buf, pos)[0]; pos += 1
        elif tag == 8:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.directories = None
            else:
                if n * 16 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                a4: list[bytes] = []; ap4 = a4.append
                for _ in range(n):
                    ap4(bytes(buf[pos:pos + 16])); pos += 16
                o.directories = a4
        elif tag == 6:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.eligible_leader_replicas = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.eligible_leader_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        elif tag == 7:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0:
                o.last_known_elr = None
            else:
                if n * 4 > len(buf) - pos:
                    _bad_array(n, buf, pos)
                o.last_known_elr = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
        pos = end
    return o, pos


def _enc_PartitionChangeRecord_2(o: PartitionChangeRecord, w: Writer) -> None:
    w(_S0.pack(o.partition_id))
    w(o.topic_id)
    tags: list[bytes] = []
    if o.isr is not None:
        tb: list[Buffer] = []; tw = tb.append
        a0 = o.isr
        if a0 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a0) + 1))
            tw(_struct.pack('>%di' % len(a0), *a0))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.leader != -2:
        tb = []; tw = tb.append
        tw(_S0.pack(o.leader))
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    if o.replicas is not None:
        tb = []; tw = tb.append
        a1 = o.replicas
        if a1 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a1) + 1))
            tw(_struct.pack('>%di' % len(a1), *a1))
        tv = b''.join(tb)
        tags.append(_uvarint(2) + _uvarint(len(tv)) + tv)
    if o.removing_replicas is not None:
        tb = []; tw = tb.append
        a2 = o.removing_replicas
        if a2 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a2) + 1))
            tw(_struct.pack('>%di' % len(a2), *a2))
        tv = b''.join(tb)
        tags.append(_uvarint(3) + _uvarint(len(tv)) + tv)
    if o.adding_replicas is not None:
        tb = []; tw = tb.append
        a3 = o.adding_replicas
        if a3 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a3) + 1))
            tw(_struct.pack('>%di' % len(a3), *a3))
        tv = b''.join(tb)
        tags.append(_uvarint(4) + _uvarint(len(tv)) + tv)
    if o.leader_recovery_state != -1:
        tb = []; tw = tb.append
        tw(_S1.pack(o.leader_recovery_state))
        tv = b''.join(tb)
        tags.append(_uvarint(5) + _uvarint(len(tv)) + tv)
    if o.eligible_leader_replicas is not None:
        tb = []; tw = tb.append
        a4 = o.eligible_leader_replicas
        if a4 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a4) + 1))
            tw(_struct.pack('>%di' % len(a4), *a4))
        tv = b''.join(tb)
        tags.append(_uvarint(6) + _uvarint(len(tv)) + tv)
    if o.last_known_elr is not None:
        tb = []; tw = tb.append
        a5 = o.last_known_elr
        if a5 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a5) + 1))
            tw(_struct.pack('>%di' % len(a5), *a5))
        tv = b''.join(tb)
        tags.append(_uvarint(7) + _uvarint(len(tv)) + tv)
    if o.directories is not None:
        tb = []; tw = tb.append
        a6 = o.directories
        if a6 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a6) + 1))
            for x6 in a6:
                tw(x6)
        tv = b''.join(tb)
        tags.append(_uvarint(8) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_PartitionChangeRecord: list[Callable[[memoryview, int], tuple[PartitionChangeRecord, int]]] = [_dec_PartitionChangeRecord_0, _dec_PartitionChangeRecord_1, _dec_PartitionChangeRecord_2]
_ENC_PartitionChangeRecord: list[Callable[[PartitionChangeRecord, Writer], None]] = [_enc_PartitionChangeRecord_0, _enc_PartitionChangeRecord_1, _enc_PartitionChangeRecord_2]
