"""The pure authorizer against Kafka's own cases (metadata/src/test/.../StandardAuthorizerTest.java), each
table named after the Kafka test it comes from, plus filters, validation and the record replay."""

from __future__ import annotations

import itertools

import pytest

from kaflite.protocol.messages.access_control_entry_record import AccessControlEntryRecord
from kaflite.protocol.messages.remove_access_control_entry_record import RemoveAccessControlEntryRecord
from kaflite.security.acl import (
    AclBinding,
    AclFilter,
    AclOperation,
    AclPermissionType,
    InvalidAcl,
    PatternType,
    ResourceType,
    StandardAuthorizer,
    parse_super_users,
)
from kaflite.security.acl.model import acl_filter

TOPIC, GROUP, CLUSTER = ResourceType.TOPIC, ResourceType.GROUP, ResourceType.CLUSTER
LITERAL, PREFIXED = PatternType.LITERAL, PatternType.PREFIXED
ALLOW, DENY = AclPermissionType.ALLOW, AclPermissionType.DENY
Op = AclOperation
LOCAL = "127.0.0.1"


def authorizer(*acls: AclBinding, super_users: str = "User:superman", allow_if_none: bool = False
               ) -> StandardAuthorizer:
    """An authorizer fed through `apply`, the way the cluster-metadata log feeds the broker's."""
    counter = itertools.count(1)
    auth = StandardAuthorizer(parse_super_users(super_users), allow_if_none,
                              new_id=lambda: next(counter).to_bytes(16, "big"))
    for acl in acls:
        for record in auth.create_records(acl):
            auth.apply(record)
    return auth


def acl(rtype: ResourceType, name: str, pattern: PatternType, principal: str, host: str, op: AclOperation,
        perm: AclPermissionType) -> AclBinding:
    return AclBinding(rtype, name, pattern, principal, host, op, perm)


def foo(op: AclOperation, perm: AclPermissionType) -> AclBinding:
    """StandardAuthorizerTest.newFooAcl."""
    return acl(TOPIC, "foo_", PREFIXED, "User:bob", "*", op, perm)


def bar(op: AclOperation, perm: AclPermissionType) -> AclBinding:
    """StandardAuthorizerTest.newBarAcl."""
    return acl(GROUP, "bar", LITERAL, "User:*", "*", op, perm)


def check(auth: StandardAuthorizer, cases: list[tuple[str, str, AclOperation, ResourceType, str, bool]]) -> None:
    got = [auth.authorize(f"User:{who}", host, op, rtype, name) for who, host, op, rtype, name, _ in cases]
    assert got == [want for *_, want in cases], cases


def test_find_result_implication() -> None:
    """testFindResultImplication: DESCRIBE is implied by READ/WRITE/DELETE/ALTER, DESCRIBE_CONFIGS by
    ALTER_CONFIGS, only through ALLOW ACLs; CREATE implies nothing."""
    for op in (Op.DESCRIBE, Op.READ, Op.WRITE, Op.DELETE, Op.ALTER):
        assert authorizer(foo(op, ALLOW)).authorize("User:bob", LOCAL, Op.DESCRIBE, TOPIC, "foo_bar")
    assert not authorizer(foo(Op.CREATE, ALLOW)).authorize("User:bob", LOCAL, Op.DESCRIBE, TOPIC, "foo_bar")
    for op in (Op.READ, Op.WRITE, Op.DELETE, Op.ALTER):  # a DENY of READ does not deny DESCRIBE (nor allow it)
        auth = authorizer(foo(op, DENY), foo(Op.DESCRIBE, ALLOW))
        assert auth.authorize("User:bob", LOCAL, Op.DESCRIBE, TOPIC, "foo_bar")
    assert not authorizer(foo(Op.DESCRIBE, DENY), foo(Op.READ, ALLOW)).authorize(
        "User:bob", LOCAL, Op.DESCRIBE, TOPIC, "foo_bar")
    for op in (Op.DESCRIBE_CONFIGS, Op.ALTER_CONFIGS):
        assert authorizer(foo(op, ALLOW)).authorize("User:bob", LOCAL, Op.DESCRIBE_CONFIGS, TOPIC, "foo_bar")
    assert not authorizer(foo(Op.ALTER_CONFIGS, DENY)).authorize("User:bob", LOCAL, Op.DESCRIBE_CONFIGS, TOPIC,
                                                                "foo_bar")
    assert not authorizer(foo(Op.ALTER_CONFIGS, DENY), foo(Op.ALL, ALLOW)).authorize(
        "User:bob", LOCAL, Op.ALTER_CONFIGS, TOPIC, "foo_bar")


def test_find_result_principal_matching() -> None:
    """testFindResultPrincipalMatching: the principal must match, `User:*` matches anyone."""
    auth = authorizer(foo(Op.READ, ALLOW))
    assert auth.authorize("User:bob", LOCAL, Op.READ, TOPIC, "foo_bar")
    assert not auth.authorize("User:alice", LOCAL, Op.READ, TOPIC, "foo_bar")
    auth = authorizer(bar(Op.READ, DENY), bar(Op.READ, ALLOW))
    assert not auth.authorize("User:alice", LOCAL, Op.READ, GROUP, "bar")


def test_simple_authorizations() -> None:
    """testSimpleAuthorizations."""
    auth = authorizer(foo(Op.READ, ALLOW), foo(Op.WRITE, ALLOW), bar(Op.DESCRIBE_CONFIGS, ALLOW),
                      bar(Op.ALTER_CONFIGS, ALLOW))
    check(auth, [("bob", LOCAL, Op.READ, TOPIC, "foo_", True), ("fred", LOCAL, Op.ALTER_CONFIGS, GROUP, "bar", True)])


def test_deny_precedence_with_operation_all() -> None:
    """testDenyPrecedenceWithOperationAll: a DENY wins over every ALLOW, ALL covers every operation."""
    auth = authorizer(
        acl(TOPIC, "foo", LITERAL, "User:alice", "*", Op.ALL, DENY),
        acl(TOPIC, "foo", PREFIXED, "User:alice", "*", Op.READ, ALLOW),
        acl(TOPIC, "foo", LITERAL, "User:*", "*", Op.ALL, DENY),
        acl(TOPIC, "foo", PREFIXED, "User:*", "*", Op.DESCRIBE, ALLOW))
    check(auth, [
        ("alice", LOCAL, Op.WRITE, TOPIC, "foo", False), ("alice", LOCAL, Op.READ, TOPIC, "foo", False),
        ("alice", LOCAL, Op.DESCRIBE, TOPIC, "foo", False), ("alice", LOCAL, Op.READ, TOPIC, "foobar", True),
        ("bob", LOCAL, Op.DESCRIBE, TOPIC, "foo", False), ("bob", LOCAL, Op.READ, TOPIC, "foo", False),
        ("bob", LOCAL, Op.WRITE, TOPIC, "foo", False), ("bob", LOCAL, Op.DESCRIBE, TOPIC, "foobaz", True),
        ("bob", LOCAL, Op.READ, TOPIC, "foobaz", False)])


def test_topic_acl_with_operation_all() -> None:
    """testTopicAclWithOperationAll."""
    auth = authorizer(
        acl(TOPIC, "foo", LITERAL, "User:*", "*", Op.ALL, ALLOW),
        acl(TOPIC, "bar", PREFIXED, "User:alice", "*", Op.ALL, ALLOW),
        acl(TOPIC, "baz", LITERAL, "User:bob", "*", Op.ALL, ALLOW))
    check(auth, [
        ("alice", LOCAL, Op.WRITE, TOPIC, "foo", True), ("alice", LOCAL, Op.DESCRIBE_CONFIGS, TOPIC, "bar", True),
        ("alice", LOCAL, Op.DESCRIBE, TOPIC, "baz", False),
        ("bob", LOCAL, Op.WRITE, TOPIC, "foo", True), ("bob", LOCAL, Op.READ, TOPIC, "bar", False),
        ("bob", LOCAL, Op.DESCRIBE, TOPIC, "baz", True),
        ("malory", LOCAL, Op.DESCRIBE, TOPIC, "foo", True), ("malory", LOCAL, Op.WRITE, TOPIC, "bar", False),
        ("malory", LOCAL, Op.READ, TOPIC, "baz", False)])


def test_host_address_acl_validation() -> None:
    """testHostAddressAclValidation: host `*` or the client's exact address."""
    host1, host2 = "192.168.1.1", "192.168.1.2"
    auth = authorizer(
        acl(TOPIC, "foo", LITERAL, "User:alice", host1, Op.READ, DENY),
        acl(TOPIC, "foo", LITERAL, "User:alice", "*", Op.READ, ALLOW),
        acl(TOPIC, "bar", LITERAL, "User:bob", host2, Op.READ, ALLOW),
        acl(TOPIC, "bar", LITERAL, "User:*", LOCAL, Op.DESCRIBE, ALLOW))
    actions = [(Op.READ, "foo"), (Op.READ, "bar"), (Op.DESCRIBE, "bar")]
    expected = {("alice", LOCAL): (True, False, True), ("alice", host1): (False, False, False),
                ("alice", host2): (True, False, False), ("bob", LOCAL): (False, False, True),
                ("bob", host1): (False, False, False), ("bob", host2): (False, True, True)}
    for (who, host), want in expected.items():
        check(auth, [(who, host, op, TOPIC, name, w) for (op, name), w in zip(actions, want, strict=True)])


def test_authorization_with_many_acls() -> None:
    """testAuthorizationWithManyAcls (addManyAcls): literal, prefixed, wildcard names and principals."""
    auth = authorizer(
        acl(TOPIC, "green2", LITERAL, "User:*", "*", Op.READ, ALLOW),
        acl(TOPIC, "green", PREFIXED, "User:bob", "*", Op.READ, ALLOW),
        acl(TOPIC, "betamax4", LITERAL, "User:bob", "*", Op.READ, ALLOW),
        acl(TOPIC, "betamax", LITERAL, "User:bob", "*", Op.READ, ALLOW),
        acl(TOPIC, "beta", PREFIXED, "User:*", "*", Op.READ, ALLOW),
        acl(TOPIC, "alpha", PREFIXED, "User:*", "*", Op.READ, ALLOW),
        acl(TOPIC, "alp", PREFIXED, "User:bob", "*", Op.READ, DENY),
        acl(GROUP, "*", LITERAL, "User:bob", "*", Op.WRITE, ALLOW),
        acl(GROUP, "wheel", LITERAL, "User:*", "*", Op.WRITE, DENY))
    check(auth, [
        ("bob", LOCAL, Op.READ, TOPIC, "green1", True), ("bob", LOCAL, Op.WRITE, GROUP, "wheel", False),
        ("bob", LOCAL, Op.READ, TOPIC, "alpha", False), ("bob", LOCAL, Op.WRITE, GROUP, "arbitrary", True),
        ("bob", LOCAL, Op.READ, TOPIC, "ala", False)])


def test_prefix_acls() -> None:
    """testPrefixAcls."""
    auth = authorizer(
        acl(TOPIC, "fooa", PREFIXED, "User:alice", "*", Op.ALL, ALLOW),
        acl(TOPIC, "foobar", LITERAL, "User:bob", "*", Op.ALL, ALLOW),
        acl(TOPIC, "f", PREFIXED, "User:bob", "*", Op.ALL, ALLOW))
    check(auth, [
        ("bob", LOCAL, Op.WRITE, TOPIC, "foobarr", True), ("bob", LOCAL, Op.READ, TOPIC, "goobar", False),
        ("bob", LOCAL, Op.READ, TOPIC, "fooa", True), ("alice", LOCAL, Op.DESCRIBE, TOPIC, "fooa", True),
        ("alice", LOCAL, Op.WRITE, TOPIC, "bar", False), ("alice", LOCAL, Op.READ, TOPIC, "baz", False)])


@pytest.mark.parametrize(("allow_if_none", "topic2"), [(True, True), (False, False)])
def test_allow_everyone_if_no_acl_found(allow_if_none: bool, topic2: bool) -> None:
    """testAllowEveryoneIfNoAclFoundConfigEnabled / ...Disabled: the default applies only to a resource no
    ACL covers; one ACL for someone else on it means denied."""
    auth = authorizer(acl(TOPIC, "topic1", LITERAL, "User:Alice", "*", Op.READ, ALLOW),
                      super_users="User:alice;User:chris", allow_if_none=allow_if_none)
    assert not auth.authorize("User:Bob", LOCAL, Op.READ, TOPIC, "topic1")
    assert auth.authorize("User:Bob", LOCAL, Op.READ, TOPIC, "topic2") is topic2


def test_super_users() -> None:
    """testGetConfiguredSuperUsers: `;`-separated; a super user passes even an explicit DENY."""
    assert parse_super_users("User:alice; User:chris;") == {"User:alice", "User:chris"}
    auth = authorizer(acl(TOPIC, "*", LITERAL, "User:*", "*", Op.ALL, DENY), super_users="User:alice;User:chris")
    assert auth.authorize("User:chris", LOCAL, Op.WRITE, TOPIC, "t")
    assert not auth.authorize("User:bob", LOCAL, Op.WRITE, TOPIC, "t")


def test_wildcard_resource_applies_to_every_name() -> None:
    auth = authorizer(acl(TOPIC, "*", LITERAL, "User:bob", "*", Op.READ, ALLOW))
    assert auth.authorize("User:bob", LOCAL, Op.READ, TOPIC, "anything")
    assert not auth.authorize("User:bob", LOCAL, Op.READ, GROUP, "anything")  # per resource type


def test_authorize_any_for_idempotent_producers() -> None:
    """authorizeByResourceType: WRITE on some topic, unless a wider DENY cancels it."""
    auth = authorizer(acl(TOPIC, "t", LITERAL, "User:bob", "*", Op.WRITE, ALLOW))
    assert auth.authorize_any("User:bob", LOCAL, Op.WRITE, TOPIC)
    assert not auth.authorize_any("User:eve", LOCAL, Op.WRITE, TOPIC)
    auth = authorizer(acl(TOPIC, "t", LITERAL, "User:bob", "*", Op.WRITE, ALLOW),
                      acl(TOPIC, "t", PREFIXED, "User:bob", "*", Op.WRITE, DENY))
    assert not auth.authorize_any("User:bob", LOCAL, Op.WRITE, TOPIC)
    assert authorizer(allow_if_none=True).authorize_any("User:bob", LOCAL, Op.WRITE, TOPIC)
    assert not authorizer().authorize_any("User:bob", LOCAL, Op.WRITE, TOPIC)


def test_list_acls_and_filters() -> None:
    """testListAcls, and ResourcePatternFilter's MATCH: the literal name, `*` and the prefixes of it."""
    auth = authorizer(foo(Op.READ, ALLOW), foo(Op.WRITE, ALLOW), bar(Op.DESCRIBE_CONFIGS, DENY),
                      acl(TOPIC, "foo_x", LITERAL, "User:bob", "*", Op.READ, ALLOW),
                      acl(TOPIC, "*", LITERAL, "User:bob", "*", Op.READ, ALLOW))
    assert len(auth.matching(AclFilter())) == 5
    assert len(auth.matching(AclFilter(TOPIC))) == 4
    assert {a.resource_name for a in auth.matching(AclFilter(TOPIC, "foo_x", PatternType.MATCH))} == \
        {"foo_", "foo_x", "*"}
    assert {a.resource_name for a in auth.matching(AclFilter(TOPIC, "foo_x", PatternType.ANY))} == {"foo_x"}
    assert [a.operation for a in auth.matching(AclFilter(TOPIC, "foo_", PREFIXED, operation=Op.WRITE))] == [Op.WRITE]
    assert auth.matching(AclFilter(principal="User:nobody")) == []
    with pytest.raises(InvalidAcl, match="Unknown patternFilter"):
        acl_filter(0, None, 1, None, None, 1, 1).validate()
    with pytest.raises(InvalidAcl, match="Unknown entryFilter"):
        acl_filter(1, None, 1, None, None, 0, 1).validate()


@pytest.mark.parametrize(("bad", "message"), [
    (acl(ResourceType.ANY, "t", LITERAL, "User:a", "*", Op.READ, ALLOW), "Invalid resourceType ANY"),
    (acl(ResourceType.UNKNOWN, "t", LITERAL, "User:a", "*", Op.READ, ALLOW), "Invalid resourceType UNKNOWN"),
    (acl(TOPIC, "t", PatternType.MATCH, "User:a", "*", Op.READ, ALLOW), "Invalid patternType MATCH"),
    (acl(TOPIC, "t", PatternType.ANY, "User:a", "*", Op.READ, ALLOW), "Invalid patternType ANY"),
    (acl(TOPIC, "t", LITERAL, "User:a", "*", Op.ANY, ALLOW), "Invalid operation ANY"),
    (acl(TOPIC, "t", LITERAL, "User:a", "*", Op.READ, AclPermissionType.ANY), "Invalid permissionType ANY"),
    (acl(TOPIC, "", LITERAL, "User:a", "*", Op.READ, ALLOW), "Resource name should not be empty"),
    (acl(TOPIC, "t", LITERAL, "alice", "*", Op.READ, ALLOW), "Could not parse principal"),
])
def test_create_validation(bad: AclBinding, message: str) -> None:
    """AclControlManager.validateNewAcl's refusals (INVALID_REQUEST on the wire)."""
    with pytest.raises(InvalidAcl, match=message):
        StandardAuthorizer().create_records(bad)


def test_replay_of_create_and_remove_records() -> None:
    """The image is its records: replaying a log's records gives the same answers, a remove undoes a
    create, and a duplicate create implies no record."""
    auth = authorizer()
    a = acl(TOPIC, "t", LITERAL, "User:bob", "*", Op.WRITE, ALLOW)
    b = acl(TOPIC, "t", PREFIXED, "User:bob", "*", Op.WRITE, DENY)
    log = [*auth.create_records(a)]
    for record in log:
        auth.apply(record)
    assert auth.create_records(a) == []
    assert isinstance(log[0], AccessControlEntryRecord)
    log += auth.create_records(b)
    auth.apply(log[-1])
    assert not auth.authorize("User:bob", LOCAL, Op.WRITE, TOPIC, "t")
    removal = auth.delete_records(auth.matching(AclFilter(TOPIC, "t", PREFIXED)))
    assert [type(r) for r in removal] == [RemoveAccessControlEntryRecord]
    log += removal
    auth.apply(removal[0])
    replayed = StandardAuthorizer()
    for record in log:
        replayed.apply(record)
        replayed.apply(object())  # another image's record kind: ignored
    for image in (auth, replayed):
        assert list(image.acls()) == [a]
        assert image.authorize("User:bob", LOCAL, Op.WRITE, TOPIC, "t")
        assert not image.authorize("User:bob", LOCAL, Op.WRITE, TOPIC, "t2")


def test_many_acls_index_finds_the_ones_that_apply() -> None:
    """10,000 ACLs on other names and prefixes change nothing for the resource checked."""
    many = [acl(TOPIC, f"topic-{i}", LITERAL, f"User:u{i}", "*", Op.READ, ALLOW) for i in range(5000)]
    many += [acl(TOPIC, f"p{i}-", PREFIXED, f"User:u{i}", "*", Op.READ, ALLOW) for i in range(5000)]
    auth = authorizer(*many)
    assert len(auth) == 10000
    assert auth.authorize("User:u42", LOCAL, Op.READ, TOPIC, "topic-42")
    assert not auth.authorize("User:u42", LOCAL, Op.READ, TOPIC, "topic-43")
    assert auth.authorize("User:u7", LOCAL, Op.READ, TOPIC, "p7-orders")
    assert not auth.authorize("User:u8", LOCAL, Op.READ, TOPIC, "p7-orders")


def test_kept_decisions_follow_every_change() -> None:
    """The authorizer remembers decisions between changes: an ACL added or removed is seen by the next check."""
    auth = authorizer()
    assert not auth.authorize("User:bob", LOCAL, Op.READ, TOPIC, "t")
    grant = acl(TOPIC, "t", PREFIXED, "User:bob", "*", Op.READ, ALLOW)
    records = auth.create_records(grant)
    auth.apply(records[0])
    assert auth.authorize("User:bob", LOCAL, Op.READ, TOPIC, "t")
    assert auth.authorize("User:bob", LOCAL, Op.READ, TOPIC, "t")  # (now from the kept decision)
    for record in auth.delete_records([grant]):
        auth.apply(record)
    assert not auth.authorize("User:bob", LOCAL, Op.READ, TOPIC, "t")
    assert auth.matching(AclFilter()) == []
