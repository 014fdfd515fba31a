"""``kaflite acls`` (kafka-acls.sh): add, remove and list ACLs over CreateAcls, DeleteAcls and DescribeAcls.

The options are kafka-acls.sh's (``--add --allow-principal User:alice --operation Read --topic orders``,
``--resource-pattern-type prefixed``, ``--producer``/``--consumer`` shorthands), and so is the output
("Current ACLs for resource `ResourcePattern(...)`:"), so scripts written for Kafka's tool read it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from kaflite.protocol.messages.create_acls_request import AclCreation, CreateAclsRequest
from kaflite.protocol.messages.delete_acls_request import DeleteAclsFilter, DeleteAclsRequest
from kaflite.protocol.messages.describe_acls_request import DescribeAclsRequest
from kaflite.security.acl.model import (
    CLUSTER_NAME,
    AclOperation,
    AclPermissionType,
    PatternType,
    ResourceType,
)
from kaflite.tools.client import Client, KafkaError, UsageError, client_for
from kaflite.tools.output import dump_json

Resource = tuple[ResourceType, str]  # (type, name)
Entry = tuple[str, str, AclOperation, AclPermissionType]  # (principal, host, operation, permission)


def operation(text: str) -> AclOperation:
    """kafka-acls.sh's spelling (Read, ClusterAction, IdempotentWrite...) or Kafka's enum name."""
    wanted = text.replace("_", "").replace("-", "").lower()
    for op in AclOperation:
        if op.name.replace("_", "").lower() == wanted and op not in (AclOperation.UNKNOWN, AclOperation.ANY):
            return op
    names = ", ".join(op.name.title().replace("_", "") for op in AclOperation if op > AclOperation.ANY)
    raise UsageError(f"unknown --operation {text!r}: one of {names}")


def _resources(args: argparse.Namespace) -> list[Resource]:
    out: list[Resource] = [(ResourceType.TOPIC, t) for t in args.topic or ()]
    out += [(ResourceType.GROUP, g) for g in args.group or ()]
    out += [(ResourceType.TRANSACTIONAL_ID, t) for t in args.transactional_id or ()]
    if args.cluster:
        out.append((ResourceType.CLUSTER, CLUSTER_NAME))
    return out


def _pattern(args: argparse.Namespace, default: PatternType) -> PatternType:
    if args.resource_pattern_type is None:
        return default
    try:
        return PatternType[args.resource_pattern_type.upper()]
    except KeyError:
        raise UsageError(f"unknown --resource-pattern-type {args.resource_pattern_type!r}: literal, prefixed, "
                        f"match or any") from None


def _entries(args: argparse.Namespace, ops: Iterable[AclOperation]) -> list[Entry]:
    """Every (principal, host, operation, permission) the options name: each allowed principal with each
    --allow-host (default *), each denied one with each --deny-host, times each operation."""
    out: list[Entry] = []
    for principals, hosts, permission in ((args.allow_principal, args.allow_host, AclPermissionType.ALLOW),
                                          (args.deny_principal, args.deny_host, AclPermissionType.DENY)):
        for principal in principals or ():
            for host in hosts or ["*"]:
                out += [(principal, host, op, permission) for op in ops]
    return out


def _acls_to_add(args: argparse.Namespace) -> dict[Resource, list[Entry]]:
    """The ACLs --add asks for, per resource; --producer/--consumer expand as kafka-acls.sh's do."""
    ops = [operation(o) for o in args.operation or ()]
    if not args.allow_principal and not args.deny_principal:
        raise UsageError("--add needs --allow-principal or --deny-principal")
    per: dict[Resource, list[Entry]] = {}
    if args.producer or args.consumer:
        for topic in args.topic or ():
            topic_ops = [AclOperation.WRITE, AclOperation.DESCRIBE, AclOperation.CREATE] if args.producer else []
            if args.consumer:
                topic_ops += [AclOperation.READ, AclOperation.DESCRIBE]
            per[(ResourceType.TOPIC, topic)] = _entries(args, dict.fromkeys(topic_ops))
        if args.consumer:
            for group in args.group or ():
                per[(ResourceType.GROUP, group)] = _entries(args, [AclOperation.READ])
        if args.producer:
            for txn in args.transactional_id or ():
                per[(ResourceType.TRANSACTIONAL_ID, txn)] = _entries(args, [AclOperation.WRITE,
                                                                            AclOperation.DESCRIBE])
            if args.idempotent:
                per[(ResourceType.CLUSTER, CLUSTER_NAME)] = _entries(args, [AclOperation.IDEMPOTENT_WRITE])
        if not per:
            raise UsageError("--producer needs --topic; --consumer needs --topic and --group")
        return per
    if not ops:
        raise UsageError("--add needs --operation (or --producer / --consumer)")
    resources = _resources(args)
    if not resources:
        raise UsageError("--add needs a resource: --topic, --group, --transactional-id or --cluster")
    return {r: _entries(args, ops) for r in resources}


def _describe(client: Client, rtype: ResourceType, name: str | None, pattern: PatternType,
              principal: str | None) -> dict[tuple[ResourceType, str, PatternType], list[Entry]]:
    resp = client.send(DescribeAclsRequest(
        resource_type_filter=int(rtype), resource_name_filter=name, pattern_type_filter=int(pattern),
        principal_filter=principal, host_filter=None, operation=int(AclOperation.ANY),
        permission_type=int(AclPermissionType.ANY)))
    if resp.error_code:
        raise KafkaError(resp.error_code, "DescribeAcls", resp.error_message)
    out: dict[tuple[ResourceType, str, PatternType], list[Entry]] = {}
    for res in resp.resources:
        key = (ResourceType(res.resource_type), res.resource_name, PatternType(res.pattern_type))
        out.setdefault(key, []).extend(
            (a.principal, a.host, AclOperation(a.operation), AclPermissionType(a.permission_type)) for a in res.acls)
    return out


def _pattern_text(rtype: ResourceType, name: str, pattern: PatternType) -> str:
    return f"ResourcePattern(resourceType={rtype.name}, name={name}, patternType={pattern.name})"


def _entry_text(entry: Entry) -> str:
    principal, host, op, permission = entry
    return f"(principal={principal}, host={host}, operation={op.name}, permissionType={permission.name})"


def _show(found: dict[tuple[ResourceType, str, PatternType], list[Entry]], as_json: bool, out: TextIO) -> None:
    """ACLs found, as JSON (`--json`) or as kafka-acls.sh prints them."""
    if as_json:
        dump_json(_as_json(found), out)
    else:
        _print(found, out)


def _print(found: dict[tuple[ResourceType, str, PatternType], list[Entry]], out: TextIO) -> None:
    for (rtype, name, pattern), entries in found.items():
        out.write(f"Current ACLs for resource `{_pattern_text(rtype, name, pattern)}`: \n")
        out.writelines(f" \t{_entry_text(e)} \n" for e in entries)
        out.write("\n")


def _as_json(found: dict[tuple[ResourceType, str, PatternType], list[Entry]]) -> list[dict[str, Any]]:
    return [{"resource_type": rtype.name, "resource_name": name, "pattern_type": pattern.name, "principal": p,
             "host": h, "operation": op.name, "permission_type": perm.name}
            for (rtype, name, pattern), entries in found.items() for p, h, op, perm in entries]


def cmd_add(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    pattern = _pattern(args, PatternType.LITERAL)
    if pattern not in (PatternType.LITERAL, PatternType.PREFIXED):
        raise UsageError("--add takes --resource-pattern-type literal or prefixed")
    per = _acls_to_add(args)
    creations = [AclCreation(resource_type=int(rtype), resource_name=name, resource_pattern_type=int(pattern),
                             principal=p, host=h, operation=int(op), permission_type=int(perm))
                 for (rtype, name), entries in per.items() for p, h, op, perm in entries]
    resp = client.send(CreateAclsRequest(creations=creations))
    for result in resp.results:
        if result.error_code:
            raise KafkaError(result.error_code, "CreateAcls", result.error_message)
    if not args.json:
        for (rtype, name), entries in per.items():
            out.write(f"Adding ACLs for resource `{_pattern_text(rtype, name, pattern)}`: \n")
            out.writelines(f" \t{_entry_text(e)} \n" for e in entries)
            out.write("\n")
    found: dict[tuple[ResourceType, str, PatternType], list[Entry]] = {}
    for rtype, name in per:
        found.update(_describe(client, rtype, name, pattern, None))
    _show(found, args.json, out)
    return 0


def cmd_remove(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    """Without principals or operations, every ACL of the resources (kafka-acls.sh --remove --topic t)."""
    pattern = _pattern(args, PatternType.LITERAL)
    resources = _resources(args)
    if not resources:
        raise UsageError("--remove needs a resource: --topic, --group, --transactional-id or --cluster")
    ops = [operation(o) for o in args.operation or ()] or [AclOperation.ANY]
    # (principal, host, permission) filters: each principal named, on each host named (any host when none is);
    # no principal at all: every ACL of the resource.
    who: list[tuple[str | None, str | None, AclPermissionType]] = []
    for principals, hosts, permission in ((args.allow_principal, args.allow_host, AclPermissionType.ALLOW),
                                          (args.deny_principal, args.deny_host, AclPermissionType.DENY)):
        who += [(p, h, permission) for p in principals or () for h in hosts or [None]]
    if not who:
        who = [(None, None, AclPermissionType.ANY)]
    filters = [DeleteAclsFilter(resource_type_filter=int(rtype), resource_name_filter=name,
                                pattern_type_filter=int(pattern), principal_filter=p, host_filter=h,
                                operation=int(op), permission_type=int(perm))
               for rtype, name in resources for p, h, perm in who for op in ops]
    resp = client.send(DeleteAclsRequest(filters=filters))
    removed = []
    for result in resp.filter_results:
        if result.error_code:
            raise KafkaError(result.error_code, "DeleteAcls", result.error_message)
        removed += result.matching_acls
    if args.json:
        dump_json([{"resource_type": ResourceType(a.resource_type).name, "resource_name": a.resource_name,
                    "pattern_type": PatternType(a.pattern_type).name, "principal": a.principal, "host": a.host,
                    "operation": AclOperation(a.operation).name,
                    "permission_type": AclPermissionType(a.permission_type).name} for a in removed], out)
    else:
        out.write(f"Removed {len(removed)} ACL(s)\n")
    return 0


def cmd_list(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    """Every ACL, or those of the resources named (with the MATCH or ANY pattern types too)."""
    pattern = _pattern(args, PatternType.ANY)
    principal = args.principal
    resources = _resources(args)
    found: dict[tuple[ResourceType, str, PatternType], list[Entry]] = {}
    if not resources:
        found = _describe(client, ResourceType.ANY, None, pattern, principal)
    for rtype, name in resources:
        found.update(_describe(client, rtype, name, pattern, principal))
    _show(found, args.json, out)
    return 0


def run_acls(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    with client_for(args) as client:
        action = cmd_add if args.add else cmd_remove if args.remove else cmd_list
        return action(client, args, out)
