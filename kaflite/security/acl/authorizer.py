"""Kafka's StandardAuthorizer as a pure image of the cluster-metadata log.

State changes are records: CreateAcls becomes AccessControlEntryRecords, DeleteAcls
RemoveAccessControlEntryRecords, and ``apply`` is the only thing that changes the ACLs, live and when
the log is replayed at startup (Kafka's AclControlManager + StandardAuthorizerData.addAcl/removeAcl).

Matching is StandardAuthorizerData.authorize's: super users first; then every ACL whose pattern covers
the resource (the literal name, the prefixes of it, the literal ``*``); a DENY wins over any ALLOW; an
ALLOW of READ/WRITE/DELETE/ALTER grants DESCRIBE, of ALTER_CONFIGS grants DESCRIBE_CONFIGS; ``User:*``
matches every principal, host ``*`` every address. With no ACL on the resource at all, the answer is
``allow.everyone.if.no.acl.found``.

Why an index rather than a scan: a check runs per request (per topic of it), and a cluster may hold
thousands of ACLs. Kafka walks a sorted set from the resource name; here a dict per resource type finds
the literal ACLs in one lookup and the prefixed ones by the lengths of prefixes that exist (a handful),
so a check costs the ACLs that apply to the resource, not all of them.
"""

from __future__ import annotations

import bisect
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from kaflite.protocol.messages.access_control_entry_record import AccessControlEntryRecord
from kaflite.protocol.messages.remove_access_control_entry_record import RemoveAccessControlEntryRecord
from kaflite.security.acl.model import (
    IMPLIES_DESCRIBE,
    IMPLIES_DESCRIBE_CONFIGS,
    WILDCARD,
    WILDCARD_PRINCIPAL,
    AclBinding,
    AclFilter,
    AclOperation,
    AclPermissionType,
    PatternType,
    ResourceType,
    binding,
)

_ALLOW, _DENY = AclPermissionType.ALLOW, AclPermissionType.DENY
#: Decisions kept between ACL changes; past this many (principals x resources x operations), they start over.
MAX_DECISIONS = 65_536


def parse_super_users(value: str) -> frozenset[str]:
    """``super.users``: principals separated by ``;`` (Kafka's format: names may hold commas)."""
    return frozenset(p.strip() for p in value.split(";") if p.strip())


class StandardAuthorizer:
    """The ACLs, indexed for checks; a ``MetadataImage`` of the cluster-metadata log."""

    def __init__(self, super_users: Iterable[str] = (), allow_everyone_if_no_acl_found: bool = False,
                 new_id: Callable[[], bytes] = lambda: uuid.uuid4().bytes) -> None:
        self.super_users = frozenset(super_users)
        self.allow_everyone_if_no_acl_found = allow_everyone_if_no_acl_found
        self._new_id = new_id
        self._by_id: dict[bytes, AclBinding] = {}
        self._id_of: dict[AclBinding, bytes] = {}
        # (resource type, name) -> principal -> LITERAL ACLs on exactly that name (the `*` name included). By
        # principal: a check reads its principal's ACLs and `User:*`'s, however many others the resource has.
        self._literal: dict[tuple[int, str], dict[str, list[AclBinding]]] = {}
        # resource type -> prefix -> principal -> PREFIXED ACLs; and the prefix lengths there are, ascending.
        self._prefixed: dict[int, dict[str, dict[str, list[AclBinding]]]] = {}
        self._prefix_lengths: dict[int, list[int]] = {}
        self._per_type: dict[int, int] = {}  # ACLs per resource type (authorize_any's "no ACL at all")
        # Decisions already made, until the ACLs next change: a client asks the same thing request after request.
        self._decisions: dict[tuple[str, str, int, int, str], bool] = {}

    # -- the image ------------------------------------------------------------------------------------

    def apply(self, record: Any) -> None:
        """Follow the cluster-metadata log; records of other kinds (SCRAM credentials) are not ours."""
        if isinstance(record, AccessControlEntryRecord):
            self._add(bytes(record.id), binding(record.resource_type, record.resource_name, record.pattern_type,
                                                record.principal, record.host, record.operation,
                                                record.permission_type))
        elif isinstance(record, RemoveAccessControlEntryRecord):
            self._remove(bytes(record.id))

    def _add(self, acl_id: bytes, acl: AclBinding) -> None:
        if acl_id in self._by_id:
            self._remove(acl_id)
        self._decisions.clear()
        self._by_id[acl_id] = acl
        self._id_of[acl] = acl_id
        rtype = int(acl.resource_type)
        self._per_type[rtype] = self._per_type.get(rtype, 0) + 1
        if acl.pattern_type == PatternType.PREFIXED:
            by_prefix = self._prefixed.setdefault(rtype, {})
            by_principal = by_prefix.get(acl.resource_name)
            if by_principal is None:
                by_principal = by_prefix[acl.resource_name] = {}
                lengths = self._prefix_lengths.setdefault(rtype, [])
                if len(acl.resource_name) not in lengths:
                    bisect.insort(lengths, len(acl.resource_name))
        else:
            by_principal = self._literal.setdefault((rtype, acl.resource_name), {})
        by_principal.setdefault(acl.principal, []).append(acl)

    def _remove(self, acl_id: bytes) -> None:
        acl = self._by_id.pop(acl_id, None)
        if acl is None:
            return  # (Kafka's replay would fail on it; a log is replayed whole, so it cannot happen here)
        self._decisions.clear()
        if self._id_of.get(acl) == acl_id:
            del self._id_of[acl]
        rtype = int(acl.resource_type)
        self._per_type[rtype] -= 1
        if acl.pattern_type == PatternType.PREFIXED:
            by_prefix = self._prefixed[rtype]
            by_principal = by_prefix[acl.resource_name]
            _discard(by_principal, acl)
            if not by_principal:
                del by_prefix[acl.resource_name]
                n = len(acl.resource_name)
                if not any(len(p) == n for p in by_prefix):
                    self._prefix_lengths[rtype].remove(n)
        else:
            key = (rtype, acl.resource_name)
            by_principal = self._literal[key]
            _discard(by_principal, acl)
            if not by_principal:
                del self._literal[key]

    # -- operations: the records they imply -----------------------------------------------------------

    def create_records(self, acl: AclBinding) -> list[Any]:
        """The record a new ACL is (none when the same ACL exists: Kafka answers success and adds nothing).
        Raises InvalidAcl as Kafka's validation does."""
        acl.validate()
        if acl in self._id_of:
            return []
        return [AccessControlEntryRecord(
            id=self._new_id(), resource_type=int(acl.resource_type), resource_name=acl.resource_name,
            pattern_type=int(acl.pattern_type), principal=acl.principal, host=acl.host,
            operation=int(acl.operation), permission_type=int(acl.permission_type))]

    def matching(self, acl_filter: AclFilter) -> list[AclBinding]:
        """The ACLs a DescribeAcls/DeleteAcls filter selects (a scan: admin calls, not the request path)."""
        return [acl for acl in self._by_id.values() if acl_filter.matches(acl)]

    def delete_records(self, acls: Iterable[AclBinding]) -> list[Any]:
        return [RemoveAccessControlEntryRecord(id=self._id_of[acl]) for acl in acls if acl in self._id_of]

    def acls(self) -> Iterator[AclBinding]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    # -- checks ---------------------------------------------------------------------------------------

    def authorize(self, principal: str, host: str, operation: AclOperation, resource_type: ResourceType,
                  name: str) -> bool:
        """May ``principal`` connecting from ``host`` do ``operation`` on the literal resource ``name``?"""
        if principal in self.super_users:
            return True
        key = (principal, host, operation, resource_type, name)
        decided = self._decisions.get(key)
        if decided is None:
            decided = self._decide(principal, host, operation, int(resource_type), name)
            if len(self._decisions) >= MAX_DECISIONS:
                self._decisions.clear()
            self._decisions[key] = decided
        return decided

    def _decide(self, principal: str, host: str, operation: AclOperation, rtype: int, name: str) -> bool:
        """StandardAuthorizerData.findAclRule: every ACL whose pattern covers the name, for this principal or
        `User:*`; a DENY ends it; ALLOW if one applies; with no ACL on the resource at all, the default."""
        found = allowed = False
        for by_principal in self._covering(rtype, name):
            found = True
            for acls in (by_principal.get(principal), by_principal.get(WILDCARD_PRINCIPAL)):
                if acls is None:
                    continue
                for acl in acls:
                    result = _result(acl, principal, host, operation)
                    if result is _DENY:
                        return False
                    if result is _ALLOW:
                        allowed = True
        return allowed if found else self.allow_everyone_if_no_acl_found

    def _covering(self, rtype: int, name: str) -> Iterator[dict[str, list[AclBinding]]]:
        """The ACLs (by principal) whose pattern covers ``name``: its literal ones, each existing prefix's,
        the `*` name's."""
        literal = self._literal
        acls = literal.get((rtype, name))
        if acls is not None:
            yield acls
        lengths = self._prefix_lengths.get(rtype)
        if lengths:
            by_prefix = self._prefixed[rtype]
            n = len(name)
            for length in lengths:
                if length > n:
                    break
                acls = by_prefix.get(name[:length])
                if acls is not None:
                    yield acls
        if name != WILDCARD:
            acls = literal.get((rtype, WILDCARD))
            if acls is not None:
                yield acls

    def authorize_any(self, principal: str, host: str, operation: AclOperation,
                      resource_type: ResourceType) -> bool:
        """Is ``operation`` allowed on at least one resource of the type (Kafka's
        ``authorizeByResourceType``: an idempotent producer needs WRITE on some topic): an ALLOW that
        applies and is not cancelled by a DENY on the same or a wider pattern, or a wildcard DENY stops it.
        With no ACL of the type at all, ``allow.everyone.if.no.acl.found`` decides."""
        if principal in self.super_users:
            return True
        rtype = int(resource_type)
        if not self._per_type.get(rtype):
            return self.allow_everyone_if_no_acl_found
        denied_literal: set[str] = set()
        denied_prefixes: list[str] = []
        allows: list[AclBinding] = []
        for acl in self._by_id.values():
            if acl.resource_type != resource_type or not _applies(acl, principal, host, operation):
                continue
            if acl.permission_type == _DENY:
                if acl.pattern_type == PatternType.LITERAL:
                    if acl.resource_name == WILDCARD:
                        return False
                    denied_literal.add(acl.resource_name)
                else:
                    denied_prefixes.append(acl.resource_name)
            else:
                allows.append(acl)
        for acl in allows:
            name = acl.resource_name
            if any(name.startswith(p) for p in denied_prefixes):
                continue
            if acl.pattern_type == PatternType.LITERAL and name in denied_literal:
                continue
            return True
        return False


def _discard(by_principal: dict[str, list[AclBinding]], acl: AclBinding) -> None:
    acls = by_principal[acl.principal]
    acls.remove(acl)
    if not acls:
        del by_principal[acl.principal]


def _applies(acl: AclBinding, principal: str, host: str, operation: AclOperation) -> bool:
    return _result(acl, principal, host, operation) is not None


def _result(acl: AclBinding, principal: str, host: str, operation: AclOperation) -> AclPermissionType | None:
    """StandardAuthorizerData.findResult: ALLOW/DENY when the ACL applies to this principal, host and
    operation, None when it does not (implied operations only through ALLOW ACLs, as Kafka)."""
    if acl.principal != principal and acl.principal != WILDCARD_PRINCIPAL:
        return None
    if acl.host != WILDCARD and acl.host != host:
        return None
    op = acl.operation
    if op != AclOperation.ALL and op != operation:
        if acl.permission_type != _ALLOW:
            return None
        if operation == AclOperation.DESCRIBE:
            if op not in IMPLIES_DESCRIBE:
                return None
        elif operation != AclOperation.DESCRIBE_CONFIGS or op not in IMPLIES_DESCRIBE_CONFIGS:
            return None
    return acl.permission_type


__all__ = ["AclBinding", "AclFilter", "ResourceType", "StandardAuthorizer", "parse_super_users"]
