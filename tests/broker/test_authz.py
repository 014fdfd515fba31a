"""The ACL table (kaflite.broker.authz): every routed API has a row, and every row's refusal is an answer the
API's version can carry, for every API at every version kaflite serves."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.authz import RULES, RequestAuthorizer
from kaflite.broker.authz_rules import Verdict
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import NO_RESPONSE, RequestContext
from kaflite.broker.server import Broker
from kaflite.config import STANDARD_AUTHORIZER, KafliteConfig
from kaflite.protocol.error_responses import constructor_hints, error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import REQUESTS, RESPONSES

DENIED = {ErrorCode.TOPIC_AUTHORIZATION_FAILED, ErrorCode.GROUP_AUTHORIZATION_FAILED,
          ErrorCode.CLUSTER_AUTHORIZATION_FAILED, ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED}
NAME_FIELDS = ("name", "topic", "group_id", "transactional_id", "key", "resource_name",
               "v3_and_below_transactional_id")


def open_broker(tmp_path: Path, **settings: object) -> Broker:
    return Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0,  # type: ignore[arg-type]
                                     authorizer_class_name=STANDARD_AUTHORIZER, **settings))


def test_every_routed_api_has_a_row(tmp_path: Path) -> None:
    """A new API routed without a row in RULES would be served unchecked: this fails first."""
    broker = open_broker(tmp_path)
    try:
        missing = sorted(set(broker.router.routes) - set(RULES))
        assert missing == [], f"APIs routed with no ACL rule in kaflite.broker.authz.RULES: {missing}"
        assert isinstance(broker.router.authorize, RequestAuthorizer)
    finally:
        broker.logs.close()


def test_without_an_authorizer_the_request_path_has_no_check(tmp_path: Path) -> None:
    broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0))
    try:
        assert broker.router.authorize is None
        assert broker.authorizer is None
    finally:
        broker.logs.close()


def filled(cls: type[Any], depth: int = 0) -> Any:
    """A request (or item) with every array holding one item and names set: something for each row to refuse."""
    obj = cls()
    hints = constructor_hints(cls)
    for field in cls.__slots__:
        hint = str(hints.get(field))
        value = getattr(obj, field)
        if field in NAME_FIELDS and (value is None or isinstance(value, str)):
            setattr(obj, field, "t")
        elif field == "replica_id":
            setattr(obj, field, -1)
        elif isinstance(value, list) or "list[" in hint:
            args = typing.get_args(hints[field])
            inner = typing.get_args(args[0]) if args and typing.get_args(args[0]) else args
            item = inner[0] if inner else None
            if item is str:
                setattr(obj, field, ["t"])
            elif item is int:  # partition indexes (AlterReplicaLogDirs' answer has an item per one)
                setattr(obj, field, [0])
            elif isinstance(item, type) and hasattr(item, "__slots__") and depth < 3:
                setattr(obj, field, [filled(item, depth + 1)])
    return obj


@pytest.mark.parametrize("api_key", sorted(RULES))
def test_each_rows_refusal_encodes_at_every_version(tmp_path: Path, api_key: int) -> None:
    """No ACL, no super user: whatever a row decides (refused whole, items taken out, the answer trimmed) is
    an answer the client's version can decode, carrying one of Kafka's authorization errors where refused."""
    if api_key not in REQUESTS:
        pytest.skip("not a request kaflite has a codec for")
    broker = open_broker(tmp_path)
    try:
        conn = KafkaConnection(broker.context, broker.router)
        authorize = broker.router.authorize
        assert authorize is not None
        route = broker.router.get(api_key)
        lo, hi = (route.min_version, route.max_version) if route else (REQUESTS[api_key].MIN_VERSION,
                                                                          REQUESTS[api_key].MAX_VERSION)
        for version in range(lo, hi + 1):
            request = filled(REQUESTS[api_key])
            ctx = RequestContext(RequestHeader(api_key, version, 1, "t", 0), conn)
            verdict: Verdict | None = authorize(ctx, request)
            if verdict is None:
                continue
            if verdict.close is not None:
                assert api_key == 0 and request.acks == 0
                continue
            if verdict.finish is None:
                answer = verdict.answer
            else:
                answer = verdict.finish(error_response(RESPONSES[api_key], request, ErrorCode.NONE))
            if answer is NO_RESPONSE:
                continue
            answer.encode_parts(version)
            assert codes(answer) & DENIED or verdict.finish is not None, (api_key, version, answer)
    finally:
        broker.logs.close()


def codes(obj: Any) -> set[int]:
    found: set[int] = set()
    for field in getattr(type(obj), "__slots__", ()):
        value = getattr(obj, field)
        if field.endswith("error_code"):
            found.add(value)
        elif isinstance(value, list):
            for item in value:
                found |= codes(item)
    return found


async def test_per_item_answers_over_the_wire(tmp_path: Path) -> None:
    """User:ANONYMOUS (no super user) with a few ACLs: each API answers the refused items with Kafka's error
    and serves the others in the same request."""
    from kaflite.protocol.messages import (
        CreateTopicsRequest,
        DescribeConfigsRequest,
        DescribeGroupsRequest,
        ListGroupsRequest,
        OffsetCommitRequest,
        OffsetFetchRequest,
    )
    from tests.broker.wire import connected, serving

    me, topic_denied, group_denied = "User:ANONYMOUS", ErrorCode.TOPIC_AUTHORIZATION_FAILED, \
        ErrorCode.GROUP_AUTHORIZATION_FAILED
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0,  # type: ignore[arg-type]
                           authorizer_class_name=STANDARD_AUTHORIZER)
    async with serving(config, seen={}, hidden={}, nope={}) as broker:
        grant = broker.admin_ops.create_acls
        await grant([{"principal": me, "operation": "READ", "resource_type": "GROUP", "resource_name": "g-ok"},
                     {"principal": me, "operation": "READ", "resource_type": "TOPIC", "resource_name": "seen"},
                     {"principal": me, "operation": "READ", "resource_type": "TOPIC", "resource_name": "hidden"},
                     {"principal": me, "operation": "CREATE", "resource_type": "TOPIC", "resource_name": "new-",
                      "pattern_type": "PREFIXED"}])
        async with connected(broker.port) as c:
            commit_topic = OffsetCommitRequest.OffsetCommitRequestTopic
            part = OffsetCommitRequest.OffsetCommitRequestPartition
            resp = await c.call(8, 8, OffsetCommitRequest(group_id="g-ok", topics=[
                commit_topic(name=t, partitions=[part(partition_index=0, committed_offset=o)])
                for t, o in (("seen", 5), ("hidden", 7), ("nope", 9))]))
            assert {t.name: t.partitions[0].error_code for t in resp.topics} == {
                "seen": 0, "hidden": 0, "nope": topic_denied}

            await grant([{"principal": me, "operation": "DESCRIBE", "resource_type": "TOPIC",
                          "resource_name": "hidden", "permission_type": "DENY"}])
            group, topics = OffsetFetchRequest.OffsetFetchRequestGroup, OffsetFetchRequest.OffsetFetchRequestTopics
            resp = await c.call(9, 8, OffsetFetchRequest(groups=[group(group_id="g-ok", topics=None),
                                                                 group(group_id="g-no", topics=None)]))
            answers = {g.group_id: g for g in resp.groups}
            assert answers["g-no"].error_code == group_denied
            assert [(t.name, t.partitions[0].committed_offset) for t in answers["g-ok"].topics] == [("seen", 5)]
            resp = await c.call(9, 8, OffsetFetchRequest(groups=[group(group_id="g-ok", topics=[
                topics(name="seen", partition_indexes=[0]), topics(name="hidden", partition_indexes=[0])])]))
            assert {t.name: (t.partitions[0].error_code, t.partitions[0].committed_offset)
                    for t in resp.groups[0].topics} == {"seen": (0, 5), "hidden": (topic_denied, -1)}

            resp = await c.call(15, 5, DescribeGroupsRequest(groups=["g-ok", "g-no"]))
            assert {g.group_id: g.error_code for g in resp.groups} == {"g-ok": 0, "g-no": group_denied}
            resp = await c.call(16, 4, ListGroupsRequest())
            assert [g.group_id for g in resp.groups] == ["g-ok"]  # no CLUSTER DESCRIBE: the ones it may see

            creatable = CreateTopicsRequest.CreatableTopic
            resp = await c.call(19, 7, CreateTopicsRequest(topics=[
                creatable(name=n, num_partitions=1, replication_factor=1) for n in ("new-a", "other")]))
            assert {t.name: t.error_code for t in resp.topics} == {"new-a": 0, "other": topic_denied}

            resource = DescribeConfigsRequest.DescribeConfigsResource
            resp = await c.call(32, 4, DescribeConfigsRequest(resources=[
                resource(resource_type=2, resource_name="seen", configuration_keys=None),
                resource(resource_type=4, resource_name="1", configuration_keys=None)]))
            assert {r.resource_name: r.error_code for r in resp.results} == {
                "seen": topic_denied, "1": ErrorCode.CLUSTER_AUTHORIZATION_FAILED}


async def test_consumer_groups_never_show_a_topic_the_principal_may_not_describe(tmp_path: Path) -> None:
    """KAFKA-18813 over the wire, User:ANONYMOUS with ACLs: a ConsumerGroupHeartbeat's regex resolves only to the
    topics it may DESCRIBE (CG-RX-1), and ConsumerGroupDescribe answers a group whose assignment holds a topic it
    may not DESCRIBE with TOPIC_AUTHORIZATION_FAILED and no members, the others in full."""
    from kaflite.protocol.messages import ConsumerGroupDescribeRequest, ConsumerGroupHeartbeatRequest
    from tests.broker.wire import connected, serving

    me = "User:ANONYMOUS"
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0,  # type: ignore[arg-type]
                           authorizer_class_name=STANDARD_AUTHORIZER)
    async with serving(config, seen={}, hidden={}) as broker:
        grant = broker.admin_ops.create_acls

        def acl(op: str, rtype: str, name: str, permission: str = "ALLOW") -> dict[str, str]:
            return {"principal": me, "operation": op, "resource_type": rtype, "resource_name": name,
                    "permission_type": permission}

        def heartbeat(group: str, **subscription: Any) -> ConsumerGroupHeartbeatRequest:
            return ConsumerGroupHeartbeatRequest(group_id=group, member_id=f"{group}-m1", member_epoch=0,
                                                 rebalance_timeout_ms=30_000, topic_partitions=[], **subscription)

        def assigned(resp: Any) -> dict[bytes, list[int]]:
            return {tp.topic_id: sorted(tp.partitions) for tp in resp.assignment.topic_partitions}

        seen_id, hidden_id = (broker.logs.topic(t).topic_id for t in ("seen", "hidden"))  # type: ignore[union-attr]
        await grant([acl("READ", "GROUP", "by-name"), acl("READ", "TOPIC", "hidden")])
        async with connected(broker.port) as c:
            resp = await c.call(68, 1, heartbeat("by-name", subscribed_topic_names=["hidden"]))
            assert (resp.error_code, assigned(resp)) == (0, {hidden_id: [0, 1]})

            await grant([acl("DESCRIBE", "TOPIC", "hidden", "DENY"), acl("READ", "GROUP", "by-regex"),
                         acl("READ", "TOPIC", "seen")])
            resp = await c.call(68, 1, heartbeat("by-regex", subscribed_topic_regex="seen|hidden"))
            assert (resp.error_code, assigned(resp)) == (0, {})  # CG-RX-2: resolved off the heartbeat, then
            await broker.groups.wait_for_group("by-regex", None, None, None, 5, epoch=2)
            resp = await c.call(68, 1, ConsumerGroupHeartbeatRequest(group_id="by-regex", member_id="by-regex-m1",
                                                                     member_epoch=1, topic_partitions=[]))
            assert (resp.error_code, assigned(resp)) == (0, {seen_id: [0, 1]})

            resp = await c.call(69, 1, ConsumerGroupDescribeRequest(group_ids=["by-regex", "by-name"]))
            by_regex, by_name = resp.groups
            assert (by_regex.error_code, [m.member_id for m in by_regex.members]) == (0, ["by-regex-m1"])
            assert (by_name.group_id, by_name.error_code, by_name.error_message, by_name.members) == (
                "by-name", ErrorCode.TOPIC_AUTHORIZATION_FAILED,
                "The group has described topic(s) that the client is not authorized to describe.", [])


async def test_a_failing_handler_still_answers_the_refused_items(tmp_path: Path) -> None:
    """The handler raised (an injected fault): its error answer covers what it was given, and the topic the ACL
    refused is still answered TOPIC_AUTHORIZATION_FAILED in the same response."""
    from kaflite.protocol.messages import ProduceRequest
    from tests.broker.wire import connected, serving

    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0,  # type: ignore[arg-type]
                           authorizer_class_name=STANDARD_AUTHORIZER)
    async with serving(config, ok={}, no={}) as broker:
        await broker.admin_ops.create_acls([{"principal": "User:ANONYMOUS", "operation": "WRITE",
                                             "resource_type": "TOPIC", "resource_name": "ok"}])
        broker.admin_ops.fail_requests("Produce")
        topic, part = ProduceRequest.TopicProduceData, ProduceRequest.PartitionProduceData
        async with connected(broker.port) as c:
            resp = await c.call(0, 9, ProduceRequest(acks=-1, timeout_ms=1000, topic_data=[
                topic(name=t, partition_data=[part(index=0, records=b"")]) for t in ("ok", "no")]))
        assert {t.name: t.partition_responses[0].error_code for t in resp.responses} == {
            "ok": ErrorCode.UNKNOWN_SERVER_ERROR, "no": ErrorCode.TOPIC_AUTHORIZATION_FAILED}


async def test_share_group_apis_check_group_and_topic_acls_before_the_coordinator(tmp_path: Path) -> None:
    """SG-VAL-1, SG-DESC-1, SA-OFF-1/2/3 with ACLs, before the coordinator (share groups off here, so what passes
    the ACLs answers UNSUPPORTED_VERSION): GROUP READ / DESCRIBE / DELETE refused -> 30, a subscribed topic not
    DESCRIBE-able -> 29 (the heartbeat), a topic not READ-able -> its partitions 29 (Alter)."""
    from kaflite.protocol.messages import (
        AlterShareGroupOffsetsRequest,
        DeleteShareGroupOffsetsRequest,
        DescribeShareGroupOffsetsRequest,
        ShareGroupDescribeRequest,
        ShareGroupHeartbeatRequest,
    )
    from tests.broker.wire import connected, serving

    me, E = "User:ANONYMOUS", ErrorCode
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0,  # type: ignore[arg-type]
                           authorizer_class_name=STANDARD_AUTHORIZER,
                           group_coordinator_rebalance_protocols=("classic", "consumer"))  # share.version 0
    async with serving(config, seen={}, hidden={}) as broker:
        def acl(op: str, rtype: str, name: str, permission: str = "ALLOW") -> dict[str, str]:
            return {"principal": me, "operation": op, "resource_type": rtype, "resource_name": name,
                    "permission_type": permission}

        await broker.admin_ops.create_acls([acl("READ", "GROUP", "sg-ok"), acl("READ", "TOPIC", "seen"),
                                            acl("DESCRIBE", "TOPIC", "hidden", "DENY")])
        async with connected(broker.port) as c:
            def hb(group: str, topics: list[str]) -> ShareGroupHeartbeatRequest:
                return ShareGroupHeartbeatRequest(group_id=group, member_id="m1", member_epoch=0,
                                                  subscribed_topic_names=topics)

            for group, topics, code in (("sg-no", ["seen"], E.GROUP_AUTHORIZATION_FAILED),
                                        ("sg-ok", ["hidden"], E.TOPIC_AUTHORIZATION_FAILED),
                                        ("sg-ok", ["seen"], E.UNSUPPORTED_VERSION)):
                resp = await c.call(76, 1, hb(group, topics))
                assert (resp.error_code, resp.error_message) == (code, None), (group, topics)
            resp = await c.call(77, 1, ShareGroupDescribeRequest(group_ids=["sg-ok", "sg-no"]))
            assert {g.group_id: g.error_code for g in resp.groups} == {
                "sg-ok": E.UNSUPPORTED_VERSION, "sg-no": E.GROUP_AUTHORIZATION_FAILED}
            G = DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup
            resp = await c.call(90, 1, DescribeShareGroupOffsetsRequest(groups=[G(group_id="sg-ok", topics=None),
                                                                                G(group_id="sg-no", topics=None)]))
            assert {g.group_id: g.error_code for g in resp.groups} == {
                "sg-ok": E.UNSUPPORTED_VERSION, "sg-no": E.GROUP_AUTHORIZATION_FAILED}
            A = AlterShareGroupOffsetsRequest
            resp = await c.call(91, 0, A(group_id="sg-ok", topics=[A.AlterShareGroupOffsetsRequestTopic(
                topic_name="hidden", partitions=[A.AlterShareGroupOffsetsRequestPartition(partition_index=0)])]))
            assert resp.error_code == E.UNSUPPORTED_VERSION
            assert [(t.topic_name, [p.error_code for p in t.partitions]) for t in resp.responses] == [
                ("hidden", [E.TOPIC_AUTHORIZATION_FAILED])]
            resp = await c.call(91, 0, A(group_id="sg-no", topics=[]))
            assert resp.error_code == E.GROUP_AUTHORIZATION_FAILED
            D = DeleteShareGroupOffsetsRequest
            resp = await c.call(92, 0, D(group_id="sg-ok", topics=[D.DeleteShareGroupOffsetsRequestTopic(
                topic_name="seen")]))
            assert resp.error_code == E.GROUP_AUTHORIZATION_FAILED  # READ is not DELETE
