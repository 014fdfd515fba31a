"""Security, pure: who a connection is (SASL, a TLS certificate's name) and what it may do (ACLs).

Sans-I/O as the coordinator: bytes and records in, bytes and records out; the broker (``kaflite.broker``) does
the sockets and ``kaflite.broker.cluster_metadata`` the durable log. Only ``tls`` touches files: its key and
trust stores are PEM files Kafka's settings name, and ``tls.certs`` writes a development set. What is kept
across restarts (SCRAM credentials, ACLs) is held by images fed metadata records, both as they are committed
and at startup's replay, by the same ``apply``: replay and live operation cannot disagree.
"""

from __future__ import annotations

from typing import Any, Protocol


class MetadataImage(Protocol):
    """An in-memory view built from cluster-metadata records (``kaflite.storage.cluster_metadata``)."""

    def apply(self, record: Any) -> None:
        """Take one record into the view; record types the view does not keep are ignored."""
