"""The world of the KIP-848 scenarios (test_consumer_protocol*.py: CS1-CS14 of
/work/shared/design/consumer-group-protocol.md, ids CG-*): the broker's small consumer-group timeouts, one test's
``Env`` (a broker, an admin client, its consumer processes) and the checks the scenarios share.

Each scenario module makes its own fixtures from ``java_command``, ``shared_broker`` and ``scenario``: its
module-scoped broker is its own, so under pytest-xdist two of the modules may run at once on two workers.
"""

from __future__ import annotations

import contextlib
import gc
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.process import ProcessBroker
from tests.integration.consumer_agent import AgentConsumer, wait_for
from tests.integration.group_clients import RawClient
from tests.integration.java_tools import compiled_java_command

SESSION_MS = 1500
HEARTBEAT_MS = 200
# CG-CFG-2: a development broker accepts small consumer-group timeouts (Kafka's minimums are 45 s / 5 s).
CG_CONFIG = {"group.consumer.session.timeout.ms": SESSION_MS, "group.consumer.min.session.timeout.ms": 500,
             "group.consumer.heartbeat.interval.ms": HEARTBEAT_MS, "group.consumer.min.heartbeat.interval.ms": 100}
KINDS = ["java", "confluent"]
WAIT_S = 30.0

TP = tuple[str, int]
TPO = tuple[str, int, int]


def java_command(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The judge compiled once (javac), as the command that starts one consumer process."""
    return compiled_java_command(tmp_path_factory, "ConsumerProtocolJudge", "the Java consumer judge needs one")


def shared_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    """One broker for a module's scenarios that need no restart and no special config (names are unique)."""
    with ProcessBroker(tmp_path_factory.mktemp("cg") / "data", config=CG_CONFIG) as b:
        yield b


def tps(topic: str, n: int, first: int = 0) -> set[TP]:
    return {(topic, p) for p in range(first, n)}


def offsets(agents: Sequence[AgentConsumer]) -> set[TPO]:
    return {(t, p, o) for a in agents for t, p, o, _v in a.consumed()}


def balanced(agents: Sequence[AgentConsumer], expected: set[TP]) -> bool:
    """Every partition owned by exactly one of them, sizes differing by at most one (CG-AS-5)."""
    owned = [a.owned() for a in agents]
    sizes = [len(o) for o in owned]
    return (set().union(*owned) == expected and sum(sizes) == len(expected)
            and max(sizes) - min(sizes) <= 1)


def group_summary(g: Any) -> str:
    """A ConsumerGroupDescribe group in a few lines (its repr is cut short in an assertion)."""
    def parts(a: Any) -> list[tuple[str, list[int]]]:
        return [(t.topic_name, list(t.partitions)) for t in a.topic_partitions]

    return "\n".join([f"{g.group_id}: {g.group_state}, group epoch {g.group_epoch}, assignment epoch "
                      f"{g.assignment_epoch}"] + [
        f"  {m.member_id} ({m.client_id}): epoch {m.member_epoch}, assigned {parts(m.assignment)}, "
        f"target {parts(m.target_assignment)}" for m in g.members])


class Env:
    """One test's world: a broker, an admin client, its consumer processes (all stopped at the end)."""

    def __init__(self, broker: ProcessBroker, tmp: Path, request: pytest.FixtureRequest) -> None:
        self.broker = broker
        self.tmp = tmp
        self.request = request
        self.agents: list[AgentConsumer] = []
        self._admins: dict[str, Any] = {}
        self._producers: dict[str, Any] = {}
        self._advertised: dict[str, dict[int, tuple[int, int]]] = {}
        self.expect_no_consumer_protocol = False  # CS13
        self._log_start = len(broker.log_text())

    @property
    def bootstrap(self) -> str:
        return self.broker.bootstrap_servers

    def admin(self) -> Any:
        """One AdminClient per broker, kept: a dropped one is destroyed under its pending futures."""
        from confluent_kafka.admin import AdminClient

        if self.bootstrap not in self._admins:
            self._admins[self.bootstrap] = AdminClient({"bootstrap.servers": self.bootstrap, "log_level": 2})
        return self._admins[self.bootstrap]

    def advertised(self) -> dict[int, tuple[int, int]]:
        """ApiVersions v3 of the current broker: api key -> (min, max)."""
        from kaflite.protocol.messages import ApiVersionsRequest

        if self.bootstrap not in self._advertised:
            wire = RawClient(self.bootstrap)
            try:
                self._advertised[self.bootstrap] = {
                    k.api_key: (k.min_version, k.max_version)
                    for k in wire.call(ApiVersionsRequest(), version=3).api_keys}
            finally:
                wire.close()
        return self._advertised[self.bootstrap]

    def describe_raw(self, group: str) -> Any:
        """ConsumerGroupDescribe v1 over a plain socket: what the clients' admin APIs do not show (epochs,
        the assignor, a member's SubscribedTopicRegex)."""
        from kaflite.protocol.messages import ConsumerGroupDescribeRequest

        wire = RawClient(self.bootstrap)
        try:
            r = wire.call(ConsumerGroupDescribeRequest(group_ids=[group]), version=1)
        finally:
            wire.close()
        (g,) = r.groups
        return g

    def require_consumer_protocol(self) -> None:
        """CG-API-1: 68 ConsumerGroupHeartbeat and 69 ConsumerGroupDescribe v0-1. Without them the clients
        only retry (librdkafka reports nothing): fail at once with the reason instead of at a timeout."""
        got = {k: self.advertised().get(k) for k in (68, 69)}
        if got != {68: (0, 1), 69: (0, 1)}:
            pytest.fail(f"the broker advertises ConsumerGroupHeartbeat/ConsumerGroupDescribe {got}, "
                        "expected 68 and 69 at versions 0-1 (CG-API-1)")

    def name(self, prefix: str) -> str:
        return f"{prefix}-{uuid.uuid4().hex[:8]}"

    def topic(self, prefix: str, partitions: int, name: str | None = None) -> str:
        from confluent_kafka.admin import NewTopic

        name = name or self.name(prefix)
        self.admin().create_topics([NewTopic(name, partitions, 1)])[name].result(20)
        return name

    def produce(self, topic: str, n: int, partitions: int, tag: str = "m", first: int = 0) -> set[TPO]:
        """n records round-robin over partitions first..partitions-1, acks=all; their (topic, partition, offset)."""
        from confluent_kafka import Producer

        if self.bootstrap not in self._producers:
            self._producers[self.bootstrap] = Producer(
                {"bootstrap.servers": self.bootstrap, "acks": "all", "linger.ms": 5, "log_level": 2})
        p = self._producers[self.bootstrap]
        got: list[TPO] = []
        errs: list[Any] = []

        def dr(err: Any, msg: Any) -> None:
            if err:
                errs.append(err)
            else:
                got.append((msg.topic(), msg.partition(), msg.offset()))

        for i in range(n):
            p.produce(topic, value=f"{tag}-{i}".encode(), partition=first + i % (partitions - first),
                      on_delivery=dr)
        left = p.flush(30)
        assert left == 0 and not errs, f"produce: {left} undelivered, errors {errs[:3]}"
        return set(got)

    def consumer(self, kind: str, group: str, topics: Sequence[str], *, name: str | None = None,
                 conf: dict[str, str] | None = None, wait: bool = False) -> AgentConsumer:
        java = self.request.getfixturevalue("java_cmd") if kind == "java" else None
        if not self.expect_no_consumer_protocol:
            self.require_consumer_protocol()
        a = AgentConsumer(kind, self.bootstrap, group, topics, name=name or self.name(f"{kind}-c"),
                          log_dir=self.tmp, java_cmd=java, conf=conf, wait=wait)
        self.agents.append(a)
        return a.start()

    def wait(self, cond: Callable[[], Any], what: str, agents: Sequence[AgentConsumer] | None = None,
             timeout: float = WAIT_S, fail_fast: bool = True, extra: Callable[[], str] = lambda: "") -> Any:
        """Bounded wait; a failure shows every consumer's state, ``extra()`` and the broker log's tail."""
        return wait_for(self.agents if agents is None else agents, cond, what, timeout, fail_fast,
                        extra=lambda: extra() + "\n" + self.broker_tail())

    def broker_tail(self) -> str:
        return "--- broker log (tail) ---\n" + self.broker.log_text()[self._log_start:][-3000:]

    def stop_all(self) -> None:
        for a in self.agents:
            a.stop()

    def drop_clients(self) -> None:
        """Let go of the admin clients and producers (else librdkafka keeps reconnecting to a gone broker)."""
        self._admins.clear()
        self._producers.clear()
        gc.collect()

    @contextlib.contextmanager
    def own_broker(self, config: Mapping[str, object]) -> Iterator[ProcessBroker]:
        """A broker of this test's own (restarts, special configs); its consumers stop before it does."""
        shared = self.broker
        with ProcessBroker(self.tmp / "own", config=config) as b:
            start = self._log_start
            self.broker, self._log_start = b, 0
            try:
                yield b
            finally:
                self.stop_all()
                self.drop_clients()
                self.check_broker_log()
                self.broker, self._log_start = shared, start

    def check_broker_log(self) -> None:
        new = self.broker.log_text()[self._log_start:]
        if "Traceback" in new:
            at = new.index("Traceback")
            pytest.fail(f"the broker logged a traceback:\n{new[max(0, at - 1500):at + 3000]}")


def scenario(broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    """One test's Env on ``broker``: its consumers and clients stopped at the end, then the broker's log checked."""
    e = Env(broker, tmp_path, request)
    try:
        yield e
    finally:
        e.stop_all()
        e.drop_clients()
    e.check_broker_log()
