"""The admin endpoint: group snapshots, waits and fault injection as JSON over HTTP/1.1.

Why HTTP and not a Kafka API: test suites in Java, Go or Node already have an HTTP client, and a
``curl`` line is the easiest thing to put in a CI script. The server runs on the broker's own
event loop (asyncio streams, no dependency), listens on 127.0.0.1 only, and is off unless
``admin.port`` is set. ``AdminOps`` is the one implementation of every operation: the HTTP routes
call it, and so does the in-process ``kaflite.testing.Broker`` (so both modes behave the same).

A group's JSON carries ``group_type`` ("classic" or "consumer"); a KIP-848 consumer group also its
``epoch`` (the group epoch, = ``generation``) and ``assignment_epoch``, and per member its
``member_epoch``, ``member_state`` (STABLE, UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS), subscription
and ``assignment``/``pending_revocation``/``target_assignment`` as ``[topic, partition]`` pairs. Its
heartbeats can be dropped or delayed like any group API: ``{"api": "ConsumerGroupHeartbeat"}`` (68).

Routes (every answer is a JSON object; errors are ``{"error": ...}`` with a 4xx status)::

    GET  /health                          {"bootstrap": "127.0.0.1:9092", "port": ..., "paused": ...}
    GET  /groups                          {"groups": ["g1", ...]}
    GET  /groups/{id}                     a group snapshot (404 if there is no such group)
    GET  /groups/{id}/epochs              {"events": [...]}: a consumer group's records as events, oldest
                                          first (group epochs, joins/leaves, target assignments, member
                                          epochs/states/assignments, regex resolutions)
    GET  /groups/{id}/wait?state=Stable&members=2&generation=3&timeout=10
                                          long poll: the snapshot once it matches, 408 on timeout;
                                          state: any group type's name (Reconciling, Assigning...);
                                          epoch=N: a consumer group's group epoch (= generation)
    GET  /transactions                    {"transactions": [...]}: every transactional id, its state,
                                          producer id/epoch, timeout, start time and partitions
    GET  /transactions/{id}               one of them (404 if the coordinator has no such id)
    POST /topics          {"name", "partitions", "configs"}
    POST /reset                           drop every topic, group and offset (connections abort)
    GET  /acls                            {"acls": [...]}: every ACL, by Kafka's names
    POST /acls      {"acls": [{...}]}     add ACLs (authorizer.class.name set), by Kafka's names
    POST /users     {"name", "password", "mechanisms": [...], "iterations"}   give a user SCRAM credentials
    POST /faults/drop-responses           {"api", "group", "count", "seconds", "member_id", "skip"}
    POST /faults/delay-responses          {"api", "group", "delay_ms", "count", "seconds", "member_id", "skip"}
    POST /faults/fail-requests            {"api", "group", "count", "seconds", "member_id", "skip", "awaited"}
    POST /faults/fail-coordinator         {"error", "seconds", "group"}
    POST /faults/drop-member-connections  {"group", "member_id"}
    POST /faults/expire-member            {"group", "member_id"}   classic and consumer groups
    POST /faults/fence-member             {"group", "member_id"}   consumer groups: fence now (epoch + 1)
    POST /faults/time-out-transaction     {"transactional_id"}   its timeout expires now: fenced and aborted
    POST /faults/hold-txn-markers         {"transactional_id"}   (or all) transactions stop after Prepare, as
                                          if the broker crashed there; a restart completes them, clear writes them
    POST /faults/disk-full                {"error": "ENOSPC" | "EIO", "allow_bytes"}   writes fail (EIO: fsyncs
                                          too) once allow_bytes more are written: appends answer KAFKA_STORAGE_ERROR
    POST /faults/disk-free                space returns: writes resume ({"refused": writes and fsyncs refused})
    POST /faults/pause, /faults/resume, /faults/clear

With ``admin.faults.enable=false`` every POST /faults/*, /reset, /acls and /users answers 403 (the endpoint is
read-only).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import structlog

from kaflite.broker.context import BrokerContext
from kaflite.broker.faults import ResponseRule
from kaflite.broker.groups import GroupHandler
from kaflite.broker.listening import listen
from kaflite.broker.transactions import TransactionHandler
from kaflite.coordinator.consumer import records as cg
from kaflite.coordinator.consumer.group import MemberState

# The group machinery's snapshots and the consumer group's records are what requests about groups need: they
# load with the first such request, not with a start that turns the endpoint on (`make run`; issue 14).
from kaflite.coordinator.group import Transition
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    REQUEST_NAMES,
    REQUESTS,
    ConsumerGroupCurrentMemberAssignmentValue,
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

log = structlog.get_logger("kaflite.admin_http")

MAX_BODY = 1 << 20
MAX_WAIT_S = 600.0

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


def transition_json(t: Transition) -> dict[str, Any]:
    return {"timestamp_ms": t.timestamp_ms, "from_state": None if t.from_state is None else str(t.from_state),
            "to_state": str(t.to_state), "generation": t.generation, "members": t.members, "reason": t.reason}


def _pairs(partitions: dict[str, tuple[int, ...]]) -> list[list[Any]]:
    """topic -> partitions as sorted [topic, partition] pairs (the classic assignment's JSON form)."""
    return [[t, p] for t in sorted(partitions) for p in sorted(partitions[t])]


def member_json(m: MemberSnapshot, group_type: str, protocol_type: str | None) -> dict[str, Any]:
    """A member; a consumer-group member adds its epoch, state, subscription and the three assignments."""
    d: dict[str, Any] = {
        "member_id": m.member_id, "group_instance_id": m.group_instance_id, "client_id": m.client_id,
        "client_host": m.client_host, "session_timeout_ms": m.session_timeout_ms,
        "rebalance_timeout_ms": m.rebalance_timeout_ms}
    if group_type != "consumer":
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


def group_json(snap: GroupSnapshot, history: Iterable[Transition]) -> dict[str, Any]:
    """One group as plain JSON values: Kafka's state names, assignments decoded, the history.

    ``generation`` is a consumer group's group epoch too (what the transitions carry); ``epoch`` and
    ``assignment_epoch`` are null for classic groups.
    """
    consumer_group = snap.group_type == "consumer"
    hist = [transition_json(t) for t in history]
    states = ([hist[0]["from_state"]] if hist and hist[0]["from_state"] else []) + [h["to_state"] for h in hist]
    return {
        "group_id": snap.group_id, "group_type": snap.group_type, "state": str(snap.state),
        "generation": snap.generation, "epoch": snap.generation if consumer_group else None,
        "assignment_epoch": snap.assignment_epoch if consumer_group else None,
        "leader": snap.leader_id, "protocol_type": snap.protocol_type, "protocol": snap.protocol_name,
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


class WaitTimeout(TimeoutError):
    """The group did not match in time; ``last`` is its last snapshot (JSON) or None."""

    def __init__(self, message: str, last: dict[str, Any] | None) -> None:
        super().__init__(message)
        self.last = last


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
        return None if snap is None else group_json(snap, g.history(group_id))

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
        return None if snap is None else group_json(snap, g.history(group_id))

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


# -- HTTP -------------------------------------------------------------------------------------------


class HttpError(Exception):
    def __init__(self, status: int, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"error": message, **(extra or {})}


_REASONS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
            408: "Request Timeout", 413: "Payload Too Large", 500: "Internal Server Error"}
_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
_GROUP = re.compile(r"^/groups/([^/]+)$")
_WAIT = re.compile(r"^/groups/([^/]+)/wait$")
_EPOCHS = re.compile(r"^/groups/([^/]+)/epochs$")

Handler = Callable[[dict[str, Any]], Awaitable[Any]]
#: A GET route's handler: (path, query) in; a JSON-able value, a ``Raw`` or an ``EventStream`` out.
GetHandler = Callable[[str, dict[str, str]], Awaitable[Any]]


@dataclass(frozen=True)
class Raw:
    """A non-JSON answer: Prometheus' text format, the console's HTML/CSS/JS assets."""

    body: bytes
    content_type: str
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class EventStream:
    """A server-sent-events answer (``text/event-stream``): each item ``events`` yields is written as it comes
    (already formatted, e.g. ``"event: transition\ndata: {...}\n\n"``); the connection closes at its end."""

    events: AsyncIterator[str]


def _opt_int(v: Any) -> int | None:
    return None if v is None or v == "" else int(v)


def _opt_float(v: Any) -> float | None:
    return None if v is None or v == "" else float(v)


class AdminHttpServer:
    """A tiny HTTP/1.1 JSON server (keep-alive, Content-Length bodies only) on the broker's loop."""

    def __init__(self, ops: AdminOps) -> None:
        self.ops = ops
        self.server: asyncio.base_events.Server | None = None
        self.port = -1
        self._conns: set[asyncio.StreamWriter] = set()
        self._streams: set[asyncio.Future[None]] = set()  # event streams being written (close() cancels them)
        o = self.ops

        def act(fn: Callable[[dict[str, Any]], Any]) -> Handler:
            async def run(args: dict[str, Any]) -> Any:
                result = fn(args)
                if asyncio.iscoroutine(result):
                    result = await result
                return result
            return run

        #: Extra GET routes by exact path, and by path prefix (longest first): how /metrics and the console plug in.
        self.gets: dict[str, GetHandler] = {}
        self.get_prefixes: list[tuple[str, GetHandler]] = []
        self.posts: dict[str, Handler] = {
            "/reset": act(lambda a: o.reset()),
            "/topics": act(lambda a: {"name": o.create_topic(a["name"], int(a.get("partitions", 1)),
                                                               a.get("configs"))}),
            "/faults/drop-responses": act(lambda a: o.drop_responses(
                a["api"], a.get("group"), _opt_int(a.get("count", 1)), _opt_float(a.get("seconds")),
                a.get("member_id"), int(a.get("skip") or 0))),
            "/faults/delay-responses": act(lambda a: o.delay_responses(
                a["api"], a.get("group"), int(a.get("delay_ms", 1000)), _opt_int(a.get("count")),
                _opt_float(a.get("seconds")), a.get("member_id"), int(a.get("skip") or 0))),
            "/faults/fail-requests": act(lambda a: o.fail_requests(
                a["api"], a.get("group"), _opt_int(a.get("count", 1)), _opt_float(a.get("seconds")),
                a.get("member_id"), int(a.get("skip") or 0), bool(a.get("awaited", False)))),
            "/faults/fail-coordinator": act(lambda a: o.fail_coordinator(
                a.get("error", "NOT_COORDINATOR"), float(a.get("seconds", 1.0)), a.get("group"))),
            "/faults/drop-member-connections": act(lambda a: {"connections": o.drop_member_connections(
                a["group"], a["member_id"])}),
            "/faults/expire-member": act(lambda a: {"expired": o.expire_member(a["group"], a["member_id"])}),
            "/faults/fence-member": act(lambda a: {"fenced": o.fence_member(a["group"], a["member_id"])}),
            "/faults/time-out-transaction": act(lambda a: {"timed_out": o.time_out_transaction(
                a["transactional_id"])}),
            "/faults/hold-txn-markers": act(lambda a: o.hold_txn_markers(a.get("transactional_id"))),
            "/faults/disk-full": act(lambda a: o.fill_disk(a.get("error") or "ENOSPC",
                                                           int(a.get("allow_bytes") or 0))),
            "/faults/disk-free": act(lambda a: o.free_disk()),
            "/acls": act(lambda a: o.create_acls(a["acls"])),
            "/users": act(lambda a: o.add_scram_user(a["name"], a["password"], list(a["mechanisms"]),
                                                     int(a.get("iterations", 4096)))),
            "/faults/pause": act(lambda a: o.pause()),
            "/faults/resume": act(lambda a: o.resume()),
            "/faults/clear": act(lambda a: o.clear()),
        }

    def add_get(self, path: str, handler: GetHandler, prefix: bool = False) -> None:
        """Serve GET ``path`` (or every path under it with ``prefix``) with ``handler``."""
        if prefix:
            self.get_prefixes.append((path, handler))
            self.get_prefixes.sort(key=lambda e: -len(e[0]))
        else:
            self.gets[path] = handler

    async def start(self, port: int) -> int:
        self.server = await listen(functools.partial(asyncio.start_server, self._serve), "127.0.0.1", port)
        self.port = self.server.sockets[0].getsockname()[1]
        log.info("admin endpoint serving", url=f"http://127.0.0.1:{self.port}")
        return self.port

    def close(self) -> None:
        """Stop listening and drop open connections (long polls included)."""
        if self.server is not None:
            self.server.close()
            self.server = None
        for w in list(self._conns):
            w.transport.abort()
        for stream in list(self._streams):
            stream.cancel()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._conns.add(writer)
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ConnectionError, asyncio.LimitOverrunError, ValueError):
                    return
                if not line:
                    return
                if not line.strip():
                    continue
                keep_alive = await self._one(line, reader, writer)
                if not keep_alive:
                    return
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            self._conns.discard(writer)
            with contextlib.suppress(Exception):
                writer.close()

    async def _one(self, line: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        try:
            method, target, version = line.decode("latin-1").split()
        except ValueError:
            await self._send(writer, 400, {"error": "malformed request line"}, keep_alive=False)
            return False
        headers: dict[str, str] = {}
        while True:
            h = await reader.readline()
            if not h or h in (b"\r\n", b"\n"):
                break
            name, _, value = h.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0") or 0)
        if length > MAX_BODY:
            await self._send(writer, 413, {"error": "body too large"}, keep_alive=False)
            return False
        body = await reader.readexactly(length) if length else b""
        conn = headers.get("connection", "").lower()
        keep_alive = conn != "close" if version == "HTTP/1.1" else conn == "keep-alive"
        if (refused := self._foreign(headers)) is not None:
            log.warning("admin request refused", method=method, target=target, reason=refused)
            await self._send(writer, 403, {"error": refused}, keep_alive=False)
            return False
        try:
            status, payload = 200, await self._route(method.upper(), target, body)
        except HttpError as e:
            status, payload = e.status, e.body
        except WaitTimeout as e:
            status, payload = 408, {"error": str(e), "last": e.last}
        except (KeyError, ValueError, TypeError) as e:
            status, payload = 400, {"error": f"bad request: {e!r}"}
        except Exception as e:  # an admin call must never take the broker down
            log.exception("admin request failed", method=method, target=target)
            status, payload = 500, {"error": repr(e)}
        if isinstance(payload, EventStream):
            await self._stream(reader, writer, payload)
            return False
        await self._send(writer, status, payload, keep_alive, head_only=method.upper() == "HEAD")
        return keep_alive

    def _foreign(self, headers: dict[str, str]) -> str | None:
        """Why a request must be refused as coming from a web page of another site, or None.

        The endpoint is on 127.0.0.1 with no authentication, and POST /reset or /faults/* changes the
        broker; any page in the developer's browser can send a request here (a form post needs no CORS
        preflight), or reach it under its own host name by DNS rebinding. Browsers say where a request
        comes from (Origin) and which host it was for (Host): only this endpoint's own origin is
        served. Clients that are not browsers (curl, kaflite ctl, Java's HttpClient, Node's fetch)
        send no Origin and the address they connected to as Host."""
        host = headers.get("host")
        if host is not None and host.rpartition(":")[0].lower() not in _LOOPBACK_NAMES:
            return f"Host {host!r} is not this loopback endpoint (DNS rebinding is refused)"
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in {f"http://{name}:{self.port}" for name in _LOOPBACK_NAMES}:
            return f"requests from web pages of other origins ({origin}) are refused"
        return None

    async def _route(self, method: str, target: str, body: bytes) -> Any:
        url = urlsplit(target)
        path = url.path.rstrip("/") or "/"
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        o = self.ops
        if method in ("GET", "HEAD"):
            if (extra := self.gets.get(path)) is not None:
                return await extra(path, query)
            for pre, extra in self.get_prefixes:
                if path.startswith(pre):
                    return await extra(path, query)
            if path == "/health":
                return o.info()
            if path == "/groups":
                return {"groups": o.groups()}
            if path == "/transactions":
                return {"transactions": o.transactions()}
            if path == "/acls":
                return {"acls": o.acls()}
            if path.startswith("/transactions/"):
                tid = unquote(path[len("/transactions/"):])
                tx = o.transaction(tid)
                if tx is None:
                    raise HttpError(404, f"no transactional id {tid!r}")
                return tx
            if m := _WAIT.match(path):
                return await o.wait_for_group(unquote(m.group(1)), state=query.get("state", "Stable") or None,
                                              members=_opt_int(query.get("members")),
                                              generation=_opt_int(query.get("generation")),
                                              timeout=float(query.get("timeout", 30)),
                                              epoch=_opt_int(query.get("epoch")))
            if m := _EPOCHS.match(path):
                return {"group_id": unquote(m.group(1)), "events": o.group_epochs(unquote(m.group(1)))}
            if m := _GROUP.match(path):
                g = o.group(unquote(m.group(1)))
                if g is None:
                    raise HttpError(404, f"no group {unquote(m.group(1))!r}")
                return g
            raise HttpError(404, f"no route GET {path}")
        if method == "POST":
            handler = self.posts.get(path)
            if handler is None:
                raise HttpError(404, f"no route POST {path}")
            if (path in ("/reset", "/acls", "/users") or path.startswith("/faults/")) and not o.faults_enabled:
                raise HttpError(403, f"POST {path} is refused: this broker runs with admin.faults.enable=false")
            args = json.loads(body) if body.strip() else {}
            if not isinstance(args, dict):
                raise HttpError(400, "the body must be a JSON object")
            result = await handler(args)
            return {"ok": True} if result is None else result
        raise HttpError(405, f"method {method} not allowed")

    @staticmethod
    async def _send(writer: asyncio.StreamWriter, status: int, payload: Any, keep_alive: bool,
                    head_only: bool = False) -> None:
        extra = ""
        if isinstance(payload, Raw):
            status, data, content_type = payload.status, payload.body, payload.content_type
            extra = "".join(f"{k}: {v}\r\n" for k, v in payload.headers)
        else:
            if not isinstance(payload, dict):
                payload = {"result": payload}
            data, content_type = json.dumps(payload).encode(), "application/json"
        head = (f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\nContent-Type: {content_type}\r\n{extra}"
                f"Content-Length: {len(data)}\r\nConnection: {'keep-alive' if keep_alive else 'close'}\r\n\r\n")
        writer.write(head.encode() + (b"" if head_only else data))
        await writer.drain()

    async def _stream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, stream: EventStream) -> None:
        """Server-sent events until the stream ends, the client goes or the server closes (close() aborts).

        The reader is watched meanwhile: a stream that waits for its next event (the console's, for a
        transition) ends as soon as the connection does, not at its next write; close() cancels it at once,
        so a waiting stream never outlives the broker's loop.
        """
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                     b"Connection: close\r\n\r\n")

        async def pump() -> None:
            await writer.drain()
            async for event in stream.events:
                writer.write(event.encode())
                await writer.drain()

        pumping = asyncio.ensure_future(pump())
        self._streams.add(pumping)
        pumping.add_done_callback(self._streams.discard)
        closing = asyncio.ensure_future(reader.read(1))  # EOF (or an error) once the connection is gone
        try:
            await asyncio.wait((pumping, closing), return_when=asyncio.FIRST_COMPLETED)
            if pumping.done():
                pumping.result()  # a write to a client that went raises here, as it did before
        finally:
            for task in (pumping, closing):
                task.cancel()
            await asyncio.gather(pumping, closing, return_exceptions=True)
            aclose = getattr(stream.events, "aclose", None)
            if aclose is not None:
                with contextlib.suppress(Exception):
                    await aclose()


async def start_admin_http(ops: AdminOps, port: int) -> AdminHttpServer:
    server = AdminHttpServer(ops)
    await server.start(port)
    return server
