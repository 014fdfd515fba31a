"""``GET /metrics`` on the admin endpoint: Prometheus' text format under Kafka's metric names.

Why Kafka's names: dashboards and alerts written for Kafka read the names the usual JMX->Prometheus
exporter rules give Kafka's MBeans (Strimzi's ``kafka-metrics.yaml``, lower-cased: ``kafka.network:
type=RequestMetrics,name=RequestsPerSec,request=Produce,version=9`` becomes
``kafka_network_requestmetrics_requests_total{request="Produce",version="9"}``), so they can be
pointed at kaflite unchanged. What Kafka has no name for is ``kaflite_*``.

Everything is read at scrape time (a custom collector, prometheus_client's ``Collector``): the
request path only bumps the plain counters of ``kaflite.broker.stats`` and of the coordinator's
``ShardMetrics``; gauges (groups by state, offsets, log sizes and end offsets, connections) are
computed from the broker's state when scraped. Kafka's ``-rate`` meters and its latency percentiles
are computed over the recent scrapes (``RATE_WINDOW_S``, ``QUANTILE_WINDOW_S``), so a Kafka dashboard
showing them sees recent values, not the averages since start.

``METRICS`` below is the one list of what is served (name, type, labels, help): the collector refuses
a family not in it, and ``docs/metrics.md`` is generated from it (``kaflite.docs.metrics``; a test keeps
the two equal and checks the names against a real scrape). This module imports prometheus_client
(~16 ms), so only the first scrape imports it (``Broker._serve_metrics``): ``make run`` serves the
admin endpoint, and start-up is budgeted (issue 14).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from time import monotonic
from typing import Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.metrics_core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
    SummaryMetricFamily,
    UnknownMetricFamily,
)
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

from kaflite.broker.admin_http import GetHandler
from kaflite.broker.admin_ops import API_NAME_BY_KEY
from kaflite.broker.admin_shares import share_partitions
from kaflite.broker.context import BrokerContext
from kaflite.broker.groups import GroupHandler
from kaflite.broker.http_connection import Raw
from kaflite.broker.offsets_load import skipped_records
from kaflite.broker.router import Router
from kaflite.broker.shares import ShareHandler
from kaflite.broker.stats import (
    BYTES_IN,
    BYTES_OUT,
    FAILED_FETCH,
    FAILED_PRODUCE,
    FETCH_REQUESTS,
    MESSAGES_IN,
    PRODUCE_REQUESTS,
    REQUEST_BUCKETS,
    REQUEST_NS_BOUNDS,
    BrokerStats,
)
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.coordinator.context import REBALANCE_MS_BUCKETS
from kaflite.protocol.errors import ErrorCode
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC

#: Kafka's Meter rates here: the change over the scrapes of the last minute (Kafka: 2 x 30 s samples).
RATE_WINDOW_S = 60.0
#: Request-time percentiles: over the last five minutes of scrapes (Kafka's Yammer histograms bias to 5 min).
QUANTILE_WINDOW_S = 300.0
#: Kafka's percentiles of TotalTimeMs (50thPercentile ... 999thPercentile), labelled as the exporter's rule
#: ``quantile: "0.$N"`` labels them.
QUANTILES = (("0.50", 0.5), ("0.75", 0.75), ("0.95", 0.95), ("0.98", 0.98), ("0.99", 0.99), ("0.999", 0.999))
LISTENER = {"listener": "PLAINTEXT", "networkProcessor": "0"}  # one listener, one event loop
FETCH = 1
#: The classic text format every Prometheus reads (every name here is a legacy one, so the body is the same
#: as 1.0.0's; prometheus_client >= 0.22 would announce 1.0.0, which Prometheus 2 does not know).
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@dataclass(frozen=True)
class MetricSpec:
    name: str  # as queried: a counter's name ends in _total
    type: str  # counter | gauge | untyped | summary | histogram
    labels: tuple[str, ...]
    help: str
    kafka: str  # the Kafka metric it stands for ("" for kaflite's own)


def _m(name: str, type_: str, labels: str, help_: str, kafka: str = "") -> MetricSpec:
    return MetricSpec(name, type_, tuple(labels.split()), help_, kafka)


_GCM = "kafka.server:type=group-coordinator-metrics"
_GMM = "kafka.coordinator.group:type=GroupMetadataManager,name="
_BTM = "kafka.server:type=BrokerTopicMetrics,name="
_LOG = "kafka.log:type=Log,name="
_SSM = "kafka.server:type=socket-server-metrics"

#: Every family /metrics serves. (``topic`` is absent on the all-topics sample of BrokerTopicMetrics, as in Kafka.)
METRICS: tuple[MetricSpec, ...] = (
    # -- requests (kafka.network RequestMetrics)
    _m("kafka_network_requestmetrics_requests_total", "counter", "request version",
       "Requests answered, per API and version (Fetch also as FetchConsumer).",
       "kafka.network:type=RequestMetrics,name=RequestsPerSec,request=*,version=*"),
    _m("kafka_network_requestmetrics_errors_total", "counter", "request error",
       "Answers whose top-level error code was an error, per API and Kafka error name (per-partition errors "
       "are not counted).", "kafka.network:type=RequestMetrics,name=ErrorsPerSec,request=*,error=*"),
    _m("kafka_network_requestmetrics_totaltimems", "summary", "request quantile",
       "Time from a request read to its answer, ms: percentiles of the timed requests (the first 32 of each "
       "API and version, then one in 32) over the last 5 minutes of scrapes, and _count of every request (no "
       "_sum, as the exporter's rules).",
       "kafka.network:type=RequestMetrics,name=TotalTimeMs,request=*"),
    _m("kaflite_request_duration_seconds", "histogram", "request version",
       "Time from a request read to its answer, seconds, of the timed requests (the first 32 of each API and "
       "version, then one in 32); for histogram_quantile over any range."),
    # -- topics (BrokerTopicMetrics)
    _m("kafka_server_brokertopicmetrics_bytesin_total", "counter", "topic",
       "Record bytes appended by Produce.", _BTM + "BytesInPerSec,topic=*"),
    _m("kafka_server_brokertopicmetrics_messagesin_total", "counter", "topic",
       "Records appended by Produce.", _BTM + "MessagesInPerSec,topic=*"),
    _m("kafka_server_brokertopicmetrics_bytesout_total", "counter", "topic",
       "Record bytes answered to Fetch.", _BTM + "BytesOutPerSec,topic=*"),
    _m("kafka_server_brokertopicmetrics_totalproducerequests_total", "counter", "topic",
       "Produce requests, counted per partition.", _BTM + "TotalProduceRequestsPerSec,topic=*"),
    _m("kafka_server_brokertopicmetrics_failedproducerequests_total", "counter", "topic",
       "Produce requests answered with a partition error, counted per partition.",
       _BTM + "FailedProduceRequestsPerSec,topic=*"),
    _m("kafka_server_brokertopicmetrics_totalfetchrequests_total", "counter", "topic",
       "Fetch requests answered, counted per partition.", _BTM + "TotalFetchRequestsPerSec,topic=*"),
    _m("kafka_server_brokertopicmetrics_failedfetchrequests_total", "counter", "topic",
       "Fetch requests answered with a partition error, counted per partition.",
       _BTM + "FailedFetchRequestsPerSec,topic=*"),
    # -- logs
    _m("kafka_log_log_size", "gauge", "topic partition", "Bytes of the partition's log segments.",
       _LOG + "Size,topic=*,partition=*"),
    _m("kafka_log_log_logendoffset", "gauge", "topic partition", "The partition's log end offset.",
       _LOG + "LogEndOffset,topic=*,partition=*"),
    _m("kafka_log_log_logstartoffset", "gauge", "topic partition", "The partition's log start offset.",
       _LOG + "LogStartOffset,topic=*,partition=*"),
    _m("kafka_log_log_numlogsegments", "gauge", "topic partition", "The partition's log segments.",
       _LOG + "NumLogSegments,topic=*,partition=*"),
    # -- connections
    _m("kafka_server_socket_server_metrics_connection_count", "gauge", "listener networkProcessor",
       "Open client connections.", _SSM + ",listener=*,networkProcessor=* connection-count"),
    _m("kafka_server_socket_server_metrics_connection_creation_total", "counter", "listener networkProcessor",
       "Client connections accepted.", _SSM + ",listener=*,networkProcessor=* connection-creation-total"),
    _m("kafka_server_socket_server_metrics_connection_close_total", "counter", "listener networkProcessor",
       "Client connections closed.", _SSM + ",listener=*,networkProcessor=* connection-close-total"),
    # -- the group coordinator (Kafka 4.x group-coordinator-metrics)
    _m("kafka_server_group_coordinator_metrics_group_count", "gauge", "protocol",
       "Groups, per group type (classic, consumer, share).", _GCM + ",protocol=* group-count"),
    _m("kafka_server_group_coordinator_metrics_consumer_group_count", "gauge", "state",
       "Consumer groups (KIP-848), per state.", _GCM + ",state=* consumer-group-count"),
    _m("kafka_server_group_coordinator_metrics_share_group_count", "gauge", "state",
       "Share groups (KIP-932), per state (Empty, Stable, Dead).", _GCM + ",state=* share-group-count"),
    _m("kafka_server_group_coordinator_metrics_offset_commit_count", "untyped", "",
       "Offsets committed (one per partition; TxnOffsetCommit's included).", _GCM + " offset-commit-count"),
    _m("kafka_server_group_coordinator_metrics_offset_commit_rate", "gauge", "",
       "Offsets committed per second, over the last minute of scrapes.", _GCM + " offset-commit-rate"),
    _m("kafka_server_group_coordinator_metrics_offset_expiration_count", "untyped", "",
       "Offsets expired by the retention check (KIP-211).", _GCM + " offset-expiration-count"),
    _m("kafka_server_group_coordinator_metrics_offset_expiration_rate", "gauge", "",
       "Offsets expired per second, over the last minute of scrapes.", _GCM + " offset-expiration-rate"),
    _m("kafka_server_group_coordinator_metrics_offset_deletion_count", "untyped", "",
       "Offsets deleted by OffsetDelete.", _GCM + " offset-deletion-count"),
    _m("kafka_server_group_coordinator_metrics_offset_deletion_rate", "gauge", "",
       "Offsets deleted per second, over the last minute of scrapes.", _GCM + " offset-deletion-rate"),
    _m("kafka_server_group_coordinator_metrics_group_completed_rebalance_count", "untyped", "",
       "Classic groups' completed rebalances (the leader's assignment written).",
       _GCM + " group-completed-rebalance-count"),
    _m("kafka_server_group_coordinator_metrics_group_completed_rebalance_rate", "gauge", "",
       "Classic groups' completed rebalances per second, over the last minute of scrapes.",
       _GCM + " group-completed-rebalance-rate"),
    _m("kafka_server_group_coordinator_metrics_consumer_group_rebalance_count", "untyped", "",
       "Consumer groups' rebalances (group epoch bumps).", _GCM + " consumer-group-rebalance-count"),
    _m("kafka_server_group_coordinator_metrics_consumer_group_rebalance_rate", "gauge", "",
       "Consumer groups' rebalances per second, over the last minute of scrapes.",
       _GCM + " consumer-group-rebalance-rate"),
    # -- the classic JMX gauges (GroupMetadataManager)
    _m("kafka_coordinator_group_groupmetadatamanager_numgroups", "gauge", "", "Classic groups.",
       _GMM + "NumGroups"),
    _m("kafka_coordinator_group_groupmetadatamanager_numoffsets", "gauge", "", "Committed offsets held.",
       _GMM + "NumOffsets"),
    _m("kafka_coordinator_group_groupmetadatamanager_numgroupspreparingrebalance", "gauge", "",
       "Classic groups in PreparingRebalance.", _GMM + "NumGroupsPreparingRebalance"),
    _m("kafka_coordinator_group_groupmetadatamanager_numgroupscompletingrebalance", "gauge", "",
       "Classic groups in CompletingRebalance.", _GMM + "NumGroupsCompletingRebalance"),
    _m("kafka_coordinator_group_groupmetadatamanager_numgroupsstable", "gauge", "", "Classic groups in Stable.",
       _GMM + "NumGroupsStable"),
    _m("kafka_coordinator_group_groupmetadatamanager_numgroupsdead", "gauge", "", "Classic groups in Dead.",
       _GMM + "NumGroupsDead"),
    _m("kafka_coordinator_group_groupmetadatamanager_numgroupsempty", "gauge", "", "Classic groups in Empty.",
       _GMM + "NumGroupsEmpty"),
    # -- share partitions (KIP-932), those loaded on this broker (a member fetched them)
    _m("kafka_server_sharepartitionmetrics_inflightmessagecount", "gauge", "group topic partition",
       "Records in the share partition's in-flight window: its end offset minus its start offset plus one (0 "
       "when empty).", "kafka.server:type=SharePartitionMetrics,name=InFlightMessageCount,group=*,topic=*,"
                       "partition=*"),
    _m("kaflite_share_partition_records", "gauge", "group topic partition state",
       "Records of the share partition's in-flight window by state: available, acquired (locked by a member, "
       "not yet acknowledged), acknowledged, archived (rejected, or delivered group.share.delivery.count.limit "
       "times)."),
    _m("kaflite_share_partition_lag", "gauge", "group topic partition",
       "Records of the share partition not yet delivered for good: high watermark minus start offset minus the "
       "acknowledged and archived records past it (DescribeShareGroupOffsets' Lag, KIP-1226)."),
    # -- kaflite's own
    _m("kaflite_group_rebalance_duration_seconds", "histogram", "protocol",
       "Rebalance durations: from a group leaving Stable or Empty for a rebalancing state "
       "(PreparingRebalance, CompletingRebalance, Assigning, Reconciling) until it is Stable again."),
    _m("kaflite_group_members", "gauge", "protocol", "Members of the groups, per group type."),
    _m("kaflite_coordinator_records_skipped_total", "counter", "topic",
       "Records the loads of a coordinator topic (__consumer_offsets, __transaction_state) skipped since the "
       "process started: a value its coordinator cannot decode (the key keeps its value before it; each is "
       "logged as coordinator.load_record_skipped with its partition and offset) and the records of a batch "
       "that cannot be read (coordinator.load_batch_skipped)."),
)
SPECS: dict[str, MetricSpec] = {m.name: m for m in METRICS}
_REQUEST_SECONDS = [b / 1e9 for b in REQUEST_NS_BOUNDS]
_REQUEST_MS = [b / 1e6 for b in REQUEST_NS_BOUNDS]
_CLASSIC_STATES = ("PreparingRebalance", "CompletingRebalance", "Stable", "Dead", "Empty")
_CONSUMER_STATES = ("Empty", "Assigning", "Reconciling", "Stable", "Dead")
_SHARE_STATES = ("Empty", "Stable", "Dead")


def _family(name: str) -> Metric:
    """An empty family of a documented metric (KeyError for anything not in METRICS)."""
    spec = SPECS[name]
    labels = list(spec.labels)
    if spec.type == "counter":
        return CounterMetricFamily(name, spec.help, labels=labels)
    if spec.type == "gauge":
        return GaugeMetricFamily(name, spec.help, labels=labels)
    if spec.type == "untyped":
        return UnknownMetricFamily(name, spec.help, labels=labels)
    if spec.type == "summary":
        return SummaryMetricFamily(name, spec.help, labels=[x for x in labels if x != "quantile"])
    return HistogramMetricFamily(name, spec.help, labels=labels)


class _Window:
    """(time, value) snapshots taken at scrapes, at most one per ``spacing`` seconds, reaching ``span`` back."""

    def __init__(self, span: float, spacing: float) -> None:
        self.span, self.spacing = span, spacing
        self.points: deque[tuple[float, Any]] = deque()

    def base(self, now: float, value: Any) -> tuple[float, Any] | None:
        """The newest snapshot at least ``span`` old, else the oldest there is (None: no scrape before this
        one); records ``value`` as now's."""
        points = self.points
        while len(points) > 1 and now - points[1][0] >= self.span:
            points.popleft()
        oldest = points[0] if points else None
        if not points or now - points[-1][0] >= self.spacing:
            points.append((now, value))
        return oldest

    def aged(self, now: float, value: Any) -> tuple[float, Any] | None:
        """As ``base``, but only a snapshot at least ``span`` old (None: the broker's whole life is the window)."""
        oldest = self.base(now, value)
        return oldest if oldest is not None and now - oldest[0] >= self.span else None


def _quantile(buckets: Sequence[float], bounds: Sequence[float], q: float) -> float:
    """histogram_quantile's estimate (linear within a bucket) from per-bucket counts; the overflow bucket
    answers its lower bound."""
    total = sum(buckets)
    if total <= 0:
        return 0.0
    rank = q * total
    seen = 0.0
    for i, count in enumerate(buckets):
        if seen + count >= rank and count > 0:
            if i >= len(bounds):
                return bounds[-1]
            lower = bounds[i - 1] if i > 0 else 0.0
            return lower + (bounds[i] - lower) * (rank - seen) / count
        seen += count
    return bounds[-1]


def _histogram(fam: Metric, labels: list[str], buckets: Sequence[float], bounds: Sequence[float],
               total: float) -> None:
    cumulative, out = 0.0, []
    for bound, count in zip((*bounds, float("inf")), buckets, strict=True):
        cumulative += count
        out.append(("+Inf" if bound == float("inf") else repr(float(bound)), cumulative))
    assert isinstance(fam, HistogramMetricFamily)
    fam.add_metric(labels, out, total)


class KafliteCollector(Collector):
    """Reads the broker's counters and state at each scrape and names them as Kafka's exporters do."""

    def __init__(self, context: BrokerContext, groups: GroupHandler, stats: BrokerStats, router: Router,
                 shares: ShareHandler | None = None) -> None:
        self.context = context
        self.groups = groups
        self.shares = shares
        self.stats = stats
        self.router = router
        self._rates: dict[str, _Window] = {}
        self._latency: dict[str, _Window] = {}

    def collect(self) -> Iterator[Metric]:
        now = monotonic()
        yield from self._requests(now)
        yield from self._topics()
        yield from self._logs()
        yield from self._connections()
        yield from self._coordinator(now)
        yield from self._share_partitions()
        yield self._loads()

    def _rate(self, name: str, now: float, value: float) -> float:
        window = self._rates.get(name)
        if window is None:
            window = self._rates[name] = _Window(RATE_WINDOW_S, 5.0)
        base = window.base(now, value)
        return 0.0 if base is None or now <= base[0] else max(0.0, value - base[1]) / (now - base[0])

    def _requests(self, now: float) -> Iterator[Metric]:
        requests = _family("kafka_network_requestmetrics_requests_total")
        histogram = _family("kaflite_request_duration_seconds")
        by_api: dict[str, list[int]] = {}  # request name -> timed buckets and sum over its versions
        empty = [0] * (REQUEST_BUCKETS + 2)
        for api_key, route in sorted(self.router.routes.items()):
            for version, count in enumerate(route.counts or ()):
                if not count:
                    continue
                names = [API_NAME_BY_KEY.get(api_key, str(api_key))]
                if api_key == FETCH:
                    names.append("FetchConsumer")  # Kafka counts a consumer's fetch under both names
                cell = self.stats.requests.get(api_key << 16 | version, empty)
                buckets = [*cell[:REQUEST_BUCKETS], sum(cell[REQUEST_BUCKETS:-1])]  # past the last bound: +Inf
                for name in names:
                    requests.add_metric([name, str(version)], count)  # type: ignore[attr-defined]
                    _histogram(histogram, [name, str(version)], buckets, _REQUEST_SECONDS, cell[-1] / 1e9)
                    merged = by_api.setdefault(name, [0] * (REQUEST_BUCKETS + 3))
                    for i, v in enumerate((*buckets, cell[-1], count)):
                        merged[i] += v
        yield requests
        yield histogram
        total_time = _family("kafka_network_requestmetrics_totaltimems")
        for name, merged in sorted(by_api.items()):
            buckets = merged[:-2]
            window = self._latency.get(name)
            if window is None:
                window = self._latency[name] = _Window(QUANTILE_WINDOW_S, 15.0)
            base = window.aged(now, list(buckets))
            recent = buckets if base is None else [a - b for a, b in zip(buckets, base[1], strict=True)]
            assert isinstance(total_time, SummaryMetricFamily)
            # _count of every request; no _sum (only the timed ones have a time), as the exporter's rules give
            total_time.add_sample(total_time.name + "_count", {"request": name}, merged[-1])
            for label, q in QUANTILES:
                total_time.add_sample(total_time.name, {"request": name, "quantile": label},
                                      _quantile(recent, _REQUEST_MS, q))
        yield total_time
        errors = _family("kafka_network_requestmetrics_errors_total")
        for (api_key, code), n in sorted(self.stats.errors.items()):
            try:
                error = ErrorCode(code).name
            except ValueError:
                error = str(code)
            errors.add_metric([API_NAME_BY_KEY.get(api_key, str(api_key)), error], n)  # type: ignore[attr-defined]
        yield errors

    def _topics(self) -> Iterator[Metric]:
        topics = self.stats.topics
        live = self.context.logs.topics()
        for gone in [t for t in topics if t not in live]:  # Kafka removes a deleted topic's meters
            del topics[gone]
        for name, slot in (("bytesin", BYTES_IN), ("messagesin", MESSAGES_IN), ("bytesout", BYTES_OUT),
                           ("totalproducerequests", PRODUCE_REQUESTS), ("failedproducerequests", FAILED_PRODUCE),
                           ("totalfetchrequests", FETCH_REQUESTS), ("failedfetchrequests", FAILED_FETCH)):
            fam = _family(f"kafka_server_brokertopicmetrics_{name}_total")
            fam.add_sample(fam.name + "_total", {}, sum(cell[slot] for cell in topics.values()))
            for topic, cell in sorted(topics.items()):
                fam.add_metric([topic], cell[slot])  # type: ignore[attr-defined]
            yield fam

    def _logs(self) -> Iterator[Metric]:
        size = _family("kafka_log_log_size")
        end = _family("kafka_log_log_logendoffset")
        start = _family("kafka_log_log_logstartoffset")
        segments = _family("kafka_log_log_numlogsegments")
        for (topic, partition), plog in sorted(self.context.logs.logs().items()):
            labels = [topic, str(partition)]
            size.add_metric(labels, plog.size_in_bytes)  # type: ignore[attr-defined]
            end.add_metric(labels, plog.log_end_offset)  # type: ignore[attr-defined]
            start.add_metric(labels, plog.log_start_offset)  # type: ignore[attr-defined]
            segments.add_metric(labels, len(plog.segments))  # type: ignore[attr-defined]
        yield from (size, end, start, segments)

    def _connections(self) -> Iterator[Metric]:
        labels = list(LISTENER.values())
        for name, value in (("connection_count", len(self.context.state.connections)),
                            ("connection_creation_total", self.stats.connections_created),
                            ("connection_close_total", self.stats.connections_closed)):
            fam = _family(f"kafka_server_socket_server_metrics_{name}")
            fam.add_metric(labels, value)  # type: ignore[attr-defined]
            yield fam

    def _coordinator(self, now: float) -> Iterator[Metric]:
        coordinator = self.groups.service.shard  # a reset renews it: read it at each scrape
        shard = coordinator.ctx
        by_type = {"classic": 0, "consumer": 0, "share": 0}
        members = {"classic": 0, "consumer": 0, "share": 0}
        classic = dict.fromkeys(_CLASSIC_STATES, 0)
        consumer = dict.fromkeys(_CONSUMER_STATES, 0)
        share = dict.fromkeys(_SHARE_STATES, 0)
        for group in shard.groups.values():
            kind = str(group.group_type)
            by_type[kind] = by_type.get(kind, 0) + 1
            members[kind] = members.get(kind, 0) + group.num_members()
            states = classic if kind == "classic" else share if kind == "share" else consumer
            state = group.state_name()
            states[state] = states.get(state, 0) + 1
        p = "kafka_server_group_coordinator_metrics_"
        fam = _family(p + "group_count")
        for kind, n in by_type.items():
            fam.add_metric([kind], n)  # type: ignore[attr-defined]
        yield fam
        for name, counts in (("consumer_group_count", consumer), ("share_group_count", share)):
            fam = _family(p + name)
            for state, n in counts.items():
                fam.add_metric([state], n)  # type: ignore[attr-defined]
            yield fam
        m = shard.metrics
        for name, value in (("offset_commit", m.offset_commits), ("offset_expiration", m.offset_expirations),
                            ("offset_deletion", m.offset_deletions),
                            ("group_completed_rebalance", m.classic_completed_rebalances),
                            ("consumer_group_rebalance", m.consumer_group_rebalances)):
            yield UnknownMetricFamily(p + name + "_count", SPECS[p + name + "_count"].help, value=value)
            yield GaugeMetricFamily(p + name + "_rate", SPECS[p + name + "_rate"].help,
                                    value=self._rate(name, now, value))
        g = "kafka_coordinator_group_groupmetadatamanager_"
        yield GaugeMetricFamily(g + "numgroups", SPECS[g + "numgroups"].help, value=by_type["classic"])
        yield GaugeMetricFamily(g + "numoffsets", SPECS[g + "numoffsets"].help, value=coordinator.offsets.num_offsets())
        for state in _CLASSIC_STATES:
            name = g + "numgroups" + state.lower()
            yield GaugeMetricFamily(name, SPECS[name].help, value=classic[state])
        fam = _family("kaflite_group_rebalance_duration_seconds")
        for kind in ("classic", "consumer"):
            cells = m.rebalance_ms.get(kind) or [0] * (len(REBALANCE_MS_BUCKETS) + 2)
            _histogram(fam, [kind], cells[:-1], [b / 1000 for b in REBALANCE_MS_BUCKETS], cells[-1] / 1000)
        yield fam
        fam = _family("kaflite_group_members")
        for kind, n in members.items():
            fam.add_metric([kind], n)  # type: ignore[attr-defined]
        yield fam


    def _share_partitions(self) -> Iterator[Metric]:
        """KIP-932's share partitions loaded here, read at the scrape (admin_shares: the request path pays nothing)."""
        in_flight = _family("kafka_server_sharepartitionmetrics_inflightmessagecount")
        records = _family("kaflite_share_partition_records")
        lag = _family("kaflite_share_partition_lag")
        for sp in share_partitions(self.shares):
            labels = [sp["group_id"], sp["topic"], str(sp["partition"])]
            in_flight.add_metric(labels, sp["in_flight"])  # type: ignore[attr-defined]
            for state, n in sp["records"].items():
                records.add_metric([*labels, state], n)  # type: ignore[attr-defined]
            if sp["lag"] is not None:
                lag.add_metric(labels, sp["lag"])  # type: ignore[attr-defined]
        yield from (in_flight, records, lag)

    def _loads(self) -> Metric:
        fam = _family("kaflite_coordinator_records_skipped_total")
        by_topic = dict.fromkeys((CONSUMER_OFFSETS, TRANSACTION_STATE_TOPIC), 0)
        for (topic, _), plog in self.context.logs.logs().items():
            if topic in by_topic:
                by_topic[topic] += skipped_records(plog)
        for topic, n in by_topic.items():
            fam.add_metric([topic], n)  # type: ignore[attr-defined]
        return fam


def build_registry(context: BrokerContext, groups: GroupHandler, stats: BrokerStats,
                   router: Router, shares: ShareHandler | None = None) -> CollectorRegistry:
    """kaflite's collector and the process' (CPU, memory, open files: ``process_*``) in a registry of their own."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(KafliteCollector(context, groups, stats, router, shares))
    ProcessCollector(registry=registry)
    return registry


def metrics_scraper(context: BrokerContext, groups: GroupHandler, router: Router,
                    shares: ShareHandler | None = None) -> GetHandler:
    """The ``GET /metrics`` handler; counting starts now unless it already has (at start-up, before the Kafka
    listener: ``ServerState.stats``, ``Router.count_requests``)."""
    stats = context.state.stats
    if stats is None:
        stats = context.state.stats = BrokerStats()
    router.count_requests()
    registry = build_registry(context, groups, stats, router, shares)

    async def scrape(path: str, query: dict[str, str]) -> Raw:
        return Raw(generate_latest(registry), CONTENT_TYPE, headers=(("Cache-Control", "no-store"),))

    return scrape
