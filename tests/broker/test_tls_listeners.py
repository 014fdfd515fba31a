"""Listeners and TLS at the wire: each listener answers Metadata, FindCoordinator and DescribeCluster with its
own advertised address; the mutual-TLS principal; bad input on either kind of port closes only that
connection, with one log line (issue 16)."""

from __future__ import annotations

import asyncio
import ssl
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
import structlog

from kaflite.config import KafliteConfig
from kaflite.config.listeners import listeners_of
from kaflite.config.values import ConfigError
from kaflite.protocol.messages import (
    ApiVersionsRequest,
    DescribeClusterRequest,
    FindCoordinatorRequest,
    MetadataRequest,
)
from kaflite.security.tls.certs import CertFiles, write_certs
from tests.broker.wire import Closed, WireClient, connected, serving

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CertFiles]:
    yield write_certs(tmp_path_factory.mktemp("certs"))


def tls_config(tmp_path: Path, certs: CertFiles, client_auth: str = "none", **more: object) -> KafliteConfig:
    settings: dict[str, object] = {"listeners": "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0",
                                   **certs.broker_config(client_auth), "log.dirs": str(tmp_path / "data"),
                                   **{k.replace("_", "."): v for k, v in more.items()}}
    return KafliteConfig.load(settings, env={})


def client_context(certs: CertFiles, client_cert: bool) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(certs.ca))
    if client_cert:
        context.load_cert_chain(str(certs.client_cert), str(certs.client_key))
    return context


async def tls_client(port: int, context: ssl.SSLContext) -> WireClient:
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", port, ssl=context, server_hostname="localhost"), 10)
    return WireClient(reader, writer)


async def wait_for_line(logs: list[dict[str, object]], event: str) -> dict[str, object]:
    for _ in range(500):
        found = [e for e in logs if e["event"] == event]
        if found:
            return found[0]
        await asyncio.sleep(0.01)
    raise AssertionError(f"no {event!r} line in {logs}")


# -- configuration -------------------------------------------------------------------------------------------


def test_without_listeners_host_and_port_are_the_one_plaintext_listener() -> None:
    (only,) = listeners_of(KafliteConfig(host="0.0.0.0", port=9099, advertised_host="kaflite.test"))
    assert (only.name, only.protocol, only.host, only.port) == ("PLAINTEXT", "PLAINTEXT", "0.0.0.0", 9099)
    assert (only.advertised_host, only.advertised_port) == ("kaflite.test", 9099)


def test_listener_names_map_to_protocols_and_advertise_their_own_address() -> None:
    config = KafliteConfig(listeners="INTERNAL://127.0.0.1:9092,EXTERNAL://[::1]:9093",
                           advertised_listeners="EXTERNAL://broker.example:19093",
                           listener_security_protocol_map="INTERNAL:PLAINTEXT,EXTERNAL:PLAINTEXT")
    internal, external = listeners_of(config)
    assert (internal.name, internal.protocol, internal.advertised_host, internal.advertised_port) == (
        "INTERNAL", "PLAINTEXT", "127.0.0.1", 9092)
    assert (external.host, external.advertised_host, external.advertised_port) == ("::1", "broker.example", 19093)


@pytest.mark.parametrize(("settings", "name", "message"), [
    ({"listeners": "SASL_SSL://127.0.0.1:9093"}, "ssl.keystore.location", "needs the server's key"),  # TLS + SASL
    ({"listeners": "SASL_PLAINTEXT://127.0.0.1:9093", "sasl.enabled.mechanisms": "GSSAPI"},
     "sasl.enabled.mechanisms", "GSSAPI (Kerberos) is not supported by kaflite"),
    ({"listeners": "SASL_PLAINTEXT://127.0.0.1:9093", "listener.name.SASL_PLAINTEXT.sasl.enabled.mechanisms": "X"},
     "listener.name.sasl_plaintext.sasl.enabled.mechanisms", "unknown SASL mechanism X"),
    ({"listeners": "SASL_PLAINTEXT://127.0.0.1:9093", "sasl.jaas.config": "PlainLoginModule required user_a=\"x\""},
     "listener.name.sasl_plaintext.plain.sasl.jaas.config (or sasl.jaas.config)", "not terminated by semi-colon"),
    ({"listener.name.x": "1"}, "listener.name.x", "expected listener.name.<listener>.<setting>"),
    ({"listeners": "CLIENT://127.0.0.1:9093"}, "listeners", "no security protocol defined for listener CLIENT"),
    ({"listeners": "PLAINTEXT://127.0.0.1"}, "listeners", "is not NAME://host:port"),
    ({"listeners": "PLAINTEXT://127.0.0.1:1,PLAINTEXT://127.0.0.1:2"}, "listeners", "listed twice"),
    ({"listeners": "PLAINTEXT://127.0.0.1:1", "advertised.listeners": "SSL://x:2"}, "advertised.listeners",
     "SSL is not in listeners"),
    ({"listeners": "SSL://127.0.0.1:9093"}, "ssl.keystore.location", "needs the server's key"),
    ({"listeners": "SSL://127.0.0.1:9093", "ssl.keystore.location": "k.pem", "ssl.client.auth": "required"},
     "ssl.client.auth", "needs the CA certificates"),
    ({"ssl.keystore.type": "JKS"}, "ssl.keystore.type", "PEM"),
])
def test_what_cannot_be_served_is_refused_at_start(settings: dict[str, object], name: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        KafliteConfig.load(settings, env={})
    assert info.value.name == name and message in str(info.value)


# -- the listener a client came in on ------------------------------------------------------------------------


async def test_metadata_find_coordinator_and_describe_cluster_answer_with_the_clients_listener(
        tmp_path: Path, certs: CertFiles) -> None:
    config = tls_config(tmp_path, certs, advertised_listeners="SSL://localhost:0")
    async with serving(config) as broker:
        plain, tls = broker.state.listeners
        assert (plain.name, tls.name) == ("PLAINTEXT", "SSL") and plain.port != tls.port
        expected = {"PLAINTEXT": ("127.0.0.1", plain.port), "SSL": ("localhost", tls.port)}
        plain_client = await WireClient.connect(plain.port)
        tls_client_ = await tls_client(tls.port, client_context(certs, client_cert=False))
        for name, client in (("PLAINTEXT", plain_client), ("SSL", tls_client_)):
            md = await client.call(3, 12, MetadataRequest(topics=None))
            assert [(b.host, b.port) for b in md.brokers] == [expected[name]]
            fc = await client.call(10, 4, FindCoordinatorRequest(key_type=0, coordinator_keys=["g"]))
            assert [(c.host, c.port) for c in fc.coordinators] == [expected[name]]
            dc = await client.call(60, 0, DescribeClusterRequest())
            assert [(b.host, b.port) for b in dc.brokers] == [expected[name]]
            await client.close()
        assert broker.port == plain.port  # the first listener is what `port` and the ready file report


# -- mutual TLS --------------------------------------------------------------------------------------------


async def test_the_client_certificates_subject_is_the_connections_principal(tmp_path: Path,
                                                                           certs: CertFiles) -> None:
    async with serving(tls_config(tmp_path, certs, "requested")) as broker:
        _, tls = broker.state.listeners
        with_cert = await tls_client(tls.port, client_context(certs, client_cert=True))
        without = await tls_client(tls.port, client_context(certs, client_cert=False))
        for client in (with_cert, without):
            assert (await client.call(18, 3, ApiVersionsRequest())).error_code == 0
        plain = await WireClient.connect(broker.port)
        assert (await plain.call(18, 3, ApiVersionsRequest())).error_code == 0
        principals = sorted(c.principal for c in broker.state.connections)
        assert principals == sorted([certs.client_principal, "User:ANONYMOUS", "User:ANONYMOUS"])
        assert certs.client_principal == "User:CN=kaflite-client,OU=kaflite client,O=kaflite"
        for client in (with_cert, without, plain):
            await client.close()


async def test_without_a_trusted_certificate_a_required_handshake_fails_with_a_line_and_nothing_else(
        tmp_path: Path, certs: CertFiles) -> None:
    stranger = write_certs(tmp_path / "stranger")  # another CA: its client certificate is not trusted
    async with serving(tls_config(tmp_path, certs, "required")) as broker:
        _, tls = broker.state.listeners
        good = await tls_client(tls.port, client_context(certs, client_cert=True))
        with structlog.testing.capture_logs() as logs:
            for context in (client_context(certs, client_cert=False), client_context(stranger, client_cert=True)):
                context.load_verify_locations(cafile=str(certs.ca))
                try:  # TLS 1.3: the refusal arrives after the client's side of the handshake is done
                    bad = await tls_client(tls.port, context)
                    with pytest.raises((Closed, ConnectionError, ssl.SSLError)):
                        await bad.call(18, 3, ApiVersionsRequest())
                except (ConnectionError, ssl.SSLError):
                    pass
            await wait_for_line(logs, "TLS handshake failed; connection closed")
        failed = [e for e in logs if e["event"] == "TLS handshake failed; connection closed"]
        assert len(failed) == 2 and all(e["listener"] == "SSL" for e in failed)
        assert (await good.call(18, 3, ApiVersionsRequest())).error_code == 0  # nothing else disturbed
        await good.close()


# -- bad input ---------------------------------------------------------------------------------------------


async def test_a_tls_handshake_on_a_plaintext_port_closes_that_connection_with_a_line_saying_so(
        tmp_path: Path, certs: CertFiles) -> None:
    async with serving(tls_config(tmp_path, certs)) as broker, connected(broker.port) as other:
        with structlog.testing.capture_logs() as logs:
            with pytest.raises((ConnectionError, ssl.SSLError, asyncio.IncompleteReadError, TimeoutError)):
                await tls_client(broker.port, client_context(certs, client_cert=False))
            line = await wait_for_line(logs, "closing connection")
        assert "looks like a TLS handshake" in str(line["reason"])
        assert (await other.call(18, 3, ApiVersionsRequest())).error_code == 0


async def test_plaintext_kafka_on_an_ssl_port_closes_that_connection_with_a_line(tmp_path: Path,
                                                                                  certs: CertFiles) -> None:
    async with serving(tls_config(tmp_path, certs)) as broker:
        _, tls = broker.state.listeners
        good = await tls_client(tls.port, client_context(certs, client_cert=False))
        with structlog.testing.capture_logs() as logs:
            reader, writer = await asyncio.open_connection("127.0.0.1", tls.port)
            body = struct.pack(">hhih", 18, 0, 1, -1)  # ApiVersions v0, no client id
            writer.write(struct.pack(">i", len(body)) + body)
            await writer.drain()
            assert await asyncio.wait_for(reader.read(), 10) == b""  # closed, nothing answered
            writer.close()
            line = await wait_for_line(logs, "TLS handshake failed; connection closed")
        assert line["listener"] == "SSL" and "PLAINTEXT to an SSL listener" in str(line["hint"])
        assert (await good.call(18, 3, ApiVersionsRequest())).error_code == 0
        await good.close()


async def test_mapping_rules_name_the_principal_and_a_certificate_no_rule_applies_to_is_refused(
        tmp_path: Path, certs: CertFiles) -> None:
    rules = "RULE:^CN=(.*?),OU=kaflite client,.*$/$1/U"
    async with serving(tls_config(tmp_path, certs, "requested", ssl_principal_mapping_rules=rules)) as broker:
        _, tls = broker.state.listeners
        client = await tls_client(tls.port, client_context(certs, client_cert=True))
        assert (await client.call(18, 3, ApiVersionsRequest())).error_code == 0
        assert [c.principal for c in broker.state.connections] == ["User:KAFLITE-CLIENT"]
        await client.close()
    only_services = "RULE:^CN=(.*?),OU=services,.*$/$1/"
    async with serving(tls_config(tmp_path, certs, "requested", ssl_principal_mapping_rules=only_services)) as broker:
        _, tls = broker.state.listeners
        with structlog.testing.capture_logs() as logs:
            client = await tls_client(tls.port, client_context(certs, client_cert=True))
            with pytest.raises((Closed, ConnectionError)):
                await client.call(18, 3, ApiVersionsRequest())
            line = await wait_for_line(logs, "TLS client refused: no ssl.principal.mapping.rules rule applies")
        assert "CN=kaflite-client" in str(line["error"])
        anonymous = await tls_client(tls.port, client_context(certs, client_cert=False))  # no certificate: served
        assert (await anonymous.call(18, 3, ApiVersionsRequest())).error_code == 0
        await anonymous.close()


def test_sasl_listeners_read_kafkas_per_listener_settings() -> None:
    """listener.name.<listener>.<mechanism>.sasl.jaas.config beats listener.name.<listener>.sasl.jaas.config beats
    sasl.jaas.config; the listener's mechanisms beat sasl.enabled.mechanisms (Kafka's precedence)."""
    from kaflite.config.listeners import sasl_settings

    config = KafliteConfig.load({
        "listeners": "SASL_PLAINTEXT://127.0.0.1:0,INTERNAL://127.0.0.1:0",
        "listener.security.protocol.map": "SASL_PLAINTEXT:SASL_PLAINTEXT,INTERNAL:SASL_PLAINTEXT",
        "sasl.jaas.config": "A required;",
        "listener.name.internal.sasl.jaas.config": "B required;",
        "listener.name.INTERNAL.plain.sasl.jaas.config": "C required;",
        "listener.name.internal.sasl.enabled.mechanisms": "plain,SCRAM-SHA-256",
        "listener.name.internal.connections.max.reauth.ms": "5000",
    }, env={})
    outside = sasl_settings(config, "SASL_PLAINTEXT")
    assert outside.mechanisms == ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")
    assert outside.jaas["PLAIN"] == "A required;" and outside.max_reauth_ms["PLAIN"] == 0
    inside = sasl_settings(config, "INTERNAL")
    assert inside.mechanisms == ("PLAIN", "SCRAM-SHA-256")
    assert inside.jaas == {"PLAIN": "C required;", "SCRAM-SHA-256": "B required;"}
    assert inside.max_reauth_ms == {"PLAIN": 5000, "SCRAM-SHA-256": 5000}
