"""The three workloads bench/transactions.py times, each against one running broker with confluent-kafka: a
consume-transform-produce loop, a bulk producer with and without transactions, and a read of a log with aborted
transactions at both isolation levels. Each returns Measures (counts, seconds, what went wrong) and checks its own
output; bench/transactions.py runs them in rounds and reports (its docstring says what each measures and why).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, KafkaException, Message, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

BOUND_S = 15.0
CLIENT_TIMEOUT_S = 30.0  # one transactional call (init, send offsets, commit): generous, not a benchmark bound


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


def error_text(e: BaseException) -> str:
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
                out.error = error_text(e)
                break
    except Exception as e:
        for per_txn, _ in s.ctp:
            results.setdefault(per_txn, Measure(error=error_text(e)))
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
        out.error = error_text(e)
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
        log.error = f"building the log: {error_text(e)}"
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
        out.error = error_text(e)
    finally:
        consumer.close()
    return out

