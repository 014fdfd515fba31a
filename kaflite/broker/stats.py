"""What the request path counts for ``/metrics``: plain ints and lists, no metrics library.

Why not prometheus_client's own counters on the hot path: a labelled child is a dict lookup and a lock
per increment, and importing the library costs a start-up it must not pay unless the admin endpoint is
on. Here a request costs one list increment in its route (``Route.counts``: the route is looked up for
every request anyway), and the ones timed (one in 32 once an API is busy) also a dict lookup, two
``perf_counter_ns`` calls, a ``bit_length`` and two increments, inlined in ``KafkaConnection._dispatch``
and ``_respond`` (bench/coordinator_cpu.py --stats measures it); ``kaflite.broker.metrics`` turns these
into Kafka's metric names at scrape time. The broker keeps them only while the admin endpoint is on
(``ServerState.stats``, ``Router.count_requests``); otherwise the request path skips all of it.
"""

from __future__ import annotations

#: Which requests are timed (every one is counted): the first REQUEST_TIME_FIRST of each API and version,
#: then one in REQUEST_TIME_MASK + 1 (32). A timed request cost a heartbeat ~1 µs more broker CPU here
#: (bench/coordinator_cpu.py --stats: ~8 % when every one was timed); the count alone ~0.3 µs. Rare APIs
#: (JoinGroup, SyncGroup) are still timed whenever they are first used; Kafka's request-time histograms
#: are samples too (a reservoir of 1,028 values).
REQUEST_TIME_MASK = 31
REQUEST_TIME_FIRST = 32
#: Request-time buckets: powers of two of nanoseconds, the first up to 2**14 ns (16.4 µs), then doubling; a
#: request's bucket is ``(ns >> REQUEST_NS_SHIFT).bit_length()``, integer work only (a bisect over float
#: bounds cost twice as much). A cell holds every possible bucket (up to 2**63 ns), then the sum of the
#: timed requests' nanoseconds; the scrape folds the buckets past 2**34 ns (17 s) into +Inf. (Every request
#: is counted in its route: ``Route.counts``.)
REQUEST_NS_SHIFT = 14
REQUEST_BUCKETS = 21
REQUEST_NS_BOUNDS = tuple(1 << (REQUEST_NS_SHIFT + i) for i in range(REQUEST_BUCKETS))
_CELL = 64 - REQUEST_NS_SHIFT + 1


class RequestCells(dict[int, list[int]]):
    """(api key << 16 | version) -> timed requests per bucket, then their sum of ns; a new key gets its
    cell on first use."""

    def __missing__(self, key: int) -> list[int]:
        cell = self[key] = [0] * _CELL
        return cell


# A topic cell's slots (BrokerTopicMetrics' meters).
BYTES_IN, MESSAGES_IN, BYTES_OUT, PRODUCE_REQUESTS, FAILED_PRODUCE, FETCH_REQUESTS, FAILED_FETCH = range(7)


class BrokerStats:
    """Counters the broker bumps as it works; read (never reset) by the scrape."""

    __slots__ = ("connections_closed", "connections_created", "errors", "requests", "topics")

    def __init__(self) -> None:
        # Kafka's TotalTimeMs per request and version (the timed ones): bumped by KafkaConnection._respond.
        self.requests = RequestCells()
        # (api key, error code) -> answers whose top-level error_code was that error (rare: a tuple key is fine).
        self.errors: dict[tuple[int, int], int] = {}
        self.topics: dict[str, list[int]] = {}  # topic -> its BrokerTopicMetrics slots
        self.connections_created = 0
        self.connections_closed = 0

    def error(self, api_key: int, code: int) -> None:
        """An answer whose top-level error_code was ``code`` (the rare case, so a tuple key is fine)."""
        key = (api_key, int(code))
        self.errors[key] = self.errors.get(key, 0) + 1

    def topic(self, name: str) -> list[int]:
        cell = self.topics.get(name)
        if cell is None:
            cell = self.topics[name] = [0] * 7
        return cell
