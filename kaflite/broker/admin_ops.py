"""What the admin endpoint does, without the HTTP: every operation, and groups and transactions as JSON.

``AdminOps`` is the one implementation of every operation: the HTTP routes (``admin_http``) call it, and so
does the in-process ``kaflite.testing.Broker`` (so both modes behave the same, and a test kit without
``admin.port`` never loads the HTTP server or its library).

A group's JSON carries ``group_type`` ("classic", "consumer" or "share"); a KIP-848 consumer group and a KIP-932
share group also its ``epoch`` (the group epoch, = ``generation``) and ``assignment_epoch``, and per member its
``member_epoch``, ``member_state`` (STABLE, UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS; a share member is always
STABLE), subscription and ``assignment``/``pending_revocation``/``target_assignment`` as ``[topic, partition]``
pairs. Their heartbeats can be dropped or delayed like any group API: ``{"api": "ConsumerGroupHeartbeat"}`` (68),
``{"api": "ShareGroupHeartbeat"}`` (76), and so can share fetches (``ShareFetch``, 78; ``ShareAcknowledge``, 79).
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import structlog

from kaflite.broker import admin_shares
from kaflite.broker.admin_cluster import BrokerAction, ClusterControl
from kaflite.broker.admin_errors import HttpError, WaitTimeout
from kaflite.broker.context import BrokerContext
from kaflite.broker.faults import ResponseRule
from kaflite.broker.groups import GroupHandler
from kaflite.broker.shares import ShareHandler
from kaflite.broker.transactions import TransactionHandler
from kaflite.coordinator.consumer import records as cg
from kaflite.coordinator.consumer.group import MemberState
from kaflite.coordinator.group import Transition
from kaflite.coordinator.result import RequestContext
from kaflite.coordinator.share.group import ASSIGNOR_NAME as SHARE_ASSIGNOR
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    REQUEST_NAMES,
    REQUESTS,
    ConsumerGroupCurrentMemberAssignmentValue,
    ConsumerGroupDescribeRequest,
    ConsumerGroupMemberMetadataValue,
    ConsumerGroupMetadataValue,
    ConsumerGroupRegularExpressionValue,
    ConsumerGroupTargetAssignmentMemberValue,
    ConsumerGroupTargetAssignmentMetadataValue,
    ConsumerProtocolAssignment,
)
from kaflite.protocol.messages import AlterUserScramCredentialsRequest as Request
from kaflite.security.acl import AclBinding, AclOperation, AclPermissionType, PatternType, ResourceType
from kaflite.security.sasl.scram import MECHANISM_TYPES, alter_credentials, new_upsertion
from kaflite.transaction.state import TransactionMetadata

MAX_WAIT_S = 600.0
fault_log = structlog.get_logger("kaflite.faults")

# -- names ----------------------------------------------------------------------------------------


def _norm(name: str) -> str:
    return name.replace("_", "").replace("-", "").replace(" ", "").lower()


#: "joingroup" → 11, from the generated request classes (JoinGroupRequest → JoinGroup)
# From the names, not the classes: REQUESTS.items() would import every codec module at startup.
API_NAMES: dict[str, int] = {name.removesuffix("Request"): key for key, name in REQUEST_NAMES.items()}
_API_BY_NORM: dict[str, int] = {_norm(n): k for n, k in API_NAMES.items()}
API_NAME_BY_KEY: dict[int, str] = {k: n for n, k in API_NAMES.items()}


def resolve_api(api: str | int) -> int:
    """``"JoinGroup"``, ``"join_group"``, ``"11"`` or ``11`` → 11; ValueError for anything else."""
    if isinstance(api, int):
        if api not in REQUESTS:
            raise ValueError(f"unknown API key {api}")
        return api
    text = str(api).strip()
    if text.isdigit():
        return resolve_api(int(text))
    key = _API_BY_NORM.get(_norm(text))
    if key is None:
        raise ValueError(f"unknown API {api!r}; use a Kafka name such as JoinGroup or an API key")
    return key


def resolve_error(error: str | int | ErrorCode) -> ErrorCode:
    """``"NOT_COORDINATOR"``, ``"not-coordinator"``, ``16`` → ErrorCode.NOT_COORDINATOR."""
    if isinstance(error, ErrorCode):
        return error
    if isinstance(error, int) or str(error).strip().lstrip("-").isdigit():
        return ErrorCode(int(error))
    try:
        return ErrorCode[str(error).strip().upper().replace("-", "_")]
    except KeyError:
        raise ValueError(f"unknown error {error!r}; use a Kafka name such as NOT_COORDINATOR") from None


# -- snapshots as JSON ------------------------------------------------------------------------------


def decode_assignment(data: bytes) -> list[tuple[str, int]]:
    """The consumer protocol's assignment bytes → sorted (topic, partition) pairs."""
    if not data or len(data) < 2:
        return []
    version = int.from_bytes(data[:2], "big", signed=True)
    a = ConsumerProtocolAssignment.decode(data[2:], min(max(version, 0), ConsumerProtocolAssignment.MAX_VERSION))
    return sorted((t.topic, p) for t in a.assigned_partitions for p in t.partitions)


# The classic coordinator's reasons that name the members a transition added or removed (Kafka's texts,
# GroupCoordinator's: "adding new member", "explicit LeaveGroup request for (...) members", "removing member
# ... on heartbeat expiration", "removing [...] on pending sync request expiration").
_JOINED = re.compile(r"^adding new member (\S+) with group instance id ")
_LEFT = (re.compile(r"^explicit LeaveGroup request for \((.*)\) members$"),
         re.compile(r"^removing member (\S+) on heartbeat expiration$"),
         re.compile(r"^removing \[(.*)\] on pending sync request expiration$"))


def member_changes(reason: str) -> tuple[list[str], list[str]]:
    """The member ids a classic group's transition says joined and left, from its reason.

    Why: a transition carries its reason, not member ids, and the history is all the broker keeps of a
    classic group's past (its records hold only the latest generation); the console marks joins and
    leaves from it, so a page opened late still shows them. A join during a rebalance already under
    way makes no transition, so it has no mark here."""
    if m := _JOINED.match(reason):
        return [m.group(1)], []
    for pattern in _LEFT:
        if m := pattern.match(reason):
            return [], [mid.strip().strip("'") for mid in m.group(1).split(",") if mid.strip()]
    return [], []


def transition_json(t: Transition) -> dict[str, Any]:
    """A transition; ``joined``/``left``: the member ids its reason names (a classic group's joins and leaves)."""
    joined, left = member_changes(t.reason)
    return {"timestamp_ms": t.timestamp_ms, "from_state": None if t.from_state is None else str(t.from_state),
            "to_state": str(t.to_state), "generation": t.generation, "members": t.members, "reason": t.reason,
            "joined": joined, "left": left}


def _pairs(partitions: dict[str, tuple[int, ...]]) -> list[list[Any]]:
    """topic -> partitions as sorted [topic, partition] pairs (the classic assignment's JSON form)."""
    return [[t, p] for t in sorted(partitions) for p in sorted(partitions[t])]


# Groups with member epochs and server-side assignments: KIP-848 consumer groups and KIP-932 share groups.
MODERN_GROUP_TYPES = frozenset({"consumer", "share"})


def member_json(m: MemberSnapshot, group_type: str, protocol_type: str | None) -> dict[str, Any]:
    """A member; a consumer-group member adds its epoch, state, subscription and the three assignments."""
    d: dict[str, Any] = {
        "member_id": m.member_id, "group_instance_id": m.group_instance_id, "client_id": m.client_id,
        "client_host": m.client_host, "session_timeout_ms": m.session_timeout_ms,
        "rebalance_timeout_ms": m.rebalance_timeout_ms}
    if group_type not in MODERN_GROUP_TYPES:
        d["assignment"] = [list(tp) for tp in decode_assignment(m.assignment)] if protocol_type == "consumer" else []
        return d
    d.update(member_epoch=m.member_epoch, member_state=m.member_state,
             subscribed_topic_names=list(m.subscribed_topic_names),
             subscribed_topic_regex=m.subscribed_topic_regex or None,
             assignment=_pairs(m.assigned_partitions), pending_revocation=_pairs(m.pending_revocation),
             target_assignment=_pairs(m.target_assignment))
    return d


def transaction_json(md: TransactionMetadata) -> dict[str, Any]:
    return {"transactional_id": md.transactional_id, "state": md.state.state_name, "producer_id": md.producer_id,
            "producer_epoch": md.producer_epoch, "timeout_ms": md.txn_timeout_ms,
            "start_ms": md.txn_start_timestamp_ms, "last_update_ms": md.txn_last_update_timestamp_ms,
            "partitions": [[t, p] for t, p in sorted(md.partitions)]}


def group_json(snap: GroupSnapshot, history: Iterable[Transition], assignor: str | None = None) -> dict[str, Any]:
    """One group as plain JSON values: Kafka's state names, assignments decoded, the history.

    ``generation`` is a consumer group's group epoch too (what the transitions carry); ``epoch`` and
    ``assignment_epoch`` are null for classic groups. ``assignor`` is what ``kafka-consumer-groups.sh
    --describe`` calls the ASSIGNMENT-STRATEGY: a classic group's protocol, a consumer group's server-side
    assignor (ConsumerGroupDescribe's ``assignor_name``, given by the caller).
    """
    consumer_group = snap.group_type in MODERN_GROUP_TYPES  # epochs: consumer (KIP-848) and share (KIP-932) groups
    hist = [transition_json(t) for t in history]
    states = ([hist[0]["from_state"]] if hist and hist[0]["from_state"] else []) + [h["to_state"] for h in hist]
    return {
        "group_id": snap.group_id, "group_type": snap.group_type, "state": str(snap.state),
        "generation": snap.generation, "epoch": snap.generation if consumer_group else None,
        "assignment_epoch": snap.assignment_epoch if consumer_group else None,
        "leader": snap.leader_id, "protocol_type": snap.protocol_type, "protocol": snap.protocol_name,
        "assignor": "simple" if snap.group_type == "share" else assignor if consumer_group else snap.protocol_name,
        "members": [member_json(m, snap.group_type, snap.protocol_type) for m in snap.members],
        "offsets": [{"topic": t, "partition": p, "offset": o.offset, "leader_epoch": o.leader_epoch,
                     "metadata": o.metadata, "commit_timestamp_ms": o.commit_timestamp_ms,
                     "expire_timestamp_ms": o.expire_timestamp_ms}
                    for (t, p), o in sorted(snap.offsets.items())],
        "history": hist,
        "states": states,
    }


def consumer_group_events(group_id: str, records: Iterable[tuple[int, int, bytes, bytes | None]],
                          topic_name: Callable[[bytes], str | None]) -> list[dict[str, Any]]:
    """A consumer group's history from its records (types 3-8, 16), oldest first: group epoch bumps,
    joins and leaves, target assignments and each member's epoch, state and assignment as it reconciled.

    Why from the log: the group in memory only holds the latest of each; the records are every step.
    ``records`` are (offset, timestamp ms, key, value) of the group's ``__consumer_offsets`` partition.
    """
    def pairs(tps: list[Any] | None) -> list[list[Any]]:
        out = []
        for tp in tps or ():
            name = topic_name(bytes(tp.topic_id)) or bytes(tp.topic_id).hex()
            out += [[name, p] for p in sorted(tp.partitions or ())]
        return sorted(out)

    names = cg.HISTORY_EVENTS
    members: set[str] = set()
    events: list[dict[str, Any]] = []
    for offset, timestamp_ms, key, value in records:
        record_type = int.from_bytes(key[:2], "big", signed=True) if len(key) >= 2 else -1
        if record_type not in names:
            continue
        _, k = cg.decode_key(bytes(key))
        if getattr(k, "group_id", None) != group_id:
            continue
        live, tomb = names[record_type]
        e: dict[str, Any] = {"offset": offset, "timestamp_ms": timestamp_ms, "record_type": record_type,
                             "event": tomb if value is None else live}
        member_id = str(getattr(k, "member_id", ""))
        if hasattr(k, "member_id"):
            e["member_id"] = member_id
        if record_type == cg.REGULAR_EXPRESSION:
            e["regex"] = k.regular_expression  # type: ignore[attr-defined]
        v: Any
        if record_type == cg.MEMBER_METADATA:
            if value is None:
                members.discard(member_id)
            else:
                if member_id not in members:
                    e["event"] = "member-joined"
                    members.add(member_id)
                v = cg.decode_value(ConsumerGroupMemberMetadataValue, value)
                e.update(subscribed_topic_names=sorted(v.subscribed_topic_names or ()),
                         subscribed_topic_regex=v.subscribed_topic_regex or None, client_id=v.client_id)
        elif value is None:
            pass
        elif record_type == cg.GROUP_METADATA:
            e["group_epoch"] = cg.decode_value(ConsumerGroupMetadataValue, value).epoch  # type: ignore[attr-defined]
        elif record_type == cg.TARGET_ASSIGNMENT_METADATA:
            v = cg.decode_value(ConsumerGroupTargetAssignmentMetadataValue, value)
            e["assignment_epoch"] = v.assignment_epoch
        elif record_type == cg.TARGET_ASSIGNMENT_MEMBER:
            e["target_assignment"] = pairs(cg.decode_value(ConsumerGroupTargetAssignmentMemberValue,
                                                           value).topic_partitions)  # type: ignore[attr-defined]
        elif record_type == cg.CURRENT_MEMBER_ASSIGNMENT:
            v = cg.decode_value(ConsumerGroupCurrentMemberAssignmentValue, value)
            e.update(member_epoch=v.member_epoch, previous_member_epoch=v.previous_member_epoch,
                     member_state=MemberState.of(v.state).name, assignment=pairs(v.assigned_partitions),
                     pending_revocation=pairs(v.partitions_pending_revocation))
        elif record_type == cg.REGULAR_EXPRESSION:
            v = cg.decode_value(ConsumerGroupRegularExpressionValue, value)
            e["topics"] = sorted(v.topics or ())
        events.append(e)
    return events


# -- the operations ---------------------------------------------------------------------------------


@dataclass
class MatchingRule(ResponseRule):
    """A response rule that can also pick a member and let the first ``skip`` matches through.

    Why: against a KIP-394 client the first JoinGroup of a member only fetches its member id
    (MEMBER_ID_REQUIRED); losing the join that completes the rebalance (seed scenario S5) means
    ``skip=1``, and losing one follower's answer (S4) means ``member_id``.
    """

    member_id: str | None = None
    skip: int = 0

    def matches(self, api_key: int, request: Any) -> bool:
        if not super().matches(api_key, request):
            return False
        if self.member_id is not None and getattr(request, "member_id", None) != self.member_id:
            return False
        if self.skip > 0:
            self.skip -= 1
            return False
        return True


def _same_acl(record: Any, acl: Any) -> bool:
    """A record about to be written is already this ACL (one call naming it twice adds it once)."""
    return (record.resource_type, record.pattern_type, record.principal, record.host, record.operation,
            record.permission_type) == (int(acl.resource_type), int(acl.pattern_type), acl.principal, acl.host,
                                        int(acl.operation), int(acl.permission_type))


@dataclass
class AdminOps:
    """Every admin operation, run on the broker's loop; arguments and results are JSON values.

    ``reset`` is the broker's own reset (the one thing here that is the server's, not a service's).
    """

    context: BrokerContext
    group_handler: GroupHandler
    reset_broker: Callable[[], Awaitable[None]]
    transaction_handler: TransactionHandler | None = None
    # authorizer.class.name set: the ACLs (an image of the cluster-metadata log), for the test kit's ACL helpers.
    authorizer: Any = None
    # The SCRAM credentials (an image of the cluster-metadata log), for the test kit's add_user.
    scram: Any = None
    # Share fetches (KIP-932): their share partitions in memory, for share_partitions and expire_share_locks.
    share_handler: ShareHandler | None = None
    # Several brokers (issue 34): the server's stop_broker / start_broker, for POST /cluster/brokers/{id}/stop|start.
    stop_broker_action: BrokerAction | None = None
    start_broker_action: BrokerAction | None = None

    @functools.cached_property
    def cluster_control(self) -> ClusterControl:
        """The cluster's brokers, leaders and coordinators, and their moves (``admin_cluster``), built on first use."""
        return ClusterControl(self.context, self.group_handler, self.stop_broker_action, self.start_broker_action)

    # -- several brokers (issue 34): each operation is ClusterControl's, named here for the kit and the routes --

    def cluster(self) -> dict[str, Any]:
        return self.cluster_control.cluster()

    def partition_leaders(self, topic: str | None = None) -> list[dict[str, Any]]:
        return self.cluster_control.partition_leaders(topic)

    def coordinator(self, key: str, key_type: str = "group") -> dict[str, Any]:
        return self.cluster_control.coordinator(key, key_type)

    async def stop_broker(self, node_id: int) -> dict[str, Any]:
        return await self.cluster_control.stop_broker(node_id)

    async def start_broker(self, node_id: int) -> dict[str, Any]:
        return await self.cluster_control.start_broker(node_id)

    async def move_leader(self, topic: str, partition: int, node_id: int) -> dict[str, Any]:
        return await self.cluster_control.move_leader(topic, partition, node_id)

    async def move_coordinator(self, key: str, key_type: str, node_id: int) -> dict[str, Any]:
        return await self.cluster_control.move_coordinator(key, key_type, node_id)

    def hold_coordinator_loads(self, key_type: str = "group") -> dict[str, Any]:
        return self.cluster_control.hold_coordinator_loads(key_type)

    async def wait_for_coordinator(self, key: str, key_type: str, node_id: int,
                                   timeout: float = 30.0) -> dict[str, Any]:
        return await self.cluster_control.wait_for_coordinator(key, key_type, node_id, timeout)

    async def wait_for_leader(self, topic: str, partition: int, node_id: int, timeout: float = 30.0) -> dict[str, Any]:
        return await self.cluster_control.wait_for_leader(topic, partition, node_id, timeout)

    # -- SCRAM users (the test kit's `Broker.add_user`; clients use AlterUserScramCredentials) -------------

    async def add_scram_user(self, name: str, password: str, mechanisms: list[str],
                             iterations: int = 4096) -> dict[str, Any]:
        """Give `name` SCRAM credentials, committed to the cluster-metadata log as AlterUserScramCredentials'
        are (the same checks and records), whatever the ACLs say: the test kit sets up users as it sets up ACLs,
        from outside the Kafka protocol. ValueError with Kafka's error when refused."""
        if self.scram is None:
            raise ValueError("this broker keeps no SCRAM credentials")
        for mechanism in mechanisms:  # one at a time: Kafka refuses a user twice in one request
            if mechanism not in MECHANISM_TYPES:
                raise ValueError(f"{mechanism!r} is not a SCRAM mechanism ({', '.join(MECHANISM_TYPES)})")
            salt, salted = new_upsertion(mechanism, password, iterations)
            request = Request(deletions=[], upsertions=[Request.ScramCredentialUpsertion(
                name=name, mechanism=MECHANISM_TYPES[mechanism], iterations=iterations, salt=salt,
                salted_password=salted)])
            records, response = alter_credentials(self.scram, request)
            for result in response.results:
                if result.error_code:
                    raise ValueError(f"{ErrorCode(result.error_code).name}: {result.error_message}")
            await self.context.cluster_metadata.commit(records)
        return {"user": name, "mechanisms": mechanisms}

    # -- ACLs (the test kit's `Broker.add_acls`; clients use CreateAcls) ----------------------------------

    async def create_acls(self, acls: list[dict[str, Any]]) -> dict[str, int]:
        """Add ACLs given by Kafka's names ({"principal": "User:x", "operation": "WRITE", "resource_type":
        "TOPIC", "resource_name": "t", "pattern_type": "LITERAL", "permission_type": "ALLOW", "host": "*"}),
        committed to the cluster-metadata log as CreateAcls' are; {"created": the number of new ones}."""
        if self.authorizer is None:
            raise ValueError("this broker has no authorizer: set authorizer.class.name (Broker(authorizer=True))")
        records: list[Any] = []
        for a in acls:
            acl = AclBinding(ResourceType[str(a["resource_type"]).upper()], str(a["resource_name"]),
                             PatternType[str(a.get("pattern_type", "LITERAL")).upper()], str(a["principal"]),
                             str(a.get("host", "*")), AclOperation[str(a["operation"]).upper()],
                             AclPermissionType[str(a.get("permission_type", "ALLOW")).upper()])
            if not any(getattr(r, "resource_name", None) == acl.resource_name and _same_acl(r, acl) for r in records):
                records += self.authorizer.create_records(acl)
        await self.context.cluster_metadata.commit(records)
        return {"created": len(records)}

    def acls(self) -> list[dict[str, Any]]:
        """Every ACL, by Kafka's names."""
        if self.authorizer is None:
            return []
        return [{"principal": a.principal, "host": a.host, "operation": a.operation.name,
                 "permission_type": a.permission_type.name, "resource_type": a.resource_type.name,
                 "resource_name": a.resource_name, "pattern_type": a.pattern_type.name}
                for a in self.authorizer.acls()]

    def info(self) -> dict[str, Any]:
        state = self.context.state
        return {"bootstrap": f"{state.advertised_host}:{state.port}", "port": state.port, "paused": state.paused,
                "data_dir": str(self.context.data_dir), "cluster_id": state.cluster_id,
                # every listener with its security protocol (`bootstrap` is the first one's address)
                "listeners": [{"name": li.name, "security_protocol": li.protocol,
                               "address": f"{li.advertised_host}:{li.advertised_port}"} for li in state.listeners]}

    @property
    def faults_enabled(self) -> bool:
        """admin.faults.enable: POST /faults/* and /reset are served (the console shows its fault buttons)."""
        return self.context.config.admin_faults_enable

    def groups(self) -> list[str]:
        return self.group_handler.group_ids()

    def group(self, group_id: str) -> dict[str, Any] | None:
        g = self.group_handler
        snap = g.snapshot(group_id)
        return None if snap is None else self._group_json(snap)

    def _group_json(self, snap: GroupSnapshot) -> dict[str, Any]:
        assignor = (self.assignor(snap.group_id) if snap.group_type == "consumer"
                    else SHARE_ASSIGNOR if snap.group_type == "share" else None)
        return group_json(snap, self.group_handler.history(snap.group_id), assignor)

    def assignor(self, group_id: str) -> str | None:
        """A consumer group's server-side assignor as ConsumerGroupDescribe answers it (what `kaflite groups
        describe` prints): the one its members name most, else the first of group.consumer.assignors."""
        request = ConsumerGroupDescribeRequest(group_ids=[group_id])
        answer = self.group_handler.service.consumer_group_describe(
            request, ConsumerGroupDescribeRequest.MAX_VERSION, RequestContext(client_id="kaflite-admin"))
        described = answer.groups[0] if answer.groups else None
        return None if described is None or described.error_code else described.assignor_name

    def transactions(self) -> list[dict[str, Any]]:
        """Every transactional id the coordinator holds, as DescribeTransactions shows it (TX-DESC-1)."""
        t = self.transaction_handler
        return [] if t is None else [transaction_json(md) for md in t.transactions()]

    def transaction(self, transactional_id: str) -> dict[str, Any] | None:
        return next((tx for tx in self.transactions() if tx["transactional_id"] == transactional_id), None)

    def time_out_transaction(self, transactional_id: str) -> bool:
        return self._transactions().time_out(transactional_id)

    def hold_txn_markers(self, transactional_id: str | None = None) -> None:
        self._transactions().hold_markers(transactional_id)

    def _transactions(self) -> TransactionHandler:
        if self.transaction_handler is None:
            raise HttpError(404, "this broker has no transaction coordinator")
        return self.transaction_handler

    def group_epochs(self, group_id: str) -> list[dict[str, Any]]:
        """A consumer group's epoch history, read from its records (see `consumer_group_events`)."""
        g = self.group_handler
        return consumer_group_events(group_id, g.group_records(group_id), g.topic_name)

    async def wait_for_group(self, group_id: str, state: str | None = "Stable", members: int | None = None,
                             generation: int | None = None, timeout: float = 30.0,
                             epoch: int | None = None) -> dict[str, Any] | None:
        """Driven by the coordinator's transitions; WaitTimeout carries the last snapshot.

        ``state`` is Kafka's name in any group type ("Stable", "Reconciling"...); ``epoch`` a consumer
        group's group epoch (the same number as ``generation``).
        """
        timeout = min(max(float(timeout), 0.0), MAX_WAIT_S)
        g = self.group_handler
        try:
            snap = await g.wait_for_group(group_id, state or None, members, generation, timeout, epoch=epoch)
        except TimeoutError:
            want = f"state={state} members={members} " + (f"epoch={epoch}" if epoch is not None
                                                          else f"generation={generation}")
            raise WaitTimeout(f"group {group_id!r} did not reach {want} within {timeout}s",
                              self.group(group_id)) from None
        return None if snap is None else self._group_json(snap)

    # -- share groups (KIP-932) ----------------------------------------------------------------------

    def share_partitions(self, group_id: str | None = None) -> list[dict[str, Any]]:
        """The share partitions loaded here (of the group, or all): records in flight by state, holders,
        delivery counts, start offset and lag (``admin_shares.share_partition_json``)."""
        return admin_shares.share_partitions(self.share_handler, group_id)

    async def share_group_offsets(self, group_id: str) -> list[dict[str, Any]]:
        """DescribeShareGroupOffsets v1 of the group: start offset, leader epoch, lag per share partition."""
        try:
            return await admin_shares.share_group_offsets(self.group_handler, group_id)
        except ValueError as exc:
            raise HttpError(409, str(exc)) from None

    async def expire_share_locks(self, group: str, member_id: str | None = None) -> int:
        """A fault: the acquisition locks of the group's records (one member's, or all) run out now."""
        released = await admin_shares.expire_share_locks(self.share_handler, group, member_id)
        fault_log.info("fault applied", fault="expire-share-locks", group=group, member=member_id, released=released)
        return released

    def create_topic(self, name: str, partitions: int = 1, configs: dict[str, Any] | None = None) -> str:
        props = {str(k): str(v) for k, v in (configs or {}).items()}
        self.context.logs.create_topic(name, int(partitions), props)
        return name

    async def reset(self) -> None:
        await self.reset_broker()

    def drop_responses(self, api: str | int, group: str | None = None, count: int | None = 1,
                       seconds: float | None = None, member_id: str | None = None,
                       skip: int = 0) -> dict[str, Any]:
        return self._rule("drop", api, group, 0, count, seconds, member_id, skip)

    def delay_responses(self, api: str | int, group: str | None = None, delay_ms: int = 1000,
                        count: int | None = None, seconds: float | None = None, member_id: str | None = None,
                        skip: int = 0) -> dict[str, Any]:
        return self._rule("delay", api, group, int(delay_ms), count, seconds, member_id, skip)

    def fail_requests(self, api: str | int, group: str | None = None, count: int | None = 1,
                      seconds: float | None = None, member_id: str | None = None, skip: int = 0,
                      awaited: bool = False) -> dict[str, Any]:
        """Make the handler of ``api`` raise (``awaited``: after it ran, in the answer it returns)."""
        return self._rule("raise-async" if awaited else "raise", api, group, 0, count, seconds, member_id, skip)

    def _rule(self, action: str, api: str | int, group: str | None, delay_ms: int, count: int | None,
              seconds: float | None, member_id: str | None, skip: int) -> dict[str, Any]:
        key = resolve_api(api)
        until = None if seconds is None else time.monotonic() + float(seconds)
        self.context.faults.add_response_rule(MatchingRule(key, action, group=group, delay_ms=delay_ms,
                                                          remaining=None if count is None else int(count),
                                                          until=until, member_id=member_id, skip=int(skip)))
        return {"api": API_NAME_BY_KEY[key], "api_key": key, "action": action, "group": group, "count": count,
                "seconds": seconds, "delay_ms": delay_ms, "member_id": member_id, "skip": skip}

    def fail_coordinator(self, error: str | int = "NOT_COORDINATOR", seconds: float = 1.0,
                         group: str | None = None) -> dict[str, Any]:
        code = resolve_error(error)
        self.context.faults.fail_coordinator(code, float(seconds), group)
        return {"coordinator_error": code.name, "seconds": seconds, "group": group}

    def drop_member_connections(self, group: str, member_id: str) -> int:
        return self.context.state.drop_member_connections(group, member_id)

    def expire_member(self, group: str, member_id: str) -> bool:
        return self.group_handler.expire_member(group, member_id)

    def fence_member(self, group: str, member_id: str) -> bool:
        return self.group_handler.fence_member(group, member_id)

    def fill_disk(self, error: str = "ENOSPC", allow_bytes: int = 0) -> dict[str, Any]:
        fault = self.context.faults.fill_disk(error, allow_bytes)
        return {"error": "EIO" if fault.fail_sync else "ENOSPC", "allow_bytes": fault.allow_bytes}

    def free_disk(self) -> dict[str, Any]:
        return {"refused": self.context.faults.free_disk()}

    def pause(self) -> None:
        self.context.state.pause()

    def resume(self) -> None:
        self.context.state.resume()

    def clear(self) -> None:
        self.context.clear_faults()
