"""Kafka's PEM key and trust stores loaded into an ``ssl.SSLContext``: for the broker's SSL listeners
(``kaflite.broker.tls``) and the tools' client (``kaflite.tools.security``), so both read the same settings the
same way.

Kafka's names: ``ssl.keystore.location`` (one PEM file with the key and its chain) + ``ssl.key.password``, or
``ssl.keystore.certificate.chain`` + ``ssl.keystore.key`` (PEM text inline); ``ssl.truststore.location`` (a PEM
file of CA certificates) or ``ssl.truststore.certificates`` (inline).
"""

from __future__ import annotations

import os
import ssl
import tempfile


def load_keystore(context: ssl.SSLContext, *, location: str = "", chain: str = "", key: str = "",
                  password: str | None = None) -> None:
    """The key and certificate chain this side presents. OSError/ValueError (ssl.SSLError) when unreadable."""
    if location:
        context.load_cert_chain(location, password=password)
        return
    # ``ssl`` loads a key only from a file: the inline PEM goes through a private temporary file, removed at once.
    fd, path = tempfile.mkstemp(prefix="kaflite-keystore-", suffix=".pem")  # mode 0600
    try:
        with os.fdopen(fd, "w") as f:
            f.write(key.strip() + "\n" + chain.strip() + "\n")
        context.load_cert_chain(path, password=password)
    finally:
        os.unlink(path)


def load_truststore(context: ssl.SSLContext, *, location: str = "", certificates: str = "") -> bool:
    """The CAs this side trusts; False when neither setting names any (the caller decides the default)."""
    if location:
        context.load_verify_locations(cafile=location)
        return True
    if certificates.strip():
        context.load_verify_locations(cadata=certificates)
        return True
    return False
