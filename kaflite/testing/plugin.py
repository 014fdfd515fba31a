"""The kaflite pytest plugin (entry point ``pytest11``): a real broker as fixtures.

Fixtures: ``kaflite_broker`` (a ``Broker`` or ``ProcessBroker``), ``kafka_bootstrap``
(``"127.0.0.1:port"``, every broker's with ``brokers=N``), ``kafka_topic`` (a factory for uniquely named
topics), ``kafka_group`` (a unique group id) and ``kaflite_config`` (override it to change broker settings).

Scope: by default one broker per distinct (mode, settings) serves the whole session — started on
first use, faults cleared after every test. ``kaflite_broker_scope = function`` (ini or
``--kaflite-scope``) or ``@pytest.mark.kaflite(scope="function")`` gives a test its own broker
with its data in ``tmp_path``. Mode: ``thread`` (default: in this process, on its own thread and
loop) or ``process`` (a child process driven over its admin endpoint), chosen by the
``kaflite_mode`` ini option, ``--kaflite-mode`` or ``@pytest.mark.kaflite(mode="process")``.
Several brokers: ``@pytest.mark.kaflite(brokers=3)`` (or ``{"brokers": 3}`` in ``kaflite_config``) gives one kaflite
with three brokers; ``kafka_bootstrap`` lists every one, and the test moves leaders and coordinators and stops
brokers with ``kaflite_broker.move_coordinator(...)``, ``stop_broker(...)`` (docs/brokers.md).
Security: ``@pytest.mark.kaflite(sasl="SASL_SSL", users={"alice": "secret"})`` (and ``mechanisms=``, ``tls=True``)
gives the broker a SASL (or SSL) listener beside the PLAINTEXT one, as ``Broker(sasl=..., users=...)``; the test
reaches it with ``kaflite_broker.sasl_client_config(client, user, mechanism)``.

Why the broker fixture is function-scoped although the broker is shared: it must see each test's
marker and ``kaflite_config``, which a session fixture cannot; the shared brokers live in a
session-scoped pool instead.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from kaflite.testing.broker import Broker, BrokerAPI
from kaflite.testing.process import ProcessBroker, discard_spare, prewarm

MODES = ("thread", "process")
SCOPES = ("session", "function")
_names = itertools.count(1)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kaflite", "kaflite broker fixtures")
    group.addoption("--kaflite-mode", choices=MODES, default=None,
                    help="run the kaflite_broker fixture's broker in this process (thread) or a child (process)")
    group.addoption("--kaflite-scope", choices=SCOPES, default=None,
                    help="one broker per session (default) or a fresh one per test (function)")
    parser.addini("kaflite_mode", "thread (default) or process", default="thread")
    parser.addini("kaflite_broker_scope", "session (default) or function", default="session")
    parser.addini("kaflite_reset", "reset a shared broker after every test (drop topics, groups, offsets)",
                  type="bool", default=False)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "kaflite(scope=None, mode=None, config=None, brokers=None): this test's kaflite_broker — scope 'function' "
        "for a private broker, mode 'thread' or 'process', config extra broker settings (Kafka names), brokers "
        "how many brokers (node ids 1..N; kafka_bootstrap lists them all)")


def pytest_unconfigure(config: pytest.Config) -> None:
    discard_spare()


def _choice(request: pytest.FixtureRequest, marker_value: Any, option: str, ini: str, allowed: tuple[str, ...]) -> str:
    value = marker_value or request.config.getoption(option) or request.config.getini(ini)
    value = str(value).strip().lower()
    if value not in allowed:
        raise pytest.UsageError(f"kaflite: {ini} must be one of {', '.join(allowed)}, not {value!r}")
    return value


SECURITY_OPTIONS = ("tls", "sasl", "users", "mechanisms")


def _new_broker(mode: str, config: Mapping[str, object], data_dir: Any,
                security: Mapping[str, Any] | None = None) -> BrokerAPI:
    if mode == "process":
        return ProcessBroker(data_dir, config=config, **(security or {}))
    return Broker(data_dir, config=config, **(security or {}))


class _Pool:
    """The session's shared brokers, one per (mode, settings), started on first use."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self.factory = factory
        self.brokers: dict[tuple[str, tuple[tuple[str, str], ...], str], BrokerAPI] = {}

    def get(self, mode: str, config: Mapping[str, object], security: Mapping[str, Any] | None = None) -> BrokerAPI:
        key = (mode, tuple(sorted((str(k), str(v)) for k, v in config.items())), repr(sorted((security or {}).items())))
        broker = self.brokers.get(key)
        if broker is None:
            broker = _new_broker(mode, config, self.factory.mktemp("kaflite"), security)
            broker.start()
            self.brokers[key] = broker
        elif not broker.running:  # a test crashed it and did not start it again
            broker.start()
        return broker

    def close(self) -> None:
        for broker in self.brokers.values():
            broker.close()
        self.brokers.clear()


@pytest.fixture(scope="session")
def kaflite_config() -> dict[str, object]:
    """Broker settings by Kafka name, on top of the test defaults (``kaflite.testing.broker.TEST_DEFAULTS``:
    200 ms initial rebalance delay, 500 ms KIP-848 and share heartbeats, 100 ms minimum session timeout).
    Override this fixture to change them, e.g. to restore Kafka's ``{"group.initial.rebalance.delay.ms": 3000}``."""
    return {}


@pytest.fixture(scope="session")
def _kaflite_pool(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[_Pool]:
    mode = (pytestconfig.getoption("--kaflite-mode") or pytestconfig.getini("kaflite_mode")).strip().lower()
    if mode == "process":  # spawn the first worker while collection and other fixtures run
        prewarm()
    pool = _Pool(tmp_path_factory)
    yield pool
    pool.close()


@pytest.fixture
def kaflite_broker(request: pytest.FixtureRequest, kaflite_config: Mapping[str, object],
                   _kaflite_pool: _Pool) -> Iterator[BrokerAPI]:
    """A running kaflite: ``bootstrap_servers``, ``group()``, ``wait_for_group()``, faults, ``reset()``."""
    marker = request.node.get_closest_marker("kaflite")
    opts = dict(marker.kwargs) if marker else {}
    unknown = set(opts) - {"scope", "mode", "config", "brokers", *SECURITY_OPTIONS}
    if unknown:
        raise pytest.UsageError(f"kaflite marker: unknown argument(s) {sorted(unknown)}")
    mode = _choice(request, opts.get("mode"), "--kaflite-mode", "kaflite_mode", MODES)
    scope = _choice(request, opts.get("scope"), "--kaflite-scope", "kaflite_broker_scope", SCOPES)
    config = {**kaflite_config, **(opts.get("config") or {})}
    if opts.get("brokers") is not None:  # brokers=3: one kaflite with three brokers (a setting like any other)
        config["brokers"] = int(opts["brokers"])
    security = {k: opts[k] for k in SECURITY_OPTIONS if k in opts}
    if "mechanisms" in security:
        security["mechanisms"] = tuple(security["mechanisms"])
    if scope == "function":
        tmp_path = request.getfixturevalue("tmp_path")
        broker = _new_broker(mode, config, tmp_path / "kaflite-data", security)
        broker.start()
        try:
            yield broker
        finally:
            broker.close()
        return
    broker = _kaflite_pool.get(mode, config, security)
    try:
        yield broker
    finally:
        # The next test must not inherit a fault, a pause or a crashed broker.
        if not broker.running:
            broker.start()
        broker.clear_faults()
        if broker.brokers > 1:  # a broker a test stopped runs again (leaders stay where the test moved them)
            for node in broker.cluster().brokers:
                if not node.up:
                    broker.start_broker(node.node_id)
        if request.config.getini("kaflite_reset"):
            broker.reset()


@pytest.fixture
def kafka_bootstrap(kaflite_broker: BrokerAPI) -> str:
    """``"127.0.0.1:port"`` of the test's broker, for ``bootstrap_servers`` / ``bootstrap.servers`` (several brokers:
    every one, comma-separated)."""
    return kaflite_broker.bootstrap_servers


def _unique(request: pytest.FixtureRequest, prefix: str) -> str:
    base = re.sub(r"[^a-zA-Z0-9._-]+", "-", request.node.name).strip("-.")[:60] or prefix
    return f"{prefix}-{base}-{next(_names)}"


@pytest.fixture
def kafka_topic(request: pytest.FixtureRequest, kaflite_broker: BrokerAPI) -> Callable[..., str]:
    """``kafka_topic(partitions=1, **configs)`` creates a uniquely named topic and returns its name.

    Configs use Kafka's topic config names with ``_`` for ``.``: ``kafka_topic(3, cleanup_policy="compact")``.
    """

    def make(partitions: int = 1, **configs: object) -> str:
        return kaflite_broker.create_topic(_unique(request, "topic"), partitions, **configs)

    return make


@pytest.fixture
def kafka_group(request: pytest.FixtureRequest) -> str:
    """A group id no other test uses (shared brokers keep groups between tests)."""
    return _unique(request, "group")
