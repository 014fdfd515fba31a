"""kafka-python infers the broker's release from ApiVersions: kaflite, from the shipped fixture, is Kafka 4.2 to it.

kafka-python's own suite run at KAFKA_VERSION=4.2.0 failed `test_kafka_version_infer` while kaflite advertised its
Kafka 4.3 codecs whole (DescribeLogDirs v5 reads as 4.3); the router now caps every route at Kafka 4.2's range
(kaflite/protocol/kafka_release.py).
"""

from __future__ import annotations

from kafka import KafkaAdminClient, KafkaConsumer
from kafka.protocol.broker_version_data import BROKER_API_VERSIONS, infer_broker_version_from_api_versions

from kaflite.protocol.kafka_release import KAFKA_API_VERSIONS


def test_kafka_python_check_version_is_4_2(kafka_bootstrap: str) -> None:
    admin = KafkaAdminClient(bootstrap_servers=kafka_bootstrap, request_timeout_ms=10_000)
    try:
        assert admin._client.check_version(timeout_ms=10_000) == (4, 2)
    finally:
        admin.close()


def test_kafka_python_consumer_sees_4_2(kafka_bootstrap: str) -> None:
    """What `test_kafka_version_infer` in kafka-python's suite checks: the consumer's inferred broker version."""
    consumer = KafkaConsumer(bootstrap_servers=kafka_bootstrap, request_timeout_ms=10_000)
    try:
        assert consumer._client.check_version(timeout_ms=10_000)[:2] == (4, 2)
    finally:
        consumer.close()


def test_the_release_table_is_a_kafka_42_broker_answer() -> None:
    """The table kaflite caps by is the ApiVersions kafka-python recorded from a Kafka 4.2 broker."""
    assert BROKER_API_VERSIONS[(4, 2)] == KAFKA_API_VERSIONS
    assert infer_broker_version_from_api_versions(KAFKA_API_VERSIONS) == (4, 2)
