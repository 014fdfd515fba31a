"""The generated readers are schema-true: what decodes is a request Kafka's readers would accept.

Kafka's generated ``read`` methods refuse a -1 length for a field that is not nullable at that version
("non-nullable field X was serialized as null"), an array count larger than the bytes left, a string
longer than 32767 and an unsigned varint longer than 5 bytes, before any handler sees the request. Ours
must too, or handlers meet nulls the schema rules out (issue 13: 505 of 529 unhandled exceptions in a
fuzz run). For every request and version, a populated request is mutated at every offset (a -1 int16
and int32, a compact null, a huge count, an over-long varint): each either decodes to a value whose
non-nullable fields are all set, or raises ``DecodeError``; nothing else.
"""

from __future__ import annotations

from typing import Any

import pytest

from kaflite.protocol._codec import DecodeError, _r_cstr, _r_uvarint
from kaflite.protocol.messages import REQUESTS, JoinGroupRequest, MetadataRequest
from tests.protocol.schema_oracle import SCHEMAS, flexible, is_nullable, is_tagged, present

REQUEST_COMBOS = [(cls.__name__, v) for _, cls in sorted(REQUESTS.items())
                  for v in range(cls.MIN_VERSION, cls.MAX_VERSION + 1)]
MUTATIONS = [b"\xff\xff", b"\xff\xff\xff\xff", b"\x00", b"\x7f\xff\xff\xff", b"\xff" * 6]


def populated(name: str, v: int) -> Any:
    """A request with every field present at ``v`` set (non-null, one element per array), so that each
    length on the wire is a place a mutation can turn into a null or a forged count."""
    msg = SCHEMAS[name]
    top = REQUESTS[next(k for k, c in REQUESTS.items() if c.__name__ == name)]

    def struct_value(st: Any, depth: int) -> Any:
        cls = top if st is msg.root else getattr(top, st.name)
        kwargs = {f.attr: field_value(f, depth) for f in present(st, v)}
        return cls(**kwargs)

    def field_value(f: Any, depth: int) -> Any:
        if f.struct is not None:
            one = struct_value(f.struct, depth + 1)
            return ([one] if depth < 3 else []) if f.is_array else one
        scalar = {"bool": True, "int8": 1, "int16": 1, "int32": 1, "int64": 1, "uint16": 1, "float64": 1.0,
                  "string": "ab", "bytes": b"xy", "records": b"rec", "uuid": bytes(range(16))}[f.elem]
        return [scalar] if f.is_array else scalar

    return struct_value(msg.root, 0)


def non_null_violations(name: str, v: int, obj: Any) -> list[str]:
    """Fields of a decoded ``obj`` that are None though the schema rules null out at ``v``."""
    msg = SCHEMAS[name]
    flex = flexible(msg, v)
    found: list[str] = []

    def walk(st: Any, o: Any, path: str) -> None:
        for f in present(st, v):
            x = getattr(o, f.attr)
            where = f"{path}.{f.name}"
            if x is None:
                # records default to null; a tagged field absent from the wire keeps its schema default
                if not is_nullable(f, v) and f.elem != "records" and not is_tagged(f, v, flex):
                    found.append(where)
                continue
            if f.is_array:
                for i, e in enumerate(x):
                    if e is None:
                        found.append(f"{where}[{i}]")
                    elif f.struct is not None:
                        walk(f.struct, e, f"{where}[{i}]")
            elif f.struct is not None:
                walk(f.struct, x, where)

    walk(msg.root, obj, name)
    return found


@pytest.mark.parametrize(("name", "version"), REQUEST_COMBOS)
def test_mutated_requests_decode_schema_true_or_fail(name: str, version: int) -> None:
    cls = REQUESTS[next(k for k, c in REQUESTS.items() if c.__name__ == name)]
    body = populated(name, version).encode(version)
    assert non_null_violations(name, version, cls.decode(body, version)) == []
    for i in range(len(body)):
        for m in MUTATIONS:
            mutated = body[:i] + m + body[i + len(m):]
            try:
                obj = cls.decode(mutated, version)
            except DecodeError:
                continue
            assert non_null_violations(name, version, obj) == [], (i, m)


def test_null_for_a_non_nullable_string_is_refused() -> None:
    ok = JoinGroupRequest(group_id="g", protocol_type="consumer").encode(5)
    assert ok[:3] == b"\x00\x01g"
    with pytest.raises(DecodeError, match="non-nullable field was serialized as null"):
        JoinGroupRequest.decode(b"\xff\xff" + ok[3:], 5)


def test_null_array_only_where_nullable() -> None:
    # MetadataRequest.Topics: nullable from v1 (null = all topics), never in v0
    assert MetadataRequest.decode(b"\xff\xff\xff\xff", 1).topics is None
    with pytest.raises(DecodeError, match="null"):
        MetadataRequest.decode(b"\xff\xff\xff\xff", 0)


def test_array_count_is_bounded_by_the_bytes_left() -> None:
    with pytest.raises(DecodeError, match="elements with only 0 bytes left"):
        MetadataRequest.decode(b"\x7f\xff\xff\xff", 1)


def test_unsigned_varint_is_at_most_five_bytes_and_32_bits() -> None:
    assert _r_uvarint(memoryview(b"\xff\xff\xff\xff\x0f"), 0) == (0xFFFFFFFF, 5)
    with pytest.raises(DecodeError, match="5 bytes"):
        _r_uvarint(memoryview(b"\xff\xff\xff\xff\xff\x01"), 0)
    with pytest.raises(DecodeError, match="32 bits"):
        _r_uvarint(memoryview(b"\xff\xff\xff\xff\x1f"), 0)


def test_compact_string_longer_than_32767_is_refused() -> None:
    with pytest.raises(DecodeError, match="exceeds 32767"):
        _r_cstr(memoryview(b"\x82\x80\x02" + b"a" * 0x8001), 0)


def test_invalid_utf8_is_a_decode_error() -> None:
    with pytest.raises(DecodeError):
        JoinGroupRequest.decode(b"\x00\x02\xff\xfe" + JoinGroupRequest().encode(5)[2:], 5)
