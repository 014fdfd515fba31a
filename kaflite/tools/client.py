"""A small blocking Kafka client over kaflite's codecs: bootstrap -> ApiVersions -> Metadata -> the broker a
request belongs to (a partition's leader, a group's coordinator).

Why blocking sockets and not asyncio: each tool sends a handful of requests in order and exits; a socket per
broker and a loop of request/response is the whole client, and it starts in milliseconds. Why not kafka-python
or confluent-kafka: they are the test suite's judges, and the tools must show what the wire says (group types,
KIP-848 describes) whatever a client library chooses to expose.

Versions are picked per broker from its ApiVersions answer (the highest both sides know, below the caps that
keep requests name-based), so the same code talks to kaflite and to Apache Kafka 2.x-4.x.
"""

from __future__ import annotations

import socket
import ssl
import struct
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from kaflite.protocol._codec import _skip_tags
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import is_flexible
from kaflite.protocol.messages import (
    REQUESTS,
    RESPONSES,
    ApiVersionsRequest,
    ApiVersionsResponse,
    FindCoordinatorRequest,
    MetadataRequest,
    MetadataResponse,
)
from kaflite.tools.security import AuthenticationError, ClientSecurity

DEFAULT_BOOTSTRAP = "127.0.0.1:9092"
CLIENT_ID = "kaflite-tools"

# Highest versions used, per API key: above these, Kafka names topics by id only (Fetch 13+, Produce 13+,
# OffsetFetch/OffsetCommit 10+), and a tool that prints names would need a second lookup for nothing.
VERSION_CAPS: dict[int, int] = {0: 12, 1: 12, 8: 9, 9: 9}

# A group's coordinator moved or is loading: look it up again and retry (Kafka's admin client does the same).
COORDINATOR_RETRIABLE = frozenset({ErrorCode.NOT_COORDINATOR, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS,
                                   ErrorCode.COORDINATOR_NOT_AVAILABLE})

PLAINTEXT = ClientSecurity()
_SIZE = struct.Struct(">i")
_HEADER = struct.Struct(">hhih")
_CORRELATION = struct.Struct(">i")


class ToolError(Exception):
    """A failure to report in one line (exit status 1): a connection refused, an error code, a bad argument."""


class UsageError(ToolError):
    """Options that do not make a command (a missing --group, a malformed value): exit status 2, as argparse's."""


class KafkaError(ToolError):
    """A Kafka error code in an answer, by Kafka's name."""

    def __init__(self, code: int, context: str = "", message: str | None = None) -> None:
        self.code = code
        name = error_name(code)
        super().__init__(f"{context}: {name}{f' ({message})' if message else ''}" if context else name)


def error_name(code: int) -> str:
    try:
        return ErrorCode(code).name
    except ValueError:
        return f"error code {code}"


def parse_bootstrap(text: str) -> list[tuple[str, int]]:
    """``host:port[,host:port...]`` (Kafka's ``--bootstrap-server``) → addresses; IPv6 as ``[::1]:9092``."""
    out: list[tuple[str, int]] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        host, sep, port = item.rpartition(":")
        if not sep or not port.isdigit():
            raise UsageError(f"invalid bootstrap server {item!r}: expected HOST:PORT")
        out.append((host.strip("[]") or "127.0.0.1", int(port)))
    if not out:
        raise UsageError("no bootstrap server given")
    return out


class Connection:
    """One socket to one broker; requests go out one at a time, each answer is read before the next."""

    def __init__(self, host: str, port: int, client_id: str, timeout: float,
                 security: ClientSecurity | None = None) -> None:
        self.host, self.port = host, port
        self.client_id = client_id.encode()
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as exc:
            raise ToolError(f"cannot connect to {host}:{port}: {exc.strerror or exc}") from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            self.sock = (security or PLAINTEXT).secure(sock, host)
        except ssl.SSLError as exc:
            sock.close()
            raise ToolError(f"TLS handshake with {host}:{port} failed: {exc.reason or exc}") from None
        except OSError as exc:
            sock.close()
            raise ToolError(f"TLS handshake with {host}:{port} failed: {exc.strerror or exc}") from None
        self.correlation = 0
        self.versions: dict[int, tuple[int, int]] = {}
        try:
            self._negotiate()
            login = (security or PLAINTEXT).sasl
            if login is not None:
                login.authenticate(self)
        except AuthenticationError as exc:
            self.sock.close()
            raise ToolError(f"SASL authentication failed: {exc}") from None
        except BaseException:  # (a broker refusing our certificate says so only at the first read)
            self.sock.close()
            raise

    def close(self) -> None:
        self.sock.close()

    def _negotiate(self) -> None:
        """ApiVersions at our highest; a broker that does not know it answers v0 with its own range (KIP-511)."""
        version = ApiVersionsRequest.MAX_VERSION
        for _ in range(2):
            req = ApiVersionsRequest(client_software_name="kaflite-tools", client_software_version="1")
            raw = self.roundtrip(ApiVersionsRequest.API_KEY, version, req.encode(version))
            try:
                resp = ApiVersionsResponse.decode(raw, version)
            except ValueError:
                resp = ApiVersionsResponse.decode(raw, 0)
            self.versions = {k.api_key: (k.min_version, k.max_version) for k in resp.api_keys}
            if resp.error_code == ErrorCode.UNSUPPORTED_VERSION and ApiVersionsRequest.API_KEY in self.versions:
                version = min(version, self.versions[ApiVersionsRequest.API_KEY][1])
                continue
            if resp.error_code:
                raise KafkaError(resp.error_code, f"ApiVersions to {self.host}:{self.port}")
            return
        raise ToolError(f"{self.host}:{self.port} agreed on no ApiVersions version")

    def version_for(self, api_key: int, max_version: int | None = None) -> int:
        cls = REQUESTS[api_key]
        theirs = self.versions.get(api_key)
        if theirs is None:
            raise ToolError(f"{self.host}:{self.port} does not serve {cls.__name__.removesuffix('Request')}")
        hi = min(cls.MAX_VERSION, theirs[1], VERSION_CAPS.get(api_key, 1 << 15),
                 max_version if max_version is not None else 1 << 15)
        lo = max(cls.MIN_VERSION, theirs[0])
        if hi < lo:
            raise ToolError(f"{self.host}:{self.port} serves {cls.__name__.removesuffix('Request')} "
                            f"v{theirs[0]}-{theirs[1]}; this tool speaks v{cls.MIN_VERSION}-{cls.MAX_VERSION}")
        return hi

    def roundtrip(self, api_key: int, version: int, body: bytes) -> memoryview:
        """Send one request, return the response body (after its header)."""
        self.correlation += 1
        header = _HEADER.pack(api_key, version, self.correlation, len(self.client_id)) + self.client_id
        flexible = is_flexible(api_key, version)
        if flexible:
            header += b"\x00"
        payload = header + body
        try:
            self.sock.sendall(_SIZE.pack(len(payload)) + payload)
            size = _SIZE.unpack(self._read(4))[0]
            frame = memoryview(self._read(size))
        except TimeoutError:
            raise ToolError(f"{self.host}:{self.port} did not answer in time") from None
        except OSError as exc:
            raise ToolError(f"connection to {self.host}:{self.port} failed: {exc.strerror or exc}") from None
        if _CORRELATION.unpack_from(frame, 0)[0] != self.correlation:
            raise ToolError(f"{self.host}:{self.port} answered out of order")
        pos = 4
        if flexible and api_key != ApiVersionsRequest.API_KEY:  # response header v1; ApiVersions' is always v0
            pos = _skip_tags(frame, pos)
        return frame[pos:]

    def _read(self, n: int) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ToolError(f"{self.host}:{self.port} closed the connection")
            buf += chunk
        return bytes(buf)

    def send(self, request: Any, max_version: int | None = None, *,
             build: Callable[[int], Any] | None = None) -> tuple[Any, int]:
        """Encode at the version both sides know; returns (decoded response, version)."""
        api_key = request.API_KEY if build is None else build(0).API_KEY
        version = self.version_for(api_key, max_version)
        req = request if build is None else build(version)
        raw = self.roundtrip(api_key, version, req.encode(version))
        return RESPONSES[api_key].decode(raw, version), version


@dataclass
class Partition:
    topic: str
    partition: int
    leader: int
    leader_epoch: int
    replicas: list[int]
    isr: list[int]
    offline: list[int]
    error_code: int = 0


@dataclass
class Topic:
    name: str
    topic_id: bytes
    is_internal: bool
    partitions: dict[int, Partition] = field(default_factory=dict)
    error_code: int = 0


@dataclass
class ClusterMetadata:
    brokers: dict[int, tuple[str, int]]
    topics: dict[str, Topic]
    controller_id: int
    cluster_id: str | None


class Client:
    """Connections by broker id, opened on first use; the bootstrap connection answers cluster-wide requests."""

    def __init__(self, bootstrap: str = DEFAULT_BOOTSTRAP, *, client_id: str = CLIENT_ID, timeout: float = 30.0,
                 retry_backoff: float = 0.1, security: ClientSecurity | None = None) -> None:
        self.addresses = parse_bootstrap(bootstrap)
        self.client_id, self.timeout, self.retry_backoff = client_id, timeout, retry_backoff
        self.security = security or PLAINTEXT
        self._bootstrap: Connection | None = None
        self._nodes: dict[int, Connection] = {}
        self._brokers: dict[int, tuple[str, int]] = {}
        self._coordinators: dict[str, int] = {}

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for conn in {id(c): c for c in [self._bootstrap, *self._nodes.values()] if c is not None}.values():
            conn.close()
        self._nodes.clear()
        self._bootstrap = None

    # -- connections ------------------------------------------------------------------------------------

    @property
    def bootstrap(self) -> Connection:
        if self._bootstrap is None:
            last: ToolError | None = None
            for host, port in self.addresses:
                try:
                    self._bootstrap = Connection(host, port, self.client_id, self.timeout, self.security)
                    break
                except ToolError as exc:
                    last = exc
            else:
                assert last is not None
                raise last
        return self._bootstrap

    def node(self, node_id: int) -> Connection:
        conn = self._nodes.get(node_id)
        if conn is None:
            if node_id not in self._brokers:
                self.metadata([])
            address = self._brokers.get(node_id)
            if address is None:
                raise ToolError(f"broker {node_id} is not in the cluster's metadata")
            boot = self.bootstrap
            if (boot.host, boot.port) == address:
                conn = boot
            else:
                conn = Connection(address[0], address[1], self.client_id, self.timeout,
                                  self.security)
            self._nodes[node_id] = conn
        return conn

    def send(self, request: Any, max_version: int | None = None, node: int | None = None, *,
             build: Callable[[int], Any] | None = None) -> Any:
        """Send to ``node`` (a broker id) or to the bootstrap broker; returns the decoded response."""
        conn = self.bootstrap if node is None else self.node(node)
        return conn.send(request, max_version, build=build)[0]

    def send_versioned(self, build: Callable[[int], Any], node: int | None = None) -> tuple[Any, int]:
        """``build(version)`` makes the request for the version picked (fields differ by version)."""
        conn = self.bootstrap if node is None else self.node(node)
        return conn.send(None, build=build)

    # -- metadata ---------------------------------------------------------------------------------------

    def metadata(self, topics: Iterable[str] | None = None, *, auto_create: bool = False) -> ClusterMetadata:
        """``topics=None``: every topic; ``[]``: brokers only. Auto-creates a topic only when asked (produce)."""
        names = None if topics is None else list(topics)
        def build(version: int) -> MetadataRequest:
            req_topics = None if names is None else [MetadataRequest.MetadataRequestTopic(name=n) for n in names]
            return MetadataRequest(topics=req_topics, allow_auto_topic_creation=auto_create)
        resp: MetadataResponse = self.send_versioned(build)[0]
        brokers = {b.node_id: (b.host, b.port) for b in resp.brokers}
        self._brokers.update(brokers)
        out: dict[str, Topic] = {}
        for t in resp.topics:
            if t.name is None:
                continue
            topic = out[t.name] = Topic(t.name, t.topic_id, t.is_internal, error_code=t.error_code)
            for p in t.partitions or []:
                topic.partitions[p.partition_index] = Partition(
                    t.name, p.partition_index, p.leader_id, p.leader_epoch, list(p.replica_nodes or []),
                    list(p.isr_nodes or []), list(p.offline_replicas or []), p.error_code)
        return ClusterMetadata(brokers, out, resp.controller_id, resp.cluster_id)

    def topic_partitions(self, topics: Iterable[str]) -> dict[str, Topic]:
        """The named topics; an unknown one is an error named as Kafka names it."""
        meta = self.metadata(topics)
        for name, t in meta.topics.items():
            if t.error_code:
                raise KafkaError(t.error_code, f"topic {name!r}")
        return meta.topics

    def topic_for_produce(self, name: str) -> Topic:
        """The topic a producer writes to, auto-created by the broker if it allows it, as librdkafka and the
        Java producer do: Metadata with allow_auto_topic_creation, asked again while the answer says the topic
        is being made (LEADER_NOT_AVAILABLE, no partitions yet, a partition without a leader), until the
        timeout. UNKNOWN_TOPIC_OR_PARTITION is the broker saying it will not create it."""
        deadline = time.monotonic() + self.timeout
        backoff = self.retry_backoff
        while True:
            topic = self.metadata([name], auto_create=True).topics.get(name)
            code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION if topic is None else topic.error_code
            if code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
                raise KafkaError(code, f"topic {name!r}", "it does not exist and the broker did not create it: "
                                                          "auto.create.topics.enable=false?")
            ready = topic is not None and not code and topic.partitions and \
                all(p.leader >= 0 for p in topic.partitions.values())
            if ready:
                assert topic is not None
                return topic
            if code not in (0, ErrorCode.LEADER_NOT_AVAILABLE):
                raise KafkaError(code, f"topic {name!r}")
            if time.monotonic() + backoff > deadline:
                raise KafkaError(code or ErrorCode.LEADER_NOT_AVAILABLE,
                                 f"topic {name!r}: no leader for every partition within {self.timeout:g} s")
            time.sleep(backoff)
            backoff = min(backoff * 2, 1.0)

    def leaders(self, pairs: Iterable[tuple[str, int]],
                missing: list[tuple[str, int]] | None = None) -> dict[int, list[tuple[str, int]]]:
        """Partitions grouped by their leader's broker id (requests that only the leader answers). A partition
        the cluster does not know is an error, or is appended to ``missing`` when a list is given."""
        pairs = list(pairs)
        meta = self.metadata(sorted({t for t, _ in pairs}))
        out: dict[int, list[tuple[str, int]]] = {}
        for t, p in pairs:
            topic = meta.topics.get(t)
            part = None if topic is None or topic.error_code else topic.partitions.get(p)
            if part is None or part.leader < 0:
                if missing is None:
                    code = topic.error_code if topic is not None and topic.error_code else \
                        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION if part is None else ErrorCode.LEADER_NOT_AVAILABLE
                    raise KafkaError(code, f"{t}-{p}")
                missing.append((t, p))
                continue
            out.setdefault(part.leader, []).append((t, p))
        return out

    # -- groups -----------------------------------------------------------------------------------------

    def coordinator(self, group: str, *, refresh: bool = False) -> int:
        """The group coordinator's broker id (FindCoordinator, batched from v4), retried while it loads."""
        if not refresh and group in self._coordinators:
            return self._coordinators[group]
        deadline = time.monotonic() + self.timeout

        def build(version: int) -> FindCoordinatorRequest:
            return FindCoordinatorRequest(key=group, key_type=0, coordinator_keys=[group])

        while True:
            resp, version = self.send_versioned(build)
            if version >= 4:
                c = resp.coordinators[0]
                code, node_id, host, port, message = c.error_code, c.node_id, c.host, c.port, c.error_message
            else:
                code, node_id, host, port, message = (resp.error_code, resp.node_id, resp.host, resp.port,
                                                      resp.error_message)
            if code == 0:
                self._brokers[node_id] = (host, port)
                self._coordinators[group] = node_id
                return int(node_id)
            if code not in COORDINATOR_RETRIABLE or time.monotonic() > deadline:
                raise KafkaError(code, f"FindCoordinator for group {group!r}", message)
            time.sleep(self.retry_backoff)

    def coordinator_address(self, group: str) -> tuple[int, str, int]:
        node_id = self.coordinator(group)
        host, port = self._brokers[node_id]
        return node_id, host, port

    def to_coordinator(self, group: str, build: Callable[[int], Any], error_of: Callable[[Any], int]) -> Any:
        """Send a group request to the group's coordinator; NOT_COORDINATOR and loading are retried after a
        fresh FindCoordinator, until the timeout. Other errors are the caller's to read."""
        deadline = time.monotonic() + self.timeout
        refresh = False
        while True:
            node_id = self.coordinator(group, refresh=refresh)
            resp, _ = self.send_versioned(build, node=node_id)
            code = error_of(resp)
            if code not in COORDINATOR_RETRIABLE or time.monotonic() > deadline:
                return resp
            refresh = True
            time.sleep(self.retry_backoff)

    def broker_address(self, node_id: int) -> tuple[str, int]:
        if node_id not in self._brokers:
            self.metadata([])
        return self._brokers[node_id]



def client_for(args: Any) -> Client:
    """The client a command's options ask for (--bootstrap-server, --timeout, --command-config's client.id and
    security settings)."""
    return Client(args.bootstrap_server, client_id=getattr(args, "client_id", None) or CLIENT_ID,
                  timeout=args.timeout_ms / 1000, security=getattr(args, "security", None))
