"""The config APIs: DescribeConfigs (32), AlterConfigs (33), IncrementalAlterConfigs (44), ListConfigResources (74).

Answers as Kafka 4.x's ``ConfigHelper`` / ``ConfigAdminManager`` / the KRaft controller's
``ConfigurationControlManager`` do: every config with its type, source, synonyms (in Kafka's order
of precedence) and documentation; topic overrides changed atomically per resource and persisted by
storage before the answer, so they survive a restart; Kafka's error codes for every refusal.
kaflite's broker settings come from the command line, environment or properties file; altering one
is answered as Kafka answers a config that cannot be updated dynamically, except for the topic
defaults (``log.retention.ms``, ``log.cleanup.policy``, ...), which Kafka and kaflite change at
runtime: they are persisted with the data and reach every topic that does not override them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import structlog

from kaflite.broker.broker_loggers import alter_loggers, logger_entries
from kaflite.broker.config_api import (
    BROKER,
    BROKER_LOGGER,
    CLIENT_METRICS,
    CONFIG_TYPES,
    DEFAULT_CONFIG,
    DELETE,
    DYNAMIC_BROKER_CONFIG,
    DYNAMIC_DEFAULT_BROKER_CONFIG,
    GROUP,
    GROUP_CONFIG,
    LISTED_TYPES,
    OP_NAMES,
    STATIC_BROKER_CONFIG,
    TOPIC,
    TOPIC_CONFIG,
    ConfigApiError,
    Entry,
    apply_incremental,
    check_request_shape,
    per_resource,
    type_name,
)
from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.group_configs import (
    CONSUMER_HEARTBEAT_INTERVAL_MS,
    CONSUMER_SESSION_TIMEOUT_MS,
    GROUP_CONFIG_DEFAULTS,
    ISOLATION_LEVELS,
    SHARE_AUTO_OFFSET_RESET,
    SHARE_GROUP_CONFIGS,
    SHARE_HEARTBEAT_INTERVAL_MS,
    SHARE_ISOLATION_LEVEL,
    SHARE_RECORD_LOCK_DURATION_MS,
    SHARE_SESSION_TIMEOUT_MS,
    share_group_config_of,
    valid_share_auto_offset_reset,
)
from kaflite.broker.router import Router
from kaflite.config import (
    DYNAMIC_NAMES,
    SETTINGS,
    SETTINGS_BY_NAME,
    SYNONYMS,
    SYNONYMS_BY_NAME,
    Setting,
    canonical_dynamic,
    family,
)
from kaflite.config.values import INT_MAX, INT_MIN, to_text
from kaflite.coordinator.config import ShareGroupConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AlterConfigsRequest,
    AlterConfigsResponse,
    DescribeConfigsRequest,
    DescribeConfigsResponse,
    IncrementalAlterConfigsRequest,
    IncrementalAlterConfigsResponse,
    ListConfigResourcesRequest,
    ListConfigResourcesResponse,
)
from kaflite.storage.config import TOPIC_CONFIG_DEFS, LogConfig
from kaflite.storage.errors import StorageError
from kaflite.storage.manager import validate_topic_name

log = structlog.get_logger("kaflite.configs")

# -- Kafka's broker-side view of kaflite's settings -------------------------------------------------

# Topic config -> its broker synonyms, highest precedence first (ServerTopicConfigSynonyms).
_BROKER_FAMILY: dict[str, list[str]] = {}
for _s in SETTINGS:
    _BROKER_FAMILY[_s.name] = [_s.name]
for _syn in sorted(SYNONYMS, key=lambda s: s.rank):
    _BROKER_FAMILY[_syn.target].append(_syn.name)
TOPIC_SYNONYMS: Mapping[str, list[str]] = {
    s.topic_config: _BROKER_FAMILY[s.name] for s in SETTINGS if s.topic_config is not None}
# Kafka's defaults of the unit spellings (log.retention.minutes has none).
_SYNONYM_DEFAULTS: dict[str, str | None] = {"log.retention.hours": "168", "log.retention.minutes": None,
                                            "log.roll.hours": "168"}
_SYNONYM_TYPE = "int"
LISTENER_DOCS = {
    "listeners": "The URIs the broker listens on (derived from host and port).",
    "advertised.listeners": "The URIs clients are told to connect to (derived from advertised.host and port).",
    "listener.security.protocol.map": "Listener names and their security protocols.",
    "inter.broker.listener.name": "The listener brokers use among themselves (a single node has no peers).",
    "security.inter.broker.protocol": "The security protocol brokers use among themselves.",
    "broker.id": "The id of this broker (the same as node.id).",
    "process.roles": "The roles this node plays: kaflite is a combined broker and controller.",
}
# (configs by name, their DescribeConfigs source): a broker config level, highest precedence first.
Levels = tuple[tuple[dict[str, str | None], int], ...]
LISTENER_TYPES = {"broker.id": "int", "process.roles": "list"}  # Kafka's ConfigDef types; the rest are strings
LISTENER_SECURITY_PROTOCOL_MAP = "SASL_SSL:SASL_SSL,PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT"
# Kafka's PASSWORD-type settings: described with a null value and is_sensitive (a key never leaves the broker).
SENSITIVE = frozenset({"ssl.keystore.key", "ssl.key.password", "ssl.keystore.certificate.chain",
                       "ssl.truststore.certificates", "sasl.jaas.config"})


class ConfigHandler:
    """Serves the config APIs over the topic registry (storage) and the broker's frozen settings."""

    def __init__(self, context: BrokerContext, *, share_config: ShareGroupConfig | None = None) -> None:
        self.context = context
        self.config = context.config
        self.logs = context.logs
        self.state = context.state
        self.group_configs = context.group_configs
        # The broker's group.share.* values (SA-CFG-1): the share.* group configs default to them and must lie
        # within their bounds (SA-CFG-2).
        self.share_config = share_config or share_group_config_of(context.config)

    def register(self, router: Router) -> None:
        router.add(32, self.describe_configs)
        router.add(33, self.alter_configs)
        router.add(44, self.incremental_alter_configs)
        router.add(74, self.list_config_resources)

    # -- DescribeConfigs --------------------------------------------------------------------------

    def describe_configs(self, ctx: RequestContext, req: DescribeConfigsRequest) -> DescribeConfigsResponse:
        R = DescribeConfigsResponse
        results = []
        for res in req.resources:
            out = R.DescribeConfigsResult(resource_type=res.resource_type, resource_name=res.resource_name,
                                          configs=[])
            results.append(out)
            try:
                entries = self._describe(res.resource_type, res.resource_name, ctx.node_id)
            except ConfigApiError as e:
                out.error_code, out.error_message = e.code, e.message
                continue
            keys = set(res.configuration_keys) if res.configuration_keys else None
            for entry in entries:
                if keys is not None and entry.name not in keys:
                    continue
                sensitive = entry.name in SENSITIVE
                out.configs.append(R.DescribeConfigsResourceResult(
                    name=entry.name, value=None if sensitive else entry.value, read_only=entry.read_only,
                    config_source=entry.source, is_default=entry.source == DEFAULT_CONFIG, is_sensitive=sensitive,
                    synonyms=[R.DescribeConfigsSynonym(name=n, value=None if sensitive else v, source=s)
                              for n, v, s in entry.synonyms] if req.include_synonyms else [],
                    config_type=CONFIG_TYPES.get(entry.type, 0),
                    documentation=entry.doc if req.include_documentation else None))
        return R(results=results)

    def _describe(self, resource_type: int, name: str, node: int) -> list[Entry]:
        """``node``: the broker the request came in to (a BROKER resource must name it, as Kafka's ConfigHelper)."""
        if resource_type == TOPIC:
            return self.topic_entries(name)
        if resource_type == BROKER:
            if name == "":
                return self.cluster_default_entries()
            self._check_node_id(name, node, "Broker id must be an integer, but it is: ",
                                "or empty string, ")
            return self.broker_entries(node)
        if resource_type == BROKER_LOGGER:
            if name == "":
                raise ConfigApiError(ErrorCode.INVALID_REQUEST, "Broker id must not be empty")
            self._check_node_id(name, node, "Broker id must be an integer, but it is: ", "")
            return logger_entries()
        if resource_type == GROUP:
            if name == "":
                raise ConfigApiError(ErrorCode.INVALID_REQUEST, "Group name must not be empty")
            return self.group_entries(name)
        if resource_type == CLIENT_METRICS:
            if name == "":
                raise ConfigApiError(ErrorCode.INVALID_REQUEST, "Client metrics subscription name must not be empty")
            return []  # no subscriptions exist: an unknown one has no configs, as in Kafka
        raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Unsupported resource type: {type_name(resource_type)}")

    def _check_node_id(self, name: str, node: int, not_int: str, also: str) -> None:
        try:
            named = int(name)
        except ValueError:
            raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"{not_int}{name}") from None
        if named != node:
            raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Unexpected broker id, expected "
                                 f"{node} {also}but received {name}")

    def topic_entries(self, topic: str) -> list[Entry]:
        """Every topic config: the override (TOPIC_CONFIG) first, then the broker settings it falls back on."""
        try:
            validate_topic_name(topic)
        except StorageError as e:
            raise ConfigApiError(e.error_code, str(e)) from None
        info = self.logs.topic(topic)
        if info is None:
            raise ConfigApiError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "")  # Kafka sets no message here
        levels = self._broker_levels()
        out = []
        for name, value in info.config.to_dict().items():
            type_, doc = TOPIC_CONFIG_DEFS[name]
            synonyms = _synonyms(TOPIC_SYNONYMS.get(name, []), levels)
            if name in info.configs:
                synonyms = [(name, value, TOPIC_CONFIG), *synonyms]
            source = synonyms[0][2] if synonyms else DEFAULT_CONFIG
            out.append(Entry(name, value, source, type_, doc, False, tuple(synonyms)))
        return out

    def group_entries(self, group: str) -> list[Entry]:
        """Kafka's GroupConfig of a group (any group id, existing or not): each config set on it
        (GROUP_CONFIG), else the broker's group.consumer.* setting it defaults to (DEFAULT_CONFIG)."""
        overrides = self.group_configs.configs_of(group)
        out = []
        for name in sorted((*GROUP_CONFIG_DEFAULTS, *SHARE_GROUP_CONFIGS)):
            share = SHARE_GROUP_CONFIGS.get(name)
            if name in overrides:
                value, source = overrides[name], GROUP_CONFIG
            elif share is not None:
                value, source = share.default(self.share_config), DEFAULT_CONFIG
            else:
                value, source = to_text(self.config.value_of(GROUP_CONFIG_DEFAULTS[name])), DEFAULT_CONFIG
            type_, doc = (share.type, share.doc) if share is not None else \
                ("int", SETTINGS_BY_NAME[GROUP_CONFIG_DEFAULTS[name]].doc)
            out.append(Entry(name, value, source, type_, doc, False, ((name, value, source),)))
        return out

    def broker_entries(self, node: int | None = None) -> list[Entry]:
        """kaflite's settings (their unit spellings too) and the listener settings Kafka reports, of broker
        ``node`` (default: node.id): its dynamic configs, its listeners."""
        levels = self._broker_levels(node)
        out = []
        listener_settings = self._listener_settings(node)
        for s in SETTINGS:
            if s.name in listener_settings:  # reported below as bound (port 0 resolved)
                continue
            out.append(self._broker_entry(s.name, self._value_in_force(s, levels), s.type, s.doc, levels))
        for syn in SYNONYMS:  # the value given in this spelling, else Kafka's default for it
            value = next((lv[syn.name] for lv, _ in levels[:3] if syn.name in lv), _SYNONYM_DEFAULTS.get(syn.name))
            out.append(self._broker_entry(syn.name, value, _SYNONYM_TYPE, syn.doc, levels))
        static = levels[2][0]
        for name, value in listener_settings.items():
            source = STATIC_BROKER_CONFIG if name in static else DEFAULT_CONFIG
            out.append(Entry(name, value, source, LISTENER_TYPES.get(name, "string"),
                             LISTENER_DOCS[name], True, ((name, value, source),)))
        return out

    def cluster_default_entries(self) -> list[Entry]:
        """BROKER "": only the cluster-wide dynamic defaults, as Kafka describes the default resource."""
        levels = self._broker_levels()
        out = []
        for name, value in sorted(levels[1][0].items()):
            synonyms = [s for s in _synonyms(_BROKER_FAMILY.get(name, [name]), levels)
                        if s[2] == DYNAMIC_DEFAULT_BROKER_CONFIG]
            type_, doc = _broker_meta(name)
            out.append(Entry(name, value, DYNAMIC_DEFAULT_BROKER_CONFIG, type_, doc, False, tuple(synonyms)))
        return out

    def _broker_entry(self, name: str, value: str | None, type_: str, doc: str, levels: Levels) -> Entry:
        synonyms = _synonyms(_BROKER_FAMILY.get(name, [name]), levels)
        source = synonyms[0][2] if synonyms else DEFAULT_CONFIG
        return Entry(name, value, source, type_, doc, name not in DYNAMIC_NAMES, tuple(synonyms))

    def _value_in_force(self, s: Setting, levels: Levels) -> str:
        """A setting's value now: a dynamic config of this node, then of the cluster, in any spelling
        (converted to the setting's unit), else the static value."""
        for level, _ in levels[:2]:
            for n in family(s.name):
                if n in level and level[n] is not None:
                    syn = SYNONYMS_BY_NAME.get(n)
                    text = str(level[n])
                    return text if syn is None else str(-1 if int(text) < 0 else int(text) * syn.factor)
        return to_text(getattr(self.config, s.attr))

    def _broker_levels(self, node_id: int | None = None) -> Levels:
        """The broker config levels of Kafka's DynamicBrokerConfig, highest precedence first, each with
        its source: this node's dynamic configs, the cluster's dynamic defaults, what the command line,
        environment or properties file set (under the spelling it was given in), the defaults."""
        cfg = self.config
        static: dict[str, str | None] = {}
        for s in SETTINGS:
            if cfg.is_default(s.name):
                continue
            value = getattr(cfg, s.attr)
            origin = cfg.source_of(s.name)
            given = next((syn for syn in SYNONYMS if syn.target == s.name and origin.endswith(f"({syn.name})")),
                         None)
            if given is not None:  # log.retention.hours=1 is reported as such, not as its ms value
                static[given.name] = "-1" if value < 0 else str(value // given.factor)
            else:
                static[s.name] = to_text(value)
        if not cfg.is_default("host") or not cfg.is_default("port") or not cfg.is_default("listeners"):
            static["listeners"] = self._listener_settings(node_id)["listeners"]
        if not cfg.is_default("advertised.host") or not cfg.is_default("port") or not cfg.is_default("listeners"):
            static["advertised.listeners"] = self._listener_settings(node_id)["advertised.listeners"]
        defaults: dict[str, str | None] = {s.name: to_text(s.default) for s in SETTINGS}
        defaults.update(_SYNONYM_DEFAULTS)
        dynamic = self.logs.broker_configs()
        node: dict[str, str | None] = dict(dynamic.get(str(cfg.node_id if node_id is None else node_id), {}))
        cluster: dict[str, str | None] = dict(dynamic.get("", {}))
        return ((node, DYNAMIC_BROKER_CONFIG), (cluster, DYNAMIC_DEFAULT_BROKER_CONFIG),
                (static, STATIC_BROKER_CONFIG), (defaults, DEFAULT_CONFIG))

    def _listener_settings(self, node: int | None = None) -> dict[str, str]:
        """Kafka's listener settings of broker ``node`` (default: node.id), on the ports actually bound."""
        cfg, state = self.config, self.state
        node = cfg.node_id if node is None else node
        mine = [li for li in state.listeners if li.node_id == node]
        if not mine or not cfg.listeners.strip():
            port = mine[0].port if mine else state.port
            listeners = f"PLAINTEXT://{cfg.host}:{port}"
            advertised = f"PLAINTEXT://{mine[0].advertised_host if mine else state.advertised_host}:{port}"
        else:
            listeners = ",".join(f"{li.name}://{_host(li.host)}:{li.port}" for li in mine)
            advertised = ",".join(f"{li.name}://{_host(li.advertised_host)}:{li.advertised_port}" for li in mine)
        return {
            "listeners": listeners,
            "advertised.listeners": advertised,
            "listener.security.protocol.map": (cfg.listener_security_protocol_map
                                               if not cfg.is_default("listener.security.protocol.map")
                                               else LISTENER_SECURITY_PROTOCOL_MAP),
            "security.inter.broker.protocol": "PLAINTEXT",
            "broker.id": str(node),
            "process.roles": "broker,controller",
        }

    # -- AlterConfigs / IncrementalAlterConfigs ---------------------------------------------------

    def alter_configs(self, ctx: RequestContext, req: AlterConfigsRequest) -> AlterConfigsResponse:
        """The legacy API: each resource's overrides are replaced by the ones given."""
        def alter(res: Any) -> None:
            check_request_shape([c.name for c in res.configs], [c.name for c in res.configs if c.value is None])
            new = {c.name: str(c.value) for c in res.configs}
            self._alter(res.resource_type, res.resource_name, lambda _current, _lists: dict(new), req.validate_only,
                        ctx.node_id)

        R = AlterConfigsResponse
        return R(responses=per_resource(req.resources, R.AlterConfigsResourceResponse, alter))

    def incremental_alter_configs(self, ctx: RequestContext,
                                  req: IncrementalAlterConfigsRequest) -> IncrementalAlterConfigsResponse:
        def alter(res: Any) -> None:
            ops = [(c.name, c.config_operation, c.value) for c in res.configs]
            check_request_shape([n for n, _, _ in ops], [n for n, op, v in ops if op != DELETE and v is None])
            if res.resource_type == BROKER_LOGGER:
                alter_loggers(ctx.node_id, res.resource_name, ops, req.validate_only)
                return
            for _, op, _ in ops:
                if op not in OP_NAMES:
                    raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Unknown operations type {op}")
            self._alter(res.resource_type, res.resource_name,
                        lambda current, lists: apply_incremental(current, ops, lists), req.validate_only, ctx.node_id)

        R = IncrementalAlterConfigsResponse
        return R(responses=per_resource(req.resources, R.AlterConfigsResourceResponse, alter))

    def _alter(self, resource_type: int, name: str, change: Any, validate_only: bool, node: int) -> None:
        """Check and apply one resource's change; ``change(current, list_default) -> new configs``, where
        ``list_default(name)`` is a list-typed config's default text (None: not a list)."""
        if resource_type == TOPIC:
            self._alter_topic(name, change, validate_only)
        elif resource_type == BROKER:
            self._alter_broker(name, change, validate_only, node)
        elif resource_type == GROUP:
            self._alter_group(name, change, validate_only)
        else:
            # BROKER_LOGGER is incremental only; CLIENT_METRICS configs are not kept by kaflite.
            raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Unknown resource type {resource_type}")

    def _alter_broker(self, name: str, change: Any, validate_only: bool, node_id: int) -> None:
        """Dynamic broker configs (this node's id, or "" for the cluster default), as Kafka's
        ConfigAdminManager checks them: only the settings kaflite can change at runtime, each value
        checked as at startup; persisted, then the topic defaults follow."""
        if name != "":
            try:
                node = int(name)
            except ValueError:
                raise ConfigApiError(ErrorCode.INVALID_REQUEST,
                                     f"Node id must be an integer, but it is: {name}") from None
            if node != node_id:
                raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Unexpected broker id, expected "
                                     f"{node_id}, but received {name}")
        every = self.logs.broker_configs()
        new = change(every.get(name, {}), _broker_list_default)
        fixed = sorted(set(new) - DYNAMIC_NAMES)
        if fixed:
            raise ConfigApiError(ErrorCode.INVALID_REQUEST,
                                 f"Cannot update these configs dynamically: Set({', '.join(fixed)})")
        try:
            new = {n: canonical_dynamic(n, v) for n, v in new.items()}
            every[name] = new
            defaults = LogConfig.from_dict(self.config.topic_log_defaults(every))
        except (ValueError, StorageError) as e:  # Kafka answers INVALID_REQUEST here (KAFKA-13609)
            raise ConfigApiError(ErrorCode.INVALID_REQUEST, str(e)) from None
        if not validate_only:
            self.logs.set_broker_configs(name, new, defaults)
            log.info("altered broker configs", resource=name, configs=new)

    def _alter_group(self, group: str, change: Any, validate_only: bool) -> None:
        """A group's configs, checked as Kafka's controller checks them (ControllerConfigurationValidator,
        GroupConfigManager.validate): known names, INT values, within the broker's group.consumer.*
        bounds, session timeout above the heartbeat interval (the unset one from the broker's default)."""
        if group == "":
            raise ConfigApiError(ErrorCode.INVALID_REQUEST, "Default group resources are not allowed.")
        new = change(self.group_configs.configs_of(group), lambda _name: None)  # no LIST-typed group config
        checked = validate_group_configs(new, self.config, self.share_config)
        if not validate_only:
            self.group_configs.set(group, checked)
            log.info("altered group configs", group=group, configs=checked)

    def _alter_topic(self, topic: str, change: Any, validate_only: bool) -> None:
        if topic == "":
            raise ConfigApiError(ErrorCode.INVALID_REQUEST, "Default topic resources are not allowed.")
        try:
            validate_topic_name(topic)
        except StorageError as e:
            raise ConfigApiError(e.error_code, str(e)) from None
        info = self.logs.topic(topic)
        current = dict(info.configs) if info is not None else {}
        new = change(current, _topic_list_default)  # ConfigApiError(INVALID_CONFIG): APPEND/SUBTRACT a non-list
        try:
            LogConfig.from_dict(new, self.logs.default_config)
            if info is None:
                raise StorageError(f"The topic '{topic}' does not exist.", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
            if not validate_only and new != current:
                self.logs.set_topic_configs(topic, new)
                log.info("altered topic configs", topic=topic, configs=new)
        except StorageError as e:
            raise ConfigApiError(e.error_code, str(e)) from None

    # -- ListConfigResources ----------------------------------------------------------------------

    def list_config_resources(self, ctx: RequestContext,
                              req: ListConfigResourcesRequest) -> ListConfigResourcesResponse:
        """v0 (ListClientMetricsResources) lists client-metrics subscriptions; v1 the resources of the
        types asked for (all when none), in Kafka's type order; an unknown type fails the request."""
        R = ListConfigResourcesResponse
        if ctx.version == 0:
            return R(config_resources=[])  # no client-metrics subscriptions
        wanted = set(req.resource_types) if req.resource_types else set(LISTED_TYPES)
        if not wanted <= set(LISTED_TYPES):
            return R(error_code=ErrorCode.UNSUPPORTED_VERSION, config_resources=[])
        nodes = [str(n) for n in self.context.leaders.control.live_nodes()]
        out = []
        for rtype in LISTED_TYPES:
            if rtype not in wanted:
                continue
            if rtype in (BROKER_LOGGER, BROKER):
                names = nodes
            elif rtype == TOPIC:
                names = sorted(self.logs.topics())
            elif rtype == GROUP:
                names = self.group_configs.group_ids()  # the groups that have dynamic configs
            else:
                names = []  # no client-metrics subscriptions
            out += [R.ConfigResource(resource_name=n, resource_type=rtype) for n in names]
        return R(config_resources=out)


# -- helpers (pure) ---------------------------------------------------------------------------------


def _synonyms(names: list[str], levels: Levels) -> list[tuple[str, str | None, int]]:
    """Kafka's configSynonyms: each level in precedence order, inside a level the spellings in
    their order (ms, minutes, hours)."""
    out: list[tuple[str, str | None, int]] = []
    for level, source in levels:
        for n in names:
            if n in level and level[n] is not None:
                out.append((n, level[n], source))
    return out


def validate_group_configs(configs: Mapping[str, str], config: Any,
                           share: ShareGroupConfig | None = None) -> dict[str, str]:
    """Kafka's GroupConfig.validate over the broker's defaults plus ``configs``; returns ``configs``
    in Kafka's text form or raises INVALID_CONFIG with Kafka's message. `share`: the broker's group.share.*
    values (SA-CFG-1), Kafka's if None."""
    share = share or ShareGroupConfig()
    for name in configs:
        if name not in GROUP_CONFIG_DEFAULTS and name not in SHARE_GROUP_CONFIGS:
            raise ConfigApiError(ErrorCode.INVALID_CONFIG, f"Unknown group config name: {name}")
    out: dict[str, str] = {}
    # ConfigDef.parse's order (GroupConfig's definitions); INT values at least 1 (the lock duration 1000).
    for name in (CONSUMER_SESSION_TIMEOUT_MS, CONSUMER_HEARTBEAT_INTERVAL_MS, SHARE_SESSION_TIMEOUT_MS,
                 SHARE_HEARTBEAT_INTERVAL_MS, SHARE_RECORD_LOCK_DURATION_MS, SHARE_AUTO_OFFSET_RESET,
                 SHARE_ISOLATION_LEVEL):
        if name not in configs:
            continue
        text = configs[name].strip()
        if name == SHARE_AUTO_OFFSET_RESET:
            if not valid_share_auto_offset_reset(text):
                raise ConfigApiError(ErrorCode.INVALID_CONFIG, f"Invalid value {text} for configuration {name}: "
                                     f"Invalid value `{text}` for configuration {name}. The value must be either "
                                     "'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.")
            out[name] = text
            continue
        if name == SHARE_ISOLATION_LEVEL:
            if text not in ISOLATION_LEVELS:
                raise ConfigApiError(ErrorCode.INVALID_CONFIG, f"Invalid value {text} for configuration {name}: "
                                     f"String must be one of: {', '.join(ISOLATION_LEVELS)}")
            out[name] = text
            continue
        if not re.fullmatch(r"[+-]?[0-9]+", text) or not INT_MIN <= int(text) <= INT_MAX:
            raise ConfigApiError(ErrorCode.INVALID_CONFIG,
                                 f"Invalid value {configs[name]} for configuration {name}: Not a number of type INT")
        # GroupConfig's atLeast(1000) for the lock duration, lowered with a dev profile's lower minimum (SA-CFG-4).
        least = min(1000, share.group_share_min_record_lock_duration_ms) if name == SHARE_RECORD_LOCK_DURATION_MS \
            else 1
        if int(text) < least:
            raise ConfigApiError(ErrorCode.INVALID_CONFIG,
                                 f"Invalid value {int(text)} for configuration {name}: Value must be at least {least}")
        out[name] = str(int(text))
    hb = int(out.get(CONSUMER_HEARTBEAT_INTERVAL_MS, config.group_consumer_heartbeat_interval_ms))
    session = int(out.get(CONSUMER_SESSION_TIMEOUT_MS, config.group_consumer_session_timeout_ms))
    share_hb = int(out.get(SHARE_HEARTBEAT_INTERVAL_MS, share.group_share_heartbeat_interval_ms))
    share_session = int(out.get(SHARE_SESSION_TIMEOUT_MS, share.group_share_session_timeout_ms))
    lock = int(out.get(SHARE_RECORD_LOCK_DURATION_MS, share.group_share_record_lock_duration_ms))
    checks = (
        (hb >= config.group_consumer_min_heartbeat_interval_ms, CONSUMER_HEARTBEAT_INTERVAL_MS,
         "greater than or equal to", "group.consumer.min.heartbeat.interval.ms"),
        (hb <= config.group_consumer_max_heartbeat_interval_ms, CONSUMER_HEARTBEAT_INTERVAL_MS,
         "less than or equal to", "group.consumer.max.heartbeat.interval.ms"),
        (session >= config.group_consumer_min_session_timeout_ms, CONSUMER_SESSION_TIMEOUT_MS,
         "greater than or equal to", "group.consumer.min.session.timeout.ms"),
        (session <= config.group_consumer_max_session_timeout_ms, CONSUMER_SESSION_TIMEOUT_MS,
         "less than or equal to", "group.consumer.max.session.timeout.ms"),
        # SA-CFG-2 (GroupConfig.validateValues, in its order)
        (share_hb >= share.group_share_min_heartbeat_interval_ms, SHARE_HEARTBEAT_INTERVAL_MS,
         "greater than or equal to", "group.share.min.heartbeat.interval.ms"),
        (share_hb <= share.group_share_max_heartbeat_interval_ms, SHARE_HEARTBEAT_INTERVAL_MS,
         "less than or equal to", "group.share.max.heartbeat.interval.ms"),
        (share_session >= share.group_share_min_session_timeout_ms, SHARE_SESSION_TIMEOUT_MS,
         "greater than or equal to", "group.share.min.session.timeout.ms"),
        (share_session <= share.group_share_max_session_timeout_ms, SHARE_SESSION_TIMEOUT_MS,
         "less than or equal to", "group.share.max.session.timeout.ms"),
        (lock >= share.group_share_min_record_lock_duration_ms, SHARE_RECORD_LOCK_DURATION_MS,
         "greater than or equal to", "group.share.min.record.lock.duration.ms"),
        (lock <= share.group_share_max_record_lock_duration_ms, SHARE_RECORD_LOCK_DURATION_MS,
         "less than or equal to", "group.share.max.record.lock.duration.ms"),
        (session > hb, CONSUMER_SESSION_TIMEOUT_MS, "greater than", CONSUMER_HEARTBEAT_INTERVAL_MS),
        (share_session > share_hb, SHARE_SESSION_TIMEOUT_MS, "greater than", SHARE_HEARTBEAT_INTERVAL_MS),
    )
    for ok, name, relation, other in checks:
        if not ok:
            raise ConfigApiError(ErrorCode.INVALID_CONFIG, f"{name} must be {relation} {other}")
    return out


def _broker_meta(name: str) -> tuple[str, str]:
    """(ConfigDef type, doc) of a broker setting or one of its unit spellings."""
    if name in SETTINGS_BY_NAME:
        return SETTINGS_BY_NAME[name].type, SETTINGS_BY_NAME[name].doc
    return _SYNONYM_TYPE, SYNONYMS_BY_NAME[name].doc


def _broker_list_default(name: str) -> str | None:
    setting = SETTINGS_BY_NAME.get(name)
    if setting is None and name not in SYNONYMS_BY_NAME:
        raise ConfigApiError(ErrorCode.INVALID_CONFIG, f"Unknown config name: {name}")
    return to_text(setting.default) if setting is not None and setting.type == "list" else None


def _topic_list_default(name: str) -> str | None:
    spec = TOPIC_CONFIG_DEFS.get(name)
    return LogConfig().to_dict()[name] if spec is not None and spec[0] == "list" else None


def _host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


