"""What handlers and connections are given: the request context, the server state, the broker's services.

No import of the server or of any handler (uvicorn's model: ``Server`` builds ``ServerState``, the
protocols receive it). ``server.py`` composes everything from these; a handler never sees the
``Broker`` that composed it, only the ``BrokerContext`` it was built with.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import structlog

from kaflite.broker.cluster_metadata import ClusterMetadata
from kaflite.broker.faults import Faults
from kaflite.broker.flush import GroupCommit
from kaflite.broker.group_configs import GROUP_CONFIGS_FILE, GroupConfigStore
from kaflite.broker.partition_leaders import PartitionLeaders
from kaflite.broker.stats import BrokerStats
from kaflite.clock import Clock, SystemClock
from kaflite.config import KafliteConfig
from kaflite.config.listeners import Listener, node_ids
from kaflite.coordinator.metadata import MetadataImage
from kaflite.protocol.frames import FrameDecoder
from kaflite.protocol.headers import RequestHeader
from kaflite.storage.cluster_metadata import DIRECTORY as METADATA_DIRECTORY
from kaflite.storage.cluster_metadata import ClusterMetadataLog
from kaflite.storage.config import LogConfig
from kaflite.storage.datadir import DataDirLock, reading
from kaflite.storage.manager import BROKER_CONFIGS_FILE, LogManager, TopicInfo, load_broker_configs
from kaflite.storage.meta import META_PROPERTIES, PRODUCER_ID_BLOCK_FILE, ProducerIdManager, load_meta_properties

fault_log = structlog.get_logger("kaflite.faults")


class Connection(Protocol):
    """What the rest of the broker may use of a client connection (``KafkaConnection``)."""

    closed: bool
    peer_host: str
    # Kafka's principal: User:ANONYMOUS, User:<the client certificate's subject> (mutual TLS), User:<SASL user>
    principal: str
    sasl: Any  # on SASL listeners, the connection's kaflite.security.sasl SaslServerAuthenticator; else None
    members: set[tuple[str, str]]  # (group, member id) this connection spoke for
    node_id: int  # the broker it came in to (its listener's)
    listener: Listener | None  # the listener it came in on (None: built by hand, as in unit tests)
    @property
    def log(self) -> Any: ...
    in_flight: asyncio.Future[Any] | None  # the request being answered, if it must wait

    def resume(self) -> None: ...

    def advertised(self) -> tuple[str, int]: ...

    @property
    def tls(self) -> bool: ...  # came in on an SSL listener

    def unanswered(self) -> list[asyncio.Future[Any]]: ...

    def bind_log(self, **values: Any) -> None: ...

    def stop_reading(self) -> None: ...

    def close(self, reason: str) -> None: ...

    def close_gracefully(self) -> None: ...

    def abort(self) -> None: ...


@dataclass(slots=True)
class RequestContext:
    """What a handler knows about the request besides its body."""

    header: RequestHeader
    connection: Connection
    # /metrics times some requests (kaflite.broker.stats): when this one was read, and the cell its time goes
    # to. Per request, not per connection: answers awaiting their fsync let later requests start meanwhile.
    started: int = 0
    timed: list[int] | None = None

    @property
    def version(self) -> int:
        return self.header.api_version

    @property
    def client_id(self) -> str:
        return self.header.client_id or ""

    @property
    def client_host(self) -> str:
        return self.connection.peer_host

    @property
    def node_id(self) -> int:
        """The broker this request was sent to: the one whose leaderships and coordinators it may use."""
        return self.connection.node_id

    @property
    def log(self) -> Any:
        """The connection's logger with this request's api, version and correlation id bound (lazily:
        binding costs, and most requests log nothing)."""
        h = self.header
        return self.connection.log.bind(api=h.api_key, version=h.api_version, correlation_id=h.correlation_id)


class NoResponse:
    """Returned by a handler that must not answer (Produce with acks=0)."""


NO_RESPONSE = NoResponse()


@dataclass(slots=True)
class ServerState:
    """The listener's shared, mutable state: open connections, the pause flag, where clients reach us."""

    port: int  # the first listener's (the only one without `listeners`), as bound
    advertised_host: str
    cluster_id: str
    listeners: list[Listener] = field(default_factory=list)  # as bound: port 0 replaced by the port chosen
    connections: set[Connection] = field(default_factory=set)
    paused: bool = False  # a fault: nothing is answered, requests queue up
    stopping: bool = False  # shutdown has begun: no new request is read
    # Answer bytes held in the transports of connections whose clients stopped reading (their writing
    # is paused), and those connections: capped by queued.max.response.bytes.
    stalled_bytes: int = 0
    stalled: set[Any] = field(default_factory=set)
    # Every connection's socket reads go here first (FrameDecoder's shared scratch buffer): one event loop
    # reads one connection at a time, so an idle connection holds no read buffer of its own.
    read_buffer: bytearray = field(default_factory=lambda: bytearray(FrameDecoder.SCRATCH))
    # What /metrics reads (requests, topics' bytes, connections): set while the admin endpoint is on, so a
    # broker without it pays nothing for counting.
    stats: BrokerStats | None = None

    def endpoint(self, name: str, node_id: int) -> Listener | None:
        """Broker ``node_id``'s listener named ``name``, as bound: what Metadata tells a client that came in on
        listener ``name`` about that broker (as Kafka answers with the request's listener)."""
        return next((li for li in self.listeners if li.name == name and li.node_id == node_id), None)

    def pause(self) -> None:
        """Stop answering anything; connections stay open and requests queue up."""
        self.paused = True
        fault_log.info("fault applied", fault="pause")

    def resume(self) -> None:
        self.paused = False
        fault_log.info("fault cleared", fault="pause")
        for conn in list(self.connections):
            conn.resume()

    def drop_member_connections(self, group: str, member_id: str) -> int:
        """Abort every connection that spoke for this member, as if its process died."""
        dropped = 0
        for conn in list(self.connections):
            if (group, member_id) in conn.members:
                conn.abort()
                dropped += 1
        fault_log.info("fault applied", fault="drop-member-connections", group=group, member=member_id,
                       connections=dropped)
        return dropped

    def abort_connections(self) -> None:
        for conn in list(self.connections):
            conn.abort()


@dataclass(frozen=True, slots=True)
class BrokerContext:
    """The broker's services, built once and complete: what handlers are given instead of the broker."""

    config: KafliteConfig
    clock: Clock
    logs: LogManager
    producer_ids: ProducerIdManager
    state: ServerState
    faults: Faults
    # The topics as the group coordinator sees them (KIP-848 assigns by topic id): kept in step with
    # the log manager by `watch_topics`, shared by every coordinator runtime (a reset keeps it).
    metadata: MetadataImage
    # The dynamic configs of groups (IncrementalAlterConfigs on GROUP resources), kept in the data dir.
    group_configs: GroupConfigStore
    # The one flusher of every log: the coordinators' durable writes and the periodic `log.flush.interval.ms`
    # flushes, fsynced off the event loop.
    commits: GroupCommit
    # ``__cluster_metadata-0``: SCRAM credentials and ACLs, as KRaft keeps them, and the images fed from it.
    cluster_metadata: ClusterMetadata
    # Which broker leads each partition (one broker: this one, always), and the moves between brokers.
    leaders: PartitionLeaders

    @property
    def data_dir(self) -> Path:
        return Path(self.config.log_dirs)

    def address(self, connection: Connection, node_id: int) -> tuple[str, int]:
        """Where a client on ``connection`` is told to reach broker ``node_id``: that broker's listener of the
        name the client came in on (Kafka answers with the request's listener), advertised."""
        if node_id == connection.node_id:
            return connection.advertised()
        listener = self.state.endpoint(connection.listener.name if connection.listener is not None else "PLAINTEXT",
                                       node_id)
        if listener is None:  # no listener bound (a unit test's context): the first broker's address
            return self.state.advertised_host, self.state.port
        return listener.advertised_host, listener.advertised_port

    def current_leader(self, connection: Connection, topic: str,
                       partition: int) -> tuple[int, int, tuple[str, int] | None]:
        """KIP-951's answer to a request at the wrong broker (KafkaApis.getCurrentLeader): the partition's
        leader (-1: none running), its epoch, and where ``connection``'s client reaches it (None: nowhere)."""
        leader, epoch = self.leaders.current_leader(topic, partition)
        return leader, epoch, (self.address(connection, leader) if leader >= 0 else None)

    def live_brokers(self, connection: Connection) -> list[tuple[int, str, int]]:
        """The running brokers (node id order), each with the address ``connection``'s client is to use:
        what Metadata and DescribeCluster list."""
        return [(node_id, *self.address(connection, node_id)) for node_id in self.leaders.control.live_nodes()]

    def clear_faults(self) -> None:
        """Every rule removed, and resumed if paused."""
        self.faults.clear()
        if self.state.paused:
            self.state.resume()

    @classmethod
    def open(cls, config: KafliteConfig, clock: Clock | None = None) -> BrokerContext:
        """Open the data directory: the node's identity (meta.properties), producer ids, every log."""
        clock = clock or SystemClock()
        data_dir = Path(config.log_dirs)
        lock = DataDirLock.acquire(data_dir)  # creates it; a second broker on it stops here (StartupError)
        try:
            with reading(data_dir / META_PROPERTIES, "restore it, or delete it: the data directory then gets a "
                                                     "new cluster id"):
                cluster_id = load_meta_properties(data_dir, config.node_id)
            with reading(data_dir / PRODUCER_ID_BLOCK_FILE, "restore it: it must hold one number, above every "
                                                            "producer id handed out"):
                producer_ids = ProducerIdManager(data_dir / PRODUCER_ID_BLOCK_FILE)
            with reading(data_dir / BROKER_CONFIGS_FILE, "restore it, or delete it to drop the dynamic broker "
                                                         "configs"):
                broker_configs = load_broker_configs(data_dir)  # dynamic broker configs decide the topic defaults
            with reading(data_dir / GROUP_CONFIGS_FILE, "restore it, or delete it to drop the group configs"):
                group_configs = GroupConfigStore(data_dir)
            with reading(data_dir / METADATA_DIRECTORY, "restore it from a backup, or delete it to drop the SCRAM "
                                                        "credentials and ACLs"):
                cluster_metadata = ClusterMetadata(ClusterMetadataLog(data_dir))
            logs = LogManager(data_dir, LogConfig.from_dict(config.topic_log_defaults(broker_configs)),
                              clock.now_ms, broker_configs=broker_configs, lock=lock)
        except BaseException:
            lock.release()
            raise
        state = ServerState(port=config.port, advertised_host=config.advertised_host or config.host,
                            cluster_id=cluster_id)
        leaders = PartitionLeaders(node_ids(config), logs, cluster_metadata)
        return cls(config, clock, logs, producer_ids, state, Faults(), watch_topics(logs, MetadataImage()),
                   group_configs, GroupCommit(clock), cluster_metadata, leaders)


def watch_topics(logs: LogManager, image: MetadataImage) -> MetadataImage:
    """Fill ``image`` with the topics there are and keep it in step with every later change."""

    def changed(name: str, info: TopicInfo | None) -> None:
        if info is None:
            image.remove(name)
        else:
            image.put(name, info.topic_id, info.partitions)

    for info in logs.topics().values():
        changed(info.name, info)
    logs.add_topic_listener(changed)
    return image
