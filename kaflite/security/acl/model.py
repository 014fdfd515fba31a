"""Kafka's ACL vocabulary: resource types, pattern types, operations, permissions, bindings and filters.

The numeric codes are the wire's (``ResourceType``, ``PatternType``, ``AclOperation``,
``AclPermissionType`` in clients/.../common/{resource,acl}), so a request's fields are these enums as
they are. Filters match as Kafka's ``AclBindingFilter.matches`` (ResourcePatternFilter +
AccessControlEntryFilter): ANY matches everything, MATCH matches the patterns that would apply to a
literal name. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TypeVar

E = TypeVar("E", bound=IntEnum)

WILDCARD = "*"  # ResourcePattern.WILDCARD_RESOURCE, AclEntry.WILDCARD_HOST
WILDCARD_PRINCIPAL = "User:*"  # AclEntry.WILDCARD_PRINCIPAL_STRING


class ResourceType(IntEnum):
    UNKNOWN = 0
    ANY = 1
    TOPIC = 2
    GROUP = 3
    CLUSTER = 4
    TRANSACTIONAL_ID = 5
    DELEGATION_TOKEN = 6
    USER = 7


class PatternType(IntEnum):
    UNKNOWN = 0
    ANY = 1  # filters only
    MATCH = 2  # filters only
    LITERAL = 3
    PREFIXED = 4


class AclOperation(IntEnum):
    UNKNOWN = 0
    ANY = 1  # filters only
    ALL = 2
    READ = 3
    WRITE = 4
    CREATE = 5
    DELETE = 6
    ALTER = 7
    DESCRIBE = 8
    CLUSTER_ACTION = 9
    DESCRIBE_CONFIGS = 10
    ALTER_CONFIGS = 11
    IDEMPOTENT_WRITE = 12
    CREATE_TOKENS = 13
    DESCRIBE_TOKENS = 14
    TWO_PHASE_COMMIT = 15


class AclPermissionType(IntEnum):
    UNKNOWN = 0
    ANY = 1  # filters only
    DENY = 2
    ALLOW = 3


#: An ALLOW of any of these grants DESCRIBE too (StandardAuthorizerData.IMPLIES_DESCRIBE).
IMPLIES_DESCRIBE = frozenset({AclOperation.DESCRIBE, AclOperation.READ, AclOperation.WRITE, AclOperation.DELETE,
                              AclOperation.ALTER})
#: An ALLOW of any of these grants DESCRIBE_CONFIGS too (StandardAuthorizerData.IMPLIES_DESCRIBE_CONFIGS).
IMPLIES_DESCRIBE_CONFIGS = frozenset({AclOperation.DESCRIBE_CONFIGS, AclOperation.ALTER_CONFIGS})

CLUSTER_NAME = "kafka-cluster"  # the one CLUSTER resource's name (Resource.CLUSTER_NAME)


class InvalidAcl(ValueError):
    """A binding or filter Kafka refuses with INVALID_REQUEST; the message is Kafka's."""


@dataclass(frozen=True, slots=True)
class AclBinding:
    """One ACL: a resource pattern and an access control entry (Kafka's AclBinding / StandardAcl)."""

    resource_type: ResourceType
    resource_name: str
    pattern_type: PatternType
    principal: str
    host: str
    operation: AclOperation
    permission_type: AclPermissionType

    def validate(self) -> None:
        """AclControlManager.validateNewAcl, in its order and with its messages; and the principal's
        ``Type:Name`` shape (KafkaPrincipal parsing)."""
        if self.resource_type in (ResourceType.UNKNOWN, ResourceType.ANY):
            raise InvalidAcl(f"Invalid resourceType {self.resource_type.name}")
        if self.pattern_type not in (PatternType.LITERAL, PatternType.PREFIXED):
            raise InvalidAcl(f"Invalid patternType {self.pattern_type.name}")
        if self.operation in (AclOperation.UNKNOWN, AclOperation.ANY):
            raise InvalidAcl(f"Invalid operation {self.operation.name}")
        if self.permission_type not in (AclPermissionType.DENY, AclPermissionType.ALLOW):
            raise InvalidAcl(f"Invalid permissionType {self.permission_type.name}")
        if not self.resource_name:
            raise InvalidAcl("Resource name should not be empty")
        kind, sep, name = self.principal.partition(":")
        if not sep or not kind or not name:
            raise InvalidAcl(f"Could not parse principal from `{self.principal}` (no colon is found "
                             f"separating principal type from principal name)")


def binding(resource_type: int, resource_name: str, pattern_type: int, principal: str, host: str, operation: int,
            permission_type: int) -> AclBinding:
    """A binding from wire codes; a code no enum knows reads as UNKNOWN (as Kafka's fromCode)."""
    return AclBinding(_code(ResourceType, resource_type), resource_name, _code(PatternType, pattern_type),
                      principal, host, _code(AclOperation, operation), _code(AclPermissionType, permission_type))


def _code(enum: type[E], code: int) -> E:
    try:
        return enum(code)
    except ValueError:
        return enum(0)


@dataclass(frozen=True, slots=True)
class AclFilter:
    """Kafka's AclBindingFilter: None (null on the wire) and the ANY codes match everything."""

    resource_type: ResourceType = ResourceType.ANY
    resource_name: str | None = None
    pattern_type: PatternType = PatternType.ANY
    principal: str | None = None
    host: str | None = None
    operation: AclOperation = AclOperation.ANY
    permission_type: AclPermissionType = AclPermissionType.ANY

    def validate(self) -> None:
        """AclControlManager.validateFilter: an UNKNOWN anywhere cannot match anything sensible."""
        if self.pattern_type == PatternType.UNKNOWN or self.resource_type == ResourceType.UNKNOWN:
            raise InvalidAcl("Unknown patternFilter.")
        if self.operation == AclOperation.UNKNOWN or self.permission_type == AclPermissionType.UNKNOWN:
            raise InvalidAcl("Unknown entryFilter.")

    def matches(self, acl: AclBinding) -> bool:
        """ResourcePatternFilter.matches and AccessControlEntryFilter.matches together."""
        if self.resource_type != ResourceType.ANY and self.resource_type != acl.resource_type:
            return False
        pt = self.pattern_type
        if pt not in (PatternType.ANY, PatternType.MATCH) and pt != acl.pattern_type:
            return False
        name = self.resource_name
        if name is not None:
            if pt in (PatternType.ANY, acl.pattern_type):
                if name != acl.resource_name:
                    return False
            elif acl.pattern_type == PatternType.LITERAL:  # MATCH
                if name != acl.resource_name and acl.resource_name != WILDCARD:
                    return False
            elif not name.startswith(acl.resource_name):  # MATCH against PREFIXED
                return False
        if self.principal is not None and self.principal != acl.principal:
            return False
        if self.host is not None and self.host != acl.host:
            return False
        if self.operation != AclOperation.ANY and self.operation != acl.operation:
            return False
        return self.permission_type in (AclPermissionType.ANY, acl.permission_type)


def acl_filter(resource_type: int, resource_name: str | None, pattern_type: int, principal: str | None,
               host: str | None, operation: int, permission_type: int) -> AclFilter:
    """A filter from wire codes (DescribeAcls' request, a DeleteAcls filter)."""
    return AclFilter(_code(ResourceType, resource_type), resource_name, _code(PatternType, pattern_type),
                     principal, host, _code(AclOperation, operation), _code(AclPermissionType, permission_type))
