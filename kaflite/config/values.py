"""What a setting accepts: Kafka's value types, parsed and rendered as its ConfigDef does, and the
validators the settings table names (a range, one of, a list of, ...), each able to say what it wants.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

INT_MAX = 2**31 - 1
INT_MIN = -(2**31)
LONG_MAX = 2**63 - 1
LONG_MIN = -(2**63)

class ConfigError(ValueError):
    """A setting is unknown or its value is refused; ``name`` says which one."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name


# --------------------------------------------------------------------------------------------
# Validators: each returns None when fine or a short description of the problem, and can
# describe its allowed values for the docs and for error messages.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Range:
    """Inclusive numeric range, like Kafka's ``ConfigDef.Range``; ``None`` means unbounded."""

    lo: float | None = None
    hi: float | None = None

    def check(self, value: Any) -> str | None:
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            return f"must be in {self.describe()}"
        return None

    def describe(self) -> str:
        lo = "..." if self.lo is None else fmt_num(self.lo)
        hi = "..." if self.hi is None else fmt_num(self.hi)
        return f"[{lo}, {hi}]"


@dataclass(frozen=True, slots=True)
class OneOf:
    """A fixed set of values; matching ignores case when asked, storing the canonical spelling."""

    choices: tuple[Any, ...]
    ignore_case: bool = False
    why: str = ""

    def check(self, value: Any) -> str | None:
        if value in self.choices:
            return None
        return f"must be one of {self.describe()}" + (f" ({self.why})" if self.why else "")

    def canonical(self, value: Any) -> Any:
        if self.ignore_case and isinstance(value, str):
            for choice in self.choices:
                if isinstance(choice, str) and choice.lower() == value.lower():
                    return choice
        return value

    def describe(self) -> str:
        return ", ".join(to_text(c) or "\"\"" for c in self.choices)


@dataclass(frozen=True, slots=True)
class ListOf:
    """A non-empty comma-separated list whose items come from ``choices``."""

    choices: tuple[str, ...]

    def check(self, value: Any) -> str | None:
        if not value:
            return f"must be a non-empty list of {self.describe()}"
        bad = [v for v in value if v not in self.choices]
        if bad:
            return f"unknown item(s) {', '.join(bad)}; allowed: {self.describe()}"
        return None

    def describe(self) -> str:
        return ", ".join(self.choices)


@dataclass(frozen=True, slots=True)
class RebalanceProtocols(ListOf):
    """``group.coordinator.rebalance.protocols``: Kafka's group types, of which kaflite serves three.

    Kafka accepts streams too; kaflite refuses it at startup rather than start a broker that silently
    lacks what was asked for."""

    choices: tuple[str, ...] = ("classic", "consumer", "share")
    known: tuple[str, ...] = ("streams",)

    def check(self, value: Any) -> str | None:
        served = [v for v in value if v in self.known]
        if served:
            return (f"String must be one of: {self.describe()} (kaflite does not serve {', '.join(served)} "
                    "groups)")
        return ListOf.check(self, value)


@dataclass(frozen=True, slots=True)
class NonEmpty:
    """A non-blank string."""

    def check(self, value: Any) -> str | None:
        return None if value.strip() else "must not be empty"

    def describe(self) -> str:
        return "non-empty string"


@dataclass(frozen=True, slots=True)
class OneDirectory:
    """kaflite keeps all data in one directory, so ``log.dirs`` must name exactly one."""

    def check(self, value: Any) -> str | None:
        if not value.strip():
            return "must not be empty"
        if "," in value:
            return "kaflite stores data in a single directory; give exactly one path"
        return None

    def describe(self) -> str:
        return "one directory path"


@dataclass(frozen=True, slots=True)
class EmptyOr:
    """Empty string allowed (meaning "derive it"), otherwise the wrapped rule."""

    inner: NonEmpty

    def check(self, value: Any) -> str | None:
        return None if value == "" else self.inner.check(value)

    def describe(self) -> str:
        return "host name or IP; empty = same as host"


Validator = Range | OneOf | ListOf | NonEmpty | OneDirectory | EmptyOr




def fmt_num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def to_text(value: Any) -> str:
    """Kafka's string form of a value: booleans lower-case, lists comma-joined."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ",".join(to_text(v) for v in value)
    if isinstance(value, float):
        return repr(value)
    return str(value)


_INT_RE = re.compile(r"[+-]?\d+")
# Kafka's ConfigDef integer types (SHORT: replication factors).
_INTEGER_RANGES = {"short": (-32768, 32767), "int": (INT_MIN, INT_MAX), "long": (LONG_MIN, LONG_MAX)}


def parse_text(type_: str, text: str) -> Any:
    """Text → typed value; raises ValueError with a short reason."""
    text = text.strip()
    if type_ in ("short", "int", "long"):
        if not _INT_RE.fullmatch(text):
            raise ValueError(f"expected an integer ({type_})")
        value = int(text)
        lo, hi = _INTEGER_RANGES[type_]
        if not lo <= value <= hi:
            raise ValueError(f"out of range for a {type_}")
        return value
    if type_ == "double":
        try:
            number = float(text)
        except ValueError:
            raise ValueError("expected a number") from None
        if not math.isfinite(number):
            raise ValueError("expected a finite number")
        return number
    if type_ == "boolean":
        if text.lower() == "true":
            return True
        if text.lower() == "false":
            return False
        raise ValueError("expected true or false")
    if type_ == "list":
        return tuple(item.strip() for item in text.split(",") if item.strip())
    return text


def check_typed(type_: str, value: Any) -> Any:
    """Type check for values given as Python objects (direct construction); returns normalized."""
    if type_ in ("short", "int", "long"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected an integer ({type_})")
        lo, hi = _INTEGER_RANGES[type_]
        if not lo <= value <= hi:
            raise ValueError(f"out of range for a {type_}")
        return value
    if type_ == "double":
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ValueError("expected a finite number")
        return float(value)
    if type_ == "boolean":
        if not isinstance(value, bool):
            raise ValueError("expected true or false")
        return value
    if type_ == "list":
        if isinstance(value, str):
            return parse_text("list", value)
        if not isinstance(value, tuple | list) or not all(isinstance(v, str) for v in value):
            raise ValueError("expected a list of strings")
        return tuple(value)
    if not isinstance(value, str):
        raise ValueError("expected a string")
    return value
