"""A real kaflite broker for tests: on its own thread and event loop, inspected from the test thread.

Blocking clients (kafka-python, confluent-kafka) and asyncio clients (aiokafka) alike talk to it
over TCP on 127.0.0.1; the test reads the coordinator's state directly — group snapshots,
transition histories — and waits for a group state without polling: the wait is driven by the
coordinator's own transitions.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
import threading
from collections.abc import Coroutine, Iterable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from kaflite.broker.server import Broker as _Broker
from kaflite.broker.server import install_uvloop
from kaflite.config import KafliteConfig
from kaflite.coordinator.group import Transition
from kaflite.coordinator.snapshot import GroupSnapshot, OffsetSnapshot
from kaflite.coordinator.state import GroupState
from kaflite.protocol.messages import ConsumerProtocolAssignment

T = TypeVar("T")

#: Settings that make a test broker quick to form groups; any of them can be overridden.
TEST_DEFAULTS: dict[str, object] = {
    "group.initial.rebalance.delay.ms": 0,
    "group.min.session.timeout.ms": 100,
    "log.flush.interval.ms": 1000,
}


@dataclass(frozen=True, slots=True)
class Member:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    assignment: tuple[tuple[str, int], ...]  # decoded from the consumer protocol


@dataclass(frozen=True, slots=True)
class Group:
    """A group as the coordinator sees it right now, with Kafka's state names."""

    group_id: str
    state: str
    generation: int
    leader: str | None
    protocol_type: str | None
    protocol: str | None
    members: tuple[Member, ...]
    offsets: Mapping[tuple[str, int], OffsetSnapshot]
    history: tuple[Transition, ...]

    @property
    def states(self) -> list[str]:
        """The states the group went through, oldest first (from its transition history)."""
        out = [str(self.history[0].from_state)] if self.history and self.history[0].from_state else []
        return out + [str(t.to_state) for t in self.history]

    def assignments(self) -> dict[str, tuple[tuple[str, int], ...]]:
        return {m.member_id: m.assignment for m in self.members}


def decode_assignment(data: bytes) -> tuple[tuple[str, int], ...]:
    """The consumer protocol's assignment bytes → sorted (topic, partition) pairs."""
    if not data or len(data) < 2:
        return ()
    version = int.from_bytes(data[:2], "big", signed=True)
    a = ConsumerProtocolAssignment.decode(data[2:], min(max(version, 0), ConsumerProtocolAssignment.MAX_VERSION))
    return tuple(sorted((t.topic, p) for t in a.assigned_partitions for p in t.partitions))


def _group(snap: GroupSnapshot, history: Iterable[Transition]) -> Group:
    return Group(
        group_id=snap.group_id, state=str(snap.state), generation=snap.generation, leader=snap.leader_id,
        protocol_type=snap.protocol_type, protocol=snap.protocol_name,
        members=tuple(Member(m.member_id, m.group_instance_id, m.client_id, m.client_host,
                             decode_assignment(m.assignment) if snap.protocol_type == "consumer" else ())
                      for m in snap.members),
        offsets=dict(snap.offsets), history=tuple(history))


class Broker:
    """``with Broker() as b:`` — a durable kaflite on a free port, data in a temporary directory.

    ``restart()`` keeps the port and the data (durability tests); ``crash()`` stops it without a
    clean shutdown (no flush, no clean-shutdown marker) so the next start recovers.
    """

    def __init__(self, data_dir: str | Path | None = None, *, port: int = 0,
                 config: Mapping[str, object] | None = None) -> None:
        self._own_dir = data_dir is None
        self.data_dir = Path(data_dir) if data_dir is not None else Path(tempfile.mkdtemp(prefix="kaflite-"))
        self.port = port
        self.overrides = {**TEST_DEFAULTS, **(config or {})}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._broker: _Broker | None = None

    # -- lifecycle --------------------------------------------------------------------------------

    @property
    def bootstrap_servers(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> Broker:
        if self._thread is not None:
            raise RuntimeError("already started")
        config = KafliteConfig.load({**self.overrides, "host": "127.0.0.1", "port": self.port,
                                     "log.dirs": str(self.data_dir)}, env={})
        ready: Future[None] = Future()

        def run() -> None:
            install_uvloop()
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                self._broker = _Broker(config)
                loop.run_until_complete(self._broker.start())
            except BaseException as e:
                ready.set_exception(e)
                loop.close()
                return
            ready.set_result(None)
            loop.run_forever()
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

        self._thread = threading.Thread(target=run, name=f"kaflite-{self.port}", daemon=True)
        self._thread.start()
        ready.result(timeout=30)
        assert self._broker is not None
        self.port = self._broker.port
        return self

    def stop(self) -> None:
        """A clean shutdown: in-flight requests finish, logs flush, the clean marker is written."""
        if self._thread is None:
            return
        assert self._broker is not None
        self.call(self._broker.stop(), timeout=60)
        self._halt_loop()

    def crash(self) -> None:
        """As kill -9 would leave it: sockets dropped, nothing flushed, no clean-shutdown marker."""
        if self._thread is None:
            return
        broker = self._broker
        assert broker is not None

        async def drop() -> None:
            if broker.server is not None:
                broker.server.close()
            for conn in list(broker.connections):
                if conn.transport is not None:
                    conn.transport.abort()
            await broker.groups.runtime.close()
            for t in broker._tasks:
                t.cancel()
            # Release the files but write no checkpoint and no clean-shutdown marker:
            # the next start must scan and recover, as after kill -9.
            for plog in broker.logs.logs().values():
                plog.close()

        self.call(drop(), timeout=30)
        self._halt_loop()

    def restart(self) -> Broker:
        self.stop()
        return self.start()

    def _halt_loop(self) -> None:
        assert self._loop is not None and self._thread is not None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(30)
        self._thread = None
        self._loop = None
        self._broker = None

    def close(self) -> None:
        self.stop()
        if self._own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> Broker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- running code on the broker's loop ---------------------------------------------------------

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        if self._loop is None:
            coro.close()
            raise RuntimeError("the broker is not running")
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def _sync(self, fn: Any, *args: Any, timeout: float = 30) -> Any:
        async def run() -> Any:
            return fn(*args)

        return self.call(run(), timeout)

    # -- topics and groups -------------------------------------------------------------------------

    def create_topic(self, name: str, partitions: int = 1, **configs: object) -> str:
        assert self._broker is not None
        props = {k.replace("_", "."): str(v) for k, v in configs.items()}
        self._sync(self._broker.logs.create_topic, name, partitions, props)
        return name

    def groups(self) -> list[str]:
        assert self._broker is not None
        return sorted(self._sync(self._broker.groups.runtime.coordinator.group_ids))

    def group(self, name: str) -> Group | None:
        assert self._broker is not None
        runtime = self._broker.groups.runtime

        async def read() -> Group | None:
            snap = runtime.snapshot(name)
            return None if snap is None else _group(snap, runtime.history(name))

        return self.call(read())

    def wait_for_group(self, name: str, state: str | None = "Stable", members: int | None = None,
                       generation: int | None = None, timeout: float = 30.0) -> Group:
        """Return the group as soon as it matches (driven by its transitions); TimeoutError if not."""
        assert self._broker is not None
        runtime = self._broker.groups.runtime

        async def wait() -> Group:
            snap = await runtime.wait_for_group(name, state=GroupState(state) if state else None,
                                                members=members, generation=generation, timeout=timeout)
            assert snap is not None
            return _group(snap, runtime.history(name))

        return self.call(wait(), timeout + 5)


@contextlib.contextmanager
def running_broker(**kwargs: Any) -> Any:
    with Broker(**kwargs) as b:
        yield b
