"""The tools' client security, from Kafka's client properties (``--command-config``): how a socket to a broker
is secured before the first request.

``security.protocol=SSL`` with PEM stores (``kaflite.ssl_stores``: the settings the broker reads, on the client
side), ``ssl.endpoint.identification.algorithm`` (Kafka's default ``https``: the broker's certificate must name
the host dialled; empty turns the check off). Java's JKS and PKCS12 stores are not read: convert them to PEM
(Kafka accepts PEM since 2.7).

``SASL_PLAINTEXT`` and ``SASL_SSL`` with ``sasl.mechanism`` PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512 and the user in
``sasl.jaas.config`` (``...LoginModule required username="alice" password="...";``), as the Java client reads them:
the login itself is ``kaflite.tools.client.Connection``'s, after ApiVersions.
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass

from kaflite.ssl_stores import load_keystore, load_truststore

PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
SASL_MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")


class SecurityConfigError(ValueError):
    """A --command-config the tools cannot act on: one line for the user."""


@dataclass(frozen=True)
class ClientSecurity:
    protocol: str = "PLAINTEXT"
    context: ssl.SSLContext | None = None  # SSL, SASL_SSL
    sasl_mechanism: str | None = None  # SASL_*: the mechanism, and the user it logs in as
    username: str = ""
    password: str = ""

    @classmethod
    def from_properties(cls, props: Mapping[str, str]) -> ClientSecurity:
        protocol = props.get("security.protocol", "PLAINTEXT").strip().upper()
        if protocol not in PROTOCOLS:
            raise SecurityConfigError(f"security.protocol={protocol} is not supported by kaflite's tools "
                                      f"(they speak {', '.join(PROTOCOLS)})")
        if protocol == "PLAINTEXT":
            return cls()
        context = _ssl_context(props) if protocol in ("SSL", "SASL_SSL") else None
        if not protocol.startswith("SASL_"):
            return cls(protocol, context)
        mechanism = props.get("sasl.mechanism", "GSSAPI").strip().upper()
        if mechanism not in SASL_MECHANISMS:
            raise SecurityConfigError(f"sasl.mechanism={mechanism} is not supported by kaflite's tools "
                                      f"(they log in with {', '.join(SASL_MECHANISMS)})")
        from kaflite.security.sasl.jaas import JaasError, parse_jaas_config

        try:
            entries = parse_jaas_config(props.get("sasl.jaas.config", ""))
        except JaasError as exc:
            raise SecurityConfigError(f"sasl.jaas.config: {exc}") from None
        options = entries[0].options
        if "username" not in options or "password" not in options:
            raise SecurityConfigError("sasl.jaas.config must give username=\"...\" and password=\"...\"")
        return cls(protocol, context, mechanism, options["username"], options["password"])

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
