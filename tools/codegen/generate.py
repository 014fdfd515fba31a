#!/usr/bin/env python3
"""Generate kaflite's message codecs from Kafka's JSON message definitions.

Kafka's JSON schemas are the single source of every field, type, version range and default.
Each becomes one module of straight-line Python (``message_module.py``: one decode and one encode
function per distinct wire layout, precompiled ``struct.Struct`` runs for consecutive fixed-size
fields, ``__slots__`` classes); this driver reads the schemas, writes the modules and the package
index, and checks them for drift.

Sources: the definitions kafka-python ships (``kafka/protocol/schemas/resources``) and the
extra ones copied from ``../shared/kafka-schemas`` into ``tools/codegen/schemas``.

It also writes ``kaflite/protocol/errors.py`` from ``kafka_errors.csv`` (Kafka's error table:
name, code, retriable), so a code Kafka defines cannot be missing from ``ErrorCode``.

Usage: ``generate.py`` writes ``kaflite/protocol/messages/`` and ``kaflite/protocol/errors.py``;
``generate.py --check`` fails (exit 1) when the committed code differs from what the sources generate.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its siblings, also when loaded by path (tests)
from error_table import ERRORS_CSV, ERRORS_OUT, render_errors
from kafka_schema import NO_FLEX, load_message, snake
from message_module import Generator

ROOT = Path(__file__).resolve().parents[2]
OUT_DIR = ROOT / "kaflite" / "protocol" / "messages"
# Apache Kafka's definitions that kafka-python does not ship (ConsumerGroup* APIs and the
# __consumer_offsets record schemas), copied from ../shared/kafka-schemas (Apache-2.0).
EXTRA = Path(__file__).resolve().parent / "schemas"


def module_name(msg_name: str) -> str:
    return snake(msg_name)


def schema_files(extra: Path) -> list[Path]:
    import kafka.protocol.schemas.resources as res  # the schemas kafka-python ships

    base = Path(res.__file__).parent
    files = sorted(p for p in base.glob("*.json") if not p.name.endswith("Header.json"))
    if extra.is_dir():
        files += sorted(extra.glob("*.json"))
    return files


# The head of ``messages/__init__.py``: every class imported, plainly (an import of the package loads them all).
INDEX_HEADER = '''"""Kafka message codecs generated from Kafka's JSON schemas. Do not edit."""

from __future__ import annotations

from collections.abc import Mapping

from kaflite.protocol._codec import ApiMessage
'''

def render_all(extra: Path) -> dict[str, str]:
    outputs: dict[str, str] = {}
    modules: list[tuple[str, str]] = []
    requests: list[tuple[int, str]] = []
    responses: list[tuple[int, str]] = []
    flexible: list[tuple[int, int]] = []
    versions: list[tuple[int, int, int]] = []
    for path in schema_files(extra):
        msg = load_message(path)
        mod = module_name(msg.name)
        outputs[f"{mod}.py"] = Generator(msg).generate()
        modules.append((msg.name, mod))
        if msg.kind == "request":
            requests.append((msg.api_key or 0, msg.name))
            flexible.append((msg.api_key or 0, msg.flexible.lo if msg.flexible else NO_FLEX))
            versions.append((msg.api_key or 0, msg.valid.lo, msg.valid.hi))
        elif msg.kind == "response":
            responses.append((msg.api_key or 0, msg.name))
    index = [INDEX_HEADER.rstrip("\n"), ""]
    index += [f"from kaflite.protocol.messages.{m} import {n}" for n, m in sorted(modules)]
    index.append("")
    index.append("#: API key -> request class name")
    index.append("REQUEST_NAMES: dict[int, str] = {")
    index += [f"    {k}: {n!r}," for k, n in sorted(requests)]
    index.append("}")
    index.append("REQUESTS: Mapping[int, type[ApiMessage]] = {")
    index += [f"    {k}: {n}," for k, n in sorted(requests)]
    index.append("}")
    index.append("RESPONSES: Mapping[int, type[ApiMessage]] = {")
    index += [f"    {k}: {n}," for k, n in sorted(responses)]
    index.append("}")
    index.append("#: API key -> (MIN_VERSION, MAX_VERSION) of its request class")
    index.append("REQUEST_VERSIONS: dict[int, tuple[int, int]] = {")
    index += [f"    {k}: ({lo}, {hi})," for k, lo, hi in sorted(versions)]
    index.append("}")
    index.append("#: first flexible version of each API's requests (request header v2 from there on)")
    index.append("REQUEST_FLEXIBLE_MIN: dict[int, int] = {")
    index += [f"    {k}: {v}," for k, v in sorted(flexible)]
    index.append("}")
    index.append("")
    index.append("__all__ = [")
    index += [f"    {n!r}," for n, _ in sorted(modules)]
    index += ["    'ApiMessage',", "    'REQUESTS',", "    'REQUEST_FLEXIBLE_MIN',", "    'REQUEST_NAMES',",
              "    'REQUEST_VERSIONS',",
              "    'RESPONSES',", "]", ""]
    outputs["__init__.py"] = "\n".join(index)
    return outputs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the committed code drifted")
    ap.add_argument("--extra", type=Path, default=None, help="directory of extra schemas")
    args = ap.parse_args(argv)
    extra = args.extra or EXTRA
    outputs = render_all(extra)
    if args.check:
        drift = []
        existing = {p.name for p in OUT_DIR.glob("*.py")}
        for name, text in outputs.items():
            path = OUT_DIR / name
            if not path.exists() or path.read_text() != text:
                drift.append(name)
        drift += sorted(existing - set(outputs))
        errors_text = render_errors(ERRORS_CSV)
        if not ERRORS_OUT.exists() or ERRORS_OUT.read_text() != errors_text:
            drift.append(str(ERRORS_OUT.relative_to(ROOT)))
        if drift:
            print(f"generated code drifted from its sources: {', '.join(drift)}; run `make codegen`",
                  file=sys.stderr)
            return 1
        print(f"codegen check: {len(outputs)} modules match the schemas, errors.py matches the error table")
        return 0
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for old in OUT_DIR.glob("*.py"):
        if old.name not in outputs:
            old.unlink()
    for name, text in outputs.items():
        (OUT_DIR / name).write_text(text)
    ERRORS_OUT.write_text(render_errors(ERRORS_CSV))
    print(f"wrote {len(outputs)} modules to {OUT_DIR.relative_to(ROOT)} and {ERRORS_OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
