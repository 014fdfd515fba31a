"""ACLs as a test gives them to the kit (``Broker(authorizer=True, acls=[...])``, ``broker.add_acls(...)``), in
kafka-acls.sh's terms, and the broker settings ``authorizer=True`` stands for. The same for both broker modes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaflite.config import STANDARD_AUTHORIZER


@dataclass(frozen=True)
class Acl:
    """One ACL for ``Broker(acls=[...])`` / ``broker.add_acls(...)``, in kafka-acls.sh's terms: a principal,
    an operation, and one resource (``topic=``, ``group=``, ``transactional_id=`` or ``cluster=True``).

    ``Acl("User:CN=app", "WRITE", topic="orders")``; ``pattern="PREFIXED"`` for a name prefix, ``"*"`` as
    the name for every one; ``permission="DENY"``; ``host``: an exact client address or ``*``."""

    principal: str
    operation: str
    topic: str | None = None
    group: str | None = None
    transactional_id: str | None = None
    cluster: bool = False
    pattern: str = "LITERAL"
    permission: str = "ALLOW"
    host: str = "*"

    def as_json(self) -> dict[str, str]:
        named = [(t, n) for t, n in (("TOPIC", self.topic), ("GROUP", self.group),
                                     ("TRANSACTIONAL_ID", self.transactional_id)) if n is not None]
        if self.cluster:
            named.append(("CLUSTER", "kafka-cluster"))
        if len(named) != 1:
            raise ValueError("an Acl names one resource: topic=, group=, transactional_id= or cluster=True")
        (rtype, name), = named
        return {"principal": self.principal, "operation": self.operation.upper(), "resource_type": rtype,
                "resource_name": name, "pattern_type": self.pattern.upper(),
                "permission_type": self.permission.upper(), "host": self.host}


def authorizer_settings(authorizer: bool, super_users: Sequence[str], allow_everyone: bool) -> dict[str, object]:
    """``authorizer=True``: Kafka's StandardAuthorizer with these super users (docs/security.md)."""
    if not authorizer:
        if super_users or allow_everyone:
            raise ValueError("super_users and allow_everyone_if_no_acl_found need authorizer=True")
        return {}
    return {"authorizer.class.name": STANDARD_AUTHORIZER, "super.users": ";".join(super_users),
            "allow.everyone.if.no.acl.found": allow_everyone}
