"""The settings table: every broker setting kaflite knows, in Kafka's names, types and defaults.

Why a table: one row per setting drives parsing, validation, DescribeConfigs, the environment
variable names, the topic defaults handed to storage and ``docs/configuration.md``
(``kaflite.docs.configuration``). A new setting is a row here and a field of ``KafliteConfig``
(``kaflite.config.kaflite_config``; ``check_table`` keeps them in step).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from kaflite.config.values import (
    INT_MAX,
    LONG_MAX,
    ConfigError,
    EmptyOr,
    ListOf,
    NonEmpty,
    OneDirectory,
    OneOf,
    Range,
    RebalanceProtocols,
    Validator,
    check_typed,
    parse_text,
    to_text,
)

ENV_PREFIX = "KAFLITE_"
SOURCE_DEFAULT = "default"


# --------------------------------------------------------------------------------------------
# The settings table.
# --------------------------------------------------------------------------------------------

_SAME: Any = object()  # kafka_default sentinel: kaflite's default equals Kafka's

@dataclass(frozen=True, slots=True)
class Setting:
    """One known setting; ``topic_config`` is the Kafka topic-level name it provides the default for."""

    name: str
    type: str
    default: Any
    doc: str
    validator: Validator | None = None
    section: str = "Broker"
    kafka_default: Any = _SAME
    topic_config: str | None = None
    default_text: str | None = None  # how the docs show a derived default

    @property
    def attr(self) -> str:
        return self.name.replace(".", "_")

    @property
    def env_var(self) -> str:
        return ENV_PREFIX + self.name.upper().replace(".", "_")


@dataclass(frozen=True, slots=True)
class Synonym:
    """A Kafka alternative spelling in another unit (``log.retention.hours``) feeding a ms setting.

    ``rank`` orders synonyms inside one source as Kafka does: lower wins (ms is rank 0).
    """

    name: str
    target: str
    factor: int
    rank: int
    doc: str
    validator: Range

    @property
    def env_var(self) -> str:
        return ENV_PREFIX + self.name.upper().replace(".", "_")


_S = Setting
_NODE = "Node and network"
_LOG = "Log storage"
_CLEAN = "Log cleaner (compaction)"
_GROUP = "Group coordinator and offsets"
_TXN = "Transaction coordinator"
_SHARE = "Share groups (KIP-932)"
_OPS = "Operations"
_SEC = "Listeners and TLS"
_ACL = "Authorization (ACLs)"
#: `authorizer.class.name` values kaflite accepts: Kafka's KRaft authorizer, and the ZooKeeper-era name as an
#: alias (the same ACL semantics; a configuration carried over from an older cluster keeps working).
STANDARD_AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer"
AUTHORIZERS = ("", STANDARD_AUTHORIZER, "kafka.security.authorizer.AclAuthorizer")
_SASL = "SASL"
#: The most brokers one kaflite runs (each listens on its own ports; a test cluster is a handful).
MAX_BROKERS = 64

SETTINGS: tuple[Setting, ...] = (
    # Node and network
    _S("node.id", "int", 1, "The id of this broker, returned in Metadata and FindCoordinator.",
       Range(0, INT_MAX), _NODE, kafka_default=None),
    _S("brokers", "int", 1, "How many brokers this kaflite runs, in one process over one data directory (a "
       "cluster for failover tests: no replication protocol). Broker i (0-based) has node id node.id+i and every "
       "listener on its port+i (port 0: a free port each); each address is printed and written to --ready-file "
       "as broker.<id>=host:port.", Range(1, MAX_BROKERS), _NODE, kafka_default=None),
    _S("host", "string", "127.0.0.1", "Interface to listen on. Use 0.0.0.0 to listen on all interfaces "
       "(in containers).", NonEmpty(), _NODE, kafka_default=None),
    _S("port", "int", 9092, "TCP port to listen on; 0 picks a free port (the bound address is printed "
       "and written to --ready-file).", Range(0, 65535), _NODE, kafka_default=None),
    _S("advertised.host", "string", "", "Host name clients are told to connect to (Metadata, "
       "FindCoordinator). Set it when clients reach the broker by another name, e.g. from outside "
       "a container.", EmptyOr(NonEmpty()), _NODE, kafka_default=None, default_text="*same as host*"),
    _S("socket.request.max.bytes", "int", 104857600, "The maximum number of bytes in a request; "
       "bigger frames close the connection.", Range(1, INT_MAX), _NODE),
    _S("connections.max.idle.ms", "long", 600000, "Idle connections are closed after this many "
       "milliseconds; -1 = never. Idle: no whole request received and no answer bytes taken by the "
       "client (a frame never finished counts as idle), while no request of it is being handled.",
       Range(-1, LONG_MAX), _NODE),
    _S("queued.max.requests", "int", 500, "The number of queued requests allowed before the broker "
       "stops reading from connections.", Range(1, INT_MAX), _NODE),
    _S("queued.max.response.bytes", "long", 104857600, "Answer bytes the broker may hold, across all "
       "connections, for clients that stopped reading (each connection already stops reading requests "
       "once 256 KiB of its answers wait; fetched records are read from the log as the client drains). "
       "Past it the connection holding the most is closed, with a log line; -1 = no limit.",
       Range(-1, LONG_MAX), _NODE, kafka_default=None),
    # Topics and log storage
    _S("log.dirs", "string", "./kaflite-data", "The directory where all data (topic partitions, "
       "consumer offsets, group state) is stored.", OneDirectory(), _LOG,
       kafka_default="/tmp/kafka-logs"),
    _S("num.partitions", "int", 1, "The default number of partitions per auto-created topic.",
       Range(1, INT_MAX), _LOG),
    _S("default.replication.factor", "int", 1, "The replication factor of auto-created topics. "
       "kaflite is a single node, so only 1 is accepted.",
       OneOf((1,), why="kaflite is a single node"), _LOG),
    _S("auto.create.topics.enable", "boolean", True, "Create a topic on first Metadata/Produce for it.",
       None, _LOG),
    _S("message.max.bytes", "int", 1048588, "The largest record batch size allowed (after compression).",
       Range(0, INT_MAX), _LOG, topic_config="max.message.bytes"),
    _S("log.segment.bytes", "int", 1073741824, "The maximum size of a single log segment file.",
       Range(14, INT_MAX), _LOG, topic_config="segment.bytes"),
    _S("log.roll.ms", "long", 604800000, "The maximum time before a new log segment is rolled. "
       "Also settable as log.roll.hours.", Range(1, LONG_MAX), _LOG, topic_config="segment.ms"),
    _S("log.retention.ms", "long", 604800000, "How long to keep a log segment before deleting it; -1 = "
       "no time limit. Also settable as log.retention.minutes / log.retention.hours (ms > minutes > "
       "hours).", Range(-1, LONG_MAX), _LOG, topic_config="retention.ms"),
    _S("log.retention.bytes", "long", -1, "The maximum size of a partition before old segments are "
       "deleted; -1 = no size limit.", Range(-1, LONG_MAX), _LOG, topic_config="retention.bytes"),
    _S("log.retention.check.interval.ms", "long", 300000, "How often retention is checked.",
       Range(1, LONG_MAX), _LOG),
    _S("log.index.interval.bytes", "int", 4096, "Bytes of records between two offset index entries.",
       Range(0, INT_MAX), _LOG, topic_config="index.interval.bytes"),
    _S("log.index.size.max.bytes", "int", 10485760, "The maximum size of an offset/time index file.",
       Range(4, INT_MAX), _LOG, topic_config="segment.index.bytes"),
    _S("log.flush.interval.messages", "long", LONG_MAX, "fsync a partition after this many messages. "
       "1 = fsync every append.", Range(1, LONG_MAX), _LOG, topic_config="flush.messages"),
    _S("log.flush.interval.ms", "long", 1000, "fsync a partition at most this many milliseconds after "
       "an append. kaflite has no replicas to protect acknowledged writes, so unlike Kafka (which "
       "leaves flushing to the OS) it flushes on an interval by default.", Range(0, LONG_MAX), _LOG,
       kafka_default="unset (OS page cache)", topic_config="flush.ms"),
    _S("log.preallocate", "boolean", False, "Zero-fill the active segment ahead of its end, so fsyncs "
       "overwrite allocated blocks instead of growing the file (trimmed on roll and close).", None, _LOG,
       topic_config="preallocate"),
    _S("log.cleanup.policy", "list", ("delete",), "The default cleanup policy for segments beyond the "
       "retention window: delete, compact, or both (comma-separated).", ListOf(("delete", "compact")),
       _LOG, topic_config="cleanup.policy"),
    _S("log.message.timestamp.type", "string", "CreateTime", "Whether record timestamps are the "
       "producer's (CreateTime) or the broker's append time (LogAppendTime).",
       OneOf(("CreateTime", "LogAppendTime")), _LOG, topic_config="message.timestamp.type"),
    _S("compression.type", "string", "producer", "The final compression of stored batches; 'producer' "
       "keeps whatever the producer sent.", OneOf(("uncompressed", "zstd", "lz4", "snappy", "gzip",
                                                    "producer")), _LOG, topic_config="compression.type"),
    # Log cleaner
    _S("log.cleaner.enable", "boolean", True, "Run the log cleaner for topics with cleanup.policy=compact.",
       None, _CLEAN),
    _S("log.cleaner.delete.retention.ms", "long", 86400000, "How long tombstones are kept in compacted "
       "topics.", Range(0, LONG_MAX), _CLEAN, topic_config="delete.retention.ms"),
    _S("log.cleaner.min.cleanable.ratio", "double", 0.5, "Minimum ratio of dirty log to total log for a "
       "log to be eligible for cleaning.", Range(0, 1), _CLEAN, topic_config="min.cleanable.dirty.ratio"),
    _S("log.cleaner.backoff.ms", "long", 15000, "How long the cleaner sleeps when there is nothing to "
       "clean.", Range(0, LONG_MAX), _CLEAN),
    # Group coordinator and offsets
    _S("group.initial.rebalance.delay.ms", "int", 0, "How long the coordinator waits for more members "
       "to join a new (empty) group before the first rebalance. kaflite defaults to 0 so tests start "
       "fast; Kafka's default is 3000 (--override group.initial.rebalance.delay.ms=3000).",
       Range(0, INT_MAX), _GROUP, kafka_default=3000),
    _S("group.min.session.timeout.ms", "int", 100, "The smallest session.timeout.ms a member may ask "
       "for. kaflite defaults to 100 so tests can use short timeouts; Kafka's default is 6000.",
       Range(0, INT_MAX), _GROUP, kafka_default=6000),
    _S("group.max.session.timeout.ms", "int", 1800000, "The largest session.timeout.ms a member may "
       "ask for.", Range(0, INT_MAX), _GROUP),
    _S("group.max.size", "int", 2147483647, "The maximum number of members in one group.",
       Range(1, INT_MAX), _GROUP),
    _S("offsets.retention.minutes", "int", 10080, "Committed offsets of a group that has become empty "
       "are deleted after this many minutes.", Range(1, INT_MAX), _GROUP),
    _S("offsets.retention.check.interval.ms", "long", 600000, "How often stale offsets are checked for.",
       Range(1, LONG_MAX), _GROUP),
    _S("offsets.topic.num.partitions", "int", 50, "Partitions of __consumer_offsets when it is created; "
       "an existing topic keeps its own count (groups hash over it, as in Kafka), and a start with another "
       "value logs a warning.", Range(1, INT_MAX), _GROUP),
    _S("offsets.topic.replication.factor", "short", 1, "Replication factor of __consumer_offsets. kaflite is a "
       "single node, so only 1 is accepted (Kafka's default of 3 leaves a one-broker Kafka without a group "
       "coordinator; dev setups set 1).", OneOf((1,), why="kaflite is a single node"), _GROUP, kafka_default=3),
    _S("offsets.topic.segment.bytes", "int", 104857600, "Segment size of __consumer_offsets, kept small "
       "for fast compaction and loading. The topic is created with preallocate=true (kaflite's choice, not "
       "Kafka's): its active segment is zero-filled ahead, so a commit's fsync does not grow the file.",
       Range(1, INT_MAX), _GROUP),
    _S("offsets.commit.timeout.ms", "int", 5000, "An offset commit waits at most this long for its "
       "write to __consumer_offsets.", Range(1, INT_MAX), _GROUP),
    _S("offsets.commit.fsync.enable", "boolean", True, "Answer a group or offset write only once "
       "__consumer_offsets is fsynced (it survives a power loss; the fsyncs run off the event loop, shared "
       "by every write made meanwhile). false: answer once it is in the page cache, as a single Kafka "
       "broker does (it survives kill -9, not a power loss; fsynced within log.flush.interval.ms).",
       None, _GROUP, kafka_default=None),
    _S("offset.metadata.max.bytes", "int", 4096, "The maximum size of the metadata string of an offset "
       "commit.", Range(0, INT_MAX), _GROUP),
    # KIP-848 consumer groups (Kafka's GroupCoordinatorConfig; CG-CFG-1, CG-CFG-2)
    _S("group.coordinator.rebalance.protocols", "list", ("classic", "consumer", "share"), "The enabled "
       "rebalance protocols: classic (JoinGroup/SyncGroup), consumer (KIP-848 ConsumerGroupHeartbeat) and "
       "share (KIP-932 share groups). Without consumer, ConsumerGroupHeartbeat and ConsumerGroupDescribe are "
       "not advertised and answer UNSUPPORTED_VERSION, as in Kafka; classic cannot be disabled. Without "
       "share, ApiVersions finalizes share.version 0 and the share-group APIs answer UNSUPPORTED_VERSION (in "
       "Kafka 4.2 the share.version feature is the switch; kaflite has no UpdateFeatures, so this list is). "
       "Kafka also knows streams groups, which kaflite does not serve.", RebalanceProtocols(), _GROUP,
       kafka_default=("classic", "consumer", "streams")),
    _S("group.consumer.session.timeout.ms", "int", 45000, "The timeout to detect client failures when "
       "using the consumer group protocol.", Range(1, INT_MAX), _GROUP),
    _S("group.consumer.min.session.timeout.ms", "int", 100, "The minimum allowed session timeout for "
       "registered consumers (and for a group's consumer.session.timeout.ms). kaflite defaults to 100 so "
       "tests can use short timeouts; Kafka's default is 45000.", Range(1, INT_MAX), _GROUP,
       kafka_default=45000),
    _S("group.consumer.max.session.timeout.ms", "int", 60000, "The maximum allowed session timeout for "
       "registered consumers.", Range(1, INT_MAX), _GROUP),
    _S("group.consumer.heartbeat.interval.ms", "int", 5000, "The heartbeat interval given to the members "
       "of a consumer group.", Range(1, INT_MAX), _GROUP),
    _S("group.consumer.min.heartbeat.interval.ms", "int", 100, "The minimum heartbeat interval for "
       "registered consumers (and for a group's consumer.heartbeat.interval.ms). kaflite defaults to 100 "
       "so tests converge fast; Kafka's default is 5000.", Range(1, INT_MAX), _GROUP, kafka_default=5000),
    _S("group.consumer.max.heartbeat.interval.ms", "int", 15000, "The maximum heartbeat interval for "
       "registered consumers.", Range(1, INT_MAX), _GROUP),
    _S("group.consumer.max.size", "int", INT_MAX, "The maximum number of consumers that a single consumer "
       "group can accommodate (group.max.size limits classic groups).", Range(1, INT_MAX), _GROUP),
    _S("group.consumer.assignors", "list", ("uniform", "range"), "The server side assignors; the first one "
       "is the default for members that name none. kaflite knows Kafka's two by their short names.",
       ListOf(("uniform", "range")), _GROUP),
    _S("group.consumer.migration.policy", "string", "bidirectional", "Whether a non-empty classic group "
       "using the consumer embedded protocol may be converted to a consumer group (upgrade), back "
       "(downgrade), both (bidirectional) or neither (disabled). Empty groups convert either way.",
       OneOf(("disabled", "upgrade", "downgrade", "bidirectional"), ignore_case=True), _GROUP),
    _S("group.consumer.regex.refresh.interval.ms", "int", 600000, "How often the topics matched by the "
       "regular expressions of consumer groups are refreshed, to see ACL changes: with an authorizer a "
       "regular expression resolves to the topics the member whose heartbeat resolves it may DESCRIBE. "
       "kaflite resolves a group's expressions again at its first heartbeat after this interval, and "
       "also at its next heartbeat after any topic is created, deleted or grown, so new topics never "
       "wait for the interval. Kafka requires at least 10000; kaflite accepts 0 (every heartbeat).",
       Range(0, INT_MAX), _GROUP),
    # KIP-932 share groups (Kafka's GroupCoordinatorConfig and ShareGroupConfig; SA-CFG-1, SA-CFG-4)
    _S("group.share.session.timeout.ms", "int", 45000, "The timeout to detect client failures when using the "
       "share group protocol (a group's share.session.timeout.ms overrides it).", Range(1, INT_MAX), _SHARE),
    _S("group.share.min.session.timeout.ms", "int", 100, "The minimum allowed session timeout for share group "
       "members. kaflite defaults to 100 so tests can use short timeouts; Kafka's default is 45000.",
       Range(1, INT_MAX), _SHARE, kafka_default=45000),
    _S("group.share.max.session.timeout.ms", "int", 60000, "The maximum allowed session timeout for share "
       "group members.", Range(1, INT_MAX), _SHARE),
    _S("group.share.heartbeat.interval.ms", "int", 5000, "The heartbeat interval given to the members of a "
       "share group (a group's share.heartbeat.interval.ms overrides it).", Range(1, INT_MAX), _SHARE),
    _S("group.share.min.heartbeat.interval.ms", "int", 100, "The minimum heartbeat interval for share group "
       "members. kaflite defaults to 100 so tests converge fast; Kafka's default is 5000.", Range(1, INT_MAX),
       _SHARE, kafka_default=5000),
    _S("group.share.max.heartbeat.interval.ms", "int", 15000, "The maximum heartbeat interval for share "
       "group members.", Range(1, INT_MAX), _SHARE),
    _S("group.share.max.size", "int", 200, "The maximum number of members that a single share group can "
       "accommodate.", Range(1, 1000), _SHARE),
    _S("group.share.assignors", "list", ("simple",), "The server-side assignor of share groups: exactly one, "
       "Kafka's simple assignor.", ListOf(("simple",)), _SHARE),
    _S("group.share.delivery.count.limit", "int", 5, "The maximum number of delivery attempts for a record "
       "delivered to a share group; after it the record is archived.", Range(2, 10), _SHARE),
    _S("group.share.record.lock.duration.ms", "int", 30000, "The record acquisition lock duration of share "
       "groups (a group's share.record.lock.duration.ms overrides it). Kafka's floor is 1000; kaflite's 100.",
       Range(100, 3600000), _SHARE),
    _S("group.share.min.record.lock.duration.ms", "int", 100, "The minimum record acquisition lock duration "
       "(the floor of a group's share.record.lock.duration.ms). kaflite defaults to 100 so lock-expiry tests "
       "take well under a second; Kafka's default is 15000 (range 1000-30000).", Range(100, 30000), _SHARE,
       kafka_default=15000),
    _S("group.share.max.record.lock.duration.ms", "int", 60000, "The maximum record acquisition lock "
       "duration.", Range(30000, 3600000), _SHARE),
    _S("group.share.partition.max.record.locks", "int", 2000, "The maximum number of records that may be in "
       "flight (acquired or waiting for redelivery) in one share partition. Kafka's floor is 100; kaflite "
       "accepts 1.", Range(1, 10000), _SHARE),
    _S("group.share.max.share.sessions", "int", 2000, "The maximum number of share sessions per broker.",
       Range(1, INT_MAX), _SHARE),
    _S("group.share.initialize.retry.interval.ms", "int", 30000, "Time before a share partition whose "
       "initialization did not complete is initialized again.", Range(0, INT_MAX), _SHARE),
    _S("share.coordinator.state.topic.num.partitions", "int", 50, "Partitions of __share_group_state when "
       "it is created; an existing topic keeps its own count.", Range(1, INT_MAX), _SHARE),
    _S("share.coordinator.state.topic.replication.factor", "short", 1, "Replication factor of "
       "__share_group_state. kaflite is a single node, so only 1 is accepted (Kafka's default of 3 leaves a "
       "one-broker Kafka without share groups).", OneOf((1,), why="kaflite is a single node"), _SHARE,
       kafka_default=3),
    _S("share.coordinator.state.topic.min.isr", "short", 1, "min.insync.replicas of __share_group_state; "
       "only 1 on a single node.", OneOf((1,), why="kaflite is a single node"), _SHARE, kafka_default=2),
    _S("share.coordinator.state.topic.segment.bytes", "int", 104857600, "Segment size of "
       "__share_group_state.", Range(1, INT_MAX), _SHARE),
    _S("share.coordinator.snapshot.update.records.per.snapshot", "int", 500, "The number of ShareUpdate "
       "records of a share partition between two ShareSnapshot records (0: always a snapshot).",
       Range(0, INT_MAX), _SHARE),
    # Transaction coordinator (Kafka's TransactionStateManagerConfig, TransactionLogConfig; TX-CFG-1)
    _S("transaction.max.timeout.ms", "int", 900000, "The maximum transaction.timeout.ms a producer may "
       "ask for; InitProducerId with a larger one answers INVALID_TRANSACTION_TIMEOUT.",
       Range(1, INT_MAX), _TXN),
    _S("transactional.id.expiration.ms", "int", 604800000, "How long a transactional id may stay idle "
       "(no transaction started) before the coordinator forgets it (a tombstone in __transaction_state).",
       Range(1, INT_MAX), _TXN),
    _S("transaction.abort.timed.out.transaction.cleanup.interval.ms", "int", 10000, "How often open "
       "transactions past their transaction.timeout.ms are aborted (their producer epoch bumped). A dev "
       "broker may set 100 so timeout tests take well under a second (TX-CFG-2).",
       Range(1, INT_MAX), _TXN),
    _S("transaction.remove.expired.transaction.cleanup.interval.ms", "int", 3600000, "How often "
       "transactional ids idle past transactional.id.expiration.ms are removed.", Range(1, INT_MAX), _TXN),
    _S("transaction.state.log.num.partitions", "int", 50, "Partitions of __transaction_state when it is "
       "created; an existing topic keeps its own count (transactional ids hash over it, as in Kafka).",
       Range(1, INT_MAX), _TXN),
    _S("transaction.state.log.replication.factor", "short", 1, "Replication factor of __transaction_state. "
       "kaflite is a single node, so only 1 is accepted.", OneOf((1,), why="kaflite is a single node"), _TXN,
       kafka_default=3),
    _S("transaction.state.log.min.isr", "int", 1, "min.insync.replicas of __transaction_state. kaflite is a "
       "single node, so only 1 is accepted.", OneOf((1,), why="kaflite is a single node"), _TXN,
       kafka_default=2),
    _S("transaction.state.log.segment.bytes", "int", 104857600, "Segment size of __transaction_state, "
       "kept small for fast compaction and loading; created with preallocate=true, as __consumer_offsets.",
       Range(1, INT_MAX), _TXN),
    _S("transaction.partition.verification.enable", "boolean", True, "Produce of a transactional batch "
       "is refused unless its partition was added to the producer's ongoing transaction (KIP-890 part 1, "
       "answered by the coordinator in-process).", None, _TXN),
    # Listeners and TLS (issue 16)
    _S("listeners", "string", "", "Kafka's listeners: comma-separated NAME://host:port, several at once "
       "(e.g. PLAINTEXT://127.0.0.1:9092,SSL://127.0.0.1:9093); a name is a security protocol or a name "
       "mapped in listener.security.protocol.map; port 0 picks a free one. When unset, host and port are "
       "the one PLAINTEXT listener.", None, _SEC, kafka_default="PLAINTEXT://:9092",
       default_text="*PLAINTEXT://host:port*"),
    _S("advertised.listeners", "string", "", "The address of each listener clients are told to connect "
       "to (Metadata, FindCoordinator, DescribeCluster answer with the one the client came in on); a "
       "listener not named here advertises its own address (advertised.host when host/port are used).",
       None, _SEC, kafka_default=None, default_text="*same as listeners*"),
    _S("listener.security.protocol.map", "string",
       "PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL",
       "Listener name to security protocol: PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL (TLS, then SASL).",
       None, _SEC),
    _S("ssl.keystore.type", "string", "PEM", "Format of the key store; kaflite reads PEM only "
       "(ssl.keystore.certificate.chain + ssl.keystore.key, or ssl.keystore.location).",
       OneOf(("PEM",), ignore_case=True, why="kaflite reads PEM only"), _SEC, kafka_default="JKS"),
    _S("ssl.keystore.location", "string", "", "A PEM file with the server's private key and its "
       "certificate chain.", None, _SEC, kafka_default=None),
    _S("ssl.keystore.certificate.chain", "string", "", "The server's certificate chain in PEM, inline.",
       None, _SEC, kafka_default=None),
    _S("ssl.keystore.key", "string", "", "The server's private key in PEM, inline (encrypted keys need "
       "ssl.key.password).", None, _SEC, kafka_default=None),
    _S("ssl.key.password", "string", "", "Password of the private key, when it is encrypted.", None, _SEC,
       kafka_default=None),
    _S("ssl.truststore.type", "string", "PEM", "Format of the trust store; kaflite reads PEM only.",
       OneOf(("PEM",), ignore_case=True, why="kaflite reads PEM only"), _SEC, kafka_default="JKS"),
    _S("ssl.truststore.location", "string", "", "A PEM file of the CA certificates that client "
       "certificates are verified against (mutual TLS).", None, _SEC, kafka_default=None),
    _S("ssl.truststore.certificates", "string", "", "CA certificates in PEM, inline (as "
       "ssl.truststore.location).", None, _SEC, kafka_default=None),
    _S("ssl.client.auth", "string", "none", "Mutual TLS on SSL listeners: required (a client without a "
       "trusted certificate is refused), requested (verified when given) or none.",
       OneOf(("none", "requested", "required"), ignore_case=True), _SEC),
    _S("ssl.principal.mapping.rules", "string", "DEFAULT", "How a client certificate's subject becomes "
       "the connection's principal (User:<name>): comma-separated DEFAULT (the distinguished name, RFC 2253) "
       "and RULE:pattern/replacement/[LU] rules, the first that applies wins, as Kafka's SslPrincipalMapper.",
       None, _SEC),
    # Authorization (issue 16): ACLs kept in the cluster-metadata log, checked once per request (docs/security.md)
    _S("authorizer.class.name", "string", "", "Turns ACLs on: Kafka's StandardAuthorizer (ACLs created with "
       "CreateAcls, kept in the data directory's cluster-metadata log, checked on every request). Empty: no "
       "authorization, and the ACL APIs answer SECURITY_DISABLED, as Kafka.",
       OneOf(AUTHORIZERS, why="kaflite implements Kafka's StandardAuthorizer; AclAuthorizer is its alias, "
             "empty = no authorization"), _ACL),
    _S("super.users", "string", "", "Principals allowed everything whatever the ACLs, separated by ';' (e.g. "
       "User:admin;User:CN=ops,O=example).", None, _ACL),
    _S("allow.everyone.if.no.acl.found", "boolean", False, "With an authorizer: whether a resource no ACL "
       "covers is open to everyone (true) or to super users only (false, Kafka's default).", None, _ACL),
    # SASL (issue 16): SASL_PLAINTEXT and SASL_SSL listeners; per-listener overrides are Kafka's
    # listener.name.<listener>.<setting> (and listener.name.<listener>.<mechanism>.sasl.jaas.config).
    _S("sasl.enabled.mechanisms", "list", ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"), "The SASL mechanisms "
       "SASL listeners offer: PLAIN (users from the PlainLoginModule's user_NAME options in sasl.jaas.config), "
       "SCRAM-SHA-256 and SCRAM-SHA-512 (users from AlterUserScramCredentials, kept in the data dir) and "
       "OAUTHBEARER (unsecured JWTs, for development only: off unless listed). GSSAPI (Kafka's default) is "
       "not supported and refused at start.", None, _SASL, kafka_default="GSSAPI"),
    _S("sasl.jaas.config", "string", "", "JAAS configuration of the SASL login modules, as Kafka's "
       "(org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-secret\";). "
       "Kafka reads it per listener and mechanism (listener.name.<listener>.<mechanism>.sasl.jaas.config, "
       "which kaflite reads first); kaflite also takes it unprefixed, for every SASL listener.", None, _SASL,
       kafka_default=None),
    _S("connections.max.reauth.ms", "long", 0, "KIP-368: the longest a SASL session lasts before the client "
       "must re-authenticate (told to it in SaslAuthenticate v1+); a request after expiry that is not a "
       "re-authentication closes the connection. 0 = sessions do not expire (OAUTHBEARER's still end with "
       "their token).", Range(0, LONG_MAX), _SASL),
    _S("connection.failed.authentication.delay.ms", "int", 100, "How long a connection whose SASL "
       "authentication failed stays open after the failure's answer, as in Kafka: the client reads the answer "
       "(its authentication error) before the close, and a client retrying in a loop is slowed down.",
       Range(0, INT_MAX), _SASL),
    _S("sasl.server.max.receive.size", "int", 524288, "The largest frame a client may send before it is "
       "authenticated; a larger one closes the connection.", Range(1, INT_MAX), _SASL),
    # Operations
    _S("shutdown.timeout.ms", "long", 5000, "On SIGTERM/SIGINT, how long in-flight requests may take "
       "to finish before connections are closed.", Range(0, LONG_MAX), _OPS, kafka_default=None),
    _S("log.format", "string", "console", "Log output: console (for humans), rich (console with rich's "
       "tracebacks; needs rich installed) or json (one object per line).",
       OneOf(("console", "rich", "json"), ignore_case=True), _OPS, kafka_default=None),
    _S("log.level", "string", "INFO", "Minimum level of log output.",
       OneOf(("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"), ignore_case=True), _OPS,
       kafka_default=None),
    _S("admin.port", "int", -1, "Port of the admin HTTP endpoint on 127.0.0.1 (group snapshots, "
       "waits, fault injection for test harnesses in any language; see docs/testing.md); 0 picks a "
       "free port, -1 = off.", Range(-1, 65535), _OPS, kafka_default=None),
    _S("admin.faults.enable", "boolean", True, "Whether the admin endpoint injects faults: when false, "
       "every POST /faults/* and /reset answers 403 and the web console is read-only (no fault "
       "buttons). On by default for test harnesses; turn it off on a broker others share.", None, _OPS,
       kafka_default=None),
)

SYNONYMS: tuple[Synonym, ...] = (
    Synonym("log.roll.hours", "log.roll.ms", 3_600_000, 2,
            "log.roll.ms in hours; used only when log.roll.ms is not set.", Range(1, INT_MAX)),
    Synonym("log.retention.minutes", "log.retention.ms", 60_000, 1,
            "log.retention.ms in minutes; used when log.retention.ms is not set; -1 = no limit.",
            Range(-1, INT_MAX)),
    Synonym("log.retention.hours", "log.retention.ms", 3_600_000, 2,
            "log.retention.ms in hours; used when neither log.retention.ms nor "
            "log.retention.minutes is set; -1 = no limit.", Range(-1, INT_MAX)),
)

SETTINGS_BY_NAME: Mapping[str, Setting] = MappingProxyType({s.name: s for s in SETTINGS})
SYNONYMS_BY_NAME: Mapping[str, Synonym] = MappingProxyType({s.name: s for s in SYNONYMS})
KNOWN_NAMES: frozenset[str] = frozenset(SETTINGS_BY_NAME) | frozenset(SYNONYMS_BY_NAME)

# The broker settings that can change while kaflite runs (AlterConfigs on the BROKER resource), as
# in Kafka's DynamicLogConfig: the defaults of topic configs, in any of their spellings. A change
# reaches every topic that does not override the config.
DYNAMIC_NAMES: frozenset[str] = frozenset(
    {s.name for s in SETTINGS if s.topic_config is not None} | set(SYNONYMS_BY_NAME))


def family(name: str) -> tuple[str, ...]:
    """A setting and its unit spellings in Kafka's precedence order (``log.retention.ms``,
    ``.minutes``, ``.hours``); a spelling alone is its own family."""
    syns = sorted((s for s in SYNONYMS if s.target == name), key=lambda s: s.rank)
    return (name, *(s.name for s in syns))


def canonical_dynamic(name: str, raw: str) -> str:
    """A dynamic setting's value checked as at startup (type, range, choices) and in Kafka's text
    form; raises ConfigError naming the setting."""
    setting: Setting | Synonym = SETTINGS_BY_NAME[name] if name in SETTINGS_BY_NAME else SYNONYMS_BY_NAME[name]
    return to_text(parse_value(setting, raw, "a dynamic broker config"))


def _env_table() -> Mapping[str, str]:
    """``KAFLITE_LOG_RETENTION_MS`` → ``log.retention.ms``, refusing ambiguous spellings.

    Dots and underscores both become ``_`` in a variable name, so the name is recovered by
    looking it up among the known names rather than by guessing where the dots were.
    """
    table: dict[str, str] = {}
    for name in sorted(KNOWN_NAMES):
        var = ENV_PREFIX + name.upper().replace(".", "_")
        if var in table:
            raise AssertionError(f"{name} and {table[var]} share the variable {var}")
        table[var] = name
    return MappingProxyType(table)


ENV_NAMES: Mapping[str, str] = _env_table()

#: ``KAFLITE_*`` variables that kaflite's own tools read, not broker settings: the broker accepts
#: them silently (a shell that exported one for ``kaflite ctl`` must still start the broker).
TOOL_VARIABLES: Mapping[str, str] = MappingProxyType({
    "KAFLITE_ADMIN": "the admin endpoint (`HOST:PORT`) that `kaflite ctl` drives, instead of `--admin`",
    "KAFLITE_SPARK_MASTER": "the Spark master `kaflite analyze` uses when not given `--master` "
                            "(default `local[*]`)",
})
if not TOOL_VARIABLES.keys().isdisjoint(ENV_NAMES):
    raise AssertionError(f"a tool variable shadows a setting: {set(TOOL_VARIABLES) & set(ENV_NAMES)}")


def unknown_env_warning(var: str) -> str:
    """The warning for a ``KAFLITE_*`` variable that is neither a setting nor a tool's: it names the
    variable and the closest known one (a typo must not pass silently, nor stop the broker)."""
    close = difflib.get_close_matches(var, sorted([*ENV_NAMES, *TOOL_VARIABLES]), n=1)
    hint = f"; did you mean {close[0]}?" if close else ""
    return (f"ignoring the environment variable {var}: no such setting (settings are {ENV_PREFIX}<NAME> "
            f"with dots as underscores, e.g. {ENV_PREFIX}LOG_RETENTION_MS){hint}")

def validate(setting: Setting | Synonym, value: Any, origin: str = "") -> Any:
    """Apply the validator; returns the canonical value or raises ConfigError naming the setting."""
    validator = setting.validator
    if isinstance(validator, OneOf):
        value = validator.canonical(value)
    if validator is not None:
        problem = validator.check(value)
        if problem:
            where = f" (from {origin})" if origin else ""
            raise ConfigError(setting.name, f"invalid value {to_text(value)!r}{where}: {problem}")
    return value


def parse_value(setting: Setting | Synonym, raw: object, origin: str) -> Any:
    """Raw text (or a Python value from code) → validated typed value."""
    type_ = setting.type if isinstance(setting, Setting) else "int"
    try:
        value = parse_text(type_, raw) if isinstance(raw, str) else check_typed(type_, raw)
    except ValueError as exc:
        raise ConfigError(setting.name, f"invalid value {to_text(raw)!r} (from {origin}): {exc}") from None
    return validate(setting, value, origin)
