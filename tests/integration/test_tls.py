"""Real clients over SSL listeners (issue 16): kafka-python, aiokafka and confluent-kafka produce, consume and
commit in a group; mutual TLS with and without a client certificate; ``kaflite certs``' printed settings
used as they are by librdkafka; kcat with ``-X security.protocol=ssl``.

The brokers are the test kit's in-process ``Broker(tls=True)``: one line turns the SSL listener on.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing import Broker

pytestmark = pytest.mark.timeout(90)
WAIT_S = 20


@pytest.fixture(scope="module")
def tls_broker() -> Iterator[Broker]:
    with Broker(tls=True) as b:
        yield b
    b.close()


@pytest.fixture(scope="module")
def mtls_broker() -> Iterator[Broker]:
    with Broker(tls=True, client_auth="required") as b:
        yield b
    b.close()


def names() -> tuple[str, str]:
    suffix = uuid.uuid4().hex[:8]
    return f"tls-{suffix}", f"g-{suffix}"


def test_kafka_python_produces_consumes_and_commits_over_ssl(tls_broker: Broker) -> None:
    from kafka import KafkaConsumer, KafkaProducer, TopicPartition

    topic, group = names()
    producer = KafkaProducer(**tls_broker.kafka_python_config())
    for i in range(5):
        producer.send(topic, f"m{i}".encode())
    producer.flush(WAIT_S)
    producer.close()
    consumer = KafkaConsumer(topic, group_id=group, auto_offset_reset="earliest", enable_auto_commit=False,
                             consumer_timeout_ms=WAIT_S * 1000, **tls_broker.kafka_python_config())
    got = []
    for message in consumer:
        got.append(message.value)
        if len(got) == 5:
            break
    consumer.commit()
    assert got == [f"m{i}".encode() for i in range(5)]
    assert consumer.committed(TopicPartition(topic, 0)) == 5
    consumer.close()
    assert tls_broker.group(group) is not None  # the group coordinator was found over the SSL listener


def test_aiokafka_produces_consumes_and_commits_over_ssl(tls_broker: Broker) -> None:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
    from aiokafka.helpers import create_ssl_context

    topic, group = names()
    config = tls_broker.kafka_python_config()
    context = create_ssl_context(cafile=config["ssl_cafile"])

    async def run() -> tuple[list[bytes], int | None]:
        common = {"bootstrap_servers": config["bootstrap_servers"], "security_protocol": "SSL",
                  "ssl_context": context}
        producer = AIOKafkaProducer(**common)
        await producer.start()
        try:
            for i in range(5):
                await producer.send_and_wait(topic, f"a{i}".encode())
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(topic, group_id=group, auto_offset_reset="earliest", enable_auto_commit=False,
                                    **common)
        await consumer.start()
        try:
            got: list[bytes] = []
            while len(got) < 5:
                batch = await asyncio.wait_for(consumer.getmany(timeout_ms=1000), WAIT_S)
                got += [m.value for ms in batch.values() for m in ms if m.value is not None]
            await consumer.commit()
            return got, await consumer.committed(TopicPartition(topic, 0))
        finally:
            await consumer.stop()

    got, committed = asyncio.run(asyncio.wait_for(run(), 60))
    assert got == [f"a{i}".encode() for i in range(5)] and committed == 5


def test_confluent_kafka_produces_consumes_and_commits_over_ssl(tls_broker: Broker) -> None:
    from confluent_kafka import Consumer, Producer, TopicPartition

    topic, group = names()
    config = tls_broker.librdkafka_config()
    producer = Producer(config)
    for i in range(5):
        producer.produce(topic, f"c{i}".encode())
    assert producer.flush(WAIT_S) == 0
    consumer = Consumer({**config, "group.id": group, "auto.offset.reset": "earliest", "enable.auto.commit": False})
    consumer.subscribe([topic])
    got: list[bytes] = []
    for _ in range(WAIT_S * 2):
        message = consumer.poll(0.5)
        if message is not None and message.error() is None:
            got.append(message.value())
        if len(got) == 5:
            break
    consumer.commit(asynchronous=False)
    (committed,) = consumer.committed([TopicPartition(topic, 0)], timeout=WAIT_S)
    consumer.close()
    assert got == [f"c{i}".encode() for i in range(5)] and committed.offset == 5


def test_metadata_over_each_listener_names_that_listeners_address(tls_broker: Broker) -> None:
    from confluent_kafka.admin import AdminClient

    for bootstrap, config in ((tls_broker.bootstrap_servers, {"bootstrap.servers": tls_broker.bootstrap_servers}),
                              (tls_broker.ssl_bootstrap_servers, tls_broker.librdkafka_config())):
        brokers = AdminClient(config).list_topics(timeout=WAIT_S).brokers
        assert [f"{b.host}:{b.port}" for b in brokers.values()] == [bootstrap]


def test_mutual_tls_with_the_client_certificate_produces_as_its_principal(mtls_broker: Broker) -> None:
    from kafka import KafkaProducer

    topic, _ = names()
    producer = KafkaProducer(**mtls_broker.kafka_python_config(client_cert=True))
    producer.send(topic, b"with a certificate").get(timeout=WAIT_S)
    principals = mtls_broker.call(_principals(mtls_broker))
    producer.close()
    assert principals == {mtls_broker._tls().client_principal}


async def _principals(broker: Broker) -> set[str]:
    return {c.principal for c in broker.server.state.connections}


# kafka-python's producer leaks its wake-up socket pair when its constructor fails to bootstrap (collected at
# some later, unrelated point): that client runs in a child process.
KAFKA_PYTHON_REFUSED = """
import json, sys
from kafka import KafkaProducer
from kafka.errors import KafkaError
try:
    KafkaProducer(**json.loads(sys.argv[1]), bootstrap_timeout_ms=3000)
except KafkaError as exc:
    print(type(exc).__name__, exc)
    sys.exit(0)
sys.exit("connected without a client certificate")
"""


def test_mutual_tls_without_a_certificate_is_the_clients_error_and_the_broker_lives_on(mtls_broker: Broker) -> None:
    from confluent_kafka import Producer

    refused = subprocess.run([sys.executable, "-c", KAFKA_PYTHON_REFUSED,
                              json.dumps(mtls_broker.kafka_python_config())],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 0, refused.stdout + refused.stderr[-2000:]
    assert "Unable to bootstrap" in refused.stdout  # kafka-python's error: every handshake refused
    errors: list[str] = []
    delivery: list[object] = []
    producer = Producer({**mtls_broker.librdkafka_config(), "message.timeout.ms": 3000,
                         "error_cb": lambda e: errors.append(e.str())})
    producer.produce("refused", b"x", on_delivery=lambda err, _msg: delivery.append(err))
    producer.flush(10)
    assert len(delivery) == 1 and delivery[0] is not None  # not delivered: timed out, never connected
    assert errors, "librdkafka reported no error"  # "1/1 brokers are down": every handshake refused
    ok = Producer(mtls_broker.librdkafka_config(client_cert=True))  # the broker still serves the rest
    ok.produce("accepted", b"y")
    assert ok.flush(WAIT_S) == 0


def test_kaflite_certs_output_configures_a_real_client(tmp_path: Path) -> None:
    from confluent_kafka import Producer
    from confluent_kafka.admin import AdminClient

    printed = subprocess.run([sys.executable, "-m", "kaflite", "certs", "--dir", str(tmp_path / "certs")],
                             check=True, capture_output=True, text=True, timeout=60).stdout
    sections = [block.splitlines() for block in printed.strip().split("\n\n")]

    def properties(header: str) -> dict[str, str]:
        (lines,) = [b for b in sections if header in b[0]]
        return dict(line.split("=", 1) for line in lines[1:])

    broker_settings = properties("# kaflite")
    broker_settings["listeners"] = "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0"  # free ports for the test
    with Broker(config=broker_settings) as b:
        ssl_port = next(li.port for li in b.server.state.listeners if li.tls)
        client = {**properties("# librdkafka"), "bootstrap.servers": f"127.0.0.1:{ssl_port}"}
        producer = Producer(client)
        producer.produce("from-certs", b"z")
        assert producer.flush(WAIT_S) == 0
        assert "from-certs" in AdminClient(client).list_topics(timeout=WAIT_S).topics
    b.close()


KCAT = shutil.which("kcat") or shutil.which("kafkacat")


@pytest.mark.skipif(KCAT is None, reason="kcat is not installed (Debian package `kcat`)")
def test_kcat_lists_metadata_over_ssl(tls_broker: Broker) -> None:
    assert KCAT is not None
    config = tls_broker.librdkafka_config()
    args = [KCAT, "-b", tls_broker.ssl_bootstrap_servers, "-L", "-J"]
    for key, value in config.items():
        if key != "bootstrap.servers":
            args += ["-X", f"{key}={value}"]
    out = subprocess.run(args, check=True, capture_output=True, text=True, timeout=60).stdout
    assert f'"name":"{tls_broker.ssl_bootstrap_servers}"' in out.replace(" ", "")


def test_process_broker_with_tls_serves_its_ssl_listener() -> None:
    from kafka import KafkaProducer

    from kaflite.testing import ProcessBroker

    with ProcessBroker(tls=True, client_auth="requested") as b:
        assert b.ssl_port and b.ssl_port != b.port
        producer = KafkaProducer(**b.kafka_python_config(client_cert=True))
        producer.send("process-tls", b"p").get(timeout=WAIT_S)
        producer.close()
        port = b.ssl_port
        b.restart()  # the same ports and certificates
        assert b.ssl_port == port
        producer = KafkaProducer(**b.kafka_python_config())
        producer.send("process-tls", b"q").get(timeout=WAIT_S)
        producer.close()
    b.close()


@pytest.fixture(scope="module")
def tls_judge(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    from tests.integration.java_tools import compiled_java_command

    return compiled_java_command(tmp_path_factory, "TlsJudge", "the Java client's SSL test")


@pytest.mark.parametrize("client_cert", [False, True], ids=["ssl", "mutual-tls"])
def test_the_java_client_produces_consumes_and_commits_over_ssl(tls_judge: list[str], mtls_broker: Broker,
                                                                tls_broker: Broker, tmp_path: Path,
                                                                client_cert: bool) -> None:
    broker = mtls_broker if client_cert else tls_broker
    properties = tmp_path / "client.properties"
    properties.write_text("".join(f"{k}={v}\n" for k, v in broker.java_properties(client_cert).items()))
    topic, _ = names()
    run = subprocess.run([*tls_judge, str(properties), topic], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert run.stdout.strip().splitlines()[-1] == "committed 1 over-tls"
