"""How a row of the ACL table (``kaflite.broker.authz``) decides: the checks a rule asks of the principal's ACLs
(``RequestChecks``), what it decides (``Verdict``: refused whole, split per item, or the connection closed), how
rows combine (``all_of``), and the row builders most APIs need (a check on the cluster, on a field, per topic,
per name, per config resource).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from kaflite.broker.context import NO_RESPONSE, BrokerContext, RequestContext
from kaflite.protocol.authorized_operations import bit_field
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import RESPONSES
from kaflite.security.acl import AclOperation, ResourceType, StandardAuthorizer
from kaflite.security.acl.model import CLUSTER_NAME

TOPIC, GROUP, CLUSTER, TXN = ResourceType.TOPIC, ResourceType.GROUP, ResourceType.CLUSTER, \
    ResourceType.TRANSACTIONAL_ID
Op = AclOperation
TOPIC_DENIED = ErrorCode.TOPIC_AUTHORIZATION_FAILED
GROUP_DENIED = ErrorCode.GROUP_AUTHORIZATION_FAILED
CLUSTER_DENIED = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
TXN_DENIED = ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
#: DescribeConfigs/AlterConfigs resource types (ConfigResource.Type): TOPIC 2, BROKER 4, BROKER_LOGGER 8, GROUP 32.
_CONFIG_TOPIC, _CONFIG_GROUP = 2, 32


@dataclass(slots=True)
class Verdict:
    """What a row decided when not everything is allowed: ``answer`` (refused whole: this is the answer),
    ``finish`` (the handler runs on what is left; its answer goes through this), or ``close`` (Produce with
    acks=0 has no answer to carry an error: Kafka closes the connection)."""

    answer: Any = None
    finish: Callable[[Any], Any] | None = None
    close: str | None = None


Rule = Callable[["RequestChecks", RequestContext, Any], Verdict | None]


class RequestChecks:
    """What a rule asks of the principal's ACLs for one request, and the verdicts it answers with."""

    def __init__(self, authorizer: StandardAuthorizer, context: BrokerContext) -> None:
        self.authorizer = authorizer
        self.context = context

    # -- checks -----------------------------------------------------------------------------------

    def allowed(self, ctx: RequestContext, op: AclOperation, rtype: ResourceType, name: str) -> bool:
        conn = ctx.connection
        return self.authorizer.authorize(conn.principal, conn.peer_host, op, rtype, name)

    def cluster(self, ctx: RequestContext, op: AclOperation) -> bool:
        return self.allowed(ctx, op, CLUSTER, CLUSTER_NAME)

    def operations(self, ctx: RequestContext, rtype: ResourceType, name: str, supported: Iterable[int]) -> int:
        """AuthHelper.authorizedOperations: the bit field of the ``supported`` operations allowed on ``name``."""
        return bit_field(op for op in supported if self.allowed(ctx, AclOperation(op), rtype, name))

    def topic_name(self, item: Any, field: str = "name") -> str | None:
        """A request item's topic name; by its id where the version names topics by id (None: an id no
        topic has, which the handler answers UNKNOWN_TOPIC_ID for, as Kafka does before any ACL check)."""
        name = getattr(item, field, None)
        if name:
            return str(name)
        topic_id = getattr(item, "topic_id", None)
        if topic_id is not None:
            meta = self.context.metadata.topic_by_id(topic_id)
            if meta is not None:
                return meta.name
        return None

    # -- verdicts ---------------------------------------------------------------------------------

    def refuse(self, ctx: RequestContext, request: Any, code: int) -> Verdict:
        """The whole request refused: the API's error answer (every item carries the error)."""
        return Verdict(answer=error_response(RESPONSES[ctx.header.api_key], request, code))

    def split(self, ctx: RequestContext, request: Any, field: str,
              denied_code: Callable[[Any], int]) -> Verdict | None:
        """Take out of ``request.<field>`` the items ``denied_code`` refuses (a nonzero error); the handler
        serves the rest, and the refused items are answered with their error, as Kafka's per-item answers."""
        items = getattr(request, field)
        if not items:
            return None
        codes = [denied_code(item) for item in items]
        if not any(codes):  # the common case: everything allowed, nothing built
            return None
        refused: dict[int, list[Any]] = {}
        kept = []
        for item, code in zip(items, codes, strict=True):
            if code:
                refused.setdefault(code, []).append(item)
            else:
                kept.append(item)
        setattr(request, field, kept)
        resp_cls = RESPONSES[ctx.header.api_key]
        answers = []
        for code, denied in refused.items():
            only = copy.copy(request)
            setattr(only, field, denied)
            answers.append(error_response(resp_cls, only, code))
        return Verdict(finish=lambda response: _merge(response, answers))


def _merge(response: Any, answers: Iterable[Any]) -> Any:
    """Add the refused items' answers to the handler's answer (each answer's non-empty item lists)."""
    if response is NO_RESPONSE:
        return response
    for answer in answers:
        for name in type(answer).__slots__:
            items = getattr(answer, name)
            if isinstance(items, list) and items and isinstance(getattr(response, name, None), list):
                getattr(response, name).extend(items)
    return response


def all_of(*rules: Rule) -> Rule:
    """Rows applied in order: the first refusal whole wins; per-item finishes compose."""

    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        finishes = []
        for r in rules:
            verdict = r(az, ctx, request)
            if verdict is None:
                continue
            if verdict.finish is None:
                return verdict
            finishes.append(verdict.finish)
        if not finishes:
            return None

        def finish(response: Any) -> Any:
            for f in finishes:
                response = f(response)
            return response

        return Verdict(finish=finish)

    return rule


# -- row builders -----------------------------------------------------------------------------------


def none(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
    """No check: ApiVersions and the SASL APIs (before a principal exists), as Kafka."""
    return None


def on_cluster(op: AclOperation) -> Rule:
    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        return None if az.cluster(ctx, op) else az.refuse(ctx, request, CLUSTER_DENIED)

    return rule


def on_field(rtype: ResourceType, op: AclOperation, field: str, code: int) -> Rule:
    """The one resource the request names (``group_id``, ``transactional_id``), refused whole."""

    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        name = getattr(request, field)
        if name is None:
            return None
        return None if az.allowed(ctx, op, rtype, str(name)) else az.refuse(ctx, request, code)

    return rule


def per_topic(op: AclOperation, field: str = "topics", name_field: str = "name") -> Rule:
    """Each topic of ``request.<field>`` needs ``op``; refused topics are answered TOPIC_AUTHORIZATION_FAILED."""

    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        def code(item: Any) -> int:
            name = az.topic_name(item, name_field)
            return 0 if name is None or az.allowed(ctx, op, TOPIC, name) else TOPIC_DENIED

        return az.split(ctx, request, field, code)

    return rule


def per_name(rtype: ResourceType, op: AclOperation, field: str, code: int) -> Rule:
    """Each name in ``request.<field>`` (strings: groups, transactional ids) needs ``op``."""

    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        return az.split(ctx, request, field, lambda name: 0 if az.allowed(ctx, op, rtype, str(name)) else code)

    return rule


def per_field_group(op: AclOperation, field: str) -> Rule:
    """Items naming a group in ``group_id`` (OffsetFetch v8+'s groups)."""

    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        return az.split(ctx, request, field,
                        lambda item: 0 if az.allowed(ctx, op, GROUP, item.group_id) else GROUP_DENIED)

    return rule


def config_resources(op: AclOperation) -> Rule:
    """Describe/Alter(Incremental)Configs: per resource, on the topic, the group or the cluster (brokers and
    their loggers), each refused with its own error (AuthHelper in KafkaApis' config handlers)."""

    def rule(az: RequestChecks, ctx: RequestContext, request: Any) -> Verdict | None:
        def code(resource: Any) -> int:
            if resource.resource_type == _CONFIG_TOPIC:
                return 0 if az.allowed(ctx, op, TOPIC, resource.resource_name) else TOPIC_DENIED
            if resource.resource_type == _CONFIG_GROUP:
                return 0 if az.allowed(ctx, op, GROUP, resource.resource_name) else GROUP_DENIED
            return 0 if az.cluster(ctx, op) else CLUSTER_DENIED

        return az.split(ctx, request, "resources", code)

    return rule
