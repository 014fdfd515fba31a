"""Kafka's JSON message schemas as the generator reads them (``tools/codegen/kafka_schema.py``), values drawn
from them, and kafka-python's JSON-driven codec as an oracle: what test_messages.py cross-checks the generated
codecs with, and what test_message_encodings.py and test_schema_true_decoding.py read the schemas through.

Values are neutral dicts keyed by schema field name (bytes for uuid/bytes/records), converted to and from our
classes and kafka-python's; Hypothesis strategies draw them from the schema (field types, versions, nullability
and tags come from the JSON, not from our generated classes). kafka-python's classes are built fresh from the
same JSON, without the patches of its own.
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

from hypothesis import strategies as st

import kaflite.protocol.messages as M
from kaflite.protocol._codec import ZERO_UUID
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


def combos(names: list[str]) -> list[tuple[str, int]]:
    return [(n, v) for n in names for v in range(getattr(M, n).MIN_VERSION, getattr(M, n).MAX_VERSION + 1)]


COMBOS = combos(ALL_NAMES)
FLEX_COMBOS = [(n, v) for n, v in COMBOS if v >= getattr(M, n).FLEXIBLE_MIN]

ABSENT = object()  # a tagged field left at its default: not on the wire


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


