"""Generated message codecs against kafka-python's JSON-driven codec as an oracle.

Values are drawn from Hypothesis strategies derived from the same JSON schemas the generator
reads (through ``tools/codegen/kafka_schema.py``'s ``load_message``), so field types, versions,
nullability and tags come from the schema and not from our generated classes. For every
message (requests, responses and the data schemas) and every version:

- ours: ``decode(encode(x)) == x``;
- kafka-python (a fresh, unpatched class built from the same JSON) encodes the same value to
  the same bytes, decodes our bytes to the same value, and we decode its bytes to the same value.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
import types
import uuid
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kaflite.protocol.messages as M
from kaflite.protocol._codec import ZERO_UUID, DecodeError
from kaflite.protocol.messages import REQUESTS, RESPONSES

ROOT = Path(__file__).resolve().parents[2]

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from kafka.protocol.api_data import ApiData
    from kafka.protocol.api_header import ResponseClassRegistry
    from kafka.protocol.api_message import ApiMessage
    kp_load_json_mod = importlib.import_module("kafka.protocol.schemas.load_json")
    from kafka.protocol.schemas.fields.base import BaseField


def _load_generator() -> types.ModuleType:
    name = "_kaflite_codegen_generate"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "codegen" / "generate.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses need the module registered while it executes
    spec.loader.exec_module(mod)
    return mod


gen = _load_generator()
schema = sys.modules["kafka_schema"]  # the generator's schema reader, its sibling module

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    SCHEMA_FILES: list[Path] = gen.schema_files(gen.EXTRA)
SCHEMAS: dict[str, Any] = {}  # message name -> kafka_schema.Message
SCHEMA_PATHS: dict[str, Path] = {}
for _p in SCHEMA_FILES:
    _m = schema.load_message(_p)
    SCHEMAS[_m.name] = _m
    SCHEMA_PATHS[_m.name] = _p

DATA_SCHEMAS = ["OffsetCommitKey", "OffsetCommitValue", "GroupMetadataKey", "GroupMetadataValue",
                "ConsumerProtocolSubscription", "ConsumerProtocolAssignment",
                ]
# Kafka 4.1's consumer-group record schemas ("type": "coordinator-key"/"coordinator-value"): kafka-python
# ships none and its loader takes no such type, so they are not cross-checked against it;
# tests/coordinator/test_consumer_records.py pins their bytes instead.
COORDINATOR_RECORD_SCHEMAS = [f"ConsumerGroup{kind}{part}" for kind in (
    "Metadata", "PartitionMetadata", "MemberMetadata", "TargetAssignmentMetadata", "TargetAssignmentMember",
    "CurrentMemberAssignment", "RegularExpression") for part in ("Key", "Value")] + [
    # `__transaction_state` (same "coordinator-key"/"-value" types): tests/transaction/test_records.py pins them.
    "TransactionLogKey", "TransactionLogValue",
    # `__share_group_state` (SC-LOG-1): tests/share_coordinator/test_records.py pins them.
    "ShareSnapshotKey", "ShareSnapshotValue", "ShareUpdateKey", "ShareUpdateValue"] + [
    # share groups' `__consumer_offsets` records (SG-LOG-1): the share-group tests pin their bytes.
    f"ShareGroup{kind}{part}" for kind in (
        "Metadata", "MemberMetadata", "TargetAssignmentMetadata", "TargetAssignmentMember",
        "CurrentMemberAssignment", "StatePartitionMetadata") for part in ("Key", "Value")]
# KRaft's metadata records kaflite keeps in `__cluster_metadata-0` ("type": "metadata"):
# tests/storage/test_cluster_metadata.py pins their framing.
METADATA_RECORD_SCHEMAS = ["AccessControlEntryRecord", "RemoveAccessControlEntryRecord", "UserScramCredentialRecord",
                           "RemoveUserScramCredentialRecord", "PartitionChangeRecord"]
MESSAGE_NAMES = sorted({c.__name__ for c in (*REQUESTS.values(), *RESPONSES.values())})
ALL_NAMES = MESSAGE_NAMES + DATA_SCHEMAS


def _combos(names: list[str]) -> list[tuple[str, int]]:
    return [(n, v) for n in names for v in range(getattr(M, n).MIN_VERSION, getattr(M, n).MAX_VERSION + 1)]


COMBOS = _combos(ALL_NAMES)
FLEX_COMBOS = [(n, v) for n, v in COMBOS if v >= getattr(M, n).FLEXIBLE_MIN]

ABSENT = object()  # a tagged field left at its default: not on the wire


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
# Schema walking
# ---------------------------------------------------------------------------------------------


def present(st_: Any, v: int) -> list[Any]:
    return [f for f in st_.fields if v in f.versions]


def is_tagged(f: Any, v: int, flex: bool) -> bool:
    return flex and f.tagged is not None and v in f.tagged


def is_nullable(f: Any, v: int) -> bool:
    return f.nullable is not None and v in f.nullable


def flexible(msg: Any, v: int) -> bool:
    return msg.flexible is not None and v in msg.flexible


def our_struct_cls(msg: Any, st_: Any) -> type:
    top = getattr(M, msg.name)
    return top if st_ is msg.root else getattr(top, st_.name)


# -- neutral values: dicts keyed by schema field name, bytes for uuid/bytes/records ----------


def _neutral_scalar(f: Any, x: Any) -> Any:
    if x is None:
        return None
    if f.elem == "uuid":
        return x.bytes if isinstance(x, uuid.UUID) else bytes(x)
    if f.elem in ("bytes", "records"):
        return bytes(x)
    return x


def from_ours(msg: Any, st_: Any, obj: Any, v: int) -> dict[str, Any]:
    flex = flexible(msg, v)
    out: dict[str, Any] = {}
    default_obj = our_struct_cls(msg, st_)()
    for f in present(st_, v):
        x = _from_ours_value(msg, f, getattr(obj, f.attr), v)
        if is_tagged(f, v, flex) and x == _from_ours_value(msg, f, getattr(default_obj, f.attr), v):
            x = ABSENT
        out[f.name] = x
    return out


def _from_ours_value(msg: Any, f: Any, x: Any, v: int) -> Any:
    if x is None:
        return None
    if f.is_array:
        if f.struct is not None:
            return [from_ours(msg, f.struct, e, v) for e in x]
        return [_neutral_scalar(f, e) for e in x]
    if f.struct is not None:
        return from_ours(msg, f.struct, x, v)
    return _neutral_scalar(f, x)


def to_ours(msg: Any, st_: Any, val: dict[str, Any], v: int) -> Any:
    kwargs = {}
    for f in present(st_, v):
        x = val[f.name]
        if x is ABSENT:
            continue
        kwargs[f.attr] = _to_ours_value(msg, f, x, v)
    return our_struct_cls(msg, st_)(**kwargs)


def _to_ours_value(msg: Any, f: Any, x: Any, v: int) -> Any:
    if x is None:
        return None
    if f.is_array:
        if f.struct is not None:
            return [to_ours(msg, f.struct, e, v) for e in x]
        return list(x)
    if f.struct is not None:
        return to_ours(msg, f.struct, x, v)
    return x


def kp_name(f: Any) -> str:
    return BaseField.underscore_name(f.name)


def from_kp(msg: Any, st_: Any, obj: Any, v: int) -> dict[str, Any]:
    flex = flexible(msg, v)
    out: dict[str, Any] = {}
    default_obj = our_struct_cls(msg, st_)()
    for f in present(st_, v):
        raw = getattr(obj, kp_name(f))
        if is_tagged(f, v, flex):
            ours_default = _from_ours_value(msg, f, getattr(default_obj, f.attr), v)
            # kafka-python's default for an absent tagged struct/uuid is None
            x = ABSENT if raw is None and ours_default is not None else _from_kp_value(msg, f, raw, v)
            if x is not ABSENT and x == ours_default:
                x = ABSENT
        else:
            x = _from_kp_value(msg, f, raw, v)
        out[f.name] = x
    return out


def _from_kp_value(msg: Any, f: Any, x: Any, v: int) -> Any:
    if x is None:
        # kafka-python decodes the all-zero uuid as None
        return ZERO_UUID if f.elem == "uuid" and not f.is_array else None
    if f.is_array:
        if f.struct is not None:
            return [from_kp(msg, f.struct, e, v) for e in x]
        if f.elem == "uuid":
            return [ZERO_UUID if e is None else e.bytes for e in x]
        return [_neutral_scalar(f, e) for e in x]
    if f.struct is not None:
        return from_kp(msg, f.struct, x, v)
    return _neutral_scalar(f, x)


def to_kp(msg: Any, st_: Any, kp_struct: Any, val: dict[str, Any], v: int, top: type | None = None) -> Any:
    kwargs = {}
    for f in present(st_, v):
        x = val[f.name]
        if x is ABSENT:
            continue
        kf = kp_struct.fields[kp_name(f)]
        kwargs[kp_name(f)] = _to_kp_value(msg, f, kf, x, v)
    cls = top if top is not None else kp_struct.data_class
    return cls(version=v, **kwargs)


def _to_kp_value(msg: Any, f: Any, kf: Any, x: Any, v: int) -> Any:
    if x is None:
        return None
    if f.is_array:
        if f.struct is not None:
            return [to_kp(msg, f.struct, kf.array_of, e, v) for e in x]
        if f.elem == "uuid":
            return [uuid.UUID(bytes=e) for e in x]
        return list(x)
    if f.struct is not None:
        return to_kp(msg, f.struct, kf, x, v)
    if f.elem == "uuid":
        return uuid.UUID(bytes=x)
    return x


# -- strategies --------------------------------------------------------------------------------

_INT_RANGES = {"int8": 7, "int16": 15, "int32": 31, "int64": 63}
_TEXT = st.text(alphabet=st.sampled_from("abcXYZ09-._ éß€😀"), max_size=6)


def _scalar_strategy(f: Any, v: int) -> st.SearchStrategy[Any]:
    t = f.elem
    if t in _INT_RANGES:
        b = _INT_RANGES[t]
        return st.one_of(st.integers(-(1 << b), (1 << b) - 1), st.sampled_from([0, -1, (1 << b) - 1, -(1 << b)]))
    if t == "uint16":
        return st.integers(0, 0xFFFF)
    if t == "float64":
        return st.floats(allow_nan=False)
    if t == "bool":
        return st.booleans()
    if t == "string":
        return _TEXT
    if t in ("bytes", "records"):
        return st.binary(max_size=12)
    if t == "uuid":
        return st.one_of(st.just(ZERO_UUID), st.binary(min_size=16, max_size=16))
    raise AssertionError(t)


def _field_strategy(msg: Any, f: Any, v: int, depth: int) -> st.SearchStrategy[Any]:
    if f.struct is not None:
        inner = struct_strategy(msg, f.struct, v, depth + 1)
    else:
        inner = _scalar_strategy(f, v)
    s = st.lists(inner, max_size=2 if depth else 3) if f.is_array else inner
    if is_nullable(f, v):
        s = st.one_of(st.none(), s)
    return s


def struct_strategy(msg: Any, st_: Any, v: int, depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    flex = flexible(msg, v)
    parts: dict[str, st.SearchStrategy[Any]] = {}
    default_obj = our_struct_cls(msg, st_)()
    for f in present(st_, v):
        s = _field_strategy(msg, f, v, depth)
        if is_tagged(f, v, flex):
            dflt = _from_ours_value(msg, f, getattr(default_obj, f.attr), v)
            s = st.one_of(st.just(ABSENT), s.map(lambda x, d=dflt: ABSENT if x == d else x))
        parts[f.name] = s
    return st.fixed_dictionaries(parts)


@cache
def message_strategy(name: str, v: int) -> st.SearchStrategy[dict[str, Any]]:
    msg = SCHEMAS[name]
    return struct_strategy(msg, msg.root, v)


# ---------------------------------------------------------------------------------------------
# kafka-python oracle classes
# ---------------------------------------------------------------------------------------------

_KP_RESOURCES = SCHEMA_FILES[0].parent


def _kp_json(path: Path) -> dict[str, Any]:
    if path.parent == _KP_RESOURCES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return kp_load_json_mod.load_json(path.stem)  # exactly what kafka-python loads
    spec = json.loads(schema.strip_comments(path.read_text()))
    common = {s["name"]: s["fields"] for s in spec.get("commonStructs", [])}
    kp_load_json_mod._resolve_common_structs(spec.get("fields", []), common)
    return spec


_KP_CLASSES: dict[str, type] = {}  # keeps the classes alive (kafka-python holds weak proxies)


def kp_class(name: str) -> type:
    """A fresh kafka-python class for ``name``, without the json_patch tweaks of its own classes.

    Schemas kafka-python does not ship are fed in through ``json_patch`` on a class named after
    one it does (its metaclass loads the JSON by class name first).
    """
    if name in _KP_CLASSES:
        return _KP_CLASSES[name]
    msg = SCHEMAS[name]
    spec = _kp_json(SCHEMA_PATHS[name])
    kind = msg.kind
    base = ApiData if kind == "data" else ApiMessage
    stand_in = name if SCHEMA_PATHS[name].parent == _KP_RESOURCES else {
        "request": "ApiVersionsRequest", "response": "ApiVersionsResponse", "data": "ConsumerProtocolAssignment",
    }[kind]

    def body(ns: dict[str, Any]) -> None:
        ns["json_patch"] = classmethod(lambda _mcs, _json: spec)

    registry = dict(ResponseClassRegistry._response_class_registry)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            cls = types.new_class(stand_in, (base,), {}, body)
    finally:
        # do not disturb kafka-python clients running in this process (integration tests)
        ResponseClassRegistry._response_class_registry.clear()
        ResponseClassRegistry._response_class_registry.update(registry)
    _KP_CLASSES[name] = cls
    return cls


def kp_encode(name: str, val: dict[str, Any], v: int) -> bytes:
    msg = SCHEMAS[name]
    cls = kp_class(name)
    obj = to_kp(msg, msg.root, cls._struct, val, v, top=cls)
    if msg.kind == "data":
        return obj.encode(version=v, header=False)
    return obj.encode(version=v)


def kp_decode(name: str, data: bytes, v: int) -> dict[str, Any]:
    msg = SCHEMAS[name]
    cls = kp_class(name)
    if msg.kind == "data":
        obj = cls.decode(data, version=v, header=False)
    else:
        obj = cls.decode(data, version=v)
    return from_kp(msg, msg.root, obj, v)


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


# ---------------------------------------------------------------------------------------------
# Tagged fields
# ---------------------------------------------------------------------------------------------


def _uvarint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _unknown_tags(*tags: tuple[int, bytes]) -> bytes:
    return b"".join(_uvarint(t) + _uvarint(len(p)) + p for t, p in tags)


@pytest.mark.parametrize(("name", "version"), FLEX_COMBOS, ids=[f"{n}-v{v}" for n, v in FLEX_COMBOS])
def test_unknown_top_level_tags_are_skipped(name: str, version: int) -> None:
    cls = getattr(M, name)
    obj = cls()
    data = obj.encode(version)
    assert data.endswith(b"\x00"), "a default message has an empty top-level tag section"
    unknown = _unknown_tags((90, b"\x01\x02\x03"), (300, b""), (20000, bytes(200)))
    mutated = data[:-1] + _uvarint(3) + unknown + b"TRAILER"
    back, end = cls.decode_from(mutated, 0, version)
    assert end == len(mutated) - len(b"TRAILER")
    assert back == obj


def test_unknown_tags_between_known_tags_are_skipped() -> None:
    # ApiVersionsResponse v3: tags 0 SupportedFeatures, 1 FinalizedFeaturesEpoch, 2 FinalizedFeatures,
    # 3 ZkMigrationReady
    cls = M.ApiVersionsResponse
    body = (b"\x00\x00" + b"\x01" + b"\x00\x00\x00\x00")  # error, no api keys, throttle 0
    tags = (_uvarint(4)
            + _unknown_tags((1, (7).to_bytes(8, "big")))
            + _unknown_tags((3, b"\x01"))
            + _unknown_tags((4, b"\xff\xff"))  # unknown: skipped
            + _unknown_tags((77, b"zz")))  # unknown: skipped
    obj = cls.decode(body + tags, 3)
    assert obj.finalized_features_epoch == 7
    assert obj.zk_migration_ready is True
    assert obj.supported_features == [] and obj.finalized_features == []
    # encoding drops the unknown ones and keeps known ones in tag order
    assert obj.encode(3) == body + _uvarint(2) + _unknown_tags((1, (7).to_bytes(8, "big")), (3, b"\x01"))


def test_unknown_tags_in_nested_struct_are_skipped() -> None:
    # JoinGroupRequest v6 (flexible): a protocol entry carries an unknown tag
    req = M.JoinGroupRequest(group_id="g", session_timeout_ms=10, rebalance_timeout_ms=20, member_id="",
                             protocol_type="consumer",
                             protocols=[M.JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"m")])
    data = req.encode(6)
    entry = b"\x06range" + b"\x02m" + b"\x00"
    assert entry in data
    mutated = data.replace(entry, entry[:-1] + b"\x01" + _unknown_tags((5, b"abc")))
    assert M.JoinGroupRequest.decode(mutated, 6) == req
    # kafka-python agrees the mutated frame means the same thing
    assert kp_decode("JoinGroupRequest", mutated, 6) == from_ours(SCHEMAS["JoinGroupRequest"],
                                                                  SCHEMAS["JoinGroupRequest"].root, req, 6)


def test_tagged_fields_at_default_are_omitted() -> None:
    """ApiVersionsResponse v3 with default tagged fields has an empty tag section (Debian's kcat
    misreads SupportedFeatures/FinalizedFeatures entries)."""
    key = M.ApiVersionsResponse.ApiVersion(api_key=18, min_version=0, max_version=4)
    resp = M.ApiVersionsResponse(error_code=0, api_keys=[key], throttle_time_ms=0,
                                 supported_features=[], finalized_features_epoch=-1,
                                 finalized_features=[], zk_migration_ready=False)
    expected = (b"\x00\x00"                      # error_code
                + b"\x02"                       # compact array of 1
                + b"\x00\x12\x00\x00\x00\x04\x00"  # api key 18, 0..4, empty tags
                + b"\x00\x00\x00\x00"           # throttle_time_ms
                + b"\x00")                      # no tagged fields
    assert resp.encode(3) == expected
    assert resp.encode(4) == expected
    assert M.ApiVersionsResponse(api_keys=[key]).encode(3) == expected
    assert M.ApiVersionsResponse.decode(expected, 3) == resp == M.ApiVersionsResponse.decode(expected, 4)
    # a non-default tagged field is written, in tag order
    resp.zk_migration_ready = True
    resp.finalized_features_epoch = 5
    data = resp.encode(3)
    assert data == expected[:-1] + b"\x02" + b"\x01\x08" + (5).to_bytes(8, "big") + b"\x03\x01\x01"
    assert M.ApiVersionsResponse.decode(data, 3) == resp


def test_nullable_tagged_string_and_struct_defaults_are_omitted() -> None:
    # FetchRequest v15: ClusterId (tag 0, default null) and ReplicaState (tag 1) at defaults
    req = M.FetchRequest(max_wait_ms=1, min_bytes=1, topics=[], forgotten_topics_data=[], rack_id="")
    assert req.encode(15).endswith(b"\x00")
    back = M.FetchRequest.decode(req.encode(15), 15)
    assert back == req and back.cluster_id is None
    data = M.FetchRequest(cluster_id="c").encode(15)
    assert data.endswith(b"\x01" + b"\x00\x02\x02c")
    assert M.FetchRequest.decode(data, 15).cluster_id == "c"
    state = M.FetchRequest.ReplicaState(replica_id=3, replica_epoch=4)
    data = M.FetchRequest(replica_state=state).encode(15)
    assert data.endswith(b"\x01" + b"\x01\x0d" + b"\x00\x00\x00\x03" + (4).to_bytes(8, "big") + b"\x00")
    assert M.FetchRequest.decode(data, 15).replica_state == state


# ---------------------------------------------------------------------------------------------
# Specific encodings and bad input
# ---------------------------------------------------------------------------------------------


def test_records_decode_as_memoryview_and_null() -> None:
    topic = M.ProduceRequest.TopicProduceData(name="t", partition_data=[
        M.ProduceRequest.PartitionProduceData(index=0, records=b"abc"),
        M.ProduceRequest.PartitionProduceData(index=1, records=None),
    ])
    req = M.ProduceRequest(acks=-1, timeout_ms=1000, topic_data=[topic])
    for v in (3, 9):
        back = M.ProduceRequest.decode(req.encode(v), v)
        parts = back.topic_data[0].partition_data
        assert isinstance(parts[0].records, memoryview) and bytes(parts[0].records) == b"abc"
        assert parts[1].records is None


def test_nullable_struct_prefix() -> None:
    # ConsumerGroupHeartbeatResponse.Assignment: int8 -1 when null, 1 then the struct
    empty = M.ConsumerGroupHeartbeatResponse(member_id="m", member_epoch=1)
    assert empty.assignment is None
    data = empty.encode(0)
    assert M.ConsumerGroupHeartbeatResponse.decode(data, 0).assignment is None
    asg = M.ConsumerGroupHeartbeatResponse.Assignment(topic_partitions=[])
    with_asg = M.ConsumerGroupHeartbeatResponse(member_id="m", member_epoch=1, assignment=asg)
    data2 = with_asg.encode(0)
    assert len(data2) == len(data) + 2  # 0x01 prefix instead of 0xff, then empty array 0x01 ... and tags
    assert M.ConsumerGroupHeartbeatResponse.decode(data2, 0).assignment == asg


def test_string_lengths_count_utf8_bytes() -> None:
    for v in (0, 4):
        data = M.HeartbeatRequest(group_id="€", generation_id=1, member_id="ß").encode(v)
        back = M.HeartbeatRequest.decode(data, v)
        assert (back.group_id, back.member_id) == ("€", "ß")
    assert M.HeartbeatRequest(group_id="€").encode(0).startswith(b"\x00\x03\xe2\x82\xac")
    assert M.HeartbeatRequest(group_id="€").encode(4).startswith(b"\x04\xe2\x82\xac")


def test_data_schema_encodings() -> None:
    key = M.OffsetCommitKey(group="g", topic="t", partition=3)
    assert key.encode(1) == b"\x00\x01g\x00\x01t\x00\x00\x00\x03"
    assert M.OffsetCommitKey.decode(b"\x00\x01g\x00\x01t\x00\x00\x00\x03", 1) == key
    assert M.GroupMetadataKey(group="grp").encode(2) == b"\x00\x03grp"
    assert M.GroupMetadataKey.decode(b"\x00\x03grp", 2) == M.GroupMetadataKey(group="grp")
    value = M.OffsetCommitValue(offset=5, leader_epoch=2, metadata="", commit_timestamp=9)
    assert M.OffsetCommitValue.decode(value.encode(3), 3) == value
    # v4 is flexible: compact string and a tag section
    assert value.encode(4).endswith(b"\x01" + (9).to_bytes(8, "big") + b"\x00")
    assert M.OffsetCommitValue.decode(value.encode(4), 4) == value


REQUEST_COMBOS = _combos(sorted(c.__name__ for c in REQUESTS.values()))


@pytest.mark.parametrize(("name", "version"), REQUEST_COMBOS, ids=[f"{n}-v{v}" for n, v in REQUEST_COMBOS])
def test_truncated_request_bodies_raise_decode_error(name: str, version: int) -> None:
    """The broker closes the connection on DecodeError (a ValueError); a bare ``struct.error``
    from a short body is neither and escaped its handler."""
    cls = getattr(M, name)
    data = cls().encode(version)
    for cut in range(len(data)):
        with pytest.raises(DecodeError):
            cls.decode_from(data[:cut], 0, version)
