"""Java properties files (`server.properties`), read as `java.util.Properties.load` reads them.

No library: the format is small (escapes, continuation lines, `=`/`:`/space separators) and
the one maintained parser on PyPI (jproperties) brings its own object model for what is one function.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _unescape(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2 : i + 6]):
                out.append(chr(int(text[i + 2 : i + 6], 16)))
                i += 6
                continue
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _logical_lines(text: str) -> Iterator[tuple[int, str]]:
    """Join continuation lines (odd number of trailing backslashes); yields (first line no, line)."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        start = i
        line = lines[i].lstrip(" \t\f")
        i += 1
        if not line or line[0] in "#!":
            continue
        while True:
            trailing = len(line) - len(line.rstrip("\\"))
            if trailing % 2 == 0 or i >= len(lines):
                if trailing % 2:
                    line = line[:-1]
                break
            line = line[:-1] + lines[i].lstrip(" \t\f")
            i += 1
        yield start + 1, line


def iter_properties(text: str) -> Iterator[tuple[str, str, int]]:
    """Yield (key, value, line number) from Java properties text, as ``Properties.load`` reads it."""
    for lineno, line in _logical_lines(text):
        i, n = 0, len(line)
        while i < n and line[i] not in "=: \t\f":
            i += 2 if line[i] == "\\" else 1
        key = line[:i]
        while i < n and line[i] in " \t\f":
            i += 1
        if i < n and line[i] in "=:":
            i += 1
            while i < n and line[i] in " \t\f":
                i += 1
        yield _unescape(key), _unescape(line[i:]), lineno


def parse_properties(text: str) -> dict[str, str]:
    """Java properties text → dict; a repeated key keeps its last value, as in Java."""
    return {key: value for key, value, _ in iter_properties(text)}


def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # Java's Properties.load(InputStream) encoding
