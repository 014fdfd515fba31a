"""What compiling the commit path with mypyc would buy: a throwaway copy of this checkout with the hot
modules compiled, measured against this checkout in the same session.

Why a probe and not the build: durable commits are bound by the event loop's CPU (docs/benchmarks.md,
issue 14), spread thin over ~250 Python calls per commit; no single change left in Python is worth the
20 % that 2x Tansu needs. Compiling the hottest modules is the lever that is. It is not how kaflite is
built yet: in an editable install (`make run`, `make test`) an extension module shadows its edited `.py`
until rebuilt; compiled code checks argument types at run time (a memoryview where `bytes` is annotated
raises TypeError), so the whole suite must pass compiled first; and mypyc cannot compile some of what the
hot path holds as it is. The probe copies the checkout and, in the copy only, makes the edits mypyc needs
(EDITS: each says why), then compiles a set of modules and runs `coordinator_cpu.py` from both trees (and
with `--socket`, `coordinator_commits.py` with Tansu, from the copy):

- `--set hot` (default): the 7 modules a commit spends most of its Python in (HOT), one edit;
- `--set all`: those, the connection, framing, record batches, group commit and log segments, the classic
  group, and the OffsetCommit/Heartbeat codecs (ALL, 21 modules), with every edit in EDITS.

Needs a C compiler and Python's headers; mypyc comes with mypy (the dev extra).

    python bench/compiled_probe.py [--set all] [--socket] [--keep DIR]

Not a test: it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# The modules a commit spends most of its Python in that mypyc compiles with one edit (move_durable_answer).
HOT = [
    "kaflite/protocol/_codec.py",
    "kaflite/protocol/headers.py",
    "kaflite/coordinator/records.py",
    "kaflite/coordinator/offsets.py",
    "kaflite/coordinator/context.py",
    "kaflite/coordinator/shard.py",
    "kaflite/coordinator/runtime.py",
]
# Every module a commit or a heartbeat runs much Python in (with all of EDITS).
ALL = [
    *HOT,
    "kaflite/broker/connection.py",
    "kaflite/protocol/frames.py",
    "kaflite/protocol/records.py",
    "kaflite/broker/groups.py",
    "kaflite/broker/flush.py",
    "kaflite/storage/log.py",
    "kaflite/storage/segment.py",
    "kaflite/storage/fileio.py",
    "kaflite/coordinator/classic/group.py",
    "kaflite/coordinator/classic/manager.py",
    "kaflite/protocol/messages/offset_commit_request.py",
    "kaflite/protocol/messages/offset_commit_response.py",
    "kaflite/protocol/messages/heartbeat_request.py",
    "kaflite/protocol/messages/heartbeat_response.py",
]

MARKER = ".kaflite-compiled-probe"
MYPYC_CONFIG = "[mypy]\npython_version = 3.11\nignore_missing_imports = True\n"


def copy_checkout(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.so", ".mypy_cache", "results", "node_modules")
    for name in ("kaflite", "bench", "tools"):
        shutil.copytree(REPO / name, dest / name, ignore=ignore)
    # Not pyproject.toml: setuptools, running mypyc's generated setup.py in this directory, would read it.


def replace(root: Path, path: str, old: str, new: str, count: int = 1) -> None:
    """One edit in the copy; the source having moved on stops the probe (update the edit) rather than
    compiling something else than what the numbers say."""
    file = root / path
    text = file.read_text()
    if text.count(old) < count:
        raise SystemExit(f"{path} no longer holds {old!r}: update the probe's edit")
    file.write_text(text.replace(old, new))


def move_class(root: Path, path: str, pattern: str, module: str, header: str) -> None:
    """A class mypyc cannot compile (an asyncio.Future subclass) into an uncompiled module of its own."""
    file = root / path
    text = file.read_text()
    match = re.search(pattern + r"\n(?:(?:    .*)?\n)+", text, re.M)
    if match is None:
        raise SystemExit(f"{path} has no {pattern!r} to move: update the probe")
    (root / module.replace(".", "/")).with_suffix(".py").write_text(header + match.group(0))
    name = re.search(r"class (\w+)", match.group(0)).group(1)  # type: ignore[union-attr]
    file.write_text(text[:match.start()] + f"from {module} import {name}\n\n\n" + text[match.end():])


def move_durable_answer(root: Path) -> None:
    """runtime.py's DurableAnswer: compiled, it crashes in future_init (`@mypyc_attr(native_class=False)` hits
    a mypyc code-generation bug, `CPyModule__asyncio` undeclared)."""
    move_class(root, "kaflite/coordinator/runtime.py", r"^class DurableAnswer\(asyncio\.Future\[Any\]\):",
               "kaflite.coordinator.durable_answer", "import asyncio\nfrom typing import Any\n\n\n")


def move_flushed(root: Path) -> None:
    """flush.py's Flushed, an asyncio.Future subclass too."""
    move_class(root, "kaflite/broker/flush.py", r"^class Flushed\(asyncio\.Future\[None\]\):",
               "kaflite.broker.flushed", "from __future__ import annotations\n\nimport asyncio\n"
               "from collections.abc import Callable\n\nimport structlog\n\n"
               "log = structlog.get_logger(\"kaflite.flush\")\n\n\n")


def move_groups_read(root: Path) -> None:
    """OffsetsTopicLog.read is an async generator, which mypyc does not implement: a function in an
    uncompiled module, the method calling it."""
    file = root / "kaflite/broker/groups.py"
    text = file.read_text()
    head = "    async def read(self, partition: int) -> AsyncIterator[LoadedRecord]:\n"
    match = re.search(re.escape(head) + r"(?:(?:        .*)?\n)+", text)
    if match is None:
        raise SystemExit("groups.py has no OffsetsTopicLog.read to move: update the probe")
    func = textwrap.dedent(match.group(0)).replace(
        "async def read(self, partition: int) -> AsyncIterator[LoadedRecord]:",
        "async def read(self: Any, partition: int) -> AsyncIterator[Any]:", 1)
    (root / "kaflite/broker/groups_read.py").write_text(
        "from __future__ import annotations\n\nimport asyncio\nfrom collections.abc import AsyncIterator\n"
        "from typing import Any\n\nfrom kaflite.broker.groups import LOAD_READ_BYTES, LOAD_YIELD_RECORDS, "
        "_read_transactional\nfrom kaflite.protocol.records import RecordError, decode_keys_values, iter_batches\n\n\n"
        + func.rstrip() + "\n")
    stub = ("    def read(self, partition: int) -> AsyncIterator[LoadedRecord]:\n"
            "        from kaflite.broker.groups_read import read\n\n"
            "        return read(self, partition)  # type: ignore[no-any-return]\n\n")
    file.write_text(text[:match.start()] + stub + text[match.end():])


def connection_types(root: Path) -> None:
    """Compiled code checks annotations: frames are bytearrays typed `bytes` (typed Any here); the request and
    response classes' MIN_VERSION/MAX_VERSION are read through the class (Any: no ClassVar on them); a compiled
    `async def` returns mypyc's coroutine object, not types.CoroutineType (asyncio.iscoroutine knows both)."""
    path = "kaflite/broker/connection.py"
    replace(root, path, "self.pending: list[bytes] = []", "self.pending: list[Any] = []")
    replace(root, path, 'self.pending.extend(cast("list[bytes]", frames))', "self.pending.extend(frames)")
    for signature in ("_dispatch(self, body: bytes)", "_dispatch_sasl(self, body: bytes)", "_route(self, body: bytes)",
                      "_unsupported_api(self, ctx: RequestContext, body: bytes)"):
        replace(root, path, signature, signature.replace("body: bytes", "body: Any"))
    replace(root, path, "req_cls, resp_cls = REQUESTS[ctx.header.api_key], RESPONSES[ctx.header.api_key]",
            "req_cls, resp_cls = cast(Any, REQUESTS[ctx.header.api_key]), cast(Any, RESPONSES[ctx.header.api_key])")
    replace(root, path, "type(result) is types.CoroutineType", "asyncio.iscoroutine(result)", count=2)
    replace(root, "kaflite/coordinator/runtime.py", "if inspect.iscoroutine(durable):",
            "if asyncio.iscoroutine(durable):")


def class_constants(root: Path) -> None:
    """Class attributes read through the class must be ClassVar (else an instance slot's descriptor is read),
    and a generic dataclass does not import once compiled (ReadResult: no longer Generic here)."""
    replace(root, "kaflite/protocol/frames.py", "    SCRATCH = 64 * 1024", "    SCRATCH: ClassVar[int] = 64 * 1024")
    replace(root, "kaflite/protocol/frames.py", "    FRAME_CHUNK = 1 << 20", "    FRAME_CHUNK: ClassVar[int] = 1 << 20")
    replace(root, "kaflite/protocol/frames.py", "from __future__ import annotations\n",
            "from __future__ import annotations\n\nfrom typing import ClassVar\n")
    replace(root, "kaflite/storage/segment.py", "    ENTRY: struct.Struct = _OFFSET_ENTRY",
            "    ENTRY: ClassVar[struct.Struct] = _OFFSET_ENTRY")
    replace(root, "kaflite/storage/segment.py", "from typing import NamedTuple\n",
            "from typing import ClassVar, NamedTuple\n")
    log = "kaflite/storage/log.py"
    replace(root, log, "class ReadResult(Generic[R]):", "class ReadResult:")
    replace(root, log, "    records: R\n", "    records: Any\n")
    for generic in ("ReadResult[bytes]", "ReadResult[FileRecords]", "ReadResult[R]"):
        replace(root, log, generic, "ReadResult")
    replace(root, log, "from typing import Generic, TypeVar", "from typing import Any, Generic, TypeVar")


def codecs_non_native(root: Path) -> None:
    """The generated message classes stay Python classes (their functions compiled): native, they lose
    __slots__, class constants, the nested-class aliases and object.__new__ (the decoders' `_new`)."""
    for path in ALL:
        if "/messages/" not in path:
            continue
        file = root / path
        text = re.sub(r"^class ", "@mypyc_attr(native_class=False)\nclass ", file.read_text(), flags=re.M)
        file.write_text(text)
        replace(root, path, "from typing import TypeAlias\n",
                "from typing import TypeAlias\n\nfrom mypy_extensions import mypyc_attr\n")


EDITS = {"hot": [move_durable_answer],
         "all": [move_durable_answer, move_flushed, move_groups_read, connection_types, class_constants,
                 codecs_non_native]}


def compile_modules(root: Path, modules: list[str]) -> None:
    (root / "mypyc.ini").write_text(MYPYC_CONFIG)
    out = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", "mypyc.ini", *modules], cwd=root,
                         capture_output=True, text=True)
    built = sorted(str(p.relative_to(root)) for p in (root / "kaflite").rglob("*.so"))
    if out.returncode != 0 or len(built) < len(modules):
        sys.stderr.write(out.stdout[-4000:] + out.stderr[-4000:])
        raise SystemExit(f"mypyc failed (exit {out.returncode}); built: {built}")
    print(f"compiled {len(built)} modules in {root}")


def run_from(root: Path, args: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        sys.stderr.write(out.stdout[-4000:] + out.stderr[-4000:])
        raise SystemExit(f"{args[0]} failed in {root} (exit {out.returncode})")
    return out.stdout


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--set", choices=sorted(EDITS), default="hot", help="which modules to compile (see above)")
    p.add_argument("--socket", action="store_true",
                   help="also run coordinator_commits (8 connections x 16, spread) with Tansu from the compiled copy")
    p.add_argument("--seconds", type=float, default=5.0, help="coordinator_commits' measuring time")
    p.add_argument("--rounds", type=int, default=3, help="coordinator_cpu rounds per tree")
    p.add_argument("--keep", type=Path, help="build the copy here and keep it (default: a temporary directory)")
    args = p.parse_args(argv)
    if shutil.which(os.environ.get("CC", "cc")) is None:
        print("no C compiler: nothing to probe", file=sys.stderr)
        return 2
    root = args.keep or Path(tempfile.mkdtemp(prefix="kaflite-compiled-"))
    if args.keep and root.exists():
        if not (root / MARKER).exists():  # never delete a directory this probe did not make
            print(f"{root} exists and is not a copy this probe made: choose another --keep", file=sys.stderr)
            return 2
        shutil.rmtree(root)
    try:
        root.mkdir(parents=True, exist_ok=True)
        (root / MARKER).write_text("a throwaway copy made by bench/compiled_probe.py\n")
        copy_checkout(root)
        for edit in EDITS[args.set]:
            edit(root)
        compile_modules(root, ALL if args.set == "all" else HOT)
        cpu = ["bench/coordinator_cpu.py", "--kinds", "commit", "heartbeat", "--rounds", str(args.rounds)]
        for label, tree in (("interpreted (this checkout)", REPO), ("compiled copy", root)):
            print(f"--- {label}")
            print(run_from(tree, cpu).rstrip())
        if args.socket:
            print("--- compiled copy, sockets, side by side with Tansu")
            print(run_from(root, ["bench/coordinator_commits.py", "--broker", "both", "--layout", "spread",
                                  "--seconds", str(args.seconds), "--connections", "8", "--depth", "16",
                                  "--partitions", "1"]).rstrip())
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
