"""The one frozen broker configuration, spoken in Kafka's config names and defaults.

Why Kafka's names: people arrive with a ``server.properties`` and ``--override`` habits, and
DescribeConfigs answers must look like a real broker's. Every setting lives in ``SETTINGS``
(``kaflite.config.settings``: name, type, default, validator, doc); that table drives parsing and
validation here.

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

from kaflite.config.listeners import check_listeners
from kaflite.config.properties import iter_properties, read_text
from kaflite.config.settings import (
    ENV_NAMES,
    ENV_PREFIX,
    KNOWN_NAMES,
    SETTINGS,
    SETTINGS_BY_NAME,
    SOURCE_DEFAULT,
    SYNONYMS_BY_NAME,
    TOOL_VARIABLES,
    Setting,
    family,
    parse_value,
    unknown_env_warning,
    validate,
)
from kaflite.config.values import INT_MAX, LONG_MAX, ConfigError, check_typed, to_text

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
    brokers: int = 1
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
    group_coordinator_rebalance_protocols: tuple[str, ...] = ("classic", "consumer", "share")
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
    group_share_session_timeout_ms: int = 45000
    group_share_min_session_timeout_ms: int = 100
    group_share_max_session_timeout_ms: int = 60000
    group_share_heartbeat_interval_ms: int = 5000
    group_share_min_heartbeat_interval_ms: int = 100
    group_share_max_heartbeat_interval_ms: int = 15000
    group_share_max_size: int = 200
    group_share_assignors: tuple[str, ...] = ("simple",)
    group_share_delivery_count_limit: int = 5
    group_share_record_lock_duration_ms: int = 30000
    group_share_min_record_lock_duration_ms: int = 100
    group_share_max_record_lock_duration_ms: int = 60000
    group_share_partition_max_record_locks: int = 2000
    group_share_max_share_sessions: int = 2000
    group_share_initialize_retry_interval_ms: int = 30000
    share_coordinator_state_topic_num_partitions: int = 50
    share_coordinator_state_topic_replication_factor: int = 1
    share_coordinator_state_topic_min_isr: int = 1
    share_coordinator_state_topic_segment_bytes: int = 104857600
    share_coordinator_snapshot_update_records_per_snapshot: int = 500
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
    # as Kafka's prefix spells them): read by kaflite.config.listeners for the listener they name.
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
            value = validate(setting, value)
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
            *self._share_group_bound_checks(),
        )
        for ok, name, relation, other in checks:
            if not ok:
                raise ConfigError(name, f"{name} must be {relation} {other}")

    def _share_group_bound_checks(self) -> tuple[tuple[bool, str, str, str], ...]:
        """Kafka's GroupCoordinatorConfig and ShareGroupConfig checks of the share-group settings (SA-CFG-1)."""
        hb, session = self.group_share_heartbeat_interval_ms, self.group_share_session_timeout_ms
        lock = self.group_share_record_lock_duration_ms
        return (
            (self.group_share_max_heartbeat_interval_ms >= self.group_share_min_heartbeat_interval_ms,
             "group.share.max.heartbeat.interval.ms", "greater than or equal to",
             "group.share.min.heartbeat.interval.ms"),
            (hb >= self.group_share_min_heartbeat_interval_ms, "group.share.heartbeat.interval.ms",
             "greater than or equal to", "group.share.min.heartbeat.interval.ms"),
            (hb <= self.group_share_max_heartbeat_interval_ms, "group.share.heartbeat.interval.ms",
             "less than or equal to", "group.share.max.heartbeat.interval.ms"),
            (self.group_share_max_session_timeout_ms >= self.group_share_min_session_timeout_ms,
             "group.share.max.session.timeout.ms", "greater than or equal to", "group.share.min.session.timeout.ms"),
            (session >= self.group_share_min_session_timeout_ms, "group.share.session.timeout.ms",
             "greater than or equal to", "group.share.min.session.timeout.ms"),
            (session <= self.group_share_max_session_timeout_ms, "group.share.session.timeout.ms",
             "less than or equal to", "group.share.max.session.timeout.ms"),
            (hb < session, "group.share.heartbeat.interval.ms", "less than", "group.share.session.timeout.ms"),
            (lock >= self.group_share_min_record_lock_duration_ms, "group.share.record.lock.duration.ms",
             "greater than or equal to", "group.share.min.record.lock.duration.ms"),
            (self.group_share_max_record_lock_duration_ms >= lock, "group.share.max.record.lock.duration.ms",
             "greater than or equal to", "group.share.record.lock.duration.ms"),
            (self.group_share_max_share_sessions >= self.group_share_max_size, "group.share.max.share.sessions",
             "greater than or equal to", "group.share.max.size"),
        )

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
                    value = parse_value(setting, raw, origin)
                    if setting.name in ("log.roll.ms", "log.retention.ms"):
                        family[name] = (0, value, origin, name)
                    else:
                        chosen[name] = (value, origin)
                elif name in SYNONYMS_BY_NAME:
                    syn = SYNONYMS_BY_NAME[name]
                    value = parse_value(syn, raw, origin)
                    ms = -1 if value < 0 else value * syn.factor
                    previous = family.get(syn.target)
                    if previous is None or syn.rank <= previous[0]:
                        family[syn.target] = (syn.rank, ms, f"{origin} ({name})", name)
                elif name.startswith(LISTENER_PREFIX):
                    prefixed[canonical_prefixed(name, origin)] = str(raw)
                else:
                    raise _unknown(name, origin)
            for target, (_, value, origin, _name) in family.items():
                chosen[target] = (validate(SETTINGS_BY_NAME[target], value, origin), origin)

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
