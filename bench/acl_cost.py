"""The ACL check's cost per request, in process: Produce, Fetch, OffsetCommit and Metadata with 0, 10 and 10,000 ACLs.

Why: with `authorizer.class.name` set, every request goes through the ACL table (kaflite.broker.authz) between
decode and handler; this measures that step alone, as the connection calls it (``Router.authorize(ctx,
request)``), for requests the principal is allowed (the common case: nothing is taken out or added).
The ACLs live in a real ``StandardAuthorizer`` fed the records CreateAcls would write; the 10,000 are spread
as a real cluster's would be (other principals' literal topics and groups, prefixes of 1 to 30 characters)
with 100 of them on the very topic checked, for other principals, which every check must look at.
"without authorizer" is what the request path pays when ACLs are off: the attribute test. The authorizer keeps
its decisions until the ACLs next change; the "uncached" rows are the first check after a change.

    PYTHONPATH=$PWD python bench/acl_cost.py [--iterations 20000] [--rounds 5]

Not a test: it asserts nothing about time. Bounded: rounds x iterations x 4 APIs x 4 cases.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from typing import Any

from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import RequestContext
from kaflite.broker.server import Broker
from kaflite.config import STANDARD_AUTHORIZER, KafliteConfig
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import FetchRequest, MetadataRequest, OffsetCommitRequest, ProduceRequest
from kaflite.security.acl import AclBinding, AclOperation, AclPermissionType, PatternType, ResourceType

PRINCIPAL = "User:bench"
TOPIC, GROUP = "bench-orders", "bench-group"
L, P = PatternType.LITERAL, PatternType.PREFIXED
ALLOW = AclPermissionType.ALLOW


def requests() -> dict[str, tuple[int, int, Any]]:
    """(api key, version, decoded request) as a client would send them (one topic, one partition)."""
    produce = ProduceRequest(transactional_id=None, acks=-1, timeout_ms=1000, topic_data=[
        ProduceRequest.TopicProduceData(name=TOPIC, partition_data=[
            ProduceRequest.PartitionProduceData(index=0, records=b"")])])
    fetch = FetchRequest(replica_id=-1, max_wait_ms=500, topics=[
        FetchRequest.FetchTopic(topic=TOPIC, partitions=[FetchRequest.FetchPartition(partition=0)])])
    commit = OffsetCommitRequest(group_id=GROUP, generation_id_or_member_epoch=1, member_id="m", topics=[
        OffsetCommitRequest.OffsetCommitRequestTopic(name=TOPIC, partitions=[
            OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0, committed_offset=1)])])
    metadata = MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=TOPIC)],
                               allow_auto_topic_creation=False)
    return {"Produce": (0, 9, produce), "Fetch": (1, 12, fetch), "OffsetCommit": (8, 8, commit),
            "Metadata": (3, 12, metadata)}


def acls(count: int) -> list[AclBinding]:
    """The bench principal's own (WRITE and READ on the topic, READ on the group), then others up to count
    (none at all for 0: allow.everyone.if.no.acl.found lets the requests through)."""
    if count == 0:
        return []
    own = [AclBinding(ResourceType.TOPIC, TOPIC, L, PRINCIPAL, "*", AclOperation.WRITE, ALLOW),
           AclBinding(ResourceType.TOPIC, TOPIC, L, PRINCIPAL, "*", AclOperation.READ, ALLOW),
           AclBinding(ResourceType.GROUP, GROUP, L, PRINCIPAL, "*", AclOperation.READ, ALLOW)]
    others: list[AclBinding] = []
    same = min(100, max(0, count - len(own)) // 10)
    others += [AclBinding(ResourceType.TOPIC, TOPIC, L, f"User:other-{i}", "*", AclOperation.READ, ALLOW)
               for i in range(same)]
    i = 0
    while len(own) + len(others) < count:
        kind = i % 4
        if kind == 0:
            others.append(AclBinding(ResourceType.TOPIC, f"topic-{i}", L, f"User:u{i}", "*", AclOperation.READ, ALLOW))
        elif kind == 1:
            prefix = f"team{i}-"[: 1 + i % 30]
            others.append(AclBinding(ResourceType.TOPIC, prefix, P, f"User:u{i}", "*", AclOperation.WRITE, ALLOW))
        elif kind == 2:
            others.append(AclBinding(ResourceType.GROUP, f"group-{i}", L, f"User:u{i}", "*", AclOperation.READ, ALLOW))
        else:
            others.append(AclBinding(ResourceType.GROUP, f"g{i}", P, f"User:u{i}", "*", AclOperation.READ, ALLOW))
        i += 1
    return own + others


def measure(broker: Broker | None, api: tuple[int, int, Any], iterations: int, rounds: int,
            uncached: bool = False) -> float:
    """Median ns per check over `rounds` timings of `iterations` checks; `uncached`: the authorizer's
    decisions forgotten before each check, as right after an ACL change (the clearing is timed too)."""
    key, version, request = api
    samples = []
    if broker is None:  # authorizer off: what _dispatch does before the handler
        class _Router:
            authorize = None

        router: Any = _Router()
        for _ in range(rounds):
            t0 = time.perf_counter_ns()
            for _ in range(iterations):
                if router.authorize is not None:
                    raise AssertionError
            samples.append((time.perf_counter_ns() - t0) / iterations)
        return statistics.median(samples)
    conn = KafkaConnection(broker.context, broker.router)
    conn.principal, conn.peer_host = PRINCIPAL, "127.0.0.1"
    ctx = RequestContext(RequestHeader(key, version, 1, "bench", 0), conn)
    authorize = broker.router.authorize
    assert authorize is not None
    assert authorize(ctx, request) is None, "the bench principal must be allowed"
    forget = broker.authorizer._decisions.clear if uncached and broker.authorizer is not None else None
    for _ in range(rounds):
        t0 = time.perf_counter_ns()
        if forget is None:
            for _ in range(iterations):
                authorize(ctx, request)
        else:
            for _ in range(iterations):
                forget()
                authorize(ctx, request)
        samples.append((time.perf_counter_ns() - t0) / iterations)
    return statistics.median(samples)


def broker_with(count: int, data_dir: str) -> Broker:
    """A broker (not started: nothing bound) whose authorizer holds `count` ACLs, fed as records."""
    broker = Broker.open(KafliteConfig(log_dirs=data_dir, port=0, authorizer_class_name=STANDARD_AUTHORIZER,
                                       allow_everyone_if_no_acl_found=count == 0))
    auth = broker.authorizer
    assert auth is not None
    for acl in acls(count):
        for record in auth.create_records(acl):
            auth.apply(record)
    assert len(auth) == count
    return broker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    apis = requests()
    cases: list[tuple[str, int | None, bool]] = [
        ("without authorizer", None, False), ("0 ACLs", 0, False), ("10 ACLs", 10, False),
        ("10,000 ACLs", 10_000, False), ("0 ACLs, uncached", 0, True), ("10 ACLs, uncached", 10, True),
        ("10,000 ACLs, uncached", 10_000, True)]
    results: dict[str, dict[str, float]] = {}
    for label, count, uncached in cases:
        with tempfile.TemporaryDirectory(prefix="kaflite-acl-bench-") as data_dir:
            broker = broker_with(count, data_dir) if count is not None else None
            try:
                results[label] = {name: measure(broker, api, args.iterations, args.rounds, uncached)
                                  for name, api in apis.items()}
            finally:
                if broker is not None:
                    broker.logs.close()
                    broker.context.cluster_metadata.close()
    names = list(apis)
    print(f"ACL check per request, ns (median of {args.rounds} x {args.iterations}); allowed requests, "
          f"one topic each")
    print(f"{'case':<26}" + "".join(f"{n:>14}" for n in names))
    for label, row in results.items():
        print(f"{label:<26}" + "".join(f"{row[n]:>14.0f}" for n in names))


if __name__ == "__main__":
    main()
