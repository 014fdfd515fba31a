"""Golden request frames recorded from real clients decode fully and re-encode byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kaflite.protocol.messages import REQUESTS, ConsumerProtocolSubscription

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
GOLDEN = SHARED / "golden-frames"
FILES = sorted(GOLDEN.glob("requests-*.jsonl")) if GOLDEN.is_dir() else []

# frames in each recording; every client opens its connections with ApiVersions
ROWS = {"aio": 32, "ck": 43, "ck848": 32, "cksasl": 58, "java": 39, "java848": 36, "kafkajs": 44, "kcat": 31, "kp": 37}

pytestmark = pytest.mark.skipif(not FILES, reason=f"no golden frames: {GOLDEN}/requests-*.jsonl is absent")


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def find(client: str, api: str, version: int | None = None) -> list[dict[str, Any]]:
    path = GOLDEN / f"requests-{client}.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    rows = [r for r in load(path) if r["api"] == api and (version is None or r["v"] == version)]
    assert rows, f"no {api} v{version} frame from {client}"
    return rows


def decode(row: dict[str, Any]) -> Any:
    return REQUESTS[row["key"]].decode(bytes.fromhex(row["body"]), row["v"])


@pytest.mark.parametrize("path", FILES, ids=[p.stem.removeprefix("requests-") for p in FILES])
def test_every_golden_request_round_trips(path: Path) -> None:
    rows = load(path)
    assert len(rows) == ROWS[path.stem.removeprefix("requests-")]
    assert rows[0]["api"] == "ApiVersions"
    for i, row in enumerate(rows):
        where = f"{path.name}:{i + 1} {row['api']} v{row['v']}"
        cls = REQUESTS[row["key"]]
        assert cls.__name__ == row["api"] + "Request", where
        assert cls.MIN_VERSION <= row["v"] <= cls.MAX_VERSION, where
        body = bytes.fromhex(row["body"])
        obj, end = cls.decode_from(body, 0, row["v"])
        assert end == len(body), f"{where}: consumed {end} of {len(body)} bytes"
        assert obj.encode(row["v"]) == body, where
        # decoding from an offset inside a larger buffer (after the header) gives the same object
        framed = b"HEADER" + body + b"NEXT"
        obj2, end2 = cls.decode_from(framed, 6, row["v"])
        assert (obj2, end2) == (obj, 6 + len(body)), where


def test_aiokafka_join_group_is_a_consumer_protocol() -> None:
    reqs = [decode(row) for row in find("aio", "JoinGroup")]
    # KIP-394: the first JoinGroup has no member id, the second carries the one the broker gave
    assert [r.member_id == "" for r in reqs] == [True, False]
    for req in reqs:
        assert (req.group_id, req.protocol_type, req.session_timeout_ms) == ("aio-group", "consumer", 10000)
        assert [p.name for p in req.protocols] == ["roundrobin"]
        meta = bytes(req.protocols[0].metadata)
        version = int.from_bytes(meta[:2], "big")
        assert ConsumerProtocolSubscription.decode(meta[2:], version).topics == ["aio-topic"]


def test_produce_records_are_zero_copy_views() -> None:
    # (topic, batches with records) each client produced: one partition per request
    expected = {"aio": ("aio-topic", 5), "java": ("java-topic", 5), "kp": ("kp-topic", 1)}
    for client, (topic_name, n_batches) in expected.items():
        seen = 0
        for row in find(client, "Produce"):
            body = bytes.fromhex(row["body"])
            req = REQUESTS[0].decode(body, row["v"])
            assert [t.name for t in req.topic_data] == [topic_name]
            for topic in req.topic_data:
                for part in topic.partition_data:
                    records = part.records
                    assert isinstance(records, memoryview)
                    # a RecordBatch v2: baseOffset(8) + batchLength(4) == the rest of the view
                    batch_length = int.from_bytes(records[8:12], "big")
                    assert len(records) == 12 + batch_length
                    assert records[16] == 2  # magic
                    assert bytes(records) in body
                    seen += 1
        assert seen == n_batches, client


def test_java_sends_flexible_api_versions_with_its_software_name() -> None:
    (row, *_) = find("java", "ApiVersions", 4)
    req = decode(row)
    assert (req.client_software_name, req.client_software_version) == ("apache-kafka-java", "3.9.1")


def test_confluent_kafka_uses_kip_848_heartbeat() -> None:
    reqs = [decode(row) for row in find("ck848", "ConsumerGroupHeartbeat")]
    first = reqs[0]
    assert first.group_id == "ck848-group"
    assert first.subscribed_topic_names == ["ck848-topic"]
    # joins with epoch 0, heartbeats at the epoch it was given, leaves with -1
    assert [r.member_epoch for r in reqs] == [0, 1, 1, 1, 1, -1]
    assert {r.member_id for r in reqs} == {"I0ZlQoRSSlG3H0jf8L9bNw"}  # a client-chosen id (KIP-848)


def test_kafka_python_offset_commit_targets_its_group() -> None:
    (row,) = find("kp", "OffsetCommit")
    req = decode(row)
    assert req.group_id == "kp-group"
    assert [(t.name, [(p.partition_index, p.committed_offset) for p in t.partitions]) for t in req.topics] == [
        ("kp-topic", [(0, 5)])
    ]
