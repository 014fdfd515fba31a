"""ACL enforcement: one table, one row per API, consulted once per request between decode and handler.

Kafka checks ACLs inside each ``KafkaApis.handleX``; kaflite's handlers know nothing of ACLs. Each row
says what the request needs, as KafkaApis/AuthHelper do for that API, and the connection applies it
before the handler runs (``KafkaConnection._dispatch``):

- a whole-request check (``GROUP READ`` for JoinGroup): refused, the request is answered with the API's
  error answer carrying the error (``GROUP_AUTHORIZATION_FAILED``) and the handler never sees it;
- a per-item check (``TOPIC WRITE`` per topic of a Produce): the refused items are taken out of the
  request, the handler serves the rest, and the refused items are added to its answer with the error
  (``TOPIC_AUTHORIZATION_FAILED``), as Kafka's per-partition answers;
- a filter (Metadata, ListGroups, ListTransactions): the answer is trimmed to what the principal may see.

Without an authorizer the connection never calls this module (``Router.authorize`` is None): the request
path pays one attribute test. The table covers every routed API (tests/broker/test_authz.py fails on an
API without a row), so a new API cannot slip through unchecked.
"""

from __future__ import annotations

import copy
from typing import Any

from kaflite.broker.authz_rules import (
    CLUSTER,
    CLUSTER_DENIED,
    GROUP,
    GROUP_DENIED,
    TOPIC,
    TOPIC_DENIED,
    TXN,
    TXN_DENIED,
    Op,
    RequestChecks,
    Rule,
    Verdict,
    all_of,
    config_resources,
    none,
    on_cluster,
    on_field,
    per_field_group,
    per_name,
    per_topic,
)
from kaflite.broker.context import NO_RESPONSE, BrokerContext, RequestContext
from kaflite.protocol.authorized_operations import (
    CLUSTER_OPERATIONS,
    GROUP_OPERATIONS,
    OMITTED,
    TOPIC_OPERATIONS,
)
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import RESPONSES
from kaflite.security.acl import StandardAuthorizer
from kaflite.security.acl.model import CLUSTER_NAME

# -- the APIs whose needs are their own -------------------------------------------------------------


def produce(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """KafkaApis.handleProduceRequest: a transactional batch needs WRITE on its transactional id (else every
    partition is refused with TRANSACTIONAL_ID_AUTHORIZATION_FAILED); then WRITE per topic."""
    txn = request.transactional_id
    verdict: Verdict | None
    if txn is not None and not az.allowed(ctx, Op.WRITE, TXN, txn):
        verdict = az.refuse(ctx, request, TXN_DENIED)
    else:
        verdict = _PRODUCE_TOPICS(az, ctx, request)
    if verdict is not None and request.acks == 0:  # no answer to carry the error: Kafka closes the connection
        reason = "a produce request with acks=0 was refused by an ACL"
        if verdict.finish is None:
            return Verdict(close=reason)

        def then_close(response: Any) -> Any:  # the allowed topics appended first, as Kafka's
            ctx.connection.close(reason)
            return NO_RESPONSE

        return Verdict(finish=then_close)
    return verdict


def fetch(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """A follower's fetch needs CLUSTER_ACTION (refused whole: TOPIC_AUTHORIZATION_FAILED, as Kafka); a
    consumer's, READ per topic."""
    replica = request.replica_state.replica_id if ctx.version >= 15 and request.replica_state is not None \
        else request.replica_id
    if replica >= 0:
        return None if az.cluster(ctx, Op.CLUSTER_ACTION) else az.refuse(ctx, request, TOPIC_DENIED)
    return _FETCH_TOPICS(az, ctx, request)


def metadata(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """KafkaApis.handleTopicMetadataRequest: topics the principal may not DESCRIBE are left out of an
    all-topics answer and answered TOPIC_AUTHORIZATION_FAILED when named; a named topic that does not exist
    is auto-created only with CREATE on the cluster or the topic (else TOPIC_AUTHORIZATION_FAILED)."""
    topics = request.topics
    if topics is None or (not topics and ctx.version == 0):  # every topic: the answer is filtered
        def visible(response: Any) -> Any:
            response.topics = [t for t in response.topics
                               if az.allowed(ctx, Op.DESCRIBE, TOPIC, str(t.name))]
            return response

        return Verdict(finish=visible)
    auto_create = az.context.config.auto_create_topics_enable and (
        ctx.version < 4 or request.allow_auto_topic_creation)
    may_create_all: list[bool] = []

    def code(item: Any) -> int:
        name = az.topic_name(item)
        if name is None:
            return 0
        if not az.allowed(ctx, Op.DESCRIBE, TOPIC, name):
            return TOPIC_DENIED
        if auto_create and az.context.logs.topics().get(name) is None:
            if not may_create_all:
                may_create_all.append(az.cluster(ctx, Op.CREATE))
            if not may_create_all[0] and not az.allowed(ctx, Op.CREATE, TOPIC, name):
                return TOPIC_DENIED
        return 0

    verdict = az.split(ctx, request, "topics", code)
    if verdict is not None and not request.topics and ctx.version == 0:  # v0's empty list would mean all
        finish = verdict.finish
        assert finish is not None

        def only_refused(response: Any) -> Any:
            response.topics = []
            return finish(response)

        verdict.finish = only_refused
    return verdict


def offset_fetch(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """GROUP DESCRIBE per group (v8+ names several); committed offsets of topics the principal may not
    DESCRIBE are answered TOPIC_AUTHORIZATION_FAILED when asked for, left out when all were asked for."""
    if ctx.version < 8:
        if not az.allowed(ctx, Op.DESCRIBE, GROUP, request.group_id):
            return az.refuse(ctx, request, GROUP_DENIED)
        every_topic = {None} if request.topics is None else set()
        groups_verdict = None
    else:  # (the groups asking for every topic: their refused topics are left out, not answered)
        every_topic = {g.group_id for g in request.groups if g.topics is None}
        groups_verdict = _OFFSET_FETCH_GROUPS(az, ctx, request)

    def hide(response: Any) -> Any:
        holders = [response] if ctx.version < 8 else response.groups
        for holder in holders:
            if getattr(holder, "error_code", 0) == GROUP_DENIED:
                continue
            named = getattr(holder, "group_id", None) not in every_topic
            kept = []
            for topic in holder.topics:
                name = az.topic_name(topic)
                if name is None or az.allowed(ctx, Op.DESCRIBE, TOPIC, name):
                    kept.append(topic)
                elif named:
                    for p in topic.partitions:
                        p.committed_offset, p.committed_leader_epoch, p.metadata = -1, -1, ""
                        p.error_code = TOPIC_DENIED
                    kept.append(topic)
            holder.topics = kept
        return response

    if groups_verdict is not None and groups_verdict.finish is None:
        return groups_verdict
    first = groups_verdict.finish if groups_verdict is not None else None
    return Verdict(finish=(lambda r: hide(first(r))) if first is not None else hide)


def find_coordinator(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """DESCRIBE on the group (key type 0) or the transactional id (1) whose coordinator is asked for."""
    if request.key_type == 1:
        rtype, code = TXN, TXN_DENIED
    else:
        rtype, code = GROUP, GROUP_DENIED
    if ctx.version < 4:
        return None if az.allowed(ctx, Op.DESCRIBE, rtype, request.key) else az.refuse(ctx, request, code)
    return (_TXN_COORDINATOR_KEYS if request.key_type == 1 else _GROUP_COORDINATOR_KEYS)(az, ctx, request)


def list_groups(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """Every group with CLUSTER DESCRIBE, else those the principal may DESCRIBE (KafkaApis.handleListGroups)."""
    if az.cluster(ctx, Op.DESCRIBE):
        return None

    def visible(response: Any) -> Any:
        response.groups = [g for g in response.groups if az.allowed(ctx, Op.DESCRIBE, GROUP, g.group_id)]
        return response

    return Verdict(finish=visible)


def list_transactions(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """Only the transactional ids the principal may DESCRIBE (KafkaApis.handleListTransactionsRequest)."""

    def visible(response: Any) -> Any:
        response.transaction_states = [s for s in response.transaction_states
                                       if az.allowed(ctx, Op.DESCRIBE, TXN, s.transactional_id)]
        return response

    return Verdict(finish=visible)


def create_topics(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """CREATE on the cluster covers every topic; otherwise CREATE per topic."""
    if az.cluster(ctx, Op.CREATE):
        return None
    return _CREATE_TOPICS(az, ctx, request)


def delete_topics(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """DELETE per topic, named (v0-5: ``topic_names``) or by name or id (v6+: ``topics``)."""
    return (_DELETE_TOPIC_NAMES if ctx.version < 6 else _DELETE_TOPICS)(az, ctx, request)


def init_producer_id(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """A transactional producer needs WRITE on its id; an idempotent one IDEMPOTENT_WRITE on the cluster or
    WRITE on some topic (KafkaApis.handleInitProducerIdRequest)."""
    txn = request.transactional_id
    if txn is not None:
        return None if az.allowed(ctx, Op.WRITE, TXN, txn) else az.refuse(ctx, request, TXN_DENIED)
    conn = ctx.connection
    if az.cluster(ctx, Op.IDEMPOTENT_WRITE) or az.authorizer.authorize_any(conn.principal, conn.peer_host, Op.WRITE,
                                                                           TOPIC):
        return None
    return az.refuse(ctx, request, CLUSTER_DENIED)


def add_partitions_to_txn(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """WRITE on the transactional id, then WRITE on every topic: if one topic is refused, nothing is added
    (the others are answered OPERATION_NOT_ATTEMPTED), as Kafka."""
    txn = request.v3_and_below_transactional_id
    if not az.allowed(ctx, Op.WRITE, TXN, txn):
        return az.refuse(ctx, request, TXN_DENIED)
    topics = request.v3_and_below_topics
    refused = [t for t in topics if not az.allowed(ctx, Op.WRITE, TOPIC, t.name)]
    if not refused:
        return None
    resp_cls = RESPONSES[ctx.header.api_key]
    answer = error_response(resp_cls, request, ErrorCode.OPERATION_NOT_ATTEMPTED)
    only = copy.copy(request)
    only.v3_and_below_topics = refused
    denied = {t.name for t in refused}
    answer.results_by_topic_v3_and_below = [
        r for r in answer.results_by_topic_v3_and_below if r.name not in denied
    ] + error_response(resp_cls, only, TOPIC_DENIED).results_by_topic_v3_and_below
    return Verdict(answer=answer)


def consumer_group_heartbeat(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """GROUP READ, and DESCRIBE on every subscribed topic (KafkaApis.handleConsumerGroupHeartbeat)."""
    if not az.allowed(ctx, Op.READ, GROUP, request.group_id):
        return az.refuse(ctx, request, GROUP_DENIED)
    names = request.subscribed_topic_names or ()
    if any(not az.allowed(ctx, Op.DESCRIBE, TOPIC, name) for name in names):
        return az.refuse(ctx, request, TOPIC_DENIED)
    return None


def describe_share_group_offsets(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """SA-OFF-1: GROUP DESCRIBE per group (a refused group answered GROUP_AUTHORIZATION_FAILED)."""
    return az.split(ctx, request, "groups",
                    lambda g: 0 if az.allowed(ctx, Op.DESCRIBE, GROUP, str(g.group_id)) else GROUP_DENIED)


def describe_topic_partitions(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """Named topics: DESCRIBE each (refused: TOPIC_AUTHORIZATION_FAILED); all topics: the ones it may."""
    if request.topics:
        return _DESCRIBE_TOPICS(az, ctx, request)

    def visible(response: Any) -> Any:
        response.topics = [t for t in response.topics if az.allowed(ctx, Op.DESCRIBE, TOPIC, str(t.name))]
        return response

    return Verdict(finish=visible)


def offset_for_leader_epoch(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """A follower's needs CLUSTER_ACTION; a consumer's, DESCRIBE per topic."""
    if request.replica_id >= 0:
        return _CLUSTER_ACTION(az, ctx, request)
    return _EPOCH_TOPICS(az, ctx, request)


# Rows built once (the functions above pick among them per request).
_PRODUCE_TOPICS = per_topic(Op.WRITE, "topic_data")
_FETCH_TOPICS = per_topic(Op.READ, "topics", "topic")
_EPOCH_TOPICS = per_topic(Op.DESCRIBE, "topics", "topic")
_DESCRIBE_TOPICS = per_topic(Op.DESCRIBE)
_CREATE_TOPICS = per_topic(Op.CREATE)
_DELETE_TOPICS = per_topic(Op.DELETE)
_DELETE_TOPIC_NAMES = per_name(TOPIC, Op.DELETE, "topic_names", TOPIC_DENIED)
_GROUP_COORDINATOR_KEYS = per_name(GROUP, Op.DESCRIBE, "coordinator_keys", GROUP_DENIED)
_TXN_COORDINATOR_KEYS = per_name(TXN, Op.DESCRIBE, "coordinator_keys", TXN_DENIED)
_OFFSET_FETCH_GROUPS = per_field_group(Op.DESCRIBE, "groups")
_CLUSTER_ACTION = on_cluster(Op.CLUSTER_ACTION)
_GROUP_READ = on_field(GROUP, Op.READ, "group_id", GROUP_DENIED)
_TXN_WRITE = on_field(TXN, Op.WRITE, "transactional_id", TXN_DENIED)

#: api key -> what it needs. Every routed API has a row (tests/broker/test_authz.py); so do the SASL and SCRAM
#: APIs another part of issue 16 routes (17, 36, 50, 51), so they are covered the moment they are.
def transaction_topics(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """Of each described transaction, only the partitions of topics the principal may DESCRIBE
    (KafkaApis.handleDescribeTransactionsRequest)."""

    def visible(response: Any) -> Any:
        for txn in response.transaction_states:
            if txn.error_code == ErrorCode.NONE:
                txn.topics = [t for t in txn.topics if az.allowed(ctx, Op.DESCRIBE, TOPIC, str(t.topic))]
        return response

    return Verdict(finish=visible)


# -- authorized-operations fields: what the principal may do, where the request asks ------------------------


def _cluster_operations(az: RequestChecks, ctx: RequestContext) -> int:
    """Kafka answers 0 to a principal that may not DESCRIBE the cluster, else its allowed operations."""
    if not az.cluster(ctx, Op.DESCRIBE):
        return 0
    return az.operations(ctx, CLUSTER, CLUSTER_NAME, CLUSTER_OPERATIONS)


def metadata_operations(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """Metadata v8+: ``include_topic_authorized_operations`` (every topic answered), v8-10
    ``include_cluster_authorized_operations``."""
    topics = ctx.version >= 8 and request.include_topic_authorized_operations
    cluster = 8 <= ctx.version <= 10 and request.include_cluster_authorized_operations
    if not (topics or cluster):
        return None

    def fill(response: Any) -> Any:
        if topics:
            _fill_topics(az, ctx, response)
        if cluster:
            response.cluster_authorized_operations = _cluster_operations(az, ctx)
        return response

    return Verdict(finish=fill)


def describe_cluster_operations(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    if not request.include_cluster_authorized_operations:
        return None

    def fill(response: Any) -> Any:
        response.cluster_authorized_operations = _cluster_operations(az, ctx)
        return response

    return Verdict(finish=fill)


def group_operations(min_version: int) -> Rule:
    """DescribeGroups v3+ / ConsumerGroupDescribe with ``include_authorized_operations``: each group answered
    without error."""

    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        if ctx.version < min_version or not request.include_authorized_operations:
            return None

        def fill(response: Any) -> Any:
            for g in response.groups:
                if g.error_code == ErrorCode.NONE:
                    g.authorized_operations = az.operations(ctx, GROUP, str(g.group_id), GROUP_OPERATIONS)
                else:
                    g.authorized_operations = OMITTED
            return response

        return Verdict(finish=fill)

    return rule


UNDESCRIBABLE_TOPICS = "The group has described topic(s) that the client is not authorized to describe."


def hide_undescribable_topics(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """ConsumerGroupDescribe: a group whose members' assignment or target assignment holds a topic the caller
    may not DESCRIBE is answered TOPIC_AUTHORIZATION_FAILED with no members, so its topics stay hidden
    (KafkaApis.handleConsumerGroupDescribe, KAFKA-18813)."""

    def hide(response: Any) -> Any:  # (the authorizer keeps its decisions: a topic named twice is asked once)
        groups = []
        for g in response.groups:
            if g.error_code == ErrorCode.NONE and not all(
                    az.allowed(ctx, Op.DESCRIBE, TOPIC, str(tp.topic_name)) for m in g.members
                    for a in (m.assignment, m.target_assignment) for tp in a.topic_partitions):
                g = type(g)(group_id=g.group_id, error_code=TOPIC_DENIED, error_message=UNDESCRIBABLE_TOPICS)
            groups.append(g)
        response.groups = groups
        return response

    return Verdict(finish=hide)


def topic_partitions_operations(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """DescribeTopicPartitions always answers each topic's allowed operations."""

    def fill(response: Any) -> Any:
        _fill_topics(az, ctx, response)
        return response

    return Verdict(finish=fill)


def _fill_topics(az: RequestChecks, ctx: RequestContext, response: Any) -> None:
    """Each answered topic's allowed operations; a topic refused DESCRIBE keeps the schema's default, as Kafka
    adds those after filling the others."""
    for t in response.topics:
        if t.name is None or t.error_code == TOPIC_DENIED:
            t.topic_authorized_operations = OMITTED
        else:
            t.topic_authorized_operations = az.operations(ctx, TOPIC, str(t.name), TOPIC_OPERATIONS)


class RequestAuthorizer(RequestChecks):
    """The connection's hook (``Router.authorize``): the row of the request's API (``RULES``), applied."""

    def __init__(self, authorizer: StandardAuthorizer, context: BrokerContext) -> None:
        super().__init__(authorizer, context)
        self.rules: dict[int, Rule] = RULES

    def __call__(self, ctx: RequestContext, request: Any) -> Verdict | None:
        return self.rules[ctx.header.api_key](self, ctx, request)


RULES: dict[int, Rule] = {
    0: produce,
    1: fetch,
    2: per_topic(Op.DESCRIBE),  # ListOffsets
    3: all_of(metadata, metadata_operations),
    8: all_of(_GROUP_READ, per_topic(Op.READ)),  # OffsetCommit
    9: offset_fetch,
    10: find_coordinator,
    11: _GROUP_READ,  # JoinGroup
    12: _GROUP_READ,  # Heartbeat
    13: _GROUP_READ,  # LeaveGroup
    14: _GROUP_READ,  # SyncGroup
    15: all_of(per_name(GROUP, Op.DESCRIBE, "groups", GROUP_DENIED), group_operations(3)),  # DescribeGroups
    16: list_groups,
    17: none,  # SaslHandshake
    18: none,  # ApiVersions
    19: create_topics,
    20: delete_topics,
    21: per_topic(Op.DELETE),  # DeleteRecords
    22: init_producer_id,
    23: offset_for_leader_epoch,
    24: add_partitions_to_txn,
    25: all_of(_TXN_WRITE, _GROUP_READ),  # AddOffsetsToTxn
    26: _TXN_WRITE,  # EndTxn
    28: all_of(_TXN_WRITE, _GROUP_READ, per_topic(Op.READ)),  # TxnOffsetCommit
    29: on_cluster(Op.DESCRIBE),  # DescribeAcls
    30: on_cluster(Op.ALTER),  # CreateAcls
    31: on_cluster(Op.ALTER),  # DeleteAcls
    32: config_resources(Op.DESCRIBE_CONFIGS),  # DescribeConfigs
    33: config_resources(Op.ALTER_CONFIGS),  # AlterConfigs
    34: on_cluster(Op.ALTER),  # AlterReplicaLogDirs
    35: on_cluster(Op.DESCRIBE),  # DescribeLogDirs
    36: none,  # SaslAuthenticate
    37: per_topic(Op.ALTER),  # CreatePartitions
    42: per_name(GROUP, Op.DELETE, "groups_names", GROUP_DENIED),  # DeleteGroups
    43: on_cluster(Op.ALTER),  # ElectLeaders
    44: config_resources(Op.ALTER_CONFIGS),  # IncrementalAlterConfigs
    45: on_cluster(Op.ALTER),  # AlterPartitionReassignments
    46: on_cluster(Op.DESCRIBE),  # ListPartitionReassignments
    47: all_of(on_field(GROUP, Op.DELETE, "group_id", GROUP_DENIED), per_topic(Op.READ)),  # OffsetDelete
    50: on_cluster(Op.DESCRIBE),  # DescribeUserScramCredentials
    51: on_cluster(Op.ALTER),  # AlterUserScramCredentials
    55: on_cluster(Op.DESCRIBE),  # DescribeQuorum
    60: describe_cluster_operations,  # DescribeCluster: Kafka checks nothing but fills authorized operations
    61: per_topic(Op.READ),  # DescribeProducers
    65: all_of(per_name(TXN, Op.DESCRIBE, "transactional_ids", TXN_DENIED), transaction_topics),  # DescribeTxns
    66: list_transactions,
    68: consumer_group_heartbeat,
    69: all_of(per_name(GROUP, Op.DESCRIBE, "group_ids", GROUP_DENIED), group_operations(0),  # ConsumerGroupDescribe
                hide_undescribable_topics),
    74: on_cluster(Op.DESCRIBE_CONFIGS),  # ListConfigResources
    75: all_of(describe_topic_partitions, topic_partitions_operations),
    78: all_of(_GROUP_READ, per_topic(Op.READ)),  # ShareFetch (SS-VAL-1, SS-FETCH-1: topics by id)
    79: all_of(_GROUP_READ, per_topic(Op.READ)),  # ShareAcknowledge
    # KIP-932 share groups (SG-VAL-1, SG-DESC-1, SA-OFF-1/2/3)
    76: consumer_group_heartbeat,  # ShareGroupHeartbeat: GROUP READ, DESCRIBE on every subscribed topic
    77: all_of(per_name(GROUP, Op.DESCRIBE, "group_ids", GROUP_DENIED), group_operations(0)),  # ShareGroupDescribe
    90: describe_share_group_offsets,
    91: all_of(_GROUP_READ, per_topic(Op.READ, name_field="topic_name")),  # AlterShareGroupOffsets
    92: all_of(on_field(GROUP, Op.DELETE, "group_id", GROUP_DENIED),  # DeleteShareGroupOffsets
                per_topic(Op.READ, name_field="topic_name")),
}
