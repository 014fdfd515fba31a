"""Generated from Kafka's DescribeClusterRequest.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>?')
_S1 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class DescribeClusterRequest:
    """DescribeClusterRequest v0-2 (generated from DescribeClusterRequest.json)."""

    __slots__ = ('include_cluster_authorized_operations', 'endpoint_type', 'include_fenced_brokers')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 60
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0

    def __init__(self, *, include_cluster_authorized_operations: bool = False, endpoint_type: int = 1, include_fenced_brokers: bool = False) -> None:
        self.include_cluster_authorized_operations = include_cluster_authorized_operations
        self.endpoint_type = endpoint_type
        self.include_fenced_brokers = include_fenced_brokers

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
        _ENC_DescribeClusterRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeClusterRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeClusterRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeClusterRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeClusterRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeClusterRequest v{version} runs past the end of the frame')
        return o, end


DescribeClusterRequest.FIELD_TYPES = {'include_cluster_authorized_operations': bool, 'endpoint_type': int, 'include_fenced_brokers': bool}


def _dec_DescribeClusterRequest_0(buf: memoryview, pos: int) -> tuple[DescribeClusterRequest, int]:
    o = _new(DescribeClusterRequest)
    o.include_cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.endpoint_type = 1
    o.include_fenced_brokers = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterRequest_0(o: DescribeClusterRequest, w: Writer) -> None:
    w(_S0.pack(o.include_cluster_authorized_operations))
    w(b'\x00')


def _dec_DescribeClusterRequest_1(buf: memoryview, pos: int) -> tuple[DescribeClusterRequest, int]:
    o = _new(DescribeClusterRequest)
    o.include_cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.endpoint_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_fenced_brokers = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterRequest_1(o: DescribeClusterRequest, w: Writer) -> None:
    w(_S0.pack(o.include_cluster_authorized_operations))
    w(_S1.pack(o.endpoint_type))
    w(b'\x00')


def _dec_DescribeClusterRequest_2(buf: memoryview, pos: int) -> tuple[DescribeClusterRequest, int]:
    o = _new(DescribeClusterRequest)
    o.include_cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.endpoint_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_fenced_brokers = _S0.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterRequest_2(o: DescribeClusterRequest, w: Writer) -> None:
    w(_S0.pack(o.include_cluster_authorized_operations))
    w(_S1.pack(o.endpoint_type))
    w(_S0.pack(o.include_fenced_brokers))
    w(b'\x00')


_DEC_DescribeClusterRequest: list[Callable[[memoryview, int], tuple[DescribeClusterRequest, int]]] = [_dec_DescribeClusterRequest_0, _dec_DescribeClusterRequest_1, _dec_DescribeClusterRequest_2]
_ENC_DescribeClusterRequest: list[Callable[[DescribeClusterRequest, Writer], None]] = [_enc_DescribeClusterRequest_0, _enc_DescribeClusterRequest_1, _enc_DescribeClusterRequest_2]
