"""docs/compatibility.md: every Kafka 4.2 API, the versions kaflite serves, and why it does not serve the rest.

Generated from the router a real broker builds (``served_versions``), so the table is ApiVersions'
own list and cannot drift from it; the features it lists as served or not are derived from the same
routes (``FEATURES``), and where kaflite serves less than Kafka 4.2 the reason is the one beside the cap
(``kaflite.protocol.kafka_release.NARROWED``). Why an API is not served lives in one table, ``NOT_SERVED``:
when an API lands, delete its line (a test fails while an API is both served and listed, or neither).
``SERVED_NOTES`` holds the few facts about a served API that its range does not say; none of them may
claim that something is refused (a test fails on it), since a claim like that went stale once.
Regenerate with ``python -m kaflite compat > docs/compatibility.md``; ``make test`` fails when stale.

The broker is imported inside ``served_versions`` only, so ``kaflite --help`` stays fast.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence

#: Kafka 4.2's ApiKeys, by the names its message schemas use. The ZooKeeper-era inter-broker APIs
#: (4 LeaderAndIsr, 5 StopReplica, 6 UpdateMetadata, 7 ControlledShutdown) left Kafka in 4.0.
KAFKA_APIS: dict[int, str] = {
    0: "Produce", 1: "Fetch", 2: "ListOffsets", 3: "Metadata", 8: "OffsetCommit", 9: "OffsetFetch",
    10: "FindCoordinator", 11: "JoinGroup", 12: "Heartbeat", 13: "LeaveGroup", 14: "SyncGroup",
    15: "DescribeGroups", 16: "ListGroups", 17: "SaslHandshake", 18: "ApiVersions", 19: "CreateTopics",
    20: "DeleteTopics", 21: "DeleteRecords", 22: "InitProducerId", 23: "OffsetForLeaderEpoch",
    24: "AddPartitionsToTxn", 25: "AddOffsetsToTxn", 26: "EndTxn", 27: "WriteTxnMarkers",
    28: "TxnOffsetCommit", 29: "DescribeAcls", 30: "CreateAcls", 31: "DeleteAcls", 32: "DescribeConfigs",
    33: "AlterConfigs", 34: "AlterReplicaLogDirs", 35: "DescribeLogDirs", 36: "SaslAuthenticate",
    37: "CreatePartitions", 38: "CreateDelegationToken", 39: "RenewDelegationToken",
    40: "ExpireDelegationToken", 41: "DescribeDelegationToken", 42: "DeleteGroups", 43: "ElectLeaders",
    44: "IncrementalAlterConfigs", 45: "AlterPartitionReassignments", 46: "ListPartitionReassignments",
    47: "OffsetDelete", 48: "DescribeClientQuotas", 49: "AlterClientQuotas",
    50: "DescribeUserScramCredentials", 51: "AlterUserScramCredentials", 52: "Vote", 53: "BeginQuorumEpoch",
    54: "EndQuorumEpoch", 55: "DescribeQuorum", 56: "AlterPartition", 57: "UpdateFeatures", 58: "Envelope",
    59: "FetchSnapshot", 60: "DescribeCluster", 61: "DescribeProducers", 62: "BrokerRegistration",
    63: "BrokerHeartbeat", 64: "UnregisterBroker", 65: "DescribeTransactions", 66: "ListTransactions",
    67: "AllocateProducerIds", 68: "ConsumerGroupHeartbeat", 69: "ConsumerGroupDescribe",
    70: "ControllerRegistration", 71: "GetTelemetrySubscriptions", 72: "PushTelemetry",
    73: "AssignReplicasToDirs", 74: "ListConfigResources", 75: "DescribeTopicPartitions",
    76: "ShareGroupHeartbeat", 77: "ShareGroupDescribe", 78: "ShareFetch", 79: "ShareAcknowledge",
    80: "AddRaftVoter", 81: "RemoveRaftVoter", 82: "UpdateRaftVoter", 83: "InitializeShareGroupState",
    84: "ReadShareGroupState", 85: "WriteShareGroupState", 86: "DeleteShareGroupState",
    87: "ReadShareGroupStateSummary", 88: "StreamsGroupHeartbeat", 89: "StreamsGroupDescribe",
    90: "DescribeShareGroupOffsets", 91: "AlterShareGroupOffsets", 92: "DeleteShareGroupOffsets",
}

#: What a user looks for, by the APIs that make it: a row says "served" only when the router serves all of
#: them (``render_markdown``), so the list cannot say that a served feature is refused.
FEATURES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("Produce and fetch, idempotent producers (KIP-98, KIP-360)", (0, 1, 2, 22)),
    ("Transactions and exactly-once (transactional.id, read_committed)", (10, 22, 24, 25, 26, 28)),
    ("Transaction admin (describe/list transactions, describe producers)", (61, 65, 66)),
    ("Classic consumer groups (JoinGroup/SyncGroup)", (11, 12, 13, 14)),
    ("KIP-848 consumer groups (group.protocol=consumer)", (68, 69)),
    ("Group admin (describe, list, delete groups and offsets)", (15, 16, 42, 47)),
    ("Topic and config admin", (19, 20, 32, 33, 37, 44)),
    ("SASL (PLAIN, SCRAM, OAUTHBEARER) and SCRAM credential admin", (17, 36, 50, 51)),
    ("ACLs (authorizer.class.name)", (29, 30, 31)),
    ("Delegation tokens", (38, 39, 40, 41)),
    ("Client quotas", (48, 49)),
    ("Client metrics (KIP-714)", (71, 72)),
    ("Share groups (KIP-932)", (76, 77, 78, 79)),
    ("Streams groups (KIP-1071)", (88, 89)),
)

_INTERNAL = "controller or inter-broker only: no client sends it"
_TOKENS = "no delegation tokens: SASL users come from the JAAS config (PLAIN) and SCRAM credentials"

#: Why each API kaflite does not serve is not served. Delete a line when its API lands.
NOT_SERVED: dict[int, str] = {
    27: _INTERNAL + " (a transaction coordinator's markers to partition leaders; kaflite's coordinator writes "
        "them in-process)",
    38: _TOKENS, 39: _TOKENS, 40: _TOKENS, 41: _TOKENS,
    48: "no client quotas: throttle_time_ms is always 0",
    49: "no client quotas: throttle_time_ms is always 0",
    52: _INTERNAL + " (KRaft)", 53: _INTERNAL + " (KRaft)", 54: _INTERNAL + " (KRaft)",
    56: _INTERNAL, 58: _INTERNAL, 59: _INTERNAL + " (KRaft)",
    57: "no feature flags to change: one node at a fixed feature level",
    62: _INTERNAL, 63: _INTERNAL,
    64: "no KRaft cluster membership: the only broker cannot be unregistered",
    67: _INTERNAL, 70: _INTERNAL, 73: _INTERNAL,
    71: "client metrics (KIP-714) are not collected; clients send no telemetry to a broker that does not "
        "advertise it",
    72: "client metrics (KIP-714) are not collected",
    80: "no KRaft controller quorum to change", 81: "no KRaft controller quorum to change",
    82: _INTERNAL + " (KRaft)",
    83: _INTERNAL + " (share groups)", 84: _INTERNAL + " (share groups)", 85: _INTERNAL + " (share groups)",
    86: _INTERNAL + " (share groups)", 87: _INTERNAL + " (share groups)",
    88: "streams groups (KIP-1071) are not implemented", 89: "streams groups (KIP-1071) are not implemented",
}

def _served_notes() -> dict[int, str]:
    """What to know about an API kaflite serves that its range does not say; values from the code where it has them."""
    from kaflite.security.sasl import MECHANISMS
    from kaflite.security.sasl.scram import MAX_ITERATIONS, MIN_ITERATIONS

    acls = "SECURITY_DISABLED unless authorizer.class.name is set"
    consumer = "advertised while group.coordinator.rebalance.protocols has consumer (the default)"
    share = "always advertised, as in Kafka; error 35 while share.version is 0 or no share coordinator is wired"
    return {
        3: "one broker, the leader of every partition",
        17: f"on SASL_PLAINTEXT and SASL_SSL listeners: {', '.join(MECHANISMS)} (unsecured JWTs); "
            "elsewhere ILLEGAL_SASL_STATE, as Kafka",
        29: acls + " (Kafka's StandardAuthorizer)",
        30: acls + "; kept in the cluster-metadata log",
        31: acls + "; kept in the cluster-metadata log",
        34: "one log directory (log.dirs): a replica asked into it is already there, nothing moves",
        36: "KIP-368 re-authentication (connections.max.reauth.ms)",
        50: "the credentials are UserScramCredentialRecords in __cluster_metadata-0",
        51: f"KIP-554: durable in __cluster_metadata-0 before the answer; iterations {MIN_ITERATIONS}-{MAX_ITERATIONS}",
        68: consumer,
        69: consumer,
        **dict.fromkeys((76, 77, 90, 91, 92), share),
    }


SERVED_NOTES: dict[int, str] = _served_notes()


def served_versions() -> list[tuple[int, int, int]]:
    """(api key, min, max) exactly as ApiVersions advertises them: the router of a broker built over a
    scratch data directory (nothing is bound or served)."""
    from kaflite.broker.server import Broker
    from kaflite.config import KafliteConfig

    with tempfile.TemporaryDirectory(prefix="kaflite-compat-") as data_dir:
        broker = Broker.open(KafliteConfig(log_dirs=data_dir, port=0))
        try:
            return broker.router.versions()
        finally:
            broker.logs.close()


def _range(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def render_markdown(served: Sequence[tuple[int, int, int]] | None = None) -> str:
    """The whole of docs/compatibility.md."""
    from kaflite.protocol.kafka_release import KAFKA_API_VERSIONS, KAFKA_RELEASE, NARROWED

    routes = {k: (lo, hi) for k, lo, hi in (served_versions() if served is None else served)}
    lines = [
        "# Kafka API compatibility",
        "",
        "<!-- Generated by `python -m kaflite compat > docs/compatibility.md` from the broker's router,",
        "     kaflite/protocol/kafka_release.py (KAFKA_API_VERSIONS, NARROWED) and kaflite/compat.py",
        "     (FEATURES, NOT_SERVED, SERVED_NOTES). Do not edit by hand: `make test` fails when stale. -->",
        "",
        f"kaflite advertises Kafka {KAFKA_RELEASE}: every API's versions are within a Kafka {KAFKA_RELEASE}",
        "broker's ApiVersions answer, and less only where a note says why, so clients that infer the",
        f"broker's release from ApiVersions (kafka-python's `api_version`) see Kafka {KAFKA_RELEASE}.",
        f"The table lists every API of Kafka {KAFKA_RELEASE}, the versions kaflite serves (exactly what",
        "ApiVersions advertises with the default configuration) and, for the rest, why not. Clients send",
        "only what ApiVersions advertises, so an API that is not served is one a client falls back from or",
        f"reports as unsupported by the broker. \"—\" in the Kafka {KAFKA_RELEASE} column: a Kafka broker does not",
        "advertise it either (a controller-only API, or client metrics without a metrics reporter).",
        "",
        "## Features",
        "",
        "| Feature | kaflite | APIs |",
        "|---|---|---|",
    ]
    for feature, keys in FEATURES:
        have = [k for k in keys if k in routes]
        status = "served" if len(have) == len(keys) else "not served" if not have else "partly served"
        lines.append(f"| {feature} | {status} | {', '.join(KAFKA_APIS[k] for k in keys)} |")
    lines += [
        "",
        "## APIs",
        "",
        f"Served: {len(routes)} APIs. Not served: {len(KAFKA_APIS) - len(routes)}.",
        "",
        f"| API | Key | Served versions | Kafka {KAFKA_RELEASE} | Notes |",
        "|---|---:|---|---|---|",
    ]
    for key, name in sorted(KAFKA_APIS.items()):
        release = KAFKA_API_VERSIONS.get(key)
        release_range = _range(*release) if release is not None else "—"
        if key in routes:
            served_range = _range(*routes[key])
            notes = [SERVED_NOTES.get(key, "")]
            if key in NARROWED and routes[key] != release:
                notes.insert(0, NARROWED[key].reason)
            note = "; ".join(n for n in notes if n)
        else:
            served_range = "not served"
            note = NOT_SERVED.get(key, "")
        lines.append(f"| {name} | {key} | {served_range} | {release_range} | {note} |")
    return "\n".join(lines) + "\n"
