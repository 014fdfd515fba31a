"""``GET /metrics``: real clients produce, form groups, rebalance and commit; a scrape, parsed with
prometheus_client's own parser, must count exactly that under Kafka's metric names.

The workload's numbers are known (records and bytes produced, offsets committed, members joined), so
the assertions are equalities or lower bounds the workload fixes, never timings.
"""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from kaflite.broker.metrics import METRICS, SPECS
from kaflite.docs.metrics import metrics_markdown
from kaflite.testing.broker import Broker
from tests.testing.clients import Consumer, produce, wait_until

DOCS = Path(__file__).resolve().parents[2] / "docs"
Samples = dict[str, list[tuple[dict[str, str], float]]]


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker(config={"admin.port": 0, "group.initial.rebalance.delay.ms": 0}) as b:
        yield b


def scrape(b: Broker) -> tuple[str, Samples, dict[str, str]]:
    """The raw text, every sample by its name, and every family's type."""
    server = b.server.admin_http
    assert server is not None
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/metrics")
    r = conn.getresponse()
    body = r.read().decode()
    assert r.status == 200 and r.getheader("Content-Type", "").startswith("text/plain; version=0.0.4")
    conn.close()
    samples: Samples = {}
    types: dict[str, str] = {}
    for fam in text_string_to_metric_families(body):
        types[fam.name] = fam.type
        for s in fam.samples:
            samples.setdefault(s.name, []).append((s.labels, s.value))
    return body, samples, types


def value(samples: Samples, name: str, **labels: str) -> float:
    """The one sample of ``name`` whose labels are exactly ``labels`` (0 when absent)."""
    found = [v for ls, v in samples.get(name, []) if ls == labels]
    assert len(found) <= 1, (name, labels, found)
    return found[0] if found else 0.0


def test_a_workload_is_counted_under_kafkas_names(broker: Broker) -> None:
    topic = broker.create_topic("metrics-orders", partitions=2)
    _, before, _ = scrape(broker)
    records = [f"order-{i}".encode() * 10 for i in range(40)]
    produce(broker.bootstrap_servers, topic, records[:20], partition=0)
    produce(broker.bootstrap_servers, topic, records[20:], partition=1)

    # A classic group: one member, then a second one joins (a rebalance), both commit what they read.
    group = "metrics-classic"
    with Consumer("kafka-python", broker.bootstrap_servers, group, [topic]) as first:
        first.wait_assigned(lambda a: len(a) == 2)
        first.wait_messages(40)
        first.commit()  # 2 offsets (one per partition)
        committed = 2
        with Consumer("confluent-kafka", broker.bootstrap_servers, group, [topic]) as second:
            broker.wait_for_group(group, "Stable", members=2, timeout=30)
            first.wait_assigned(lambda a: len(a) == 1)
            second.wait_assigned(lambda a: len(a) == 1)
            wait_until(lambda: first.positions and len(second.positions) + len(first.positions) >= 1,
                       what="positions")
            _, during, _ = scrape(broker)
            committed += len(first.positions)  # what it read: both partitions, whatever it holds now
            first.commit()
            assert value(during, "kafka_coordinator_group_groupmetadatamanager_numgroupsstable") >= 1
            assert value(during, "kaflite_group_members", protocol="classic") == 2
            assert value(during, "kafka_server_group_coordinator_metrics_group_count", protocol="classic") >= 1
        # A KIP-848 consumer group beside it.
        with Consumer("confluent-kafka", broker.bootstrap_servers, "metrics-consumer", [topic],
                      **{"group.protocol": "consumer"}) as modern:
            modern.wait_assigned(lambda a: len(a) == 2)
            modern.wait_messages(40)
            modern.commit()  # 2 offsets
            committed += 2
            broker.wait_for_group("metrics-consumer", "Stable", members=1, timeout=30)
            _, modern_on, _ = scrape(broker)
            assert value(modern_on, "kafka_server_group_coordinator_metrics_consumer_group_count",
                         state="Stable") == 1
            assert value(modern_on, "kafka_server_group_coordinator_metrics_group_count", protocol="consumer") == 1
            assert value(modern_on, "kaflite_group_members", protocol="consumer") == 1
    _, after, types = scrape(broker)

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    # Produce: every byte and record appended, per topic and in the all-topics sample.
    batch_bytes = value(after, "kafka_log_log_size", topic=topic, partition="0") + \
        value(after, "kafka_log_log_size", topic=topic, partition="1")
    assert grew("kafka_server_brokertopicmetrics_bytesin_total", topic=topic) == batch_bytes > sum(map(len, records))
    assert grew("kafka_server_brokertopicmetrics_messagesin_total", topic=topic) == 40
    assert grew("kafka_server_brokertopicmetrics_messagesin_total") >= 40
    assert grew("kafka_server_brokertopicmetrics_totalproducerequests_total", topic=topic) >= 2
    assert grew("kafka_server_brokertopicmetrics_failedproducerequests_total", topic=topic) == 0
    # Fetch: the three groups read all 40 records at least once each.
    assert grew("kafka_server_brokertopicmetrics_bytesout_total", topic=topic) >= 2 * batch_bytes
    assert grew("kafka_server_brokertopicmetrics_totalfetchrequests_total", topic=topic) >= 2
    # Logs: end offsets and sizes per partition.
    assert value(after, "kafka_log_log_logendoffset", topic=topic, partition="0") == 20
    assert value(after, "kafka_log_log_logendoffset", topic=topic, partition="1") == 20
    assert value(after, "kafka_log_log_logstartoffset", topic=topic, partition="0") == 0
    assert value(after, "kafka_log_log_numlogsegments", topic=topic, partition="1") == 1

    # The coordinator: exactly the offsets committed, held as 4 (two groups x two partitions).
    assert grew("kafka_server_group_coordinator_metrics_offset_commit_count") == committed
    assert value(after, "kafka_coordinator_group_groupmetadatamanager_numoffsets") >= 4
    # The classic group rebalanced twice (one member, then two), then once more as both left.
    assert grew("kafka_server_group_coordinator_metrics_group_completed_rebalance_count") >= 2
    assert grew("kafka_server_group_coordinator_metrics_consumer_group_rebalance_count") >= 1
    assert grew("kaflite_group_rebalance_duration_seconds_count", protocol="classic") >= 2
    assert value(after, "kafka_coordinator_group_groupmetadatamanager_numgroupsempty") >= 1
    assert value(after, "kafka_server_group_coordinator_metrics_consumer_group_count", state="Empty") >= 1

    # Requests per API and version; Fetch is also FetchConsumer, as Kafka counts it.
    produced = sum(v for ls, v in after["kafka_network_requestmetrics_requests_total"] if ls["request"] == "Produce")
    assert produced >= 2
    fetches = {ls["version"]: v for ls, v in after["kafka_network_requestmetrics_requests_total"]
               if ls["request"] == "Fetch"}
    assert fetches and fetches == {ls["version"]: v for ls, v in after["kafka_network_requestmetrics_requests_total"]
                                   if ls["request"] == "FetchConsumer"}
    joins = sum(v for ls, v in after["kafka_network_requestmetrics_requests_total"] if ls["request"] == "JoinGroup")
    assert joins >= 3  # kafka-python's first join (v4+: MEMBER_ID_REQUIRED, then again), confluent's
    assert value(after, "kafka_network_requestmetrics_totaltimems_count", request="Produce") == produced
    # Timed: the first 32 requests of each API and version, then one in 32.
    assert value(after, "kafka_network_requestmetrics_totaltimems", request="Produce", quantile="0.99") > 0
    assert value(after, "kafka_network_requestmetrics_totaltimems", request="FetchConsumer", quantile="0.99") > 0
    for ls, total in after["kafka_network_requestmetrics_requests_total"]:
        if ls["request"] != "FetchConsumer":
            timed = value(after, "kaflite_request_duration_seconds_count", **ls)
            # (counted when read, timed when answered: a long-poll fetch may still be parked)
            assert min(total, 32) - 3 <= timed <= total and (total <= 32 or timed < total), (ls, timed, total)
    # The new member's first JoinGroup is answered MEMBER_ID_REQUIRED (KIP-394): an error, by its Kafka name.
    assert value(after, "kafka_network_requestmetrics_errors_total", request="JoinGroup",
                 error="MEMBER_ID_REQUIRED") >= 1

    # Connections: the clients came and went.
    assert grew("kafka_server_socket_server_metrics_connection_creation_total", listener="PLAINTEXT",
                networkProcessor="0") >= 4
    assert grew("kafka_server_socket_server_metrics_connection_close_total", listener="PLAINTEXT",
                networkProcessor="0") >= 3
    assert value(after, "kafka_server_socket_server_metrics_connection_count", listener="PLAINTEXT",
                 networkProcessor="0") >= 0
    assert types["kafka_network_requestmetrics_requests"] == "counter"
    assert types["kafka_network_requestmetrics_totaltimems"] == "summary"


def test_every_metric_is_documented_and_served(broker: Broker) -> None:
    """docs/metrics.md's table is METRICS (regenerate it with ``python -m kaflite.docs.metrics``), and
    every documented family appears in a scrape, and every scraped family (``process_*`` aside) is documented."""
    doc = (DOCS / "metrics.md").read_text()
    assert metrics_markdown() in doc, "docs/metrics.md is stale: python -m kaflite.docs.metrics > table"
    _, _, types = scrape(broker)
    served = {name for name in types if not name.startswith("process_")}
    documented = {s.name.removesuffix("_total") if s.type == "counter" else s.name for s in METRICS}
    assert served == documented
    assert len(SPECS) == len(METRICS)


def test_the_grafana_dashboard_queries_served_metrics(broker: Broker) -> None:
    """Every metric name in docs/grafana/kaflite.json's expressions exists in a real scrape."""
    dashboard = json.loads((DOCS / "grafana" / "kaflite.json").read_text())
    exprs: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("expr"), str):
                exprs.append(node["expr"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(dashboard)
    assert len(exprs) >= 10
    _, _, types = scrape(broker)  # every family is in a scrape, with or without samples yet
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "summary": ("", "_count", "_sum")}
    servable = {family + suffix for family, kind in types.items() for suffix in suffixes.get(kind, ("",))}
    functions = {"rate", "irate", "increase", "sum", "histogram_quantile", "max", "min", "avg", "topk", "count",
                 "delta", "deriv", "clamp_min", "and", "or", "unless"}
    names = set()
    for expr in exprs:
        # Drop label matchers, ranges, strings and by/without label lists: what is left names metrics or functions.
        bare = re.sub(r"\{[^}]*\}|\[[^\]]*\]|\"[^\"]*\"|\b(?:by|without)\s*\([^)]*\)", "", expr)
        names |= {n for n in re.findall(r"[a-zA-Z_:][a-zA-Z0-9_:]*", bare) if n not in functions}
    missing = sorted(n for n in names if n not in servable)
    assert not missing, f"the dashboard queries metrics /metrics does not serve: {missing}"
    assert any(n.startswith("kafka_server_group_coordinator_metrics_") for n in names)


def test_metrics_off_without_the_admin_endpoint() -> None:
    """A broker without admin.port keeps no counters: the request path skips them."""
    with Broker() as b:
        assert b.server.state.stats is None
