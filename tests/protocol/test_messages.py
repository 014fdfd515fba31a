"""Generated message codecs against kafka-python's JSON-driven codec as an oracle.

Values are drawn from Hypothesis strategies derived from the same JSON schemas the generator
reads (through ``tools/codegen/kafka_schema.py``'s ``load_message``, in schema_oracle.py), so field
types, versions, nullability and tags come from the schema and not from our generated classes. For every
message (requests, responses and the data schemas) and every version:

- ours: ``decode(encode(x)) == x``;
- kafka-python (a fresh, unpatched class built from the same JSON) encodes the same value to
  the same bytes, decodes our bytes to the same value, and we decode its bytes to the same value.

Hand-pinned encodings (tagged fields, nullable structs, records, truncated bodies) are test_message_encodings.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import kaflite.protocol.messages as M
from kaflite.protocol._codec import ZERO_UUID
from kaflite.protocol.messages import REQUESTS, RESPONSES
from tests.protocol.schema_oracle import (
    ALL_NAMES,
    COMBOS,
    COORDINATOR_RECORD_SCHEMAS,
    DATA_SCHEMAS,
    MESSAGE_NAMES,
    METADATA_RECORD_SCHEMAS,
    SCHEMAS,
    from_ours,
    kp_class,
    kp_decode,
    kp_encode,
    kp_name,
    message_strategy,
    our_struct_cls,
    to_ours,
)


def test_every_schema_is_covered() -> None:
    assert set(MESSAGE_NAMES) | set(DATA_SCHEMAS) | set(COORDINATOR_RECORD_SCHEMAS) | set(METADATA_RECORD_SCHEMAS) \
        == set(SCHEMAS)
    assert {c.API_KEY for c in REQUESTS.values()} == set(REQUESTS) == set(RESPONSES)
    for name in ALL_NAMES:
        cls = getattr(M, name)
        msg = SCHEMAS[name]
        assert (msg.valid.lo, msg.valid.hi) == (cls.MIN_VERSION, cls.MAX_VERSION), name
    # ConsumerGroupHeartbeat/Describe (KIP-848) come from tools/codegen/schemas, not kafka-python.
    assert {68, 69} <= set(REQUESTS)
    assert len(COMBOS) > 450


# ---------------------------------------------------------------------------------------------
# The cross-check
# ---------------------------------------------------------------------------------------------

CHECKED: set[tuple[str, int, str]] = set()  # (message, version, direction) checked against kafka-python


def check_value(name: str, v: int, val: dict[str, Any]) -> None:
    msg = SCHEMAS[name]
    cls = getattr(M, name)
    ours = to_ours(msg, msg.root, val, v)
    data = ours.encode(v)
    # our own round trip, consuming every byte
    back, end = cls.decode_from(data, 0, v)
    assert end == len(data)
    assert back == ours
    assert from_ours(msg, msg.root, back, v) == val
    # kafka-python decodes our bytes to the same value
    assert kp_decode(name, data, v) == val, "kafka-python decoded our bytes differently"
    CHECKED.add((name, v, "ours->kafka-python"))
    # kafka-python encodes the same value to the same bytes, and we decode its bytes
    theirs = kp_encode(name, val, v)
    assert theirs == data, f"encodings differ:\n ours   {data.hex()}\n theirs {theirs.hex()}"
    assert from_ours(msg, msg.root, cls.decode(theirs, v), v) == val
    CHECKED.add((name, v, "kafka-python->ours"))


@pytest.mark.parametrize(("name", "version"), COMBOS, ids=[f"{n}-v{v}" for n, v in COMBOS])
def test_codec_matches_kafka_python(name: str, version: int) -> None:
    # the all-defaults message first: what handlers build most often
    msg = SCHEMAS[name]
    check_value(name, version, from_ours(msg, msg.root, getattr(M, name)(), version))

    @settings(max_examples=10, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(message_strategy(name, version))
    def check(val: dict[str, Any]) -> None:
        check_value(name, version, val)

    check()


def test_zz_kafka_python_coverage_summary() -> None:
    """Runs after the parametrized cross-check (file order): every combo was checked both ways."""
    if not CHECKED:
        pytest.skip("the cross-check did not run in this session (-k / deselected)")
    expected = {(n, v, d) for n, v in COMBOS for d in ("ours->kafka-python", "kafka-python->ours")}
    missing = expected - CHECKED
    if missing and len(CHECKED) < len(expected) // 2:
        pytest.skip("only part of the cross-check ran")
    assert not missing


def test_defaults_match_kafka_python() -> None:
    """Every scalar field's constructor default is the schema default kafka-python computes."""
    checked = 0
    for name in ALL_NAMES:
        msg = SCHEMAS[name]
        kp = kp_class(name)

        def walk(st_: Any, kp_struct: Any, msg: Any = msg, name: str = name) -> None:
            nonlocal checked
            ours = our_struct_cls(msg, st_)()
            for f in st_.fields:
                kf = kp_struct.fields[kp_name(f)]
                x = getattr(ours, f.attr)
                if f.struct is not None:
                    if f.is_array:
                        assert x == ([] if f.default != "null" else None), (name, f.name)
                    walk(f.struct, kf.array_of if f.is_array else kf)
                    continue
                if f.elem == "records":
                    assert x is None  # documented: records default to None
                    continue
                want = kf.default
                if f.elem == "uuid" and not f.is_array:
                    want = ZERO_UUID if want is None else want.bytes
                assert x == want and type(x) is type(want), (name, f.name, x, want)
                checked += 1

        walk(msg.root, kp._struct)
    assert checked > 500


