"""What compiling the commit path with mypyc would buy: a throwaway copy of this checkout with the hot
modules compiled, measured against this checkout in the same session.

Why a probe and not the build: durable commits are bound by the event loop's CPU (docs/benchmarks.md,
issue 14), spread thin over ~250 Python calls per commit; no single change left in Python is worth the
20 % that 2x Tansu needs. Compiling the hottest modules is the lever that is. It is not how kaflite is
built yet, because in an editable install (`make run`, `make test`) an extension module shadows its
edited `.py` until rebuilt, and mypyc limits what can be compiled: a subclass of asyncio.Future
(runtime.py's DurableAnswer crashes in future_init; flush.py's Flushed), nested classes (the generated
codecs' `OffsetCommitRequest.OffsetCommitRequestTopic` is not an attribute of a compiled class), generic
classes under the dataclass code cache, async generators (groups.py). This probe copies the checkout,
moves DurableAnswer into a module of its own (in the copy only), compiles MODULES, and runs
`coordinator_cpu.py` from both trees (and with `--socket`, `coordinator_commits.py` with Tansu, from the
copy). Needs a C compiler and Python's headers; mypyc comes with mypy (the dev extra).

    python bench/compiled_probe.py [--socket] [--keep DIR]

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
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# The modules a commit spends most of its Python in that mypyc compiles as they are (with the move below).
MODULES = [
    "kaflite/protocol/_codec.py",
    "kaflite/protocol/headers.py",
    "kaflite/coordinator/records.py",
    "kaflite/coordinator/offsets.py",
    "kaflite/coordinator/context.py",
    "kaflite/coordinator/shard.py",
    "kaflite/coordinator/runtime.py",
]

MYPYC_CONFIG = "[mypy]\npython_version = 3.11\nignore_missing_imports = True\n"


def copy_checkout(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.so", ".mypy_cache", "results")
    for name in ("kaflite", "bench", "tools"):
        shutil.copytree(REPO / name, dest / name, ignore=ignore)
    # Not pyproject.toml: setuptools, running mypyc's generated setup.py in this directory, would read it.


def move_durable_answer(root: Path) -> None:
    """DurableAnswer (an asyncio.Future subclass) into a module left uncompiled; runtime.py imports it."""
    runtime = root / "kaflite/coordinator/runtime.py"
    text = runtime.read_text()
    match = re.search(r"^class DurableAnswer\(asyncio\.Future\[Any\]\):\n(?:(?:    .*)?\n)+", text, re.M)
    if match is None:
        raise SystemExit("runtime.py has no DurableAnswer class to move: update the probe")
    (root / "kaflite/coordinator/durable_answer.py").write_text(
        "import asyncio\nfrom typing import Any\n\n\n" + match.group(0))
    runtime.write_text(text[:match.start()] + "from kaflite.coordinator.durable_answer import DurableAnswer\n\n\n"
                       + text[match.end():])


def compile_modules(root: Path) -> None:
    (root / "mypyc.ini").write_text(MYPYC_CONFIG)
    out = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", "mypyc.ini", *MODULES], cwd=root,
                         capture_output=True, text=True)
    built = sorted(str(p.relative_to(root)) for p in (root / "kaflite").rglob("*.so"))
    if out.returncode != 0 or len(built) < len(MODULES):
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
    try:
        if args.keep and root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True, exist_ok=True)
        copy_checkout(root)
        move_durable_answer(root)
        compile_modules(root)
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
