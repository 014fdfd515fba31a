"""kaflite's tools against SSL and SASL_SSL listeners, configured as Kafka's tools are: ``--command-config`` with
the Java client's properties (PEM stores, mutual TLS, ``sasl.jaas.config`` for each mechanism)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing.broker import Broker
from tests.tools.run import run


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker(tls=True, client_auth="required") as b:
        yield b


def _properties(path: Path, props: dict[str, str]) -> str:
    path.write_text("".join(f"{k}={v}\n" for k, v in props.items()))
    return str(path)


def test_tools_speak_ssl_with_a_client_certificate(broker: Broker, tmp_path: Path) -> None:
    broker.create_topic("tools-tls", 2)
    config = _properties(tmp_path / "client.properties", {**broker.java_properties(client_cert=True),
                                                          "client.id": "tls-tool"})
    code, out, err = run("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
                           "--command-config", config, "--json")
    assert code == 0, err
    assert "tools-tls" in json.loads(out)
    # The same file with Kafka's inline PEM form of the key store reads the same
    assert broker.tls is not None
    inline = _properties(tmp_path / "inline.properties", {
        "security.protocol": "SSL", "ssl.truststore.type": "PEM",
        "ssl.truststore.certificates": broker.tls.ca.read_text().replace("\n", "\\n"),
        "ssl.keystore.type": "PEM",
        "ssl.keystore.certificate.chain": broker.tls.client_cert.read_text().replace("\n", "\\n"),
        "ssl.keystore.key": broker.tls.client_key.read_text().replace("\n", "\\n")})
    code, out, err = run("topics", "describe", "--topic", "tools-tls", "--bootstrap-server",
                           broker.ssl_bootstrap_servers, "--command-config", inline, "--json")
    assert code == 0, err


def test_a_refused_or_misconfigured_tls_client_is_one_line_and_exit_1(broker: Broker, tmp_path: Path) -> None:
    no_cert = _properties(tmp_path / "no-cert.properties", broker.java_properties(client_cert=False))
    code, _, err = run("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
                         "--command-config", no_cert)
    assert code == 1 and err.count("\n") == 1, err  # ssl.client.auth=required: the broker refuses it
    untrusted = _properties(tmp_path / "untrusted.properties", {"security.protocol": "SSL"})  # system CAs only
    code, _, err = run("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
                         "--command-config", untrusted)
    assert code == 1 and "TLS handshake with" in err and "CERTIFICATE_VERIFY_FAILED" in err, err
    jks = _properties(tmp_path / "jks.properties", {"security.protocol": "SSL", "ssl.truststore.type": "JKS",
                                                    "ssl.truststore.location": "/x/truststore.jks"})
    code, _, err = run("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
                         "--command-config", jks)
    assert code == 1 and "PEM stores only" in err, err
    bad = _properties(tmp_path / "bad.properties", {"security.protocol": "SASL_TLS"})
    code, _, err = run("topics", "list", "--command-config", bad)
    assert code == 1 and "security.protocol=SASL_TLS is not a Kafka security protocol" in err, err


@pytest.fixture(scope="module")
def sasl_broker() -> Iterator[Broker]:
    with Broker(sasl="SASL_SSL", users={"alice": "alice-secret"},
                mechanisms=("PLAIN", "SCRAM-SHA-512", "OAUTHBEARER")) as b:
        b.add_user("scram-bob", "bob-secret", mechanisms=("SCRAM-SHA-512",))
        yield b


@pytest.mark.parametrize(("user", "mechanism"), [("alice", "PLAIN"), ("scram-bob", "SCRAM-SHA-512"),
                                                 ("carol", "OAUTHBEARER")])
def test_tools_log_in_over_sasl_ssl_with_the_java_clients_properties(sasl_broker: Broker, tmp_path: Path,
                                                                      user: str, mechanism: str) -> None:
    """The properties a Java application uses (``sasl.jaas.config`` with the mechanism's LoginModule) work as the
    tools' --command-config, each mechanism's exchange done by the tools' own client."""
    sasl_broker.create_topic(f"tools-sasl-{mechanism.lower()}", 1)
    props = sasl_broker.sasl_client_config("java", user, mechanism)
    config = _properties(tmp_path / "sasl.properties", props)
    code, out, err = run("topics", "list", "--bootstrap-server", sasl_broker.sasl_bootstrap_servers,
                           "--command-config", config, "--json")
    assert code == 0, err
    assert f"tools-sasl-{mechanism.lower()}" in json.loads(out)


def test_a_wrong_password_or_mechanism_is_the_brokers_message_and_exit_1(sasl_broker: Broker,
                                                                           tmp_path: Path) -> None:
    wrong = _properties(tmp_path / "wrong.properties",
                        sasl_broker.sasl_client_config("java", "scram-bob", "SCRAM-SHA-512", password="nope"))
    code, _, err = run("topics", "list", "--bootstrap-server", sasl_broker.sasl_bootstrap_servers,
                         "--command-config", wrong)
    assert code == 1 and "SASL authentication failed" in err and "due to invalid credentials with SASL mechanism " \
        "SCRAM-SHA-512" in err, err  # Kafka's message, as the Java client shows it
    scram256 = _properties(tmp_path / "256.properties",
                           sasl_broker.sasl_client_config("java", "scram-bob", "SCRAM-SHA-256", password="x"))
    code, _, err = run("topics", "list", "--bootstrap-server", sasl_broker.sasl_bootstrap_servers,
                         "--command-config", scram256)
    assert code == 1 and "does not enable sasl.mechanism=SCRAM-SHA-256" in err, err
    gssapi = _properties(tmp_path / "gssapi.properties", {"security.protocol": "SASL_SSL"})
    code, _, err = run("topics", "list", "--command-config", gssapi)
    assert code == 1 and "sasl.mechanism=GSSAPI is not spoken" in err, err
