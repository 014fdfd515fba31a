"""Compare two benchmark records: per metric, B/A and whether B is better or worse than A.

    bench/compare.py A.json B.json [--threshold 5]

Why a ratio with a direction: "1.30x" means nothing until one knows whether more is better (MB/s)
or worse (ms). Each metric carries its direction (record.Metric.better), so the verdict column
reads "better" when B moved the good way by more than the threshold, "worse" the other way, "same"
within it. The machines and load averages of both runs are printed first: a ratio between a quiet
and a busy machine is not a code change.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import record
from common import fmt, table

DEFAULT_THRESHOLD_PCT = 5.0


@dataclass(frozen=True)
class Change:
    """One metric present in both runs."""

    key: tuple[str, str, str]
    unit: str
    better: str
    a: float
    b: float

    @property
    def ratio(self) -> float:
        """B/A; NaN when either side is missing or A is zero."""
        if self.a != self.a or self.b != self.b or self.a == 0:
            return float("nan")
        return self.b / self.a

    def verdict(self, threshold_pct: float = DEFAULT_THRESHOLD_PCT) -> str:
        r = self.ratio
        if r != r:
            return "n/a"
        if abs(r - 1.0) * 100.0 <= threshold_pct:
            return "same"
        improved = r > 1.0 if self.better == "higher" else r < 1.0
        return "better" if improved else "worse"


def changes(a: list[record.Metric], b: list[record.Metric]) -> tuple[list[Change], list[tuple[str, str, str]]]:
    """The metrics in both runs (in B's order), and the keys found in only one of them."""
    by_key = {m.key: m for m in a}
    both, seen = [], set()
    for mb in b:
        ma = by_key.get(mb.key)
        if ma is None:
            continue
        if ma.better != mb.better:
            raise ValueError(f"{mb.key}: 'better' is {ma.better!r} in A but {mb.better!r} in B")
        both.append(Change(mb.key, mb.unit, mb.better, ma.value, mb.value))
        seen.add(mb.key)
    only = [m.key for m in a if m.key not in seen] + [m.key for m in b if m.key not in by_key]
    return both, only


def _describe(name: str, rec: dict[str, Any]) -> str:
    m, v = rec["machine"], rec["versions"]
    return (f"{name}: {rec['started']}, {m['cpu_model']}, {m['cores']} cores, Python {m['python']}, "
            f"kaflite {v.get('kaflite_rev')}, tansu {v.get('tansu')}, load {rec['load_before']} → {rec['load_after']}"
            + (f" — {rec['notes']}" if rec.get("notes") else ""))


def render(rec_a: dict[str, Any], rec_b: dict[str, Any], threshold_pct: float = DEFAULT_THRESHOLD_PCT) -> str:
    both, only = changes(record.metrics_of(rec_a), record.metrics_of(rec_b))
    rows = []
    for c in both:
        benchmark, name, broker = c.key
        r = c.ratio
        rows.append([f"{benchmark}: {name}", broker, c.unit, fmt(c.a, 2), fmt(c.b, 2),
                     "n/a" if r != r else f"{r:.3f}", f"{c.better} is better", c.verdict(threshold_pct)])
    out = [_describe("A", rec_a), _describe("B", rec_b), "",
           table(["metric", "broker", "unit", "A", "B", "B/A", "direction", f"verdict (±{threshold_pct:g} %)"],
                 rows)]
    if only:
        out += ["", "in one run only: " + "; ".join(f"{b}: {n} ({k})" for b, n, k in only)]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="the baseline record (JSON)")
    parser.add_argument("b", type=Path, help="the record compared with it (JSON)")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD_PCT, metavar="PCT",
                        help=f"changes within ±PCT %% read 'same' (default {DEFAULT_THRESHOLD_PCT:g})")
    args = parser.parse_args(argv)
    print(render(record.load(args.a), record.load(args.b), args.threshold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
