"""The one frozen broker configuration, spoken in Kafka's config names and defaults.

Why Kafka's names: people arrive with a ``server.properties`` and ``--override`` habits, and
DescribeConfigs answers must look like a real broker's. Every setting lives in ``SETTINGS``
(name, type, default, validator, doc); that table drives parsing, validation, DescribeConfigs,
the topic defaults handed to storage, and ``docs/configuration.md`` (see ``render_markdown``).

Sources, highest first: command line (``--override name=value`` and the dedicated flags) >
environment (``KAFLITE_<NAME>``) > properties file (``--config FILE``) > defaults.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from kaflite.config_values import (
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
from kaflite.listeners import check_listeners
from kaflite.properties import iter_properties, parse_properties, read_text

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
_OPS = "Operations"
_SEC = "Listeners and TLS"
_ACL = "Authorization (ACLs)"
#: `authorizer.class.name` values kaflite accepts: Kafka's KRaft authorizer, and the ZooKeeper-era name as an
#: alias (the same ACL semantics; a configuration carried over from an older cluster keeps working).
STANDARD_AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer"
AUTHORIZERS = ("", STANDARD_AUTHORIZER, "kafka.security.authorizer.AclAuthorizer")
_SASL = "SASL"

SETTINGS: tuple[Setting, ...] = (
    # Node and network
    _S("node.id", "int", 1, "The id of this broker, returned in Metadata and FindCoordinator.",
       Range(0, INT_MAX), _NODE, kafka_default=None),
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
    _S("group.coordinator.rebalance.protocols", "list", ("classic", "consumer"), "The enabled rebalance "
       "protocols: classic (JoinGroup/SyncGroup) and consumer (KIP-848 ConsumerGroupHeartbeat). Without "
       "consumer, ConsumerGroupHeartbeat and ConsumerGroupDescribe are not advertised and answer "
       "UNSUPPORTED_VERSION, as in Kafka; classic cannot be disabled. Kafka also knows share and streams "
       "groups, which kaflite does not serve.", RebalanceProtocols(), _GROUP),
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
    return to_text(_parse_value(setting, raw, "a dynamic broker config"))


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

def _validate(setting: Setting | Synonym, value: Any, origin: str = "") -> Any:
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


def _parse_value(setting: Setting | Synonym, raw: object, origin: str) -> Any:
    """Raw text (or a Python value from code) → validated typed value."""
    type_ = setting.type if isinstance(setting, Setting) else "int"
    try:
        value = parse_text(type_, raw) if isinstance(raw, str) else check_typed(type_, raw)
    except ValueError as exc:
        raise ConfigError(setting.name, f"invalid value {to_text(raw)!r} (from {origin}): {exc}") from None
    return _validate(setting, value, origin)


# --------------------------------------------------------------------------------------------
# The config object.
# --------------------------------------------------------------------------------------------


LISTENER_PREFIX = "listener.name."


def canonical_prefixed(name: str, origin: str) -> str:
    """``listener.name.<listener>.<setting>`` with the listener name lower-cased (Kafka's ListenerName prefix);
    refuses a name without a setting after the listener."""
    listener, dot, rest = name[len(LISTENER_PREFIX):].partition(".")
    if not listener or not dot or not rest:
        raise ConfigError(name, f"expected listener.name.<listener>.<setting> (from {origin})")
    return f"{LISTENER_PREFIX}{listener.lower()}.{rest}"


def _unknown(name: str, origin: str) -> ConfigError:
    close = difflib.get_close_matches(name, sorted(KNOWN_NAMES), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return ConfigError(name, f"unknown setting (from {origin}){hint}")


@dataclass(frozen=True, slots=True)
class KafliteConfig:
    """Every broker setting, validated; attribute = Kafka name with dots turned into underscores.

    Build it with ``KafliteConfig.load(...)`` (CLI > env > file > defaults) or directly with
    keyword arguments in tests; both paths validate. ``sources`` says where each value came from.
    """

    node_id: int = 1
    host: str = "127.0.0.1"
    port: int = 9092
    advertised_host: str = ""  # "" = same as host; resolved in __post_init__
    socket_request_max_bytes: int = 104857600
    connections_max_idle_ms: int = 600000
    queued_max_requests: int = 500
    queued_max_response_bytes: int = 104857600
    log_dirs: str = "./kaflite-data"
    num_partitions: int = 1
    default_replication_factor: int = 1
    auto_create_topics_enable: bool = True
    message_max_bytes: int = 1048588
    log_segment_bytes: int = 1073741824
    log_roll_ms: int = 604800000
    log_retention_ms: int = 604800000
    log_retention_bytes: int = -1
    log_retention_check_interval_ms: int = 300000
    log_index_interval_bytes: int = 4096
    log_index_size_max_bytes: int = 10485760
    log_flush_interval_messages: int = LONG_MAX
    log_flush_interval_ms: int = 1000
    log_preallocate: bool = False
    log_cleanup_policy: tuple[str, ...] = ("delete",)
    log_message_timestamp_type: str = "CreateTime"
    compression_type: str = "producer"
    log_cleaner_enable: bool = True
    log_cleaner_delete_retention_ms: int = 86400000
    log_cleaner_min_cleanable_ratio: float = 0.5
    log_cleaner_backoff_ms: int = 15000
    group_initial_rebalance_delay_ms: int = 0
    group_min_session_timeout_ms: int = 100
    group_max_session_timeout_ms: int = 1800000
    group_max_size: int = 2147483647
    offsets_retention_minutes: int = 10080
    offsets_retention_check_interval_ms: int = 600000
    offsets_topic_num_partitions: int = 50
    offsets_topic_replication_factor: int = 1
    offsets_topic_segment_bytes: int = 104857600
    offsets_commit_timeout_ms: int = 5000
    offsets_commit_fsync_enable: bool = True
    offset_metadata_max_bytes: int = 4096
    group_coordinator_rebalance_protocols: tuple[str, ...] = ("classic", "consumer")
    group_consumer_session_timeout_ms: int = 45000
    group_consumer_min_session_timeout_ms: int = 100
    group_consumer_max_session_timeout_ms: int = 60000
    group_consumer_heartbeat_interval_ms: int = 5000
    group_consumer_min_heartbeat_interval_ms: int = 100
    group_consumer_max_heartbeat_interval_ms: int = 15000
    group_consumer_max_size: int = INT_MAX
    group_consumer_assignors: tuple[str, ...] = ("uniform", "range")
    group_consumer_migration_policy: str = "bidirectional"
    group_consumer_regex_refresh_interval_ms: int = 600000
    transaction_max_timeout_ms: int = 900000
    transactional_id_expiration_ms: int = 604800000
    transaction_abort_timed_out_transaction_cleanup_interval_ms: int = 10000
    transaction_remove_expired_transaction_cleanup_interval_ms: int = 3600000
    transaction_state_log_num_partitions: int = 50
    transaction_state_log_replication_factor: int = 1
    transaction_state_log_min_isr: int = 1
    transaction_state_log_segment_bytes: int = 104857600
    transaction_partition_verification_enable: bool = True
    listeners: str = ""
    advertised_listeners: str = ""
    listener_security_protocol_map: str = "PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL"
    ssl_keystore_type: str = "PEM"
    ssl_keystore_location: str = ""
    ssl_keystore_certificate_chain: str = ""
    ssl_keystore_key: str = ""
    ssl_key_password: str = ""
    ssl_truststore_type: str = "PEM"
    ssl_truststore_location: str = ""
    ssl_truststore_certificates: str = ""
    ssl_client_auth: str = "none"
    ssl_principal_mapping_rules: str = "DEFAULT"
    authorizer_class_name: str = ""
    super_users: str = ""
    allow_everyone_if_no_acl_found: bool = False
    sasl_enabled_mechanisms: tuple[str, ...] = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")
    sasl_jaas_config: str = ""
    connections_max_reauth_ms: int = 0
    connection_failed_authentication_delay_ms: int = 100
    sasl_server_max_receive_size: int = 524288
    shutdown_timeout_ms: int = 5000
    log_format: str = "console"
    log_level: str = "INFO"
    admin_port: int = -1
    admin_faults_enable: bool = True
    # name → "default" | "file <path>:<line>" | "env KAFLITE_X" | "cli"; missing means default.
    sources: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), compare=False,
                                       repr=False)
    # Kafka's per-listener settings, ``listener.name.<listener>.<setting>`` → value (listener names lower-cased
    # as Kafka's prefix spells them): read by kaflite.listeners for the listener they name.
    listener_prefixed: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    # What loading ignored but someone should hear about (unknown KAFLITE_* variables), one line each.
    warnings: tuple[str, ...] = field(default=(), compare=False, repr=False)

    SETTINGS: ClassVar[tuple[Setting, ...]] = SETTINGS

    def __post_init__(self) -> None:
        """Validate every value, so hand-built configs obey the same rules as loaded ones."""
        for setting in SETTINGS:
            value = getattr(self, setting.attr)
            try:
                value = check_typed(setting.type, value)
            except ValueError as exc:
                raise ConfigError(setting.name, f"invalid value {value!r}: {exc}") from None
            value = _validate(setting, value)
            object.__setattr__(self, setting.attr, value)
        if self.advertised_host == "":
            object.__setattr__(self, "advertised_host", self.host)
        if not isinstance(self.sources, MappingProxyType):
            object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))
        if not isinstance(self.listener_prefixed, MappingProxyType):
            object.__setattr__(self, "listener_prefixed", MappingProxyType(
                {canonical_prefixed(k, "listener_prefixed"): str(v) for k, v in self.listener_prefixed.items()}))
        if self.group_min_session_timeout_ms > self.group_max_session_timeout_ms:
            raise ConfigError(
                "group.min.session.timeout.ms",
                f"{self.group_min_session_timeout_ms} is larger than group.max.session.timeout.ms "
                f"({self.group_max_session_timeout_ms})",
            )
        self._check_consumer_group_bounds()
        check_listeners(self)

    def _check_consumer_group_bounds(self) -> None:
        """Kafka's GroupCoordinatorConfig constructor checks, in its order and with its messages: a
        broker that would hand out a heartbeat interval outside its own bounds must not start."""
        if "classic" not in self.group_coordinator_rebalance_protocols:
            raise ConfigError("group.coordinator.rebalance.protocols",
                              "Disabling the 'classic' protocol is not supported.")
        hb, session = self.group_consumer_heartbeat_interval_ms, self.group_consumer_session_timeout_ms
        checks = (
            (self.group_consumer_max_heartbeat_interval_ms >= self.group_consumer_min_heartbeat_interval_ms,
             "group.consumer.max.heartbeat.interval.ms", "greater than or equal to",
             "group.consumer.min.heartbeat.interval.ms"),
            (hb >= self.group_consumer_min_heartbeat_interval_ms, "group.consumer.heartbeat.interval.ms",
             "greater than or equal to", "group.consumer.min.heartbeat.interval.ms"),
            (hb <= self.group_consumer_max_heartbeat_interval_ms, "group.consumer.heartbeat.interval.ms",
             "less than or equal to", "group.consumer.max.heartbeat.interval.ms"),
            (self.group_consumer_max_session_timeout_ms >= self.group_consumer_min_session_timeout_ms,
             "group.consumer.max.session.timeout.ms", "greater than or equal to",
             "group.consumer.min.session.timeout.ms"),
            (session >= self.group_consumer_min_session_timeout_ms, "group.consumer.session.timeout.ms",
             "greater than or equal to", "group.consumer.min.session.timeout.ms"),
            (session <= self.group_consumer_max_session_timeout_ms, "group.consumer.session.timeout.ms",
             "less than or equal to", "group.consumer.max.session.timeout.ms"),
            (hb < session, "group.consumer.heartbeat.interval.ms", "less than", "group.consumer.session.timeout.ms"),
        )
        for ok, name, relation, other in checks:
            if not ok:
                raise ConfigError(name, f"{name} must be {relation} {other}")

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def load(
        cls,
        argv_overrides: Mapping[str, object] | None = None,
        env: Mapping[str, str] | None = None,
        config_file: Path | str | None = None,
    ) -> KafliteConfig:
        """Merge the sources (CLI > env > file > defaults) and validate; raises ConfigError.

        ``argv_overrides`` maps Kafka names to text (or typed values from code); ``env`` defaults
        to ``os.environ`` and only its ``KAFLITE_*`` variables are read (empty ones are ignored;
        tools' variables are skipped; unknown ones are skipped with a line in ``warnings``).
        """
        layers: list[list[tuple[str, object, str]]] = []  # lowest precedence first
        if config_file is not None:
            path = Path(config_file)
            try:
                text = read_text(path)
            except OSError as exc:
                raise ConfigError("--config", f"cannot read {path}: {exc.strerror or exc}") from None
            layers.append([(k, v, f"file {path}:{line}") for k, v, line in iter_properties(text)])
        environ = os.environ if env is None else env
        env_layer: list[tuple[str, object, str]] = []
        warnings: list[str] = []
        for var, value in sorted(environ.items()):
            if not var.startswith(ENV_PREFIX) or value == "" or var in TOOL_VARIABLES:
                continue
            if var not in ENV_NAMES:
                warnings.append(unknown_env_warning(var))
                continue
            env_layer.append((ENV_NAMES[var], value, f"env {var}"))
        layers.append(env_layer)
        layers.append([(str(k), v, "cli") for k, v in (argv_overrides or {}).items()])

        # Later layers overwrite earlier ones. Unit synonyms (log.retention.hours, ...) are
        # grouped with their ms setting: the highest source that sets any spelling decides,
        # and inside that source Kafka's order applies (ms > minutes > hours).
        chosen: dict[str, tuple[Any, str]] = {}
        prefixed: dict[str, str] = {}
        for layer in layers:
            family: dict[str, tuple[int, Any, str, str]] = {}
            for name, raw, origin in layer:
                if name in SETTINGS_BY_NAME:
                    setting = SETTINGS_BY_NAME[name]
                    value = _parse_value(setting, raw, origin)
                    if setting.name in ("log.roll.ms", "log.retention.ms"):
                        family[name] = (0, value, origin, name)
                    else:
                        chosen[name] = (value, origin)
                elif name in SYNONYMS_BY_NAME:
                    syn = SYNONYMS_BY_NAME[name]
                    value = _parse_value(syn, raw, origin)
                    ms = -1 if value < 0 else value * syn.factor
                    previous = family.get(syn.target)
                    if previous is None or syn.rank <= previous[0]:
                        family[syn.target] = (syn.rank, ms, f"{origin} ({name})", name)
                elif name.startswith(LISTENER_PREFIX):
                    prefixed[canonical_prefixed(name, origin)] = str(raw)
                else:
                    raise _unknown(name, origin)
            for target, (_, value, origin, _name) in family.items():
                chosen[target] = (_validate(SETTINGS_BY_NAME[target], value, origin), origin)

        kwargs: dict[str, Any] = {SETTINGS_BY_NAME[n].attr: v for n, (v, _) in chosen.items()}
        sources = {n: origin for n, (_, origin) in chosen.items()}
        return cls(**kwargs, sources=sources, warnings=tuple(warnings), listener_prefixed=prefixed)

    # -- reading -------------------------------------------------------------------------------

    @property
    def data_dir(self) -> Path:
        """``log.dirs`` as a Path, for the storage layer."""
        return Path(self.log_dirs)

    def value_of(self, name: str) -> Any:
        """The typed value of a setting by its Kafka name."""
        if name not in SETTINGS_BY_NAME:
            raise _unknown(name, "value_of")
        return getattr(self, SETTINGS_BY_NAME[name].attr)

    def source_of(self, name: str) -> str:
        """Where a setting's value came from: ``default``, ``cli``, ``env VAR`` or ``file PATH:LINE``."""
        return self.sources.get(name, SOURCE_DEFAULT)

    def is_default(self, name: str) -> bool:
        return name not in self.sources

    def topic_log_defaults(self, dynamic: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, str]:
        """Broker-level log settings under their Kafka TOPIC config names (``segment.bytes``, ...).

        Storage merges a topic's own configs over these, as Kafka's LogConfig does. ``dynamic`` maps
        a BROKER resource name (this node's id, or ``""`` for the cluster default) to the dynamic
        configs set on it: as in Kafka, this node's beat the cluster default, which beat the static
        settings; inside one level the most precise spelling of a setting wins.
        """
        levels = [(dynamic or {}).get(str(self.node_id), {}), (dynamic or {}).get("", {})]
        out = {}
        for s in SETTINGS:
            if s.topic_config is None:
                continue
            value = to_text(getattr(self, s.attr))
            found = next(((n, level[n]) for level in levels for n in family(s.name) if n in level), None)
            if found is not None:
                name, text = found
                syn = SYNONYMS_BY_NAME.get(name)
                value = text if syn is None else str(-1 if int(text) < 0 else int(text) * syn.factor)
            out[s.topic_config] = value
        return out

    def describe(self) -> list[tuple[str, str, bool, str]]:
        """(name, value, is_default, doc) per setting, for DescribeConfigs on the broker resource."""
        return [
            (s.name, to_text(getattr(self, s.attr)), self.is_default(s.name), s.doc) for s in SETTINGS
        ]


def check_table() -> None:
    """The dataclass fields and the settings table must list the same settings, in order, with the same
    defaults. Run by tests/test_config.py, not at import: it is a check of this file, and every start
    paid for it (a millisecond)."""
    config_fields = {f.name: f for f in fields(KafliteConfig) if f.name not in ("sources", "warnings",
                                                                                  "listener_prefixed")}
    table = [s.attr for s in SETTINGS]
    if list(config_fields) != table:
        raise AssertionError(f"KafliteConfig fields and SETTINGS differ: {set(config_fields) ^ set(table)}")
    for s in SETTINGS:
        default = config_fields[s.attr].default
        if default != s.default:
            raise AssertionError(f"{s.name}: field default {default!r} != table default {s.default!r}")

# --------------------------------------------------------------------------------------------
# Documentation.
# --------------------------------------------------------------------------------------------


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _default_doc(s: Setting) -> str:
    if s.default_text is not None:
        return s.default_text
    return f"`{to_text(s.default)}`"


def render_markdown() -> str:
    """``docs/configuration.md``, generated from the table (a test keeps the file in sync)."""
    out: list[str] = [
        "# Configuration",
        "",
        "<!-- Generated by kaflite.config.render_markdown(); do not edit by hand.",
        "     Regenerate: python -m kaflite config --markdown > docs/configuration.md -->",
        "",
        "kaflite uses Kafka's broker config names and, where the meaning matches, Kafka's defaults.",
        "Every value can come from four places; the first one that sets it wins:",
        "",
        "1. **Command line**: `--override name=value` (repeatable, as with Kafka's",
        "   `kafka-server-start.sh`) and the dedicated flags `--host`, `--port`,",
        "   `--advertised-host`, `--node-id`, `--data-dir` (= `log.dirs`), `--log-format`,",
        "   `--log-level`. A dedicated flag wins over an `--override` of the same setting.",
        "2. **Environment**: `KAFLITE_` + the name upper-cased with dots as underscores, e.g.",
        "   `KAFLITE_LOG_RETENTION_MS=60000`, `KAFLITE_GROUP_INITIAL_REBALANCE_DELAY_MS=3000`.",
        "   Since dots and underscores both become `_`, the variable is matched against the",
        "   known names below (no two names share a variable). Empty variables are ignored.",
        "   An unknown `KAFLITE_*` variable is ignored with a warning line naming it and the",
        "   closest known variable (a typo is reported, an unrelated export never stops the",
        "   broker); the variables kaflite's own tools read are listed under",
        "   [Variables kaflite's tools read](#variables-kaflites-tools-read).",
        "3. **Properties file**: `--config server.properties`, in Java properties format",
        "   (`key=value` or `key: value`, `#`/`!` comments, `\\` line continuations).",
        "4. **Defaults** (below).",
        "",
        "Unknown names and invalid values stop the broker with a message naming the setting",
        "and the allowed values (`kaflite serve` exits with status 2). `kaflite config` prints",
        "the effective configuration and where each value came from.",
        "",
        "## Changing settings at runtime",
        "",
        "As in Kafka, the broker-level defaults of topic configs can be changed while kaflite runs,",
        "with an admin client's `incrementalAlterConfigs` / `alterConfigs` on the `BROKER` resource",
        "(this node's id, or `\"\"` for the cluster-wide default): "
        + ", ".join(f"`{n}`" for n in sorted(DYNAMIC_NAMES)) + ".",
        "A change reaches every topic that does not override the config, is kept in the data",
        "directory (`kaflite-broker-configs.json`) and beats the sources above until it is deleted.",
        "Every other setting is fixed at start-up: altering it answers `INVALID_REQUEST`, as Kafka",
        "answers for a config that cannot be updated dynamically. Topic configs themselves",
        "(`retention.ms`, `cleanup.policy`, ...) change per topic the same way, on the `TOPIC` resource.",
        "",
        "As in Kafka 4 (KIP-848), a consumer group can be given its own `consumer.session.timeout.ms` and",
        "`consumer.heartbeat.interval.ms` on the `GROUP` resource (the group need not exist yet). Unset,",
        "they are `group.consumer.session.timeout.ms` and `group.consumer.heartbeat.interval.ms`; a value",
        "outside `group.consumer.min/max.*`, or a session timeout not above the heartbeat interval, is",
        "refused with `INVALID_CONFIG`. They are kept in the data directory (`kaflite-group-configs.json`).",
        "",
        "## How kaflite's defaults differ from Kafka's",
        "",
        "| Setting | kaflite | Kafka | Why |",
        "|---|---|---|---|",
        "| `log.flush.interval.ms` | `1000` | unset (the OS page cache decides) | A single node has no "
        "replicas protecting acknowledged writes, so kaflite fsyncs at an interval. "
        "`log.flush.interval.messages=1` fsyncs every append. |",
        "| `group.initial.rebalance.delay.ms` | `0` | `3000` | Tests and local development should not "
        "wait 3 s for the first rebalance. "
        "Restore with `--override group.initial.rebalance.delay.ms=3000`. |",
        "| `group.min.session.timeout.ms` | `100` | `6000` | Lets tests use short `session.timeout.ms` "
        "values to exercise member expiry quickly. |",
        "| `group.consumer.min.session.timeout.ms` | `100` | `45000` | The same for KIP-848 consumer groups: "
        "a group's `consumer.session.timeout.ms` may be short, so tests see a member expire quickly. |",
        "| `group.consumer.min.heartbeat.interval.ms` | `100` | `5000` | Lets a group's "
        "`consumer.heartbeat.interval.ms` be short, so consumer groups converge fast in tests. |",
        "| `group.consumer.regex.refresh.interval.ms` | `600000`, `0` allowed | `600000`, at least "
        "`10000` | As in Kafka, a group's regex subscriptions are resolved off the heartbeat, at most every "
        "10 s, when one is new or the topics changed; the interval also re-resolves them for ACL changes, "
        "and `0` lets a test see an ACL change at the next resolution. |",
        "| `group.coordinator.rebalance.protocols` | `classic`, `consumer` only | also `share`, `streams` | "
        "kaflite serves classic and KIP-848 consumer groups only; a broker asked for more does not start. |",
        "| `log.dirs` | `./kaflite-data` | `/tmp/kafka-logs` | Data next to the project; exactly one "
        "directory. |",
        "| `default.replication.factor` | `1` only | `1` | kaflite is a single node. |",
        "| `offsets.topic.replication.factor`, `transaction.state.log.replication.factor` | `1` only | `3` | "
        "kaflite is a single node (a one-broker Kafka needs them set to 1 too). |",
        "| `transaction.state.log.min.isr` | `1` only | `2` | kaflite is a single node. |",
        "",
        "`host`, `port`, `advertised.host`, `queued.max.response.bytes`, `shutdown.timeout.ms`, `log.format` and "
        "`log.level`",
        "are kaflite's own settings (Kafka uses `listeners`/`advertised.listeners` and log4j).",
        "",
    ]
    sections: list[str] = []
    for s in SETTINGS:
        if s.section not in sections:
            sections.append(s.section)
    for section in sections:
        out += [f"## {section}", "", "| Name | Type | Default | Valid values | Description |",
                "|---|---|---|---|---|"]
        for s in SETTINGS:
            if s.section != section:
                continue
            valid = _md(s.validator.describe()) if s.validator is not None else ""
            if s.type == "boolean":
                valid = "true, false"
            doc = s.doc
            if s.topic_config:
                doc += f" Topic-level config: `{s.topic_config}`."
            doc += f" Env: `{s.env_var}`."
            out.append(f"| `{s.name}` | {s.type} | {_default_doc(s)} | {valid} | {_md(doc)} |")
        out.append("")
    out += [
        "## Alternative units",
        "",
        "As in Kafka, the time-based log settings can also be given in other units. Inside one",
        "source the most precise spelling wins (`ms` > `minutes` > `hours`); across sources the",
        "usual order applies to the setting as a whole, so `--override log.retention.hours=1` beats",
        "`log.retention.ms` in the properties file.",
        "",
        "| Name | Type | Valid values | Description |",
        "|---|---|---|---|",
    ]
    for syn in SYNONYMS:
        out.append(f"| `{syn.name}` | int | {_md(syn.validator.describe())} | "
                   f"{_md(syn.doc)} Env: `{syn.env_var}`. |")
    out += [
        "",
        "## Variables kaflite's tools read",
        "",
        "These `KAFLITE_*` variables are not broker settings: the broker ignores them without a",
        "warning, so a shell that exports one for a tool still starts the broker.",
        "",
        "| Variable | Read by |",
        "|---|---|",
    ]
    out += [f"| `{var}` | {what} |" for var, what in TOOL_VARIABLES.items()]
    out.append("")
    return "\n".join(out)


# Keep the names a caller might look up in one place.
__all__ = [
    "DYNAMIC_NAMES",
    "ENV_NAMES",
    "ENV_PREFIX",
    "KNOWN_NAMES",
    "SETTINGS",
    "SETTINGS_BY_NAME",
    "SYNONYMS",
    "TOOL_VARIABLES",
    "ConfigError",
    "KafliteConfig",
    "Setting",
    "Synonym",
    "iter_properties",
    "parse_properties",
    "render_markdown",
    "unknown_env_warning",
]
