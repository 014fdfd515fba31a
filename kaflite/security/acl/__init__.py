"""ACLs: Kafka's vocabulary (model) and the StandardAuthorizer image (authorizer). Pure: no I/O."""

from kaflite.security.acl.authorizer import StandardAuthorizer, parse_super_users
from kaflite.security.acl.model import (
    AclBinding,
    AclFilter,
    AclOperation,
    AclPermissionType,
    InvalidAcl,
    PatternType,
    ResourceType,
)

__all__ = ["AclBinding", "AclFilter", "AclOperation", "AclPermissionType", "InvalidAcl", "PatternType",
           "ResourceType", "StandardAuthorizer", "parse_super_users"]
