"""KIP-932 share groups judged by a real client: confluent-kafka's ``ShareConsumer`` (librdkafka >= 2.15:
ShareGroupHeartbeat v1, ShareFetch/ShareAcknowledge v1: SG-API-2), scenarios SGS* of
/work/shared/design/share-groups.md, against the kit's broker (``kaflite.testing``) and, for the crash
scenario, a broker process killed with -9.

The broker gets the development profile of SA-CFG-4 (lock durations, heartbeats and sessions well below
Kafka's floors), so lock expiry and session expiry take a second, not a minute. Every wait is bounded.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

confluent_kafka = pytest.importorskip("confluent_kafka")
from confluent_kafka import AcknowledgeType, Producer, ShareConsumer  # noqa: E402
from confluent_kafka.admin import (  # noqa: E402
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    ResourceType,
)

from kaflite.testing import ProcessBroker  # noqa: E402

WAIT_S = 30.0
HEARTBEAT_MS = 100
LOCK_MS = 800
# SA-CFG-4: the development profile (Kafka's minimums: 45 s session, 5 s heartbeat, 15 s lock).
SHARE_CONFIG: dict[str, object] = {
    "group.share.heartbeat.interval.ms": HEARTBEAT_MS,
    "group.share.min.heartbeat.interval.ms": HEARTBEAT_MS,
    "group.share.session.timeout.ms": 3000,
    "group.share.min.session.timeout.ms": 500,
    "share.coordinator.state.topic.num.partitions": 1,
}
pytestmark = pytest.mark.kaflite(config=SHARE_CONFIG)

Delivery = tuple[int, int, int, bytes]  # partition, offset, delivery count, value


def produce(bootstrap: str, topic: str, n: int, partition: int | None = None, prefix: str = "v") -> None:
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 0})
    for i in range(n):
        if partition is None:
            p.produce(topic, value=f"{prefix}{i}".encode())
        else:
            p.produce(topic, value=f"{prefix}{i}".encode(), partition=partition)
    assert p.flush(WAIT_S) == 0


def set_group_configs(bootstrap: str, group: str, configs: Mapping[str, str]) -> None:
    """SA-CFG-2: group configs through IncrementalAlterConfigs on the GROUP resource, before joining."""
    admin = AdminClient({"bootstrap.servers": bootstrap})
    resource = ConfigResource(ResourceType.GROUP, group, incremental_configs=[
        ConfigEntry(k, v, incremental_operation=AlterConfigOpType.SET) for k, v in configs.items()])
    admin.incremental_alter_configs([resource], request_timeout=WAIT_S)[resource].result(WAIT_S)


@contextlib.contextmanager
def share_consumers(bootstrap: str, group: str, topics: Sequence[str], n: int = 1,
                    mode: str = "implicit") -> Iterator[list[Any]]:
    consumers = [ShareConsumer({"bootstrap.servers": bootstrap, "group.id": group,
                                "share.acknowledgement.mode": mode, "client.id": f"share-{i}"})
                 for i in range(n)]
    try:
        for c in consumers:
            c.subscribe(list(topics))
        yield consumers
    finally:
        for c in consumers:
            with contextlib.suppress(Exception):
                c.close()


def poll_all(consumers: Sequence[Any], want: int, timeout: float = WAIT_S,
             on_message: Callable[[int, Any], None] | None = None) -> list[list[Delivery]]:
    """Poll each consumer in turn until `want` records arrived in all (or the time is up)."""
    got: list[list[Delivery]] = [[] for _ in consumers]
    deadline = time.monotonic() + timeout
    while sum(map(len, got)) < want and time.monotonic() < deadline:
        for i, c in enumerate(consumers):
            for m in c.poll(0.2):
                assert m.error() is None, m.error()
                got[i].append((m.partition(), m.offset(), m.delivery_count(), m.value()))
                if on_message is not None:
                    on_message(i, m)
    return got


def offsets(deliveries: Sequence[Delivery]) -> list[tuple[int, int]]:
    return sorted((p, o) for p, o, _, _ in deliveries)


# -- scenarios ---------------------------------------------------------------------------------------------

def test_sgs1_earliest_delivers_every_record_once(kaflite_broker: Any, kafka_topic: Any, kafka_group: str) -> None:
    """SGS1: share.auto.offset.reset=earliest; 10 records, each delivered once with delivery count 1."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest"})
    produce(bootstrap, topic, 10)
    with share_consumers(bootstrap, kafka_group, [topic]) as (c,):
        got = poll_all([c], 10)[0]
        assert offsets(got) == [(0, o) for o in range(10)]
        assert {d for _, _, d, _ in got} == {1}
        assert c.commit_sync(WAIT_S) is not None


def test_sgs2_latest_skips_records_before_the_first_fetch(kaflite_broker: Any, kafka_topic: Any,
                                                         kafka_group: str) -> None:
    """SGS2: the default `latest`: records produced before the share partition is initialized are never
    delivered, records produced after it are."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    produce(bootstrap, topic, 5, prefix="old")
    with share_consumers(bootstrap, kafka_group, [topic]) as (c,):
        kaflite_broker.wait_for_group(kafka_group, "Stable", members=1, timeout=WAIT_S)
        assert poll_all([c], 1, timeout=2.0) == [[]]  # initialized at the end: nothing old
        produce(bootstrap, topic, 3, prefix="new")
        got = poll_all([c], 3)[0]
        assert sorted(v for *_, v in got) == [b"new0", b"new1", b"new2"]


def test_sgs3_three_consumers_share_one_partition(kaflite_broker: Any, kafka_topic: Any, kafka_group: str) -> None:
    """SGS3: M > P: all three members share the partition; every record goes to exactly one of them; a second
    group gets every record independently."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    other = kafka_group + "-other"
    for g in (kafka_group, other):
        set_group_configs(bootstrap, g, {"share.auto.offset.reset": "earliest"})
    produce(bootstrap, topic, 300)
    with share_consumers(bootstrap, kafka_group, [topic], n=3) as cs:
        kaflite_broker.wait_for_group(kafka_group, "Stable", members=3, timeout=WAIT_S)
        got = poll_all(cs, 300)
        every = [d for per in got for d in per]
        assert sorted(o for _, o, _, _ in every) == list(range(300))  # disjoint, and the union is all
    with share_consumers(bootstrap, other, [topic]) as (c,):
        assert offsets(poll_all([c], 300)[0]) == [(0, o) for o in range(300)]


def test_sgs4_six_partitions_spread_over_the_members(kaflite_broker: Any, kafka_topic: Any,
                                                     kafka_group: str) -> None:
    """SGS4 (SG-AS-1): P >= M: each partition has exactly one member; 6 partitions, 2 then 3 members."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(6)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest"})
    for p in range(6):
        produce(bootstrap, topic, 5, partition=p)
    with share_consumers(bootstrap, kafka_group, [topic], n=3) as cs:
        kaflite_broker.wait_for_group(kafka_group, "Stable", members=3, timeout=WAIT_S)
        got = poll_all(cs, 30)
        by_member = [{p for p, *_ in per} for per in got]
        assert sorted(p for per in by_member for p in per) == list(range(6)), by_member  # no partition shared
        assert sum(map(len, got)) == 30


def test_sgs5_release_redelivers_reject_and_accept_do_not(kaflite_broker: Any, kafka_topic: Any,
                                                          kafka_group: str) -> None:
    """SGS5 (SP-ACK-1): explicit mode: RELEASE → redelivered with delivery count 2; REJECT and ACCEPT → never
    again; commit_sync answers each partition without an error."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest"})
    produce(bootstrap, topic, 3)
    with share_consumers(bootstrap, kafka_group, [topic], mode="explicit") as (c,):
        first: list[Any] = []
        deadline = time.monotonic() + WAIT_S
        while len(first) < 3 and time.monotonic() < deadline:
            batch = list(c.poll(0.2))
            first += batch
            for m in batch:
                kind = {0: AcknowledgeType.RELEASE, 1: AcknowledgeType.REJECT}.get(m.offset(), AcknowledgeType.ACCEPT)
                c.acknowledge(m, kind)
        assert sorted(m.offset() for m in first) == [0, 1, 2]
        result = c.commit_sync(WAIT_S)
        assert result and all(err is None for err in result.values()), result
        again: list[Any] = []
        deadline = time.monotonic() + WAIT_S
        while not again and time.monotonic() < deadline:
            again = list(c.poll(0.2))
        assert [(m.offset(), m.delivery_count()) for m in again] == [(0, 2)]
        c.acknowledge(again[0], AcknowledgeType.ACCEPT)
        c.commit_sync(WAIT_S)
        assert list(c.poll(1.0)) == []


def test_sgs7_a_lock_that_expires_goes_to_another_member(kaflite_broker: Any, kafka_topic: Any,
                                                          kafka_group: str) -> None:
    """SGS7 (SP-LOCK-1): a member that never acknowledges loses its records when the lock expires; the other
    member gets them with delivery count 2."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest",
                                               "share.record.lock.duration.ms": str(LOCK_MS)})
    produce(bootstrap, topic, 5)
    with share_consumers(bootstrap, kafka_group, [topic], mode="explicit") as (holder,):
        held = poll_all([holder], 5)[0]
        assert offsets(held) == [(0, o) for o in range(5)]
        with share_consumers(bootstrap, kafka_group, [topic]) as (taker,):
            got = poll_all([taker], 5)[0]
            assert offsets(got) == [(0, o) for o in range(5)]
            assert {d for _, _, d, _ in got} == {2}


def test_sgs11_acknowledged_records_survive_a_broker_kill(tmp_path: Path) -> None:
    """SGS11 / SC-LOG-1: acknowledgements are durable before they are answered: after kill -9 and a restart,
    acknowledged records are never redelivered; acquired but unacknowledged ones come again."""
    with ProcessBroker(tmp_path / "data", config=SHARE_CONFIG) as broker:
        bootstrap = broker.bootstrap_servers
        broker.create_topic("sgs11", 1)
        set_group_configs(bootstrap, "sgs11-g", {"share.auto.offset.reset": "earliest"})
        produce(bootstrap, "sgs11", 10)
        with share_consumers(bootstrap, "sgs11-g", ["sgs11"], mode="explicit") as (c,):
            got: list[Any] = []
            deadline = time.monotonic() + WAIT_S
            while len(got) < 10 and time.monotonic() < deadline:
                got += list(c.poll(0.2))
            assert len(got) == 10
            for m in got[:6]:
                c.acknowledge(m, AcknowledgeType.ACCEPT)
            result = c.commit_sync(WAIT_S)
            assert result and all(err is None for err in result.values()), result
            broker.crash()
        broker.start()
        with share_consumers(broker.bootstrap_servers, "sgs11-g", ["sgs11"]) as (c,):
            again = poll_all([c], 4)[0]
            assert offsets(again) == [(0, o) for o in range(6, 10)]
            assert poll_all([c], 1, timeout=1.5) == [[]]
    # The share state on disk decodes with Kafka's schemas (kafka-dump-log.sh --share-group-state-decoder).
    import subprocess
    import sys

    segments = sorted(str(p) for p in (tmp_path / "data").glob("__share_group_state-*/*.log"))
    out = subprocess.run([sys.executable, "-m", "kaflite", "dump-log", "--share-group-state-decoder",
                          "--print-data-log", *segments], capture_output=True, text=True, timeout=60, check=True).stdout
    assert '"groupId":"sgs11-g"' in out and '"stateBatches":' in out and "Error at offset" not in out


@pytest.mark.kaflite(config={**SHARE_CONFIG, "group.share.delivery.count.limit": 2})
def test_sgs6_the_delivery_limit_archives(kaflite_broker: Any, kafka_topic: Any, kafka_group: str) -> None:
    """SGS6 (SP-ACK-2): group.share.delivery.count.limit=2: a record released twice is archived, never delivered
    again, and the share-partition start offset moves past it (DescribeShareGroupOffsets: tests/tools)."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest"})
    produce(bootstrap, topic, 2)
    with share_consumers(bootstrap, kafka_group, [topic], mode="explicit") as (c,):
        counts: list[tuple[int, int]] = []
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline and (0, 2) not in counts:
            for m in c.poll(0.2):
                counts.append((m.offset(), m.delivery_count()))
                c.acknowledge(m, AcknowledgeType.RELEASE if m.offset() == 0 else AcknowledgeType.ACCEPT)
            c.commit_sync(WAIT_S)
        assert sorted(counts) == [(0, 1), (0, 2), (1, 1)]
        assert list(c.poll(1.0)) == []  # archived after its second delivery


CRASHING_CONSUMER = """
import sys
from confluent_kafka import ShareConsumer
c = ShareConsumer({"bootstrap.servers": sys.argv[1], "group.id": sys.argv[2],
                   "share.acknowledgement.mode": "explicit"})
c.subscribe([sys.argv[3]])
got = 0
while got < int(sys.argv[4]):
    got += len(list(c.poll(0.2)))
print("held", got, flush=True)
sys.stdin.read()  # hold the records until killed
"""


def test_sgs8_a_killed_consumer_releases_its_records_at_once(kaflite_broker: Any, kafka_topic: Any,
                                                              kafka_group: str) -> None:
    """SGS8 (SS-CL-1): a consumer process killed with -9 drops its connection: its share session ends and its
    acquired records are released at once (delivery count unchanged: the next delivery is the second), long
    before their locks (30 s by default) would expire."""
    import subprocess
    import sys

    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest"})
    produce(bootstrap, topic, 5)
    with subprocess.Popen([sys.executable, "-c", CRASHING_CONSUMER, bootstrap, kafka_group, topic, "5"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "held 5"
        finally:
            proc.kill()
            proc.wait(WAIT_S)
    with share_consumers(bootstrap, kafka_group, [topic]) as (c,):
        got = poll_all([c], 5, timeout=10.0)[0]  # well under the 30 s lock
        assert offsets(got) == [(0, o) for o in range(5)]
        assert {d for _, _, d, _ in got} == {2}


def test_sgs10_read_committed_delivers_committed_records_only(kaflite_broker: Any, kafka_topic: Any,
                                                               kafka_group: str) -> None:
    """SGS10 (SP-RC-1): share.isolation.level=read_committed: an aborted transaction's records are never delivered,
    a committed one's are; the control records are skipped."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest",
                                               "share.isolation.level": "read_committed"})
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": f"{kafka_group}-tx"})
    p.init_transactions(WAIT_S)
    p.begin_transaction()
    for i in range(3):
        p.produce(topic, value=f"aborted{i}".encode())
    p.flush(WAIT_S)
    p.abort_transaction(WAIT_S)
    p.begin_transaction()
    for i in range(2):
        p.produce(topic, value=f"committed{i}".encode())
    p.commit_transaction(WAIT_S)
    with share_consumers(bootstrap, kafka_group, [topic]) as (c,):
        got = poll_all([c], 2)[0]
        assert sorted(v for *_, v in got) == [b"committed0", b"committed1"]
        assert poll_all([c], 1, timeout=1.0) == [[]]


def test_sgs14_added_partitions_are_assigned(kaflite_broker: Any, kafka_topic: Any, kafka_group: str) -> None:
    """SGS14 (SG-INIT-5, SG-INIT-3): partitions added to a subscribed topic are initialized and assigned."""
    from confluent_kafka.admin import NewPartitions

    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest"})
    with share_consumers(bootstrap, kafka_group, [topic]) as (c,):
        kaflite_broker.wait_for_group(kafka_group, "Stable", members=1, timeout=WAIT_S)
        admin = AdminClient({"bootstrap.servers": bootstrap})
        admin.create_partitions([NewPartitions(topic, 3)], request_timeout=WAIT_S)[topic].result(WAIT_S)
        produce(bootstrap, topic, 2, partition=2)
        got = poll_all([c], 2)[0]
        assert offsets(got) == [(2, 0), (2, 1)]


@pytest.mark.kaflite(config={**SHARE_CONFIG, "group.share.max.size": 2})
def test_sgs16_limits_and_clashes(kaflite_broker: Any, kafka_topic: Any, kafka_group: str) -> None:
    """SGS16 (SG-GRP-2, SG-API-4): a third member of a group capped at two is refused GROUP_MAX_SIZE_REACHED; a
    classic consumer using a share group's id gets INCONSISTENT_GROUP_PROTOCOL."""
    from confluent_kafka import Consumer, KafkaError, KafkaException

    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    with share_consumers(bootstrap, kafka_group, [topic], n=2):
        kaflite_broker.wait_for_group(kafka_group, "Stable", members=2, timeout=WAIT_S)
        with share_consumers(bootstrap, kafka_group, [topic]) as (third,):
            errors: list[Any] = []
            deadline = time.monotonic() + WAIT_S
            while not errors and time.monotonic() < deadline:
                try:
                    for m in third.poll(0.2):
                        if m.error() is not None:
                            errors.append(m.error())
                except KafkaException as e:
                    errors.append(e.args[0])
            assert errors and errors[0].code() == KafkaError.GROUP_MAX_SIZE_REACHED, errors
        classic = Consumer({"bootstrap.servers": bootstrap, "group.id": kafka_group, "session.timeout.ms": 6000})
        try:
            classic.subscribe([topic])
            seen: list[Any] = []
            deadline = time.monotonic() + WAIT_S
            while not seen and time.monotonic() < deadline:
                try:
                    m = classic.poll(0.2)
                except KafkaException as e:
                    seen.append(e.args[0])
                    break
                if m is not None and m.error() is not None:
                    seen.append(m.error())
            assert seen and seen[0].code() == KafkaError.INCONSISTENT_GROUP_PROTOCOL, seen
        finally:
            classic.close()


def test_ss_cl_2_a_closed_consumer_hands_back_what_it_held(kaflite_broker: Any, kafka_topic: Any,
                                                          kafka_group: str) -> None:
    """SS-CL-2: librdkafka closes its share session with ShareAcknowledge epoch -1, and the broker releases the
    records the member still held at once (SS-CL-1): the next member gets them with delivery count 2, long before
    their 30 s locks would expire."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "earliest"})
    produce(bootstrap, topic, 3)
    with share_consumers(bootstrap, kafka_group, [topic], mode="explicit") as (holder,):
        assert offsets(poll_all([holder], 3)[0]) == [(0, 0), (0, 1), (0, 2)]
    with share_consumers(bootstrap, kafka_group, [topic]) as (next_member,):
        got = poll_all([next_member], 3, timeout=10.0)[0]
        assert offsets(got) == [(0, 0), (0, 1), (0, 2)] and {d for _, _, d, _ in got} == {2}


def test_sgs12_by_duration_starts_at_the_first_recent_record(kaflite_broker: Any, kafka_topic: Any,
                                                             kafka_group: str) -> None:
    """SGS12 (SP-RESET-1): share.auto.offset.reset=by_duration:PT10M on a topic holding records from 20 minutes
    ago and from now: delivery starts at the first record at most 10 minutes old."""
    bootstrap = kaflite_broker.bootstrap_servers
    topic = kafka_topic(1)
    set_group_configs(bootstrap, kafka_group, {"share.auto.offset.reset": "by_duration:PT10M"})
    now_ms = int(time.time() * 1000)
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 0})
    for i in range(3):
        p.produce(topic, value=f"old{i}".encode(), timestamp=now_ms - 20 * 60_000)
    for i in range(2):
        p.produce(topic, value=f"new{i}".encode(), timestamp=now_ms)
    assert p.flush(WAIT_S) == 0
    with share_consumers(bootstrap, kafka_group, [topic]) as (c,):
        got = poll_all([c], 2)[0]
        assert sorted(v for *_, v in got) == [b"new0", b"new1"]
        assert offsets(got) == [(0, 3), (0, 4)]
