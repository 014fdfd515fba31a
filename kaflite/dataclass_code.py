"""The code `dataclasses` generates for kaflite's classes, compiled at install time instead of at every start.

Why: `@dataclass` writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__` (and a frozen class's
`__setattr__`/`__delattr__`) as source text and compiles it with `exec` while the module imports. On the
serve path that is ~50 classes and ~220 compilations: 17 ms of a ~95 ms import on the development VM,
the largest single cost of a start after the interpreter's own (issue 14: a start in under 100 ms).
Bytecode files cannot hold it, the source exists only at run time.

So the compiled code objects are kept in a cache file beside the bytecode
(``kaflite/__pycache__/dataclass-code.<cache tag>.marshal``), keyed by the exact source text, and used
instead of compiling that same text again. A text not in the cache (an edited class, another Python) is
compiled as usual: the cache can only save time, never change a class. It is written by
``python -m kaflite.compile_dataclasses`` where kaflite's bytecode is compiled (`make run`, `make test`, the Docker
image), never while serving, so a start under ``PYTHONDONTWRITEBYTECODE=1`` writes nothing and still finds it.

Only the classes of kaflite's own modules (and structlog's, which kaflite imports at every start) go
through the cache; any other module's dataclasses are compiled exactly as before.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import importlib
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

CACHED_MODULES = ("kaflite", "structlog")
FILE = Path(__file__).parent / "__pycache__" / f"dataclass-code.{sys.implementation.cache_tag}.marshal"
# What the serve path imports (kaflite.cli's `serve`, before and after binding), and so what the cache holds.
SERVE_MODULES = ("kaflite.cli", "kaflite.logging_config", "kaflite.broker.server", "kaflite.coordinator.shard",
                 "kaflite.coordinator_common.runtime", "kaflite.transaction.coordinator")

_cache: dict[str, CodeType] | None = None  # source text -> code, loaded on first use
_recorded: dict[str, CodeType] = {}  # what this process compiled or found, for `build`
_exec = builtins.exec
hits = 0
misses = 0


def install() -> None:
    """Route `dataclasses`' compilations through the cache (once per process; kaflite/__init__ calls it)."""
    if getattr(dataclasses, "exec", None) is not _cached_exec:
        dataclasses.exec = _cached_exec  # type: ignore[attr-defined]  # shadows the builtin for that module only


def _cached_exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    global hits, misses
    name = globals.get("__name__", "") if isinstance(globals, dict) else ""
    if not isinstance(source, str) or not name.startswith(CACHED_MODULES):
        _exec(source, globals, locals)
        return
    cache = _load() if _cache is None else _cache
    code = cache.get(source)
    if code is None:
        code = compile(source, "<string>", "exec")  # what exec(source) compiles: same file name in tracebacks
        misses += 1
    else:
        hits += 1
    _recorded[source] = code
    _exec(code, globals, locals)


def _load() -> dict[str, CodeType]:
    """The cache file's entries, or none when it is missing, unreadable or from another interpreter."""
    global _cache
    _cache = {}
    with contextlib.suppress(OSError, EOFError, ValueError, TypeError):
        data = marshal.loads(FILE.read_bytes())
        if isinstance(data, dict) and data.get("magic") == importlib.util.MAGIC_NUMBER:
            entries = data.get("code")
            if isinstance(entries, dict):
                _cache = {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, CodeType)}
    return _cache


def build() -> int:
    """Import the serve path and write what its dataclasses compiled (an atomic replace); the entry count."""
    install()
    for module in SERVE_MODULES:
        importlib.import_module(module)
    FILE.parent.mkdir(exist_ok=True)
    tmp = FILE.with_name(f"{FILE.name}.{os.getpid()}.tmp")
    tmp.write_bytes(marshal.dumps({"magic": importlib.util.MAGIC_NUMBER, "code": dict(_recorded)}))
    os.replace(tmp, FILE)
    return len(_recorded)
