"""The pytest plugin itself, run with pytester as a user's project would use it."""

from __future__ import annotations

# Imported here, outside the inner runs: pytester drops the modules an in-process run imported,
# and importing the broker and the clients again for every run costs seconds. cryptography (the SASL_SSL
# broker's throwaway certificates, trustme) cannot be imported twice at all: its Rust extension stays loaded
# with the classes of its first import, and an inner run that re-imported the Python side failed "curve must
# be an EllipticCurve instance" (`pytest tests/testing` alone, before another test had imported it outside a run).
import aiokafka  # noqa: F401
import confluent_kafka  # noqa: F401
import cryptography.hazmat.primitives.asymmetric.ec  # noqa: F401
import kafka
import kafka.admin  # noqa: F401
import pytest
import trustme  # noqa: F401

import kaflite.testing.broker
import kaflite.testing.process  # noqa: F401

pytest_plugins = ["pytester"]

INI = "[pytest]\nasyncio_default_fixture_loop_scope = function\n"


def run(pytester: pytest.Pytester, source: str, *args: str, ini: str = "", passed: int) -> None:
    pytester.makeini(INI + ini)
    pytester.makepyfile(test_user=source)
    result = pytester.runpytest("-p", "no:cacheprovider", *args)
    result.assert_outcomes(passed=passed)


SHARED = """
import kaflite.testing.broker as tb
seen = []

def test_a(kaflite_broker, kafka_bootstrap):
    assert isinstance(kaflite_broker, tb.Broker)
    assert kafka_bootstrap == kaflite_broker.bootstrap_servers
    seen.append(kafka_bootstrap)

def test_b(kafka_bootstrap):
    seen.append(kafka_bootstrap)
    assert seen[0] == seen[1]  # one broker for the session
"""


def test_session_scope_by_default(pytester: pytest.Pytester) -> None:
    run(pytester, SHARED, passed=2)


FRESH = """
import pytest
seen = []

def test_a(kafka_bootstrap, tmp_path, kaflite_broker):
    seen.append(kafka_bootstrap)
    assert str(kaflite_broker.data_dir).startswith(str(tmp_path))  # its data lives in tmp_path

def test_b(kafka_bootstrap):
    seen.append(kafka_bootstrap)
    assert seen[0] != seen[1]
"""


def test_function_scope_from_the_ini_option(pytester: pytest.Pytester) -> None:
    run(pytester, FRESH, ini="kaflite_broker_scope = function\n", passed=2)


def test_function_scope_from_the_command_line(pytester: pytest.Pytester) -> None:
    run(pytester, FRESH, "--kaflite-scope=function", passed=2)


def test_function_scope_from_the_marker(pytester: pytest.Pytester) -> None:
    run(pytester, """
import pytest
seen = []

def test_a(kafka_bootstrap):
    seen.append(kafka_bootstrap)

@pytest.mark.kaflite(scope="function")
def test_b(kafka_bootstrap):
    seen.append(kafka_bootstrap)

def test_c(kafka_bootstrap):
    assert seen[0] != seen[1] and kafka_bootstrap == seen[0]
""", passed=3)


CONFIG = """
import pytest

@pytest.fixture(scope="session")
def kaflite_config():
    return {"group.initial.rebalance.delay.ms": 3000}

def test_kafkas_initial_delay(kaflite_broker):
    assert kaflite_broker.server.config.group_initial_rebalance_delay_ms == 3000

@pytest.mark.kaflite(config={"group.initial.rebalance.delay.ms": 0})
def test_marker_config_wins(kaflite_broker):
    assert kaflite_broker.server.config.group_initial_rebalance_delay_ms == 0
"""


def test_kaflite_config_override_and_marker_config(pytester: pytest.Pytester) -> None:
    run(pytester, CONFIG, passed=2)


TOPICS = """
def test_topics(kaflite_broker, kafka_topic, kafka_bootstrap):
    from kafka import KafkaAdminClient
    a, b = kafka_topic(), kafka_topic(3, cleanup_policy="compact")
    assert a != b
    admin = KafkaAdminClient(bootstrap_servers=kafka_bootstrap)
    try:
        parts = {t.get("topic", t.get("name")): len(t["partitions"]) for t in admin.describe_topics([a, b])}
    finally:
        admin.close()
    assert parts == {a: 1, b: 3}
"""


def test_kafka_topic_factory(pytester: pytest.Pytester) -> None:
    run(pytester, TOPICS, passed=1)


PROCESS = """
import threading
import time
import pytest
from kafka import KafkaConsumer
from kaflite.testing.process import ProcessBroker

def test_groups_waits_and_faults_over_the_admin_endpoint(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    assert isinstance(kaflite_broker, ProcessBroker)
    topic = kafka_topic(2)
    stop = threading.Event()

    def consume():
        c = KafkaConsumer(topic, bootstrap_servers=kafka_bootstrap, group_id=kafka_group, heartbeat_interval_ms=100)
        while not stop.is_set():
            c.poll(timeout_ms=500)  # not less: see tests/testing/clients.py
        c.close()

    t = threading.Thread(target=consume)
    t.start()
    try:
        g = kaflite_broker.wait_for_group(kafka_group, members=1, timeout=20)
        # kafka-python may join before it has the new topic's metadata (its first group answer comes
        # at once, as from a warm Kafka): it assigns nothing, then rejoins once the metadata is in.
        deadline = time.monotonic() + 20
        while g.members[0].assignment != ((topic, 0), (topic, 1)) and time.monotonic() < deadline:
            g = kaflite_broker.wait_for_group(kafka_group, members=1, generation=g.generation + 1, timeout=20)
        assert g.members[0].assignment == ((topic, 0), (topic, 1))
        assert kaflite_broker.groups() == [kafka_group]
        assert kaflite_broker.expire_member(kafka_group, g.members[0].member_id)
        assert kaflite_broker.wait_for_group(kafka_group, generation=g.generation + 2, timeout=20)
        kaflite_broker.assert_rebalances(kafka_group, ["PreparingRebalance", "Empty", "PreparingRebalance",
                                                       "CompletingRebalance", "Stable"], tail=True)
    finally:
        stop.set()
        t.join()

def test_crash_is_sigkill_and_the_next_test_gets_a_running_broker(kaflite_broker):
    kaflite_broker.crash()
    assert not kaflite_broker.running

def test_next(kaflite_broker, kafka_topic):
    assert kaflite_broker.running
    kafka_topic()
    kaflite_broker.reset()
    assert kaflite_broker.groups() == []
"""


def test_process_mode_from_the_ini_option(pytester: pytest.Pytester) -> None:
    run(pytester, PROCESS, ini="kaflite_mode = process\n", passed=3)


def test_process_mode_from_the_marker(pytester: pytest.Pytester) -> None:
    run(pytester, """
import pytest
from kaflite.testing.broker import Broker
from kaflite.testing.process import ProcessBroker

@pytest.mark.kaflite(mode="process")
def test_p(kaflite_broker):
    assert isinstance(kaflite_broker, ProcessBroker)

def test_t(kaflite_broker):
    assert isinstance(kaflite_broker, Broker)
""", passed=2)


def test_faults_are_cleared_after_each_test_and_reset_is_opt_in(pytester: pytest.Pytester) -> None:
    run(pytester, """
def test_a(kaflite_broker, kafka_topic):
    kafka_topic()
    kaflite_broker.pause()

def test_b(kaflite_broker):
    assert kaflite_broker.server.paused is False
    assert kaflite_broker.call(_topics(kaflite_broker)) == []  # kaflite_reset = true

async def _topics(b):
    return [t for t in b.server.logs.topics() if not t.startswith("__")]
""", ini="kaflite_reset = true\n", passed=2)


def test_bad_marker_arguments_are_refused(pytester: pytest.Pytester) -> None:
    pytester.makeini(INI)
    pytester.makepyfile(test_user="""
import pytest

@pytest.mark.kaflite(mode="docker")
def test_x(kaflite_broker):
    pass
""")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*kaflite_mode must be one of thread, process*"])


SASL = """
import pytest
from kafka import KafkaProducer

@pytest.mark.kaflite(sasl="SASL_SSL", users={"alice": "alice-secret"})
def test_scram_login(kaflite_broker):
    producer = KafkaProducer(**kaflite_broker.sasl_client_config("kafka-python", "alice", "SCRAM-SHA-512"))
    producer.send("t", b"x").get(timeout=20)
    producer.close()

@pytest.mark.kaflite(sasl="SASL_SSL", users={"alice": "alice-secret"})
def test_same_broker(kaflite_broker):
    assert kaflite_broker.sasl_protocol == "SASL_SSL" and kaflite_broker.users == {"alice": "alice-secret"}

def test_plain_broker(kaflite_broker):
    assert kaflite_broker.sasl_protocol is None
"""


def test_the_marker_starts_a_sasl_broker_with_users(pytester: pytest.Pytester) -> None:
    run(pytester, SASL, passed=3)
