"""The client side of a SASL test broker: JAAS text for its users, unsecured JWTs, and each client library's
configuration for a user and mechanism (``Broker.sasl_client_config``).

Why here: the settings differ in every library (kafka-python's ``sasl_plain_username``, librdkafka's
``sasl.username``, the Java client's ``sasl.jaas.config`` with the LoginModule of the mechanism, kafkajs'
``sasl: {mechanism: 'scram-sha-512'}``), and a test should name the user, not relearn five spellings.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kaflite.security.sasl.oauthbearer import unsecured_jwt as make_token

CLIENTS = ("kafka-python", "aiokafka", "librdkafka", "java", "kafkajs")
LOGIN_MODULES = {
    "PLAIN": "org.apache.kafka.common.security.plain.PlainLoginModule",
    "SCRAM-SHA-256": "org.apache.kafka.common.security.scram.ScramLoginModule",
    "SCRAM-SHA-512": "org.apache.kafka.common.security.scram.ScramLoginModule",
    "OAUTHBEARER": "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule",
}


def jaas_quote(value: str) -> str:
    """A JAAS option value, quoted (backslash and double quote escaped) as Kafka's JaasConfig reads it back."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def plain_jaas_config(users: Mapping[str, str]) -> str:
    """The broker's PlainLoginModule entry that lets ``users`` (name → password) log in with PLAIN."""
    options = " ".join(f"user_{name}={jaas_quote(password)}" for name, password in users.items())
    return f"{LOGIN_MODULES['PLAIN']} required {options};"


def unsecured_jwt(subject: str, lifetime_s: float = 3600.0, scope: str | None = None) -> str:
    """An unsigned JWT (``alg: none``) for ``subject``, as the Java client's OAuthBearerLoginModule makes one with
    ``unsecuredLoginStringClaim_sub``: what kaflite's OAUTHBEARER (Kafka's unsecured validator) accepts."""
    now = time.time()
    claims: dict[str, Any] = {"sub": subject, "iat": int(now), "exp": int(now + lifetime_s)}
    if scope is not None:
        claims["scope"] = scope
    return make_token(claims)


def client_config(client: str, *, bootstrap: str, protocol: str, mechanism: str, user: str, password: str | None,
                  ca_file: Path | None) -> dict[str, Any]:
    """``client``'s settings to log in as ``user`` over a SASL_PLAINTEXT or SASL_SSL listener at ``bootstrap``.

    OAUTHBEARER: kafka-python and aiokafka get a token provider object (an unsecured JWT for ``user``),
    librdkafka its built-in unsecured JWT, the Java client ``unsecuredLoginStringClaim_sub``, kafkajs the token
    as ``oauthBearerToken`` (its provider is a JS function: ``oauthBearerProvider: async () => ({value})``).
    """
    if client not in CLIENTS:
        raise ValueError(f"unknown client {client!r}: one of {', '.join(CLIENTS)}")
    if mechanism not in LOGIN_MODULES:
        raise ValueError(f"unknown SASL mechanism {mechanism!r}: one of {', '.join(LOGIN_MODULES)}")
    if mechanism != "OAUTHBEARER" and password is None:
        raise ValueError(f"no password for {user!r}: give it, or start the broker with users={{{user!r}: ...}}")
    tls = protocol == "SASL_SSL"
    if client in ("kafka-python", "aiokafka"):
        config: dict[str, Any] = {"bootstrap_servers": bootstrap, "security_protocol": protocol,
                                  "sasl_mechanism": mechanism}
        if mechanism == "OAUTHBEARER":
            config["sasl_oauth_token_provider"] = _token_provider(client, user)
        else:
            config.update(sasl_plain_username=user, sasl_plain_password=password)
        if tls and client == "kafka-python":
            config["ssl_cafile"] = str(ca_file)
        elif tls:
            from aiokafka.helpers import create_ssl_context

            config["ssl_context"] = create_ssl_context(cafile=str(ca_file))
        return config
    if client == "librdkafka":
        rd = {"bootstrap.servers": bootstrap, "security.protocol": protocol, "sasl.mechanism": mechanism}
        if mechanism == "OAUTHBEARER":
            rd.update({"enable.sasl.oauthbearer.unsecure.jwt": "true", "sasl.oauthbearer.config": f"principal={user}"})
        else:
            rd.update({"sasl.username": user, "sasl.password": str(password)})
        if tls:
            rd["ssl.ca.location"] = str(ca_file)
        return rd
    if client == "java":
        module = LOGIN_MODULES[mechanism]
        login = f"unsecuredLoginStringClaim_sub={jaas_quote(user)}" if mechanism == "OAUTHBEARER" else \
            f"username={jaas_quote(user)} password={jaas_quote(str(password))}"
        java = {"bootstrap.servers": bootstrap, "security.protocol": protocol, "sasl.mechanism": mechanism,
                "sasl.jaas.config": f"{module} required {login};"}
        if tls:
            java.update({"ssl.truststore.type": "PEM", "ssl.truststore.location": str(ca_file)})
        return java
    sasl: dict[str, Any] = {"mechanism": mechanism.lower()}
    if mechanism == "OAUTHBEARER":
        sasl["oauthBearerToken"] = unsecured_jwt(user)
    else:
        sasl.update(username=user, password=password)
    return {"brokers": bootstrap.split(","), "sasl": sasl,
            "ssl": {"ca": [Path(str(ca_file)).read_text()]} if tls else False}


def _token_provider(client: str, user: str) -> Any:
    """kafka-python's and aiokafka's OAUTHBEARER token providers, giving an unsecured JWT for ``user`` (each
    library wants an instance of its own abstract class; imported only when asked for)."""
    if client == "kafka-python":
        from kafka.net.sasl.oauth import AbstractTokenProvider as KafkaPythonProvider

        class UnsecuredTokenProvider(KafkaPythonProvider):
            def token(self) -> str:
                return unsecured_jwt(user)

        return UnsecuredTokenProvider()
    from aiokafka.abc import AbstractTokenProvider as AiokafkaProvider

    class AsyncUnsecuredTokenProvider(AiokafkaProvider):
        async def token(self) -> str:
            return unsecured_jwt(user)

    return AsyncUnsecuredTokenProvider()
