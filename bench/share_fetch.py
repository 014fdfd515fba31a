"""Share groups (KIP-932): share-fetch + acknowledge throughput and acknowledgement latency, kaflite vs kfake.

What is measured, per trial: N records of S bytes are produced beforehand into a topic of ONE partition,
inside a transaction left open, with ``share.auto.offset.reset=earliest`` and
``share.isolation.level=read_committed`` set on the group; K ``ShareConsumer`` processes of one share group
subscribe and get --settle seconds to join (kaflite, like Kafka, assigns the partition on a heartbeat after
the share partition is initialised, up to 5 s later; without the gate the first member alone would read
everything); then the transaction commits, all N records become visible at once, and the group reads them
until every record is acknowledged. Each consumer loops: ``poll`` (ShareFetch),
``acknowledge`` every record (ACCEPT), ``commit_sync`` (ShareAcknowledge).
- records/s = records acknowledged after the first commit returned / (last commit answered - first commit
  answered): whole fetch + acknowledge cycles only, so the join (ShareGroupHeartbeat, share-partition
  initialisation, assignment) is left out; it is shown apart ("first record s": go → first records).
  N must be well above the in-flight cap (``group.share.partition.max.record.locks``, 2000 on both
  brokers) so that many cycles are measured.
- acknowledgement latency = the time ``commit_sync()`` takes to return, p50/p99 over every commit of the
  trial. Explicit mode because there a commit is exactly one ShareAcknowledge round trip, which on kaflite
  includes the durable write of the ShareUpdate to ``__share_group_state`` (written and fsynced before the
  answer, SC-LOG-1). In implicit mode the acknowledgements ride on the next ShareFetch, whose time is
  mostly the long poll (MaxWaitMs), so its round trip says little about acknowledging.

Why one process per consumer: a confluent-kafka client instance is not thread-safe, and one Python
process polling 16 consumers would measure the client's Python loop, not the broker.

Why log batches of 16 KB (Java's ``batch.size`` default, ~130 records here): a share partition in Kafka's
batch-optimised mode acquires whole log batches, past the fetch's MaxRecords (SP-ACQ-2); with librdkafka's
1 MB default a log batch holds ~6000 records, so one fetch would hand one consumer 6000 records and 16
consumers would mostly idle. kfake acquires record by record (500 a fetch), so it does not care.

Brokers: kaflite as ``make run`` starts it (defaults: log fsync on, share state written before answering),
and kfake (franz-go's fake cluster, built offline by bench/kfake.py) with its data dir: kfake keeps
share state in memory and writes its JSON files on shutdown. Each trial starts a fresh broker. Trials run
ABAB (kaflite, kfake, kaflite, kfake, ...) so that the shared machine's drift hits both; medians and the
min-max spread over the rounds are printed. Everything is bounded (``--bound`` seconds per trial, counts);
traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing as mp
import os
import queue
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import record
from common import Broker, Kaflite, fmt, median, ratio, table, workdir

RECORDS = 100_000
VALUE_SIZE = 100
BATCH_BYTES = 16_384  # Java's batch.size default, ~130 records of 100 B per log batch
CONSUMERS = (1, 4, 16)
ROUNDS = 3
BOUND_S = 120.0  # per trial, after the consumers are started
SPAWN_BOUND_S = 60.0  # consumers' processes importing confluent_kafka and subscribing
COMMIT_TIMEOUT_S = 30.0
SETTLE_S = 12.0  # > 2 x share.heartbeat.interval.ms (5 s): every member has the partition
POLL_S = 0.5
TOPIC = "share-bench"
GROUP = "share-bench-g"


# ---------------------------------------------------------------------------------------------
# One consumer process
# ---------------------------------------------------------------------------------------------

def consumer_main(index: int, bootstrap: str, want: int, ready: Any, go: Any, stop: Any, done: Any,
                  acked: Any, done_at: Any, results: Any, bound_s: float) -> None:
    """Poll, acknowledge (ACCEPT) each record, commit_sync; until the group acknowledged ``want`` records, or
    ``stop``, or the bound. Sends back its first record's time, its commit latencies and acknowledged offsets."""
    from confluent_kafka import ShareConsumer

    c = ShareConsumer({"bootstrap.servers": bootstrap, "group.id": GROUP, "client.id": f"share-bench-{index}",
                       "share.acknowledgement.mode": "explicit", "log_level": 3})
    first = float("nan")  # when the first records arrived (the join is over)
    first_commit = float("nan")  # when the first commit returned: the steady-state clock starts here
    first_batch = 0
    latencies: list[float] = []
    offsets: list[int] = []
    errors = 0
    failed_commits = 0
    try:
        c.subscribe([TOPIC])
        ready.release()
        if not go.wait(SPAWN_BOUND_S + bound_s):
            return
        deadline = time.monotonic() + bound_s
        while not stop.is_set() and time.monotonic() < deadline and acked.value < want:
            msgs = c.poll(POLL_S)
            good = []
            for m in msgs:
                if m.error() is not None:
                    errors += 1
                    continue
                c.acknowledge(m)
                good.append(m.offset())
            if not good:
                continue
            if first != first:
                first = time.monotonic()
            t0 = time.perf_counter()
            res = c.commit_sync(COMMIT_TIMEOUT_S)
            latencies.append(time.perf_counter() - t0)
            if any(v is not None for v in res.values()):
                failed_commits += 1
                continue
            offsets.extend(good)
            if first_commit != first_commit:
                first_commit, first_batch = time.monotonic(), len(good)
            with acked.get_lock():
                acked.value += len(good)
                if acked.value >= want and not done.is_set():
                    done_at.value = time.monotonic()
                    done.set()
    except Exception as e:  # report, never hang the parent
        errors += 1
        results.put({"index": index, "error": repr(e)})
    finally:
        results.put({"index": index, "first": first, "first_commit": first_commit, "first_batch": first_batch,
                     "latencies": latencies, "offsets": offsets,
                     "errors": errors, "failed_commits": failed_commits})
        with contextlib.suppress(Exception):
            c.close()


# ---------------------------------------------------------------------------------------------
# One trial
# ---------------------------------------------------------------------------------------------

@dataclass
class Trial:
    broker: str
    consumers: int
    records_s: float = float("nan")
    first_record_s: float = float("nan")  # transaction committed → first records anywhere
    latencies: list[float] = field(default_factory=list)
    commits: int = 0
    acked: int = 0
    unique: int = 0
    active: int = 0  # consumers that acknowledged at least one record
    per_consumer: list[int] = field(default_factory=list)
    error: str | None = None
    broker_cpu_pct: float = float("nan")

    def pct(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        xs = sorted(self.latencies)
        return 1000.0 * xs[min(len(xs) - 1, int(q * len(xs)))]


def prepare(bootstrap: str, n: int, size: int, batch_bytes: int) -> Any:
    """One-partition topic, the group reading committed records from the earliest offset, then N records
    in log batches of at most ``batch_bytes`` inside an open transaction: in the log, invisible to the
    consumers until the returned producer commits it."""
    from confluent_kafka import Producer
    from confluent_kafka.admin import (
        AdminClient,
        AlterConfigOpType,
        ConfigEntry,
        ConfigResource,
        NewTopic,
        ResourceType,
    )

    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 3})
    admin.create_topics([NewTopic(TOPIC, 1, 1)], request_timeout=30)[TOPIC].result(30)
    resource = ConfigResource(ResourceType.GROUP, GROUP, incremental_configs=[
        ConfigEntry(k, v, incremental_operation=AlterConfigOpType.SET)
        for k, v in (("share.auto.offset.reset", "earliest"), ("share.isolation.level", "read_committed"))])
    admin.incremental_alter_configs([resource], request_timeout=30)[resource].result(30)
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5, "acks": "all", "log_level": 3,
                  "batch.size": batch_bytes, "transactional.id": "share-bench-tx"})
    p.init_transactions(30)
    p.begin_transaction()
    value = b"x" * size
    deadline = time.monotonic() + 60
    for _ in range(n):
        while True:
            try:
                p.produce(TOPIC, value)
                break
            except BufferError:
                p.poll(0.05)
                if time.monotonic() > deadline:
                    raise TimeoutError("produce did not drain in 60 s") from None
    if p.flush(60) != 0:
        raise TimeoutError("produce did not finish in 60 s")
    return p


def run_trial(broker: Broker, k: int, n: int, size: int, batch_bytes: int, bound_s: float,
              settle_s: float) -> Trial:
    trial = Trial(broker.name, k)
    producer = prepare(broker.bootstrap, n, size, batch_bytes)
    ctx = mp.get_context("spawn")  # the parent has librdkafka threads: never fork it
    ready, go, stop, done = ctx.Semaphore(0), ctx.Event(), ctx.Event(), ctx.Event()
    acked, done_at = ctx.Value("q", 0), ctx.Value("d", float("nan"))
    results = ctx.Queue()
    procs = [ctx.Process(target=consumer_main, args=(i, broker.bootstrap, n, ready, go, stop, done, acked,
                                                     done_at, results, bound_s), daemon=True) for i in range(k)]
    for p in procs:
        p.start()
    try:
        spawn_deadline = time.monotonic() + SPAWN_BOUND_S
        for _ in range(k):
            if not ready.acquire(timeout=max(0.1, spawn_deadline - time.monotonic())):
                raise TimeoutError(f"{k} consumers not subscribed within {SPAWN_BOUND_S} s")
        go.set()
        # Every consumer joins and gets the partition (kaflite, like Kafka, assigns it on a heartbeat after the
        # share partition's initialisation: up to share.heartbeat.interval.ms later), then the records appear.
        time.sleep(settle_s)
        producer.commit_transaction(30)
        t_go = time.monotonic()
        # Broker CPU from the first acknowledgement to the last, sampled here (the join is mostly idle waiting).
        cpu0, t0 = float("nan"), float("nan")
        end_by = t_go + bound_s + 5
        while not (finished := done.wait(0.02)) and time.monotonic() < end_by:
            if cpu0 != cpu0 and acked.value > 0:
                cpu0, t0 = broker.cpu_seconds(), time.monotonic()
        t_end, cpu1 = time.monotonic(), broker.cpu_seconds()
        stop.set()
        reports: list[dict[str, Any]] = []
        collect_deadline = time.monotonic() + 30 + COMMIT_TIMEOUT_S
        while len([r for r in reports if "latencies" in r]) < k and time.monotonic() < collect_deadline:
            with contextlib.suppress(queue.Empty):
                reports.append(results.get(timeout=1.0))
        errs = [r["error"] for r in reports if "error" in r]
        full = [r for r in reports if "latencies" in r]
        firsts = [r["first"] for r in full if r["first"] == r["first"]]
        for r in full:
            trial.latencies.extend(r["latencies"])
        trial.commits = len(trial.latencies)
        all_offsets = [o for r in full for o in r["offsets"]]
        trial.acked, trial.unique = len(all_offsets), len(set(all_offsets))
        trial.per_consumer = sorted((len(r["offsets"]) for r in full), reverse=True)
        trial.active = sum(1 for x in trial.per_consumer if x)
        if firsts:
            trial.first_record_s = min(firsts) - t_go
        starts = [(r["first_commit"], r["first_batch"]) for r in full if r["first_commit"] == r["first_commit"]]
        if finished and starts:
            t1, b0 = min(starts)
            trial.records_s = (n - b0) / (done_at.value - t1) if done_at.value > t1 else float("nan")
            trial.broker_cpu_pct = 100.0 * (cpu1 - cpu0) / (t_end - t0) if t_end > t0 else float("nan")
        else:
            trial.error = f"bounded: {acked.value}/{n} acknowledged in {bound_s:.0f} s"
        if errs:
            trial.error = (trial.error + "; " if trial.error else "") + "; ".join(sorted(set(errs)))[:300]
    finally:
        stop.set()
        go.set()
        for p in procs:
            p.join(timeout=15)
        for p in procs:
            if p.is_alive():
                p.kill()
                p.join(5)
    return trial


# ---------------------------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------------------------

def kfake_factory() -> tuple[Any, str | None]:
    """(a function workdir → Kfake broker, None) or (None, why kfake is not measured)."""
    try:
        import kfake
        binary = kfake.build(log=True)
    except Exception as e:  # KfakeUnavailable or a broken build: measure kaflite alone, say why
        return None, str(e)
    return (lambda wd: kfake.Kfake(wd, binary)), None


def run(consumers: tuple[int, ...], n: int, size: int, batch_bytes: int, rounds: int, bound_s: float,
        settle_s: float, with_kfake: bool, overrides: tuple[str, ...], cprofile: Path | None = None
        ) -> tuple[list[Trial], str | None]:
    make_kfake, why = kfake_factory() if with_kfake else (None, "not requested (--no-kfake)")
    def make_kaflite(wd: Path) -> Kaflite:
        if cprofile is None:
            return Kaflite(wd, overrides)
        out = cprofile.with_name(f"{cprofile.stem}-{len(trials)}{cprofile.suffix}")
        return Kaflite(wd, overrides, extra_args=["-m", "cProfile", "-o", str(out)])

    factories: list[tuple[str, Any]] = [("kaflite", make_kaflite)]
    if make_kfake is not None:
        factories.append(("kfake", make_kfake))
    trials: list[Trial] = []
    for rnd in range(rounds):
        for k in consumers:
            for name, factory in factories:  # ABAB: each broker once per (round, K), alternating
                with workdir(f"kaflite-bench-share-{name}-") as wd:
                    broker = factory(wd)
                    try:
                        broker.start()
                        t = run_trial(broker, k, n, size, batch_bytes, bound_s, settle_s)
                    except Exception as e:
                        t = Trial(name, k, error=f"{type(e).__name__}: {e}"[:300])
                    finally:
                        broker.stop()
                trials.append(t)
                print(f"round {rnd + 1} K={k:<2} {name:<7} {fmt(t.records_s, 0):>8} rec/s  ack p50 "
                      f"{fmt(t.pct(0.5), 2)} p99 {fmt(t.pct(0.99), 2)} ms  commits {t.commits}  "
                      f"acked {t.acked} (unique {t.unique}) by {t.active} {t.per_consumer[:16]}  "
                      f"broker CPU {fmt(t.broker_cpu_pct, 0)}%  "
                      f"load {os.getloadavg()[0]:.2f}" + (f"  [{t.error}]" if t.error else ""),
                      file=sys.stderr, flush=True)
    return trials, why


def spread(values: list[float], digits: int = 0) -> str:
    ok = [v for v in values if v == v]
    if not ok:
        return "n/a"
    return f"{fmt(median(ok), digits)} ({fmt(min(ok), digits)}-{fmt(max(ok), digits)})"


def report(trials: list[Trial], consumers: tuple[int, ...], why: str | None, n: int, size: int) -> str:
    brokers = sorted({t.broker for t in trials}, key=lambda b: (b != "kaflite", b))
    headers = ["consumers", "broker", "records/s median (min-max)", "ack p50 ms", "ack p99 ms", "records/commit",
               "broker CPU %", "kaflite/kfake"]
    rows = []
    for k in consumers:
        meds = {b: median([t.records_s for t in trials if t.broker == b and t.consumers == k
                           and t.records_s == t.records_s]) for b in brokers}
        for b in brokers:
            ts = [t for t in trials if t.broker == b and t.consumers == k]
            rows.append([str(k), b, spread([t.records_s for t in ts]),
                         spread([t.pct(0.5) for t in ts], 2), spread([t.pct(0.99) for t in ts], 2),
                         fmt(median([t.acked / t.commits for t in ts if t.commits]), 0),
                         fmt(median([t.broker_cpu_pct for t in ts if t.broker_cpu_pct == t.broker_cpu_pct]), 0),
                         ratio(meds.get("kaflite"), meds.get("kfake")) if b == "kaflite" else ""])
    lines = [f"Share fetch + acknowledge: {n} records of {size} B on one partition, explicit acknowledgement, "
             f"commit_sync after every poll; load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
             "", table(headers, rows)]
    if why:
        lines += ["", f"kfake not measured: {why}"]
    failed = [t for t in trials if t.error]
    if failed:
        lines += ["", "Trials with errors:"] + [f"- K={t.consumers} {t.broker}: {t.error}" for t in failed]
    dup = [t for t in trials if t.acked != t.unique]
    if dup:
        lines += ["", "Redelivered (acknowledged twice) records:"] + [
            f"- K={t.consumers} {t.broker}: {t.acked - t.unique}" for t in dup]
    return "\n".join(lines)


def metrics(trials: list[Trial], consumers: tuple[int, ...]) -> list[record.Metric]:
    out = []
    for b in sorted({t.broker for t in trials}):
        for k in consumers:
            ts = [t for t in trials if t.broker == b and t.consumers == k]
            out.append(record.Metric("share_fetch", f"{k} consumers, one partition: records/s", b, "1/s", "higher",
                                     [t.records_s for t in ts]))
            out.append(record.Metric("share_fetch", f"{k} consumers: commit_sync p50", b, "ms", "lower",
                                     [t.pct(0.5) for t in ts]))
            out.append(record.Metric("share_fetch", f"{k} consumers: commit_sync p99", b, "ms", "lower",
                                     [t.pct(0.99) for t in ts]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=RECORDS, help=f"records per trial (default {RECORDS})")
    parser.add_argument("--size", type=int, default=VALUE_SIZE, help=f"value bytes (default {VALUE_SIZE})")
    parser.add_argument("--batch-bytes", type=int, default=BATCH_BYTES,
                        help=f"producer batch.size (default {BATCH_BYTES}, Java's default)")
    parser.add_argument("--consumers", default=",".join(map(str, CONSUMERS)), help="comma list (default 1,4,16)")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"ABAB rounds (default {ROUNDS})")
    parser.add_argument("--bound", type=float, default=BOUND_S, help=f"seconds per trial (default {BOUND_S:.0f})")
    parser.add_argument("--settle", type=float, default=SETTLE_S,
                        help=f"seconds the consumers get to join before the records appear (default {SETTLE_S:.0f})")
    parser.add_argument("--cprofile", type=Path, metavar="FILE",
                        help="run kaflite under cProfile; trial i writes FILE-i (read with pstats)")
    parser.add_argument("--no-kfake", action="store_true", help="measure kaflite alone")
    parser.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                        help="kaflite config override")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the run as a JSON record (record.py)")
    args = parser.parse_args(argv)
    consumers = tuple(int(x) for x in args.consumers.split(","))
    if not 1 <= args.records <= 1_000_000 or not 1 <= args.rounds <= 20:
        parser.error("--records in 1..1000000, --rounds in 1..20")
    rec = record.new_record(sys.argv, notes="bench/share_fetch.py")
    trials, why = run(consumers, args.records, args.size, args.batch_bytes, args.rounds, args.bound, args.settle,
                      not args.no_kfake, tuple(args.override), args.cprofile)
    print(report(trials, consumers, why, args.records, args.size))
    if args.json:
        record.add_metrics(rec, metrics(trials, consumers))
        record.finish(rec)
        if why:
            rec["notes"] += f"; kfake not measured: {why}"
        record.write(rec, args.json)
        print(f"\nrecord: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
