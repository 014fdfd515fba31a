"""SASL as Kafka's brokers serve it: the mechanisms (PLAIN, SCRAM-SHA-256/512, OAUTHBEARER with unsecured JWTs) and
the authenticator's state machine (``SaslServerAuthenticator``), bytes in, bytes out.

The mechanisms' messages are Kafka's word for word where clients show them (``Authentication failed: Invalid
username or password``): a test that checks the message a client reports must see what it would see against Kafka.
"""

from __future__ import annotations

PLAIN = "PLAIN"
SCRAM_SHA_256 = "SCRAM-SHA-256"
SCRAM_SHA_512 = "SCRAM-SHA-512"
OAUTHBEARER = "OAUTHBEARER"
GSSAPI = "GSSAPI"
MECHANISMS = (PLAIN, SCRAM_SHA_256, SCRAM_SHA_512, OAUTHBEARER)
SCRAM_MECHANISMS = (SCRAM_SHA_256, SCRAM_SHA_512)


class SaslAuthenticationError(Exception):
    """Kafka's SaslAuthenticationException: the authentication failed, and the message may be shown to the
    client as it is (it names nothing a client must not learn)."""


class InvalidCredentials(Exception):
    """Kafka's SaslException from a mechanism: the client is told only the generic "invalid credentials"
    message (the real reason may say whether a user exists); the broker logs the reason."""
