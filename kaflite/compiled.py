"""Which build this process runs: kaflite's leaf modules compiled by mypyc, or all of it from its sources.

The compiled build is made when the wheel is (setup.py: `KAFLITE_COMPILE=1 pip wheel .`), as black and mypy
ship theirs: a wheel built so holds each module of `MODULES` as an extension beside its `.py`, and Python's
import system prefers the extension. An editable install or a source checkout has no extensions, so what runs
is the source being edited: no compiled module can be stale. Only leaf modules are compiled (the codec's
primitives, request headers, framing, record batches, segment I/O and the OffsetCommit and Heartbeat codecs as
generated: what a commit and a heartbeat spend their time in below the coordinator), so no module above them is
shaped for the compiler, and a test may patch any function of the coordinator or the broker.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

#: The modules setup.py compiles (one mypyc group: calls between them are C calls).
MODULES = (
    "kaflite.protocol._codec",
    "kaflite.protocol.headers",
    "kaflite.protocol.frames",
    "kaflite.protocol.record_errors",
    "kaflite.protocol.compression",
    "kaflite.protocol.records",
    "kaflite.protocol.control_records",
    "kaflite.protocol.messages.offset_commit_request",
    "kaflite.protocol.messages.offset_commit_response",
    "kaflite.protocol.messages.heartbeat_request",
    "kaflite.protocol.messages.heartbeat_response",
    "kaflite.storage.fileio",
    "kaflite.storage.syncs",
    "kaflite.storage.indexes",
    "kaflite.storage.txn_index",
    "kaflite.storage.segment",
)


def status() -> str:
    """"compiled" when every module of `MODULES` is loaded from an extension, else which runs from its source
    (the start's `kaflite serving` line says it as `code=`)."""
    for name in MODULES:
        path = importlib.import_module(name).__file__ or ""
        if not path.endswith(tuple(EXTENSION_SUFFIXES)):
            return f"interpreted: {name} runs from its source (not a compiled wheel: setup.py)"
    return "compiled"
