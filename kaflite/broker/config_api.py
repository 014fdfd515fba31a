"""The config APIs' vocabulary, as Kafka's messages and admin client name it (resource types, config sources
and types, AlterConfigOp's operations), the described ``Entry`` and the ``ConfigApiError`` a resource is
refused with, and the rules every alteration follows whatever the resource (one answer per resource, no
config named twice, Kafka's SET/DELETE/APPEND/SUBTRACT). ``configs.py`` serves the APIs with them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kaflite.protocol.errors import ErrorCode

# ConfigResource.Type
TOPIC, BROKER, BROKER_LOGGER, CLIENT_METRICS, GROUP = 2, 4, 8, 16, 32
# DescribeConfigsResponse.ConfigSource
TOPIC_CONFIG, DYNAMIC_BROKER_CONFIG, DYNAMIC_DEFAULT_BROKER_CONFIG = 1, 2, 3
STATIC_BROKER_CONFIG, DEFAULT_CONFIG, DYNAMIC_BROKER_LOGGER_CONFIG = 4, 5, 6
CLIENT_METRICS_CONFIG, GROUP_CONFIG = 7, 8
# DescribeConfigsResponse.ConfigType, by ConfigDef type name
CONFIG_TYPES = {"boolean": 1, "string": 2, "int": 3, "short": 4, "long": 5, "double": 6, "list": 7,
                "class": 8, "password": 9}
# AlterConfigOp.OpType
SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3
OP_NAMES = {SET: "SET", DELETE: "DELETE", APPEND: "APPEND", SUBTRACT: "SUBTRACT"}
# ListConfigResources: the types v1 lists, in the order Kafka lists them; v0 knows client metrics only.
LISTED_TYPES = (GROUP, CLIENT_METRICS, BROKER_LOGGER, BROKER, TOPIC)


class ConfigApiError(Exception):
    """A resource refused with a Kafka error code and message (Kafka's ApiException)."""

    def __init__(self, code: ErrorCode, message: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Entry:
    """One described config, before it is put in a message."""

    name: str
    value: str | None
    source: int
    type: str  # ConfigDef type name; "" = UNKNOWN
    doc: str | None
    read_only: bool
    synonyms: tuple[tuple[str, str | None, int], ...]  # (name, value, source), highest precedence first


def per_resource(resources: list[Any], response_cls: Any, alter: Callable[[Any], None]) -> list[Any]:
    """Both alter APIs: one answer per resource, in order; a resource named twice is INVALID_REQUEST,
    and a resource's ConfigApiError is its answer (the others still apply: no resource depends on another)."""
    dupes = duplicates([(r.resource_type, r.resource_name) for r in resources])
    responses = []
    for res in resources:
        out = response_cls(resource_type=res.resource_type, resource_name=res.resource_name, error_message=None)
        responses.append(out)
        try:
            if (res.resource_type, res.resource_name) in dupes:
                raise ConfigApiError(ErrorCode.INVALID_REQUEST, "Each resource must appear at most once.")
            alter(res)
        except ConfigApiError as e:
            out.error_code, out.error_message = e.code, e.message
    return responses


def duplicates(keys: list[tuple[int, str]]) -> set[tuple[int, str]]:
    seen: set[tuple[int, str]] = set()
    dupes: set[tuple[int, str]] = set()
    for k in keys:
        (dupes if k in seen else seen).add(k)
    return dupes


def check_request_shape(names: list[str], null_values: list[str]) -> None:
    """ConfigAdminManager.preprocess: no config named twice, no null value (but for DELETE)."""
    if len(set(names)) != len(names):
        raise ConfigApiError(ErrorCode.INVALID_REQUEST, "Error due to duplicate config keys")
    if null_values:
        raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Null value not supported for : {', '.join(null_values)}")


def apply_incremental(current: Mapping[str, str], ops: list[tuple[str, int, str | None]],
                      list_default: Callable[[str], str | None]) -> dict[str, str]:
    """A resource's configs after SET/DELETE/APPEND/SUBTRACT, as Kafka computes them.

    APPEND/SUBTRACT work on list-typed configs only (INVALID_CONFIG otherwise), starting from the
    current value or, without one, from the config's Kafka default; APPEND skips items already there.
    """
    new = dict(current)
    for name, op, value in ops:
        if op == SET:
            new[name] = str(value)
        elif op == DELETE:
            new.pop(name, None)
        else:
            default = list_default(name)
            if default is None:
                raise ConfigApiError(ErrorCode.INVALID_CONFIG,
                                     f"Can't {OP_NAMES[op]} to key {name} because its type is not LIST.")
            base = new.get(name, default)
            items = [p for p in base.split(",") if p]
            for part in str(value).split(","):
                if op == APPEND and part not in items:
                    items.append(part)
                elif op == SUBTRACT and part in items:
                    items.remove(part)
            new[name] = ",".join(items)
    return new


def type_name(resource_type: int) -> str:
    return {TOPIC: "TOPIC", BROKER: "BROKER", BROKER_LOGGER: "BROKER_LOGGER", CLIENT_METRICS: "CLIENT_METRICS",
            GROUP: "GROUP"}.get(resource_type, "UNKNOWN")
