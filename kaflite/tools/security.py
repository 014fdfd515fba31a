"""The tools' client security, from Kafka's client properties (``--command-config``): how a socket to a broker
is secured and authenticated before the first request.

``security.protocol=SSL`` (and ``SASL_SSL``) with PEM stores (``kaflite.security.tls.stores``: the settings the
broker reads, on the client side), ``ssl.endpoint.identification.algorithm`` (Kafka's default ``https``: the
broker's certificate must name the host dialled; empty turns the check off). Java's JKS and PKCS12 stores are not
read: convert them to PEM (Kafka accepts PEM since 2.7).

``SASL_PLAINTEXT``/``SASL_SSL`` with ``sasl.mechanism`` (Kafka's default GSSAPI is not spoken: PLAIN,
SCRAM-SHA-256/512, OAUTHBEARER) and the Java client's ``sasl.jaas.config`` (``username``/``password`` of
PlainLoginModule or ScramLoginModule; OAuthBearerLoginModule's ``unsecuredLogin*`` options, an unsecured JWT as the
Java client makes one). The exchange is Kafka's: SaslHandshake v1, then SaslAuthenticate frames.
"""

from __future__ import annotations

import socket
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from scramp import ScramClient, ScramException

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import SaslAuthenticateRequest, SaslHandshakeRequest
from kaflite.security.sasl import MECHANISMS, OAUTHBEARER, PLAIN, SCRAM_MECHANISMS
from kaflite.security.sasl.jaas import JaasError, parse_jaas_config
from kaflite.security.sasl.oauthbearer import client_initial_response, unsecured_jwt, unsecured_login_claims
from kaflite.security.tls.stores import load_keystore, load_truststore

PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
LOGIN_MODULES = {PLAIN: "PlainLoginModule", "SCRAM-SHA-256": "ScramLoginModule", "SCRAM-SHA-512": "ScramLoginModule",
                 OAUTHBEARER: "OAuthBearerLoginModule"}


class SecurityConfigError(ValueError):
    """A --command-config the tools cannot act on: one line for the user."""


class AuthenticationError(Exception):
    """The broker refused the login (its error message, as Kafka's clients show it)."""


class Broker(Protocol):
    """What a login needs of a connection (``kaflite.tools.client.Connection``)."""

    host: str
    port: int

    def send(self, request: Any, max_version: int | None = None) -> tuple[Any, int]: ...


@dataclass(frozen=True)
class SaslLogin:
    """One SASL login, as the Java client's LoginModule for ``mechanism`` would make it."""

    mechanism: str
    username: str = ""
    password: str = ""
    oauth_options: Mapping[str, str] = field(default_factory=dict)  # OAuthBearerLoginModule's options

    @classmethod
    def from_properties(cls, props: Mapping[str, str]) -> SaslLogin:
        mechanism = props.get("sasl.mechanism", "GSSAPI").strip().upper()
        if mechanism not in MECHANISMS:
            raise SecurityConfigError(f"sasl.mechanism={mechanism} is not spoken by kaflite's tools (they speak "
                                      f"{', '.join(MECHANISMS)})")
        jaas = props.get("sasl.jaas.config", "")
        if not jaas.strip():
            raise SecurityConfigError(f"sasl.mechanism={mechanism} needs sasl.jaas.config (e.g. "
                                      f"org.apache.kafka.common.security.plain.{LOGIN_MODULES[PLAIN]} required "
                                      f'username="alice" password="secret";)')
        module = LOGIN_MODULES[mechanism]
        try:
            entry = next((e for e in parse_jaas_config(jaas) if e.login_module.rsplit(".", 1)[-1] == module), None)
        except JaasError as exc:
            raise SecurityConfigError(f"sasl.jaas.config: {exc}") from None
        if entry is None:
            raise SecurityConfigError(f"sasl.jaas.config names no {module} (the login module of "
                                      f"sasl.mechanism={mechanism})")
        options = dict(entry.options)
        if mechanism == OAUTHBEARER:
            try:
                unsecured_login_claims(options, time.time())
            except ValueError as exc:
                raise SecurityConfigError(f"sasl.jaas.config: {exc}") from None
            return cls(mechanism, oauth_options=options)
        if not options.get("username") or "password" not in options:
            raise SecurityConfigError(f"sasl.jaas.config: {LOGIN_MODULES[mechanism]} needs username and password")
        return cls(mechanism, options["username"], options["password"])

    def authenticate(self, broker: Broker) -> None:
        """SaslHandshake, then the mechanism's SaslAuthenticate round trips; AuthenticationError if refused."""
        where = f"{broker.host}:{broker.port}"
        handshake, _ = broker.send(SaslHandshakeRequest(mechanism=self.mechanism))
        if handshake.error_code:
            enabled = ", ".join(handshake.mechanisms) or "none"
            raise AuthenticationError(f"{where} does not enable sasl.mechanism={self.mechanism} "
                                      f"(it enables: {enabled})")
        if self.mechanism == PLAIN:
            self._round_trip(broker, f"\0{self.username}\0{self.password}".encode())
        elif self.mechanism in SCRAM_MECHANISMS:
            client = ScramClient([self.mechanism], self.username, self.password)
            server_first = self._round_trip(broker, client.get_client_first().encode())
            try:
                client.set_server_first(server_first.decode())
                server_final = self._round_trip(broker, client.get_client_final().encode())
                client.set_server_final(server_final.decode())
            except ScramException as exc:  # the broker did not prove it knows the password
                raise AuthenticationError(f"{where}: SCRAM exchange failed: {exc}") from None
        else:
            token = unsecured_jwt(unsecured_login_claims(self.oauth_options, time.time()))
            extensions = {k.removeprefix("unsecuredLoginExtension_"): v for k, v in self.oauth_options.items()
                          if k.startswith("unsecuredLoginExtension_")}
            challenge = self._round_trip(broker, client_initial_response(token, extensions))
            if challenge:  # RFC 7628: a JSON error, acknowledged with %x01, then the failure
                self._round_trip(broker, b"\x01")
                raise AuthenticationError(f"{where}: {challenge.decode(errors='replace')}")

    @staticmethod
    def _round_trip(broker: Broker, token: bytes) -> bytes:
        answer, _ = broker.send(SaslAuthenticateRequest(auth_bytes=token))
        if answer.error_code:
            raise AuthenticationError(f"{broker.host}:{broker.port}: "
                                      f"{answer.error_message or ErrorCode(answer.error_code).name}")
        return bytes(answer.auth_bytes or b"")


@dataclass(frozen=True)
class ClientSecurity:
    protocol: str = "PLAINTEXT"
    context: ssl.SSLContext | None = None  # SSL, SASL_SSL
    sasl: SaslLogin | None = None  # SASL_PLAINTEXT, SASL_SSL

    @classmethod
    def from_properties(cls, props: Mapping[str, str]) -> ClientSecurity:
        protocol = props.get("security.protocol", "PLAINTEXT").strip().upper()
        if protocol not in PROTOCOLS:
            raise SecurityConfigError(f"security.protocol={protocol} is not a Kafka security protocol (one of "
                                      f"{', '.join(PROTOCOLS)})")
        context = _ssl_context(props) if protocol in ("SSL", "SASL_SSL") else None
        sasl = SaslLogin.from_properties(props) if protocol.startswith("SASL_") else None
        return cls(protocol, context, sasl)

    def secure(self, sock: socket.socket, host: str) -> socket.socket:
        """The socket to speak Kafka on: TLS-wrapped (handshake done) for SSL, else `sock` itself."""
        if self.context is None:
            return sock
        return self.context.wrap_socket(sock, server_hostname=host)


def _ssl_context(props: Mapping[str, str]) -> ssl.SSLContext:
    for kind in ("truststore", "keystore"):
        store_type = props.get(f"ssl.{kind}.type", "PEM").strip().upper()
        if store_type != "PEM" and props.get(f"ssl.{kind}.location"):
            raise SecurityConfigError(f"ssl.{kind}.type={store_type}: kaflite's tools read PEM stores only "
                                      f"(convert it, e.g. with keytool and openssl)")
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    setting = "ssl.truststore.*"
    try:
        if not load_truststore(context, location=props.get("ssl.truststore.location", ""),
                               certificates=props.get("ssl.truststore.certificates", "")):
            context.load_default_certs()  # as the JVM's own CA list: a publicly signed broker needs no store
        setting = "ssl.keystore.*"
        if props.get("ssl.keystore.location") or props.get("ssl.keystore.key"):
            load_keystore(context, location=props.get("ssl.keystore.location", ""),
                          chain=props.get("ssl.keystore.certificate.chain", ""),
                          key=props.get("ssl.keystore.key", ""),
                          password=props.get("ssl.key.password") or None)
    except (OSError, ValueError) as exc:  # ssl.SSLError is an OSError
        raise SecurityConfigError(f"cannot load {setting}: {getattr(exc, 'strerror', None) or exc}") from None
    if not props.get("ssl.endpoint.identification.algorithm", "https").strip():
        context.check_hostname = False
    return context
