"""Summarise ``py-spy record --format raw`` output: the hottest functions and lines in the broker.

Why not just the flame graph: the report in docs/benchmarks.md needs a short, pasteable list of
"what bounds it" with file:line, and a diff-able text beats an SVG for that.
Usage: ``python bench/pyspy_top.py /tmp/kb-prof/kaflite-produce-1024.txt [--top 15]``
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

_FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^()]*?)(?::(?P<line>\d+))?\)$")


def parse(path: Path) -> tuple[Counter[str], Counter[str], Counter[str], int]:
    """(self time by line, self time by function, inclusive time by function, total samples)."""
    self_line: Counter[str] = Counter()
    self_func: Counter[str] = Counter()
    incl_func: Counter[str] = Counter()
    total = 0
    for raw in path.read_text().splitlines():
        stack, _, count_text = raw.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        total += count
        frames = stack.split(";")
        seen: set[str] = set()
        for i, frame in enumerate(frames):
            m = _FRAME.match(frame)
            func = f"{m['func']} ({m['file']})" if m else frame
            if func not in seen:
                incl_func[func] += count
                seen.add(func)
            if i == len(frames) - 1:
                self_line[frame] += count
                self_func[func] += count
    return self_line, self_func, incl_func, total


def summary(path: Path, top: int = 12) -> str:
    self_line, self_func, incl_func, total = parse(path)
    if total == 0:
        return f"{path.name}: no samples"
    out = [f"{path.name}: {total} samples (100 Hz, idle excluded)"]
    for title, counter in (("self time by line", self_line), ("self time by function", self_func),
                           ("inclusive time by function", incl_func)):
        out.append(f"  {title}:")
        out += [f"    {100.0 * n / total:5.1f}%  {name}" for name, n in counter.most_common(top)]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args(argv)
    print("\n\n".join(summary(f, args.top) for f in args.files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
