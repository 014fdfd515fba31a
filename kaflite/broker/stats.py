"""What the request path counts for ``/metrics``: plain ints and lists, no metrics library.

Why not prometheus_client's own counters on the hot path: a labelled child is a dict lookup and a lock
per increment, and importing the library costs a start-up it must not pay unless the admin endpoint is
on. Here a request costs two ``perf_counter`` calls, a dict lookup by an int key, a ``bisect`` and two
increments; ``kaflite.broker.metrics`` turns these into Kafka's metric names at scrape time. The
broker holds one ``BrokerStats`` only while the admin endpoint is on (``ServerState.stats``); when it
is None the request path skips all of it.
"""

from __future__ import annotations

from bisect import bisect_left
from time import perf_counter

#: Request-time bucket upper bounds, in seconds (0.1 ms to 10 s); a last bucket holds everything above.
REQUEST_SECONDS_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                           1.0, 2.5, 5.0, 10.0)
_SUM = len(REQUEST_SECONDS_BUCKETS) + 1  # a request cell: the buckets (+ the overflow one), then the sum

# A topic cell's slots (BrokerTopicMetrics' meters).
BYTES_IN, MESSAGES_IN, BYTES_OUT, PRODUCE_REQUESTS, FAILED_PRODUCE, FETCH_REQUESTS, FAILED_FETCH = range(7)


class BrokerStats:
    """Counters the broker bumps as it works; read (never reset) by the scrape."""

    __slots__ = ("connections_closed", "connections_created", "errors", "requests", "topics")

    def __init__(self) -> None:
        # (api key << 16 | version) -> bucket counts, then the sum of seconds (Kafka's TotalTimeMs per request).
        self.requests: dict[int, list[float]] = {}
        # (api key, error code) -> answers whose top-level error_code was that error (rare: a tuple key is fine).
        self.errors: dict[tuple[int, int], int] = {}
        self.topics: dict[str, list[int]] = {}  # topic -> its BrokerTopicMetrics slots
        self.connections_created = 0
        self.connections_closed = 0

    def request_done(self, api_key: int, version: int, started: float, response: object) -> None:
        """One request answered (or, acks=0, not answered): its time and its top-level error."""
        seconds = perf_counter() - started
        key = api_key << 16 | version
        cell = self.requests.get(key)
        if cell is None:
            cell = self.requests[key] = [0.0] * (_SUM + 1)
        cell[bisect_left(REQUEST_SECONDS_BUCKETS, seconds)] += 1
        cell[_SUM] += seconds
        code = getattr(response, "error_code", 0)
        if code:
            ekey = (api_key, int(code))
            self.errors[ekey] = self.errors.get(ekey, 0) + 1

    def topic(self, name: str) -> list[int]:
        cell = self.topics.get(name)
        if cell is None:
            cell = self.topics[name] = [0] * 7
        return cell
