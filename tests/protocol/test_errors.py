"""ErrorCode carries Kafka's own names (org.apache.kafka.common.protocol.Errors)."""

from kaflite.protocol.errors import ErrorCode


def test_kafka_names_for_17_and_39() -> None:
    # The broker answers invalid topic names and replica assignments with these (admin.py, produce.py);
    # the earlier names stay as aliases of the same members.
    assert ErrorCode.INVALID_TOPIC_EXCEPTION == 17
    assert ErrorCode.INVALID_REPLICA_ASSIGNMENT == 39
    assert ErrorCode.INVALID_TOPIC is ErrorCode.INVALID_TOPIC_EXCEPTION
    assert ErrorCode.INVALID_REPLICATION_ASSIGNMENT is ErrorCode.INVALID_REPLICA_ASSIGNMENT
    assert ErrorCode(17).name == "INVALID_TOPIC_EXCEPTION"
    assert ErrorCode(39).name == "INVALID_REPLICA_ASSIGNMENT"
