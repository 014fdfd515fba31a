"""Real clients over SASL listeners (issue 16): kafka-python, aiokafka, confluent-kafka, kcat, the Java client and
kafkajs log in over SASL_PLAINTEXT and SASL_SSL with every mechanism each one has (PLAIN and SCRAM everywhere,
OAUTHBEARER with unsecured JWTs where the client makes them); a wrong password is the client's authentication
error and the broker serves on; a SCRAM user added at run time logs in; a restart keeps SCRAM users; a client that
misbehaves before authenticating loses its own connection only.

The brokers are the test kit's ``Broker(sasl=..., users=...)``: one line for the listener and its users.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import socket
import struct
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.protocol.messages import MetadataRequest, SaslHandshakeRequest, SaslHandshakeResponse
from kaflite.testing import Broker

pytestmark = pytest.mark.timeout(120)
WAIT_S = 20
ALL = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER")
PROTOCOLS = ("SASL_PLAINTEXT", "SASL_SSL")
USERS = {"alice": "alice-secret", "bob": 'b"o\\b secret'}  # a quote and a backslash: JAAS quoting is exercised
KCAT = shutil.which("kcat")


@pytest.fixture(scope="module")
def brokers() -> Iterator[dict[str, Broker]]:
    with Broker(sasl="SASL_PLAINTEXT", users=USERS, mechanisms=ALL) as plain, \
            Broker(sasl="SASL_SSL", users=USERS, mechanisms=ALL) as tls:
        yield {"SASL_PLAINTEXT": plain, "SASL_SSL": tls}
    plain.close()
    tls.close()


def topic_name() -> str:
    return f"sasl-{uuid.uuid4().hex[:8]}"


def _principals(broker: Broker) -> set[str]:
    async def read() -> set[str]:
        return {c.principal for c in broker.server.state.connections}

    return broker.call(read())


# -- every client, every mechanism ---------------------------------------------------------------------------


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("mechanism", ALL)
def test_kafka_python_produces_and_consumes(brokers: dict[str, Broker], protocol: str, mechanism: str) -> None:
    from kafka import KafkaConsumer, KafkaProducer

    broker, topic, user = brokers[protocol], topic_name(), "bob" if mechanism == "PLAIN" else "alice"
    producer = KafkaProducer(**broker.sasl_client_config("kafka-python", user, mechanism))
    producer.send(topic, b"over-sasl").get(timeout=WAIT_S)
    assert f"User:{user}" in _principals(broker)  # the SASL principal is the connection's (SASL_SSL too)
    producer.close()
    consumer = KafkaConsumer(topic, auto_offset_reset="earliest", consumer_timeout_ms=WAIT_S * 1000,
                             **broker.sasl_client_config("kafka-python", user, mechanism))
    assert next(iter(consumer)).value == b"over-sasl"
    consumer.close()


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("mechanism", ALL)
def test_aiokafka_produces_and_consumes_in_a_group(brokers: dict[str, Broker], protocol: str,
                                                   mechanism: str) -> None:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

    broker, topic = brokers[protocol], topic_name()

    async def run() -> tuple[bytes | None, int | None]:
        from aiokafka import TopicPartition

        producer = AIOKafkaProducer(**broker.sasl_client_config("aiokafka", "alice", mechanism))
        await producer.start()
        try:
            await producer.send_and_wait(topic, b"over-sasl")
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(topic, group_id=f"g-{topic}", auto_offset_reset="earliest",
                                    enable_auto_commit=False,
                                    **broker.sasl_client_config("aiokafka", "alice", mechanism))
        await consumer.start()
        try:
            message = await asyncio.wait_for(consumer.getone(), WAIT_S)
            await consumer.commit()
            return message.value, await consumer.committed(TopicPartition(topic, 0))
        finally:
            await consumer.stop()

    assert asyncio.run(run()) == (b"over-sasl", 1)


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("mechanism", ALL)
def test_confluent_kafka_produces_and_consumes(brokers: dict[str, Broker], protocol: str, mechanism: str) -> None:
    from confluent_kafka import Consumer, Producer

    broker, topic = brokers[protocol], topic_name()
    producer = Producer(broker.sasl_client_config("librdkafka", "bob", mechanism))
    producer.produce(topic, b"over-sasl")
    assert producer.flush(WAIT_S) == 0
    consumer = Consumer({**broker.sasl_client_config("librdkafka", "bob", mechanism), "group.id": f"g-{topic}",
                         "auto.offset.reset": "earliest"})
    consumer.subscribe([topic])
    deadline = time.monotonic() + WAIT_S
    message = None
    while message is None and time.monotonic() < deadline:
        message = consumer.poll(0.5)
    assert message is not None and message.error() is None and message.value() == b"over-sasl"
    consumer.close()


@pytest.mark.skipif(KCAT is None, reason="kcat is not installed")
@pytest.mark.parametrize("mechanism", ["PLAIN", "SCRAM-SHA-512"])
def test_kcat_produces_and_consumes_over_sasl_ssl(brokers: dict[str, Broker], mechanism: str) -> None:
    assert KCAT is not None
    broker, topic = brokers["SASL_SSL"], topic_name()
    options = [arg for k, v in broker.sasl_client_config("librdkafka", "alice", mechanism).items()
               if k != "bootstrap.servers" for arg in ("-X", f"{k}={v}")]
    subprocess.run([KCAT, "-b", broker.sasl_bootstrap_servers, *options, "-P", "-t", topic], input="via-kcat\n",
                   check=True, capture_output=True, text=True, timeout=60)
    out = subprocess.run([KCAT, "-b", broker.sasl_bootstrap_servers, *options, "-C", "-t", topic, "-c", "1",
                          "-e"], check=True, capture_output=True, text=True, timeout=60).stdout
    assert out.strip() == "via-kcat"


@pytest.fixture(scope="module")
def sasl_judge(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    from tests.integration.java_tools import compiled_java_command

    return compiled_java_command(tmp_path_factory, "SaslJudge", "the Java client's SASL test")


def test_the_java_client_logs_in_with_every_mechanism(sasl_judge: list[str], brokers: dict[str, Broker],
                                                      tmp_path: Path) -> None:
    """One JVM, every (protocol, mechanism) and a wrong password: Java's OAuthBearerLoginModule makes its own
    unsecured JWT (unsecuredLoginStringClaim_sub)."""
    args, expected = [], {}
    for protocol in PROTOCOLS:
        for mechanism in ALL:
            path = tmp_path / f"{protocol}-{mechanism}.properties"
            path.write_text("".join(f"{k}={v}\n" for k, v in
                                    brokers[protocol].sasl_client_config("java", "alice", mechanism).items()))
            args += [str(path), topic_name(), "ok"]
            expected[str(path)] = "ok"
    wrong = tmp_path / "wrong.properties"
    wrong.write_text("".join(f"{k}={v}\n" for k, v in brokers["SASL_SSL"].sasl_client_config(
        "java", "alice", "SCRAM-SHA-512", password="wrong").items()))
    args += [str(wrong), topic_name(), "fail"]
    run = subprocess.run([*sasl_judge, *args], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    lines = {line.split(" ", 2)[1]: line for line in run.stdout.splitlines() if line.startswith(("ok ", "fail "))}
    for path in expected:
        assert lines.get(path, "").endswith(" over-sasl"), (path, run.stdout, run.stderr[-2000:])
    assert lines[str(wrong)].startswith(f"fail {wrong} SaslAuthenticationException Authentication failed during "
                                        "authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512")


def test_kafkajs_logs_in_with_every_mechanism(brokers: dict[str, Broker]) -> None:
    node = shutil.which("node")
    npm = shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("node and npm are needed for kafkajs")
    from tests.integration.test_kafkajs import JS_DIR, _ensure_node_modules

    _ensure_node_modules(npm)
    logins = [{"config": brokers[p].sasl_client_config("kafkajs", "alice", m), "topic": topic_name(), "expect": "ok"}
              for p in PROTOCOLS for m in ALL]
    logins.append({"config": brokers["SASL_PLAINTEXT"].sasl_client_config("kafkajs", "alice", "PLAIN",
                                                                          password="wrong"),
                   "topic": topic_name(), "expect": "fail"})
    run = subprocess.run([node, str(JS_DIR / "sasl.js"), json.dumps({"logins": logins})], capture_output=True,
                         text=True, timeout=180, cwd=JS_DIR)
    assert run.returncode == 0, run.stderr[-3000:]
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r.get("ok") for r in results[:-1]] == ["1"] * (len(logins) - 1), results
    assert results[-1]["error"] == "KafkaJSSASLAuthenticationError", results[-1]
    assert "Authentication failed: Invalid username or password" in results[-1]["message"]


# -- the authentication errors the clients show ---------------------------------------------------------------


def test_wrong_password_is_kafka_pythons_authentication_error(brokers: dict[str, Broker],
                                                              caplog: pytest.LogCaptureFixture) -> None:
    from kafka import KafkaAdminClient
    from kafka.errors import KafkaTimeoutError

    broker = brokers["SASL_PLAINTEXT"]
    caplog.set_level(logging.WARNING, logger="kafka")
    with pytest.raises(KafkaTimeoutError):
        KafkaAdminClient(bootstrap_timeout_ms=2000, **broker.sasl_client_config(
            "kafka-python", "alice", "PLAIN", password="wrong"))
    assert "SaslAuthenticationFailedError: Authentication failed: Invalid username or password" in caplog.text
    _still_serves(broker)


def test_wrong_password_is_aiokafkas_authentication_error(brokers: dict[str, Broker],
                                                          caplog: pytest.LogCaptureFixture) -> None:
    from aiokafka import AIOKafkaProducer
    from aiokafka.errors import KafkaConnectionError

    broker = brokers["SASL_SSL"]
    caplog.set_level(logging.ERROR, logger="aiokafka")

    async def run() -> None:
        producer = AIOKafkaProducer(**broker.sasl_client_config("aiokafka", "alice", "SCRAM-SHA-256",
                                                                password="wrong"))
        try:
            await producer.start()
        finally:
            await producer.stop()
            # aiokafka leaves the refused socket to the broker's close, which comes
            # connection.failed.authentication.delay.ms (100 ms) after the answer: let it arrive before the loop ends
            await asyncio.sleep(0.5)

    with pytest.raises(KafkaConnectionError):
        asyncio.run(run())
    assert ("SaslAuthenticationFailed: Authentication failed during authentication due to invalid credentials with "
            "SASL mechanism SCRAM-SHA-256") in caplog.text
    _still_serves(broker)


def test_wrong_password_is_librdkafkas_authentication_error(brokers: dict[str, Broker]) -> None:
    from confluent_kafka import KafkaError, Producer

    broker = brokers["SASL_SSL"]
    errors: list[KafkaError] = []
    producer = Producer({**broker.sasl_client_config("librdkafka", "alice", "SCRAM-SHA-512", password="wrong"),
                         "error_cb": errors.append, "log_level": 0})
    deadline = time.monotonic() + WAIT_S
    while not errors and time.monotonic() < deadline:
        producer.poll(0.2)
    assert errors and errors[0].code() == KafkaError._AUTHENTICATION, errors
    assert "invalid credentials with SASL mechanism SCRAM-SHA-512" in errors[0].str()
    _still_serves(broker)


def test_an_unknown_mechanism_answers_the_enabled_list() -> None:
    """UNSUPPORTED_SASL_MECHANISM with sasl.enabled.mechanisms, then the connection closes."""
    broker = Broker(sasl="SASL_PLAINTEXT", users=USERS, mechanisms=("SCRAM-SHA-512",))
    with broker, _connect(broker) as sock:
        response = _request(sock, SaslHandshakeRequest(mechanism="PLAIN"), 1)
        assert isinstance(response, SaslHandshakeResponse)
        assert response.error_code == 33 and response.mechanisms == ["SCRAM-SHA-512"]
        assert _closed(sock)
    broker.close()


# -- users ---------------------------------------------------------------------------------------------------


def test_a_scram_user_added_at_run_time_logs_in_and_a_restart_keeps_it() -> None:
    from kafka import KafkaProducer

    with Broker(sasl="SASL_SSL") as broker:
        broker.add_user("carol", "carol-secret", mechanisms=("SCRAM-SHA-512",), iterations=8192)
        producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "carol", "SCRAM-SHA-512"))
        producer.send("carol-topic", b"1").get(timeout=WAIT_S)
        producer.close()
        broker.restart()
        producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "carol", "SCRAM-SHA-512"))
        producer.send("carol-topic", b"2").get(timeout=WAIT_S)
        producer.close()
    broker.close()


def test_users_given_at_start_survive_a_restart_without_being_added_again() -> None:
    from confluent_kafka import Producer

    with Broker(sasl="SASL_PLAINTEXT", users={"dave": "dave-secret"}) as broker:
        broker.restart()  # _add_start_users runs on the first start only: the log must hold them
        producer = Producer(broker.sasl_client_config("librdkafka", "dave", "SCRAM-SHA-256"))
        producer.produce("dave-topic", b"x")
        assert producer.flush(WAIT_S) == 0
    broker.close()


# -- bad input: only that connection goes ---------------------------------------------------------------------


def _connect(broker: Broker) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", broker.sasl_port), timeout=WAIT_S)
    return sock


def _frame(request: Any, version: int, correlation_id: int = 1) -> bytes:
    """A request frame with header v1 (the non-flexible versions these tests send)."""
    assert version < type(request).FLEXIBLE_MIN
    body = struct.pack(">hhih", request.API_KEY, version, correlation_id, 8) + b"raw-test" + request.encode(version)
    return struct.pack(">i", len(body)) + body


def _request(sock: socket.socket, request: Any, version: int, correlation_id: int = 1) -> Any:
    api_key = request.API_KEY
    sock.sendall(_frame(request, version, correlation_id))
    size = struct.unpack(">i", _read(sock, 4))[0]
    payload = _read(sock, size)
    from kaflite.protocol.messages import RESPONSES

    return RESPONSES[api_key].decode(payload[4:], version)  # (response header v0 for these APIs)


def _read(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def _closed(sock: socket.socket) -> bool:
    """The broker closed it: EOF (or a reset) within the wait."""
    sock.settimeout(WAIT_S)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def _still_serves(broker: Broker) -> None:
    from kafka import KafkaProducer

    producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "alice", "SCRAM-SHA-512"))
    producer.send(topic_name(), b"still").get(timeout=WAIT_S)
    producer.close()


def test_a_request_before_authenticating_closes_that_connection_only(brokers: dict[str, Broker]) -> None:
    broker = brokers["SASL_PLAINTEXT"]
    with _connect(broker) as sock:
        sock.sendall(_frame(MetadataRequest(topics=None), 4))
        assert _closed(sock)  # Kafka: "Unexpected Kafka request of type METADATA during SASL handshake." - no answer
    _still_serves(broker)


@pytest.mark.parametrize("garbage", [b"\x60\x82\x01\x00GSSAPI-looking token", b"\x00\x11"],
                         ids=["gssapi-token", "short-frame"])
def test_garbage_first_frames_close_that_connection_only(brokers: dict[str, Broker], garbage: bytes) -> None:
    broker = brokers["SASL_PLAINTEXT"]
    with _connect(broker) as sock:
        sock.sendall(struct.pack(">i", len(garbage)) + garbage)
        assert _closed(sock)
    _still_serves(broker)


def test_garbage_tokens_fail_the_exchange(brokers: dict[str, Broker]) -> None:
    from kaflite.protocol.messages import SaslAuthenticateRequest, SaslAuthenticateResponse

    broker = brokers["SASL_SSL"]
    import ssl as ssl_module

    context = ssl_module.create_default_context(cafile=str(broker.tls.ca)) if broker.tls else None
    assert context is not None
    with context.wrap_socket(_connect(broker), server_hostname="127.0.0.1") as sock:
        assert _request(sock, SaslHandshakeRequest(mechanism="SCRAM-SHA-256"), 1).error_code == 0
        response = _request(sock, SaslAuthenticateRequest(auth_bytes=b"\xff\x00garbage"), 1, 2)
        assert isinstance(response, SaslAuthenticateResponse)
        assert response.error_code == 58
        assert response.error_message == ("Authentication failed during authentication due to invalid credentials "
                                          "with SASL mechanism SCRAM-SHA-256")
        assert _closed(sock)
    _still_serves(broker)


def test_an_oversized_frame_before_authenticating_closes_that_connection() -> None:
    with Broker(sasl="SASL_PLAINTEXT", users=USERS, config={"sasl.server.max.receive.size": 1024}) as broker:
        with _connect(broker) as sock:
            sock.sendall(struct.pack(">i", 4096) + b"\x00" * 64)  # declared larger than the limit: refused at once
            assert _closed(sock)
        _still_serves(broker)  # and once authenticated, frames may be larger again
        from kafka import KafkaProducer

        producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "alice", "PLAIN"))
        producer.send("big", b"x" * 10_000).get(timeout=WAIT_S)
        producer.close()
    broker.close()


def test_a_client_that_never_authenticates_is_closed_when_idle() -> None:
    """Kafka closes it after connections.max.idle.ms like any idle connection (no separate SASL timeout)."""
    with Broker(sasl="SASL_PLAINTEXT", users=USERS, config={"connections.max.idle.ms": 300}) as broker:
        with _connect(broker) as sock:
            assert _closed(sock)
        _still_serves(broker)
    broker.close()


# -- KIP-368 -------------------------------------------------------------------------------------------------


def test_reauthentication_keeps_kafka_python_going_and_expiry_closes_a_silent_client() -> None:
    from kafka import KafkaProducer

    from kaflite.protocol.messages import SaslAuthenticateRequest, SaslAuthenticateResponse

    broker = Broker(sasl="SASL_PLAINTEXT", users=USERS, config={"connections.max.reauth.ms": 1500})
    with broker, _connect(broker) as sock:
        assert _request(sock, SaslHandshakeRequest(mechanism="PLAIN"), 1).error_code == 0
        response = _request(sock, SaslAuthenticateRequest(auth_bytes=b"\x00alice\x00alice-secret"), 1, 2)
        assert isinstance(response, SaslAuthenticateResponse)
        assert response.error_code == 0 and response.session_lifetime_ms == 1500
        producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "alice", "SCRAM-SHA-512"))
        # Past two session lifetimes: the client re-authenticates in between (at 85-95 % of the lifetime; Kafka
        # refuses a re-authentication within a second of the last one, so the lifetime is over a second)
        deadline = time.monotonic() + 3.5
        while time.monotonic() < deadline:
            producer.send("reauth", b"x").get(timeout=WAIT_S)
            time.sleep(0.1)
        producer.close()
        sock.sendall(_frame(MetadataRequest(topics=[]), 4, 3))  # the raw client's session expired long ago
        assert _closed(sock)
    broker.close()


def test_a_v0_handshake_takes_bare_tokens_then_serves(brokers: dict[str, Broker]) -> None:
    """SaslHandshake v0 (clients before KIP-152): the token and its answer are bare size-prefixed frames, no
    Kafka header; once authenticated, requests are served."""
    from kaflite.protocol.messages import MetadataResponse

    broker = brokers["SASL_PLAINTEXT"]
    with _connect(broker) as sock:
        assert _request(sock, SaslHandshakeRequest(mechanism="PLAIN"), 0).error_code == 0
        token = b"\x00alice\x00alice-secret"
        sock.sendall(struct.pack(">i", len(token)) + token)
        assert _read(sock, 4) == b"\x00\x00\x00\x00"  # PLAIN's empty answer, bare
        response = _request(sock, MetadataRequest(topics=[]), 4, 2)
        assert isinstance(response, MetadataResponse) and [b.port for b in response.brokers] == [broker.sasl_port]


def test_process_broker_serves_sasl_ssl_users_across_a_restart() -> None:
    from confluent_kafka import Producer

    from kaflite.testing import ProcessBroker

    with ProcessBroker(sasl="SASL_SSL", users={"alice": "alice-secret"}) as broker:
        assert broker.sasl_port and broker.sasl_port != broker.port
        for mechanism in ("PLAIN", "SCRAM-SHA-256"):
            producer = Producer(broker.sasl_client_config("librdkafka", "alice", mechanism))
            producer.produce("process-sasl", b"x")
            assert producer.flush(WAIT_S) == 0
        broker.restart()
        producer = Producer(broker.sasl_client_config("librdkafka", "alice", "SCRAM-SHA-512"))
        producer.produce("process-sasl", b"y")
        assert producer.flush(WAIT_S) == 0
    broker.close()


def test_sasl_ssl_ignores_the_broker_wide_client_auth_unless_the_listener_sets_it() -> None:
    """Kafka's ChannelBuilders: ssl.client.auth=required reaches SSL listeners only; a SASL_SSL listener asks for a
    client certificate only with listener.name.<listener>.ssl.client.auth. SASL's principal wins either way."""
    from kafka import KafkaProducer

    with Broker(sasl="SASL_SSL", users=USERS, client_auth="required") as broker:
        producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "alice", "PLAIN"))  # no certificate
        producer.send("mtls-sasl", b"x").get(timeout=WAIT_S)
        producer.close()
    broker.close()
    with Broker(sasl="SASL_SSL", users=USERS, client_auth="required",
                config={"listener.name.sasl_ssl.ssl.client.auth": "required"}) as broker:
        assert broker.tls is not None
        config = broker.sasl_client_config("kafka-python", "alice", "PLAIN")
        producer = KafkaProducer(**config, ssl_certfile=str(broker.tls.client_cert),
                                 ssl_keyfile=str(broker.tls.client_key))
        producer.send("mtls-sasl", b"y").get(timeout=WAIT_S)
        assert "User:alice" in _principals(broker)  # not the certificate's subject
        producer.close()
        import ssl as ssl_module

        context = ssl_module.create_default_context(cafile=str(broker.tls.ca))
        with pytest.raises((ssl_module.SSLError, ConnectionError, OSError)), \
                context.wrap_socket(_connect(broker), server_hostname="127.0.0.1") as sock:  # no certificate: refused
            _request(sock, SaslHandshakeRequest(mechanism="PLAIN"), 1)
    broker.close()
