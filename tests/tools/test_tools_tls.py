"""kaflite's tools against an SSL listener, configured as Kafka's tools are: ``--command-config`` with the Java
client's properties (PEM stores), mutual TLS included."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing.broker import Broker
from kaflite.tools.cli import main as tool_main


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker(tls=True, client_auth="required") as b:
        yield b


def _properties(path: Path, props: dict[str, str]) -> str:
    path.write_text("".join(f"{k}={v}\n" for k, v in props.items()))
    return str(path)


def _tool(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return tool_main(list(argv), out, err, io.StringIO()), out.getvalue(), err.getvalue()


def test_tools_speak_ssl_with_a_client_certificate(broker: Broker, tmp_path: Path) -> None:
    broker.create_topic("tools-tls", 2)
    config = _properties(tmp_path / "client.properties", {**broker.java_properties(client_cert=True),
                                                          "client.id": "tls-tool"})
    code, out, err = _tool("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
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
    code, out, err = _tool("topics", "describe", "--topic", "tools-tls", "--bootstrap-server",
                           broker.ssl_bootstrap_servers, "--command-config", inline, "--json")
    assert code == 0, err


def test_a_refused_or_misconfigured_tls_client_is_one_line_and_exit_1(broker: Broker, tmp_path: Path) -> None:
    no_cert = _properties(tmp_path / "no-cert.properties", broker.java_properties(client_cert=False))
    code, _, err = _tool("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
                         "--command-config", no_cert)
    assert code == 1 and err.count("\n") == 1, err  # ssl.client.auth=required: the broker refuses it
    untrusted = _properties(tmp_path / "untrusted.properties", {"security.protocol": "SSL"})  # system CAs only
    code, _, err = _tool("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
                         "--command-config", untrusted)
    assert code == 1 and "TLS handshake with" in err and "CERTIFICATE_VERIFY_FAILED" in err, err
    jks = _properties(tmp_path / "jks.properties", {"security.protocol": "SSL", "ssl.truststore.type": "JKS",
                                                    "ssl.truststore.location": "/x/truststore.jks"})
    code, _, err = _tool("topics", "list", "--bootstrap-server", broker.ssl_bootstrap_servers,
                         "--command-config", jks)
    assert code == 1 and "PEM stores only" in err, err
    sasl = _properties(tmp_path / "sasl.properties", {"security.protocol": "SASL_SSL"})
    code, _, err = _tool("topics", "list", "--command-config", sasl)
    assert code == 1 and "sasl.mechanism=GSSAPI is not supported by kaflite's tools" in err, err
