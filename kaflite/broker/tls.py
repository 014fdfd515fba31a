"""TLS for SSL listeners, with the standard library's ``ssl``: the server context from Kafka's PEM settings,
the handshake on each accepted connection, and the principal a client certificate names.

Each accepted socket is given the TLS protocol by hand (``TlsAccept``) rather than by ``create_server(ssl=...)``:
a failed handshake (plaintext Kafka bytes on an SSL port, an untrusted client certificate) is then one log line
naming the listener and the peer, where the event loop would drop it silently (an ``OSError``, logged at
debug only).
"""

from __future__ import annotations

import asyncio
import asyncio.sslproto
import ssl
from typing import Any

import structlog

from kaflite.config import KafliteConfig
from kaflite.config.listeners import ANONYMOUS, Listener
from kaflite.security.tls.principal import principal_name
from kaflite.security.tls.stores import load_keystore, load_truststore
from kaflite.storage.errors import StartupError

log = structlog.get_logger("kaflite.tls")

HANDSHAKE_TIMEOUT_S = 10

_VERIFY = {"none": ssl.CERT_NONE, "requested": ssl.CERT_OPTIONAL, "required": ssl.CERT_REQUIRED}


def listener_client_auth(config: KafliteConfig, listener: Listener) -> str:
    """``ssl.client.auth`` of a TLS listener, as Kafka's ChannelBuilders: ``listener.name.<listener>.ssl.client.auth``
    when given; else the setting on SSL listeners, and ``none`` on SASL_SSL ones (SASL authenticates the client:
    Kafka applies the broker-wide setting to SSL listeners only)."""
    prefixed = config.listener_prefixed.get(f"listener.name.{listener.name.lower()}.ssl.client.auth")
    if prefixed is not None:
        return prefixed.strip().lower()
    return "none" if listener.sasl else config.ssl_client_auth


def server_context(config: KafliteConfig, client_auth: str | None = None) -> ssl.SSLContext:
    """A TLS listener's context (``client_auth``: its ssl.client.auth, the setting's by default); a key,
    certificate or CA that cannot be loaded is a one-line StartupError naming the setting."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2  # Kafka's ssl.enabled.protocols: TLSv1.2,TLSv1.3
    password = config.ssl_key_password or None
    setting = "ssl.keystore.location"
    try:
        if not config.ssl_keystore_location:
            setting = "ssl.keystore.certificate.chain/ssl.keystore.key"
        load_keystore(context, location=config.ssl_keystore_location, chain=config.ssl_keystore_certificate_chain,
                      key=config.ssl_keystore_key, password=password)
        setting = "ssl.truststore.location" if config.ssl_truststore_location else "ssl.truststore.certificates"
        load_truststore(context, location=config.ssl_truststore_location,
                        certificates=config.ssl_truststore_certificates)
    except (OSError, ValueError) as exc:  # ssl.SSLError is an OSError
        raise StartupError(f"cannot load {setting}: {getattr(exc, 'strerror', None) or exc}") from exc
    context.verify_mode = _VERIFY[config.ssl_client_auth if client_auth is None else client_auth]
    return context


_RDN_KEYS = {"commonName": "CN", "organizationName": "O", "organizationalUnitName": "OU", "countryName": "C",
             "stateOrProvinceName": "ST", "localityName": "L", "streetAddress": "STREET",
             "domainComponent": "DC", "userId": "UID"}


def _escape(value: str) -> str:
    """RFC 2253 section 2.4 escaping, as Java's ``X500Principal.getName()``."""
    out = "".join("\\" + c if c in ',+"\\<>;' else c for c in value)
    if out.startswith(("#", " ")):
        out = "\\" + out
    if out.endswith(" ") and not out.endswith("\\ "):
        out = out[:-1] + "\\ "
    return out


def distinguished_name(subject: Any) -> str:
    """A certificate subject (``getpeercert()['subject']``, in DER order) as RFC 2253 writes it: most specific
    first, ``CN=client,OU=...,O=...``."""
    return ",".join("+".join(f"{_RDN_KEYS.get(k, k)}={_escape(v)}" for k, v in rdn) for rdn in reversed(subject))


def principal_of(peercert: Any, rules: str = "DEFAULT") -> str:
    """Kafka's DefaultKafkaPrincipalBuilder: ``User:`` and the client certificate's distinguished name as
    ``ssl.principal.mapping.rules`` map it; ANONYMOUS without one. NoMatchingRule when no rule applies."""
    if not peercert or not peercert.get("subject"):
        return ANONYMOUS
    return "User:" + principal_name(rules, distinguished_name(peercert["subject"]))


def _hint(error: str) -> str:
    if "WRONG_VERSION_NUMBER" in error or "wrong version number" in error or "HTTP_REQUEST" in error:
        return "not a TLS handshake: is the client speaking PLAINTEXT to an SSL listener?"
    if "CERTIFICATE" in error.upper():
        return "the client's certificate was refused (ssl.client.auth, ssl.truststore.*)"
    return ""


class TlsAccept(asyncio.sslproto.SSLProtocol):
    """An accepted socket on an SSL listener: the standard library's TLS protocol in front of the connection,
    which is connected once the handshake is done (as ``create_server(ssl=...)`` does); a failed or timed-out
    handshake closes the socket with one log line naming the listener and the peer."""

    def __init__(self, context: ssl.SSLContext, listener: Listener, connection: asyncio.BaseProtocol,
                 handshaking: set[TlsAccept]) -> None:
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        super().__init__(loop, connection, context, waiter, server_side=True,
                         ssl_handshake_timeout=HANDSHAKE_TIMEOUT_S)
        self.listener = listener
        self.peer = "?"
        self.raw: asyncio.BaseTransport | None = None
        # Until connected, a connection is not in ServerState.connections: the broker's stop aborts these.
        self.handshaking = handshaking
        waiter.add_done_callback(self._handshake_done)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername") or ("?", 0)
        self.peer = f"{peer[0]}:{peer[1]}"
        self.raw = transport
        self.handshaking.add(self)
        super().connection_made(transport)

    def abort_handshake(self) -> None:
        if self.raw is not None:
            self.raw.abort()  # type: ignore[attr-defined]

    def _handshake_done(self, waiter: asyncio.Future[None]) -> None:
        self.handshaking.discard(self)
        exc = None if waiter.cancelled() else waiter.exception()
        if exc is not None:
            error = str(exc) or type(exc).__name__
            log.info("TLS handshake failed; connection closed", listener=self.listener.name, peer=self.peer,
                     error=error, hint=_hint(error) or None)
