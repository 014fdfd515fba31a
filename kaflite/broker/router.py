"""The handler registry: the one place that says which APIs and versions kaflite serves.

Each handler registers its own routes (``register(router)``); ``server.py`` builds the router once,
at startup, and the routes point at handler objects that live as long as the broker (a reset
renews what is behind them, never the routes). ApiVersions is derived from the registry, so the
versions advertised are exactly the implemented ones (Java 3.9 and librdkafka switch protocols the
moment they see an API advertised), and every route is capped at one Kafka release's range
(``kaflite.protocol.kafka_release``: Kafka 4.2, narrowed where kaflite serves less, each with why), since
clients infer the broker's release from those ranges.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kaflite.protocol._codec import ApiMessage
from kaflite.protocol.kafka_release import KAFKA_API_VERSIONS, KAFKA_RELEASE, served_range
from kaflite.protocol.messages import REQUEST_VERSIONS, REQUESTS, RESPONSES, ApiVersionsResponse

Handler = Callable[[Any, Any], Any]  # (RequestContext, request) -> response | Awaitable | NO_RESPONSE


@dataclass(frozen=True, slots=True)
class Route:
    """One served API: its version range and handler; its codec classes load on first use.

    Why lazily: resolving the classes here imported every codec module at startup (~80 of them);
    the range comes from REQUEST_VERSIONS instead, and a class is imported by the first request
    that needs it, then kept in its slot.
    """

    api_key: int
    min_version: int
    max_version: int
    handler: Handler
    _request_cls: type[ApiMessage] | None = field(default=None, repr=False, compare=False)
    _response_cls: type[ApiMessage] | None = field(default=None, repr=False, compare=False)
    # Requests served per version (index = version), while /metrics counts them (Router.count_requests):
    # the route is looked up for every request anyway, so counting costs one list increment.
    counts: list[int] | None = field(default=None, repr=False, compare=False)

    @property
    def request_cls(self) -> type[ApiMessage]:
        cls = self._request_cls
        if cls is None:
            cls = REQUESTS[self.api_key]
            object.__setattr__(self, "_request_cls", cls)  # a cache: frozen for everything else
        return cls

    @property
    def response_cls(self) -> type[ApiMessage]:
        cls = self._response_cls
        if cls is None:
            cls = RESPONSES[self.api_key]
            object.__setattr__(self, "_response_cls", cls)
        return cls


class Router:
    def __init__(self) -> None:
        self.routes: dict[int, Route] = {}
        # APIs kaflite implements but the configuration switched off (ConsumerGroupHeartbeat without the
        # "consumer" rebalance protocol): not advertised, answered UNSUPPORTED_VERSION as Kafka does.
        self.disabled: set[int] = set()
        self._api_versions: list[Any] | None = None
        # With an authorizer (authorizer.class.name): the ACL check every request goes through between decode
        # and handler (kaflite.broker.authz); None, the request path pays one attribute test.
        self.authorize: Callable[[Any, Any], Any] | None = None

    def add(self, api_key: int, handler: Handler, *, min_version: int | None = None,
            max_version: int | None = None) -> None:
        """Serve ``api_key`` over the schema's range within Kafka 4.2's, narrowed as ``kafka_release.NARROWED``
        says and by the bounds given (`tests/test_compat.py` fails on a narrowing with no reason there)."""
        if api_key in self.routes:
            raise ValueError(f"api key {api_key} is already routed to {self.routes[api_key].handler!r}")
        if api_key not in KAFKA_API_VERSIONS:
            raise ValueError(f"api key {api_key} is not served by a Kafka {KAFKA_RELEASE} broker")
        lo, hi = served_range(api_key, REQUEST_VERSIONS[api_key], min_version, max_version)
        self.routes[api_key] = Route(api_key, lo, hi, handler)
        self._api_versions = None

    def count_requests(self) -> None:
        """Count every routed request per version from now on (the admin endpoint's /metrics)."""
        for route in self.routes.values():
            if route.counts is None:
                object.__setattr__(route, "counts", [0] * (route.max_version + 1))

    def disable(self, api_key: int) -> None:
        """Leave ``api_key`` unrouted on purpose: its answer is Kafka's bare UNSUPPORTED_VERSION
        (no "not implemented" message), since a Kafka broker configured so answers the same."""
        if api_key in self.routes:
            raise ValueError(f"api key {api_key} is routed; it cannot also be disabled")
        self.disabled.add(api_key)

    def get(self, api_key: int) -> Route | None:
        return self.routes.get(api_key)

    def versions(self) -> list[tuple[int, int, int]]:
        return sorted((r.api_key, r.min_version, r.max_version) for r in self.routes.values())

    def api_versions(self) -> list[Any]:
        """ApiVersions' ``api_keys``: every route with its version range (built once, then shared)."""
        if self._api_versions is None:
            av = ApiVersionsResponse.ApiVersion
            self._api_versions = [av(api_key=k, min_version=lo, max_version=hi) for k, lo, hi in self.versions()]
        return self._api_versions
