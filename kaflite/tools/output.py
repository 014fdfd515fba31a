"""``--json`` output: one document per command, keys in snake_case, bytes as text when they are UTF-8."""

from __future__ import annotations

import base64
import json
from typing import Any, TextIO


def dump_json(doc: Any, out: TextIO) -> None:
    out.write(json.dumps(doc, indent=2, default=_default) + "\n")


def _default(o: object) -> Any:
    if isinstance(o, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(o)).decode()
    raise TypeError(f"{type(o).__name__} is not JSON serialisable")


def uuid_text(raw: bytes) -> str:
    """Kafka's Uuid.toString: URL-safe base64 of the 16 bytes, no padding."""
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")
