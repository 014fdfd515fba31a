"""The compiled build: the modules a commit and a heartbeat spend their time in, compiled by mypyc.

Why: a durable offset commit is bound by the event loop's CPU, spread thin over ~250 Python calls; no
single change left in Python is worth the 20 % that 2x Tansu's rate needs (issue 14, docs/benchmarks.md).
Compiled, the same sources run a commit in ~2/3 of the CPU. Only `MODULES` are compiled; the rest of
kaflite stays Python, and every module stays a `.py` file: the compiled build is an accelerator, never
the only way a module runs.

    python -m kaflite.native_build            # `make run`, `make test` and the Docker image run it
    python -m kaflite.native_build --status   # what a start would load, and why

How it cannot run code other than the sources: the extensions are built into `kaflite/_native/<cache
tag>/` (`NATIVE_DIR`), beside copies of the sources they were compiled from, never beside the sources
themselves (where an extension would shadow its edited `.py` in an editable install). At every start,
`install` (called by kaflite/__init__) compares each compiled module's source with its copy, byte for byte
(~0.2 ms); only if all of them match is a finder put in front of the import system that loads those
modules from their extensions. Any edit, a missing or partial build, another Python: kaflite runs
interpreted, as it always can. mypyc compiles the modules as one group (calls between them are C calls),
so it is all of them or none.

`KAFLITE_NATIVE=0` runs kaflite interpreted even where a build matches (profiling, debugging, a monkeypatch
that compiled code would not see).

Building needs mypy (its mypyc; the `native` extra), a C compiler and Python's headers; without them
the build says so and kaflite runs interpreted.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from typing import Any

# The modules compiled: those a commit or a heartbeat runs much Python in (chosen by profile and measurement,
# docs/benchmarks.md). Each is written so mypyc compiles it as it is: no asyncio.Future subclass
# (coordinator/durable_answer.py, broker/flushed.py), no async generator (broker/offsets_load.py), class
# constants read through the class as ClassVar, parameters annotated with what is really passed. Modules
# tried and left out, and why (no gain measured, a class patched per instance, a mypyc crash): docs/benchmarks.md.
MODULES = (
    "kaflite.protocol._codec",
    "kaflite.protocol.headers",
    "kaflite.protocol.frames",
    "kaflite.protocol.records",
    "kaflite.protocol.messages.offset_commit_request",
    "kaflite.protocol.messages.offset_commit_response",
    "kaflite.protocol.messages.heartbeat_request",
    "kaflite.protocol.messages.heartbeat_response",
    "kaflite.storage.fileio",
    "kaflite.storage.segment",
    "kaflite.storage.log",
)

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
NATIVE_DIR = os.path.join(PACKAGE_DIR, "_native", sys.implementation.cache_tag)
MANIFEST = "manifest.txt"
FORMAT = "kaflite-native 1"
OFF = ("0", "off", "no", "false")

# What `install` found: "compiled" (the finder is in place), or why kaflite runs interpreted.
status = "not checked"


class NativeFinder:
    """Finds the compiled modules (and mypyc's shared library of the group) in the build, nothing else."""

    def __init__(self, paths: dict[str, str]) -> None:
        self.paths = paths

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        where = self.paths.get(fullname)
        if where is None:
            return None
        spec = ModuleSpec(fullname, ExtensionFileLoader(fullname, where), origin=where)
        spec.has_location = True
        return spec

    def invalidate_caches(self) -> None:
        pass


def source_path(module: str, package_dir: str = PACKAGE_DIR) -> str:
    """Where a kaflite module's source is: `kaflite.a.b` -> <package_dir>/a/b.py."""
    return os.path.join(package_dir, *module.split(".")[1:]) + ".py"


def check(native_dir: str = NATIVE_DIR, package_dir: str = PACKAGE_DIR) -> tuple[str, dict[str, str]]:
    """("compiled", module -> extension path) when the build in `native_dir` was compiled from exactly the
    sources in `package_dir`, for this interpreter; else (why not, {})."""
    try:
        with open(os.path.join(native_dir, MANIFEST), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return "no compiled build (python -m kaflite.native_build)", {}
    if not lines or lines[0] != FORMAT or len(lines) < 2 or lines[1] != f"suffix {EXTENSION_SUFFIXES[0]}":
        return "the compiled build is from another kaflite or Python: build it again", {}
    # "group <name> <file>": mypyc's library of the group; "module <name> <path>": <path><suffix>, compiled
    # from sources/<path>.source (a copy of the .py; named so that no tool takes it for one).
    paths: dict[str, str] = {}
    for line in lines[2:]:
        kind, _, rest = line.partition(" ")
        name, _, relative = rest.partition(" ")
        if kind == "group":
            paths[name] = os.path.join(native_dir, relative)
            continue
        if name not in MODULES:  # one taken out of MODULES (say, for a mypyc bug) must run from source
            return "the compiled build has modules no longer compiled: build it again", {}
        try:
            with open(source_path(name, package_dir), "rb") as f:
                source = f.read()
            with open(os.path.join(native_dir, "sources", relative + ".source"), "rb") as f:
                compiled_from = f.read()
        except OSError:
            return f"{name}: source or its compiled copy missing", {}
        if source != compiled_from:
            return f"{name} changed since the compiled build: build it again (python -m kaflite.native_build)", {}
        paths[name] = os.path.join(native_dir, relative + EXTENSION_SUFFIXES[0])
    if not set(MODULES) <= paths.keys():
        return "the compiled build lacks modules: build it again", {}
    return "compiled", paths


def install() -> str:
    """Load `MODULES` from the compiled build from now on, if it matches the sources (kaflite/__init__ calls
    it before any of them is imported). Returns (and keeps in `status`) what it found."""
    global status
    if os.environ.get("KAFLITE_NATIVE", "1").lower() in OFF:
        status = "interpreted (KAFLITE_NATIVE=0)"
        return status
    if any(isinstance(f, NativeFinder) for f in sys.meta_path):
        return status
    found, paths = check()
    if found != "compiled":
        status = f"interpreted: {found}"
        return status
    loaded = [m for m in MODULES if m in sys.modules]
    if loaded:  # imported before install: a mix of compiled and interpreted modules of one group cannot run
        status = f"interpreted: {loaded[0]} was imported before the compiled build could be installed"
        return status
    sys.meta_path.insert(0, NativeFinder(paths))
    status = "compiled"
    return status


def compiled() -> bool:
    """The compiled build is in use in this process."""
    return status == "compiled"

