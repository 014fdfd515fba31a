"""Kafka's listener settings (``listeners``, ``advertised.listeners``, ``listener.security.protocol.map``),
parsed and checked: which addresses to bind, with which security protocol, and what each advertises.

Pure: the broker binds (``kaflite.broker.server``) and builds the TLS context (``kaflite.broker.tls``).
Without ``listeners`` the old ``host``/``port``/``advertised.host`` settings are the one PLAINTEXT listener,
exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from kaflite.config.values import ConfigError
from kaflite.security.tls.principal import parse_rules


class KafliteConfig(Protocol):
    """The settings read here (``kaflite.config.kaflite_config.KafliteConfig``, which calls ``check_listeners``: named
    structurally, so the two modules do not import each other; read-only, as the frozen config)."""

    @property
    def node_id(self) -> int: ...
    @property
    def brokers(self) -> int: ...
    @property
    def host(self) -> str: ...
    @property
    def port(self) -> int: ...
    @property
    def advertised_host(self) -> str: ...
    @property
    def listeners(self) -> str: ...
    @property
    def advertised_listeners(self) -> str: ...
    @property
    def listener_security_protocol_map(self) -> str: ...
    @property
    def ssl_keystore_location(self) -> str: ...
    @property
    def ssl_keystore_certificate_chain(self) -> str: ...
    @property
    def ssl_keystore_key(self) -> str: ...
    @property
    def ssl_truststore_location(self) -> str: ...
    @property
    def ssl_truststore_certificates(self) -> str: ...
    @property
    def ssl_client_auth(self) -> str: ...
    @property
    def ssl_principal_mapping_rules(self) -> str: ...
    @property
    def sasl_enabled_mechanisms(self) -> tuple[str, ...]: ...
    @property
    def sasl_jaas_config(self) -> str: ...
    @property
    def connections_max_reauth_ms(self) -> int: ...
    @property
    def sasl_server_max_receive_size(self) -> int: ...
    @property
    def listener_prefixed(self) -> Mapping[str, str]: ...

ANONYMOUS = "User:ANONYMOUS"  # Kafka's KafkaPrincipal.ANONYMOUS: PLAINTEXT, and SSL without a client certificate
KNOWN_PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
SASL_MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER")  # kaflite.security.sasl's


@dataclass(frozen=True, slots=True)
class Listener:
    """One listener of one broker: its name, security protocol, the address bound and the one advertised (port 0
    in either: the port actually bound), and the node id of the broker it belongs to (``brokers`` > 1: each
    broker of the process has every listener)."""

    name: str
    protocol: str
    host: str
    port: int
    advertised_host: str
    advertised_port: int
    node_id: int

    @property
    def tls(self) -> bool:
        return self.protocol in ("SSL", "SASL_SSL")

    @property
    def sasl(self) -> bool:
        return self.protocol in ("SASL_PLAINTEXT", "SASL_SSL")


@dataclass(frozen=True, slots=True)
class SaslSettings:
    """One SASL listener's settings, Kafka's per-listener overrides applied: the mechanisms it offers, the JAAS
    text of each mechanism, the session limit per mechanism and the largest frame before authentication."""

    mechanisms: tuple[str, ...]
    jaas: Mapping[str, str]  # mechanism → JAAS configuration text ("" when none is given)
    max_reauth_ms: Mapping[str, int]  # mechanism → connections.max.reauth.ms
    max_receive_size: int


def _prefixed(config: KafliteConfig, listener: str, name: str) -> str | None:
    return config.listener_prefixed.get(f"listener.name.{listener.lower()}.{name}")


def sasl_settings(config: KafliteConfig, listener: str) -> SaslSettings:
    """The settings of SASL listener ``listener``: ``listener.name.<listener>.<setting>`` wins over the setting
    (and for JAAS, ``listener.name.<listener>.<mechanism>.sasl.jaas.config`` first, as Kafka reads it); raises
    ConfigError naming the setting."""
    raw = _prefixed(config, listener, "sasl.enabled.mechanisms")
    setting = "sasl.enabled.mechanisms" if raw is None else f"listener.name.{listener.lower()}.sasl.enabled.mechanisms"
    mechanisms = config.sasl_enabled_mechanisms if raw is None else tuple(
        m.strip() for m in raw.split(",") if m.strip())
    mechanisms = tuple(m.upper() for m in mechanisms)
    if not mechanisms:
        raise ConfigError(setting, f"listener {listener} is a SASL listener: enable at least one mechanism of "
                          f"{', '.join(SASL_MECHANISMS)}")
    for mechanism in mechanisms:
        if mechanism == "GSSAPI":
            raise ConfigError(setting, "GSSAPI (Kerberos) is not supported by kaflite; enable PLAIN, SCRAM-SHA-256, "
                              "SCRAM-SHA-512 or OAUTHBEARER (the default is PLAIN,SCRAM-SHA-256,SCRAM-SHA-512)")
        if mechanism not in SASL_MECHANISMS:
            raise ConfigError(setting, f"unknown SASL mechanism {mechanism}: kaflite serves "
                              f"{', '.join(SASL_MECHANISMS)}")
    jaas: dict[str, str] = {}
    reauth: dict[str, int] = {}
    for mechanism in mechanisms:
        text = _prefixed(config, listener, f"{mechanism.lower()}.sasl.jaas.config")
        if text is None:
            text = _prefixed(config, listener, "sasl.jaas.config")
        jaas[mechanism] = config.sasl_jaas_config if text is None else text
        value = _prefixed(config, listener, f"{mechanism.lower()}.connections.max.reauth.ms")
        if value is None:
            value = _prefixed(config, listener, "connections.max.reauth.ms")
        try:
            reauth[mechanism] = config.connections_max_reauth_ms if value is None else int(value)
        except ValueError:
            raise ConfigError(f"listener.name.{listener.lower()}.connections.max.reauth.ms",
                              f"invalid value {value!r}: expected an integer") from None
    size = _prefixed(config, listener, "sasl.server.max.receive.size")
    try:
        max_receive = config.sasl_server_max_receive_size if size is None else int(size)
    except ValueError:
        raise ConfigError(f"listener.name.{listener.lower()}.sasl.server.max.receive.size",
                          f"invalid value {size!r}: expected an integer") from None
    return SaslSettings(mechanisms, jaas, reauth, max_receive)


def _endpoints(setting: str, value: str) -> list[tuple[str, str, int]]:
    """``NAME://host:port,...`` as Kafka's ``CoreUtils.listenerListToEndPoints`` reads it ([v6] hosts too)."""
    out: list[tuple[str, str, int]] = []
    for item in (v.strip() for v in value.split(",")):
        if not item:
            continue
        name, sep, rest = item.partition("://")
        host, colon, port_text = rest.rpartition(":")
        if not sep or not name or not colon or not port_text.isdigit():
            raise ConfigError(setting, f"{item!r} is not NAME://host:port (e.g. SSL://127.0.0.1:9093)")
        port = int(port_text)
        if port > 65535:
            raise ConfigError(setting, f"{item!r}: port {port} is out of range 0..65535")
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        name = name.upper()
        if any(n == name for n, _, _ in out):
            raise ConfigError(setting, f"each listener must have a different name; {name} is listed twice")
        out.append((name, host, port))
    return out


def protocol_map(config: KafliteConfig) -> dict[str, str]:
    """``listener.security.protocol.map``: listener name → security protocol."""
    out: dict[str, str] = {}
    for item in (v.strip() for v in config.listener_security_protocol_map.split(",")):
        if not item:
            continue
        name, sep, protocol = item.partition(":")
        protocol = protocol.strip().upper()
        if not sep or not name.strip() or protocol not in KNOWN_PROTOCOLS:
            raise ConfigError("listener.security.protocol.map",
                              f"{item!r} is not NAME:PROTOCOL with PROTOCOL one of {', '.join(KNOWN_PROTOCOLS)}")
        out[name.strip().upper()] = protocol
    return out


def node_ids(config: KafliteConfig) -> range:
    """The node ids of the brokers this kaflite runs: ``node.id`` … ``node.id + brokers - 1``."""
    return range(config.node_id, config.node_id + config.brokers)


def listeners_of(config: KafliteConfig) -> tuple[Listener, ...]:
    """Every broker's listeners, broker by broker in node id order, each broker's in the order configured: the
    first is the one ``port``/the ready file's first line report. Broker i has every listener, on its port + i
    (port 0: a free port each) and advertising its advertised port + i. Raises ConfigError naming the setting
    when they cannot be served."""
    first = _first_broker_listeners(config)
    if config.brokers == 1:
        return first
    _check_port_ranges(config, first)
    return tuple(replace(li, port=li.port + i if li.port else 0,
                         advertised_port=li.advertised_port + i if li.advertised_port else 0, node_id=node_id)
                 for i, node_id in enumerate(node_ids(config)) for li in first)


def _check_port_ranges(config: KafliteConfig, first: tuple[Listener, ...]) -> None:
    """With ``brokers`` = N each listener takes the ports port … port+N-1: they must fit below 65536 and not
    overlap another listener's (node ids must stay ints too, as Kafka's ``node.id``)."""
    n = config.brokers
    last_id = config.node_id + n - 1
    if last_id > 2**31 - 1:
        raise ConfigError("brokers", f"{n} brokers from node.id {config.node_id} would need node id {last_id}, "
                          f"above {2**31 - 1}: lower node.id or brokers")
    setting = "listeners" if config.listeners.strip() else "port"
    taken: list[Listener] = []
    for li in first:
        if not li.port:
            continue
        if li.port + n - 1 > 65535:
            raise ConfigError(setting, f"{n} brokers give listener {li.name} the ports {li.port}..{li.port + n - 1}, "
                              "beyond 65535: choose a lower port (or 0 for free ports)")
        for other in taken:
            if li.port <= other.port + n - 1 and other.port <= li.port + n - 1:
                raise ConfigError(setting, f"{n} brokers give listener {other.name} the ports {other.port}.."
                                  f"{other.port + n - 1} and {li.name} the ports {li.port}..{li.port + n - 1}: "
                                  f"they overlap; put the listeners' ports at least {n} apart (or use 0)")
        taken.append(li)


def _first_broker_listeners(config: KafliteConfig) -> tuple[Listener, ...]:
    """The listeners of the first broker (node.id), as configured."""
    if not config.listeners.strip():
        return (Listener("PLAINTEXT", "PLAINTEXT", config.host, config.port, config.advertised_host, config.port,
                         config.node_id),)
    protocols = protocol_map(config)
    bound = _endpoints("listeners", config.listeners)
    if not bound:
        raise ConfigError("listeners", "no listener given")
    advertised = {name: (host, port) for name, host, port in _endpoints("advertised.listeners",
                                                                        config.advertised_listeners)}
    unknown = sorted(set(advertised) - {name for name, _, _ in bound})
    if unknown:
        raise ConfigError("advertised.listeners", f"{', '.join(unknown)} is not in listeners")
    ports = [port for _, _, port in bound if port != 0]
    if len(set(ports)) != len(ports):
        raise ConfigError("listeners", "each listener must have a different port")
    out = []
    for name, host, port in bound:
        protocol = protocols.get(name)
        if protocol is None:
            raise ConfigError("listeners", f"no security protocol defined for listener {name} "
                              "(listener.security.protocol.map)")
        ad_host, ad_port = advertised.get(name, ("", port))
        if not ad_host:  # an empty host binds every interface; clients are told advertised.host
            ad_host = host if host not in ("", "0.0.0.0", "::") else config.advertised_host
        out.append(Listener(name, protocol, host, port, ad_host, ad_port, config.node_id))
    return tuple(out)


def check_listeners(config: KafliteConfig) -> None:
    """Refuse at start what could not be served: bad listener lists, SASL settings a SASL listener cannot use
    (GSSAPI, an unparsable JAAS text), an SSL listener without a key."""
    listeners = listeners_of(config)
    try:
        parse_rules(config.ssl_principal_mapping_rules)
    except ValueError as exc:
        raise ConfigError("ssl.principal.mapping.rules", str(exc)) from None
    for listener in listeners:
        if listener.sasl:
            _check_jaas(listener.name, sasl_settings(config, listener.name))
        client_auth = _prefixed(config, listener.name, "ssl.client.auth")
        if client_auth is not None and client_auth.strip().lower() not in ("none", "requested", "required"):
            raise ConfigError(f"listener.name.{listener.name.lower()}.ssl.client.auth",
                              f"invalid value {client_auth!r}: must be one of none, requested, required")
        if client_auth is not None and client_auth.strip().lower() != "none" and not (
                config.ssl_truststore_location or config.ssl_truststore_certificates.strip()):
            raise ConfigError(f"listener.name.{listener.name.lower()}.ssl.client.auth",
                              "client certificates need the CA certificates they are checked against: "
                              "ssl.truststore.location or ssl.truststore.certificates")
    if not any(listener.tls for listener in listeners):
        return
    inline = bool(config.ssl_keystore_certificate_chain.strip()) or bool(config.ssl_keystore_key.strip())
    if inline and config.ssl_keystore_location:
        raise ConfigError("ssl.keystore.location", "give either ssl.keystore.location or "
                          "ssl.keystore.certificate.chain with ssl.keystore.key, not both")
    if inline and not (config.ssl_keystore_certificate_chain.strip() and config.ssl_keystore_key.strip()):
        raise ConfigError("ssl.keystore.key", "ssl.keystore.certificate.chain and ssl.keystore.key go together")
    if not inline and not config.ssl_keystore_location:
        raise ConfigError("ssl.keystore.location", "an SSL listener needs the server's key and certificate: "
                          "ssl.keystore.location (a PEM file), or ssl.keystore.certificate.chain and "
                          "ssl.keystore.key (kaflite certs --dir DIR writes a throwaway set)")
    if config.ssl_truststore_location and config.ssl_truststore_certificates.strip():
        raise ConfigError("ssl.truststore.location", "give either ssl.truststore.location or "
                          "ssl.truststore.certificates, not both")
    if config.ssl_client_auth != "none" and not (config.ssl_truststore_location
                                                 or config.ssl_truststore_certificates.strip()):
        raise ConfigError("ssl.client.auth", f"ssl.client.auth={config.ssl_client_auth} needs the CA certificates "
                          "client certificates are checked against: ssl.truststore.location or "
                          "ssl.truststore.certificates")


def _check_jaas(listener: str, settings: SaslSettings) -> None:
    """Each mechanism's JAAS text must parse (Kafka refuses it at start too)."""
    from kaflite.security.sasl.jaas import JaasError, parse_jaas_config

    for mechanism, text in settings.jaas.items():
        if not text.strip():
            continue
        try:
            parse_jaas_config(text)
        except JaasError as exc:
            raise ConfigError(f"listener.name.{listener.lower()}.{mechanism.lower()}.sasl.jaas.config "
                              "(or sasl.jaas.config)", str(exc)) from None
