"""The error answer to any request: Kafka's ``AbstractRequest.getErrorResponse``, over the generated classes.

Why: Kafka answers every request it could parse, even when handling it failed, so the client sees an
error it can act on instead of a dropped connection. Kafka writes one ``getErrorResponse`` per API;
here one function derives it from the schemas' shape:

- every ``error_code`` field of the response gets the error (the top level where the response has
  one, and every item that carries one);
- each response array whose items carry an error mirrors the request's array for it (``topics`` →
  ``topics``, Produce's ``topic_data`` → ``responses``, DescribeGroups' group names → ``groups``…),
  copying the items' keys (topic name and id, partition index, group and member ids, config
  resource), so a client can match each error to what it asked for;
- nothing else is copied (no ids at the top level): every other field keeps its schema default
  (null strings, ``-1`` leader epochs), except that offsets, timestamps and producer epochs next
  to an error are ``-1`` (unknown), as in Kafka's error responses (a ``0`` would read as real).

Pure: no I/O, only the generated classes and the field types the generator writes into them.
"""

from __future__ import annotations

import functools
import types
import typing
from typing import Any, Union

from kaflite.protocol.errors import ErrorCode

#: Item fields that identify what an error is about, by kind: a response item's key is copied from
#: the request item's field of the same kind, its own name first (Fetch's ``partition`` →
#: ``partition_index``; ``user`` ← ``name`` in the SCRAM APIs). The first kind listing a name owns it.
_KEY_KINDS: tuple[tuple[str, ...], ...] = (
    ("name", "topic", "topic_name"),
    ("topic_id",),
    ("partition_index", "partition", "index", "partition_id"),
    ("group_id",),
    ("member_id",),
    ("group_instance_id",),
    ("key",),
    ("resource_type",),
    ("resource_name",),
    ("transactional_id",),
    ("producer_id",),
    ("broker_id",),
    ("log_dir",),
    ("user", "name"),
)
_KIND_OF: dict[str, int] = {}
for _i, _names in enumerate(_KEY_KINDS):
    for _name in _names:
        _KIND_OF.setdefault(_name, _i)
#: Response item fields a bare request string / int fills (DescribeGroups' ``groups: [string]``,
#: FindCoordinator's ``coordinator_keys``), the first one the item has.
_STRING_KEYS = ("group_id", "name", "topic", "topic_name", "key", "transactional_id", "resource_name")
_INT_KEYS = ("partition_index", "partition", "index", "partition_id", "broker_id", "producer_id")
#: The fields that carry an item's error (AddPartitionsToTxn v0-3 names its ``partition_error_code``).
_ERROR_FIELDS = frozenset({"error_code", "partition_error_code"})
#: Offsets, timestamps and epochs whose schema default is 0: unknown (-1) where an error is reported
#: (InitProducerId's error answer has producer epoch -1, Produce's base offset -1).
_UNKNOWN_FIELDS = frozenset({"offset", "timestamp", "high_watermark", "producer_epoch"})


class _Field:
    """One field of a generated class: its name, whether it may be null, its array item type."""

    __slots__ = ("item", "name", "nullable")

    def __init__(self, name: str, nullable: bool, item: Any) -> None:
        self.name = name
        self.nullable = nullable
        self.item = item  # list item type (a class, str, int, ...) or None for scalars


def constructor_hints(cls: Any) -> dict[str, Any]:
    """A generated class's constructor annotations, evaluated: the fields and their types (the generator writes
    them as the class's `FIELD_TYPES`, so they are there also where the class's module is compiled)."""
    return dict(cls.FIELD_TYPES)


@functools.cache
def _fields(cls: Any) -> dict[str, _Field]:
    """The fields of a generated class, from its constructor's annotations (cached per class)."""
    hints = constructor_hints(cls)
    out: dict[str, _Field] = {}
    for name in cls.__slots__:
        hint = hints.get(name)
        args = typing.get_args(hint) if typing.get_origin(hint) in (Union, types.UnionType) else (hint,)
        nullable = type(None) in args
        item = None
        for a in args:
            if typing.get_origin(a) is list:
                item = typing.get_args(a)[0]
        out[name] = _Field(name, nullable, item)
    return out


@functools.cache
def _carries_error(cls: Any) -> bool:
    """Whether ``cls`` or anything nested in it has an ``error_code`` (only such arrays are mirrored)."""
    fields = _fields(cls)
    if _ERROR_FIELDS.intersection(fields):
        return True
    return any(isinstance(f.item, type) and hasattr(f.item, "__slots__") and _carries_error(f.item)
               for f in fields.values())


def _is_struct(t: Any) -> bool:
    return isinstance(t, type) and hasattr(t, "__slots__") and t not in (str, int, bytes)


def error_response(response_cls: type[Any], request: Any, error: int = ErrorCode.UNKNOWN_SERVER_ERROR,
                   message: str | None = None) -> Any:
    """The response to ``request`` that reports ``error`` everywhere the response can carry it.

    ``message`` goes into the ``error_message`` fields (left at their default when None: Kafka sends
    no message for UNKNOWN_SERVER_ERROR, so nothing internal leaks to clients).
    """
    return _mirror(response_cls, request, int(error), message)


def _mirror(cls: Any, source: Any, error: int, message: str | None, top: bool = True) -> Any:
    """``cls`` filled for ``source`` (the request, or one of its items): errors set, arrays mirrored,
    and, in items only, the keys copied (a top-level answer echoes no ids, as in Kafka's)."""
    obj = cls()
    fields = _fields(cls)
    src_cls: Any = type(source)
    src_fields = _fields(src_cls) if source is not None and _is_struct(src_cls) else {}
    has_error = not _ERROR_FIELDS.isdisjoint(fields)
    for f in fields.values():
        if f.name in _ERROR_FIELDS:
            setattr(obj, f.name, error)
        elif has_error and (f.name in _UNKNOWN_FIELDS or f.name.endswith("_offset")) \
                and f.item is None and getattr(obj, f.name) == 0 and type(getattr(obj, f.name)) is int:
            setattr(obj, f.name, -1)
        elif f.name == "error_message" and message is not None:
            obj.error_message = message
        elif f.item is not None and _is_struct(f.item) and _carries_error(f.item):
            items = _source_items(f, src_fields, source)
            setattr(obj, f.name, [_mirror_item(f.item, it, error, message) for it in items])
        elif not top and f.name in _KIND_OF and src_fields:
            _copy_key(obj, f, source, src_fields)
    return obj


def _candidates(name: str) -> tuple[str, ...]:
    """The request fields a response key ``name`` is copied from, in order."""
    kind = _KEY_KINDS[_KIND_OF[name]]
    return (name, *(n for n in kind if n != name))


def _keys_of(item: Any) -> list[str]:
    return [n for n in _fields(item) if n in _KIND_OF]


def _answers(resp_item: Any, req_item: Any) -> bool:
    """Whether a response item can answer a request item: a key of its can be filled from it, or it
    has no key at all (answered by position, as CreateAcls' results are)."""
    keys = _keys_of(resp_item)
    if not keys:
        return True
    if req_item is str or req_item is int:
        fields = _fields(resp_item)
        return any(n in fields for n in (_STRING_KEYS if req_item is str else _INT_KEYS))
    if not _is_struct(req_item):
        return False
    src = _fields(req_item)
    return any(c in src and src[c].item is None for k in keys for c in _candidates(k))


def _source_items(f: _Field, src_fields: dict[str, _Field], source: Any) -> list[Any]:
    """The request array a response array answers: the same name, else the first non-empty array
    whose items it can answer (DescribeLogDirs' ``results`` are log dirs, not the requested topics)."""
    if not src_fields:
        return []
    same = src_fields.get(f.name)
    if same is not None and same.item is not None:
        return list(getattr(source, f.name) or [])
    for sf in src_fields.values():
        if sf.item is not None and _answers(f.item, sf.item):
            values = getattr(source, sf.name)
            if values:
                return list(values)
    # one level down: AlterReplicaLogDirs answers its dirs' topics, flattened
    for sf in src_fields.values():
        if sf.item is None or not _is_struct(sf.item):
            continue
        for inner in _fields(sf.item).values():
            if inner.item is not None and _is_struct(inner.item) and _answers(f.item, inner.item) \
                    and _keys_of(f.item):
                flat = [x for outer in getattr(source, sf.name) or [] for x in getattr(outer, inner.name) or []]
                if flat:
                    return flat
    return []


def _mirror_item(cls: Any, source: Any, error: int, message: str | None) -> Any:
    if isinstance(source, str | int) and not isinstance(source, bool):
        obj = _mirror(cls, None, error, message, top=False)
        keys = _STRING_KEYS if isinstance(source, str) else _INT_KEYS
        fields = _fields(cls)
        for name in keys:
            if name in fields:
                setattr(obj, name, source)
                break
        return obj
    return _mirror(cls, source, error, message, top=False)


def _copy_key(obj: Any, f: _Field, source: Any, src_fields: dict[str, _Field]) -> None:
    """Copy the request item's key of the same kind (same name first) into ``f``."""
    current = getattr(obj, f.name)
    for name in _candidates(f.name):
        sf = src_fields.get(name)
        if sf is None or sf.item is not None:
            continue
        value = getattr(source, name)
        if value is None and not f.nullable:
            continue
        if value is not None and current is not None and type(value) is not type(current):
            continue
        setattr(obj, f.name, value)
        return
