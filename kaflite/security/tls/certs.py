"""Throwaway TLS material for an SSL listener: a CA, a server certificate valid for localhost, 127.0.0.1 and
::1, and a client certificate (mutual TLS), as PEM files; and the settings that use them, for the broker and
for each client library (kafka-python/aiokafka, librdkafka, the Java client).

X.509 is ``trustme``'s work (built on ``cryptography``), never ours. Imported only by ``kaflite certs`` and
the test kit (``Broker(tls=True)``): a broker's start never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

CLIENT_CN = "kaflite-client"
SERVER_IDENTITIES = ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True, slots=True)
class CertFiles:
    """The PEM files ``write_certs`` made."""

    dir: Path
    ca: Path  # the CA certificate: the clients' trust store, and the broker's for client certificates
    server: Path  # the server's private key and certificate chain (ssl.keystore.location)
    client_cert: Path  # the client's certificate chain
    client_key: Path  # the client's private key (PKCS#8, unencrypted)
    client_keystore: Path  # the client's key and chain in one file (the Java client's PEM keystore)

    @property
    def client_principal(self) -> str:
        """The principal the broker gives a connection presenting the client certificate."""
        return f"User:CN={CLIENT_CN},OU=kaflite client,O=kaflite"

    def broker_config(self, client_auth: str = "none") -> dict[str, str]:
        """The broker settings (Kafka's names) for an SSL listener with these files."""
        config = {"ssl.keystore.type": "PEM", "ssl.keystore.location": str(self.server),
                  "ssl.truststore.type": "PEM", "ssl.truststore.location": str(self.ca),
                  "ssl.client.auth": client_auth}
        return config

    def kafka_python(self, client_cert: bool = False) -> dict[str, Any]:
        """Keyword arguments for kafka-python's and aiokafka's clients (aiokafka: pass them to
        ``aiokafka.helpers.create_ssl_context`` and give it as ``ssl_context``)."""
        config: dict[str, Any] = {"security_protocol": "SSL", "ssl_cafile": str(self.ca)}
        if client_cert:
            config.update(ssl_certfile=str(self.client_cert), ssl_keyfile=str(self.client_key))
        return config

    def librdkafka(self, client_cert: bool = False) -> dict[str, str]:
        """confluent-kafka / librdkafka (and kcat's ``-X``) properties."""
        config = {"security.protocol": "SSL", "ssl.ca.location": str(self.ca)}
        if client_cert:
            config.update({"ssl.certificate.location": str(self.client_cert),
                           "ssl.key.location": str(self.client_key)})
        return config

    def java(self, client_cert: bool = False) -> dict[str, str]:
        """The Java client's properties (PEM stores, Kafka 2.7+)."""
        config = {"security.protocol": "SSL", "ssl.truststore.type": "PEM",
                  "ssl.truststore.location": str(self.ca)}
        if client_cert:
            config.update({"ssl.keystore.type": "PEM", "ssl.keystore.location": str(self.client_keystore)})
        return config


def _pkcs8(key_pem: bytes) -> bytes:
    """The Java client reads PKCS#8 PEM keys only (``BEGIN PRIVATE KEY``); trustme writes the traditional
    form."""
    from cryptography.hazmat.primitives import serialization

    key = serialization.load_pem_private_key(key_pem, password=None)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def write_certs(directory: str | Path) -> CertFiles:
    """Write a fresh CA, server and client certificate set into ``directory`` (created if missing)."""
    import trustme

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    ca = trustme.CA(organization_name="kaflite", organization_unit_name="kaflite throwaway CA")
    server = ca.issue_cert(*SERVER_IDENTITIES, common_name="localhost", organization_name="kaflite",
                           organization_unit_name="kaflite server")
    client = ca.issue_cert(CLIENT_CN, common_name=CLIENT_CN, organization_name="kaflite",
                           organization_unit_name="kaflite client")
    files = CertFiles(out, out / "ca.pem", out / "server.pem", out / "client.pem", out / "client.key",
                      out / "client-keystore.pem")
    ca.cert_pem.write_to_path(str(files.ca))
    server_chain = b"".join(blob.bytes() for blob in server.cert_chain_pems)
    client_chain = b"".join(blob.bytes() for blob in client.cert_chain_pems)
    client_key = _pkcs8(client.private_key_pem.bytes())
    _write_private(files.server, _pkcs8(server.private_key_pem.bytes()) + server_chain)
    files.client_cert.write_bytes(client_chain)
    _write_private(files.client_key, client_key)
    _write_private(files.client_keystore, client_key + client_chain)
    return files


def _write_private(path: Path, data: bytes) -> None:
    path.touch(mode=0o600)
    path.chmod(0o600)
    path.write_bytes(data)
