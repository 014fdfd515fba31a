"""``--json`` output: one document per command, keys in snake_case, bytes as text when they are UTF-8."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Sequence
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


def column_widths(header: Sequence[str], rows: Iterable[Sequence[object]], floors: Sequence[int]) -> list[int]:
    """Each column as wide as its widest cell (header included), never narrower than Kafka's printf width for it:
    Kafka's tools size the name columns to their content; here every column is, so a long topic, group or
    host never pushes the rest of its row out of line."""
    widths = [max(f, len(h)) for f, h in zip(floors, header, strict=True)]
    for row in rows:
        widths = [max(w, len(str(c))) for w, c in zip(widths, row, strict=True)]
    return widths


def format_row(cells: Sequence[object], widths: Sequence[int], pad_last: bool = False) -> str:
    """Java's ``%-Ns`` for each cell, one space apart; the last one padded only where Kafka's format pads it."""
    last = len(cells) - 1
    return " ".join(f"{c!s:<{w}}" if i < last or pad_last else str(c)
                    for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
