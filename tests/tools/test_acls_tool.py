"""``kaflite acls`` (kafka-acls.sh's options) against a broker with an authorizer, its effect judged by
kafka-python's admin client reading the ACLs back."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.testing.broker import Broker
from tests.tools.run import run, tool, tool_json


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker(authorizer=True, super_users=["User:ANONYMOUS"]) as b:
        yield b


def kafka_python_acls(broker: Broker) -> set[tuple[str, str, str, str, str]]:
    from kafka.admin import (
        ACLFilter,
        ACLOperation,
        ACLPermissionType,
        ACLResourcePatternType,
        KafkaAdminClient,
        ResourcePatternFilter,
        ResourceType,
    )

    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers)
    try:
        acls, _ = admin.describe_acls(ACLFilter(
            principal=None, host=None, operation=ACLOperation.ANY, permission_type=ACLPermissionType.ANY,
            resource_pattern=ResourcePatternFilter(ResourceType.ANY, None, ACLResourcePatternType.ANY)))
    finally:
        admin.close()
    return {(a.principal, a.operation.name, a.permission_type.name, a.resource_pattern.resource_type.name,
             a.resource_pattern.resource_name) for a in acls}


def test_add_list_and_remove_with_kafka_acls_options(broker: Broker) -> None:
    code, out, err = tool(broker, "acls", "--add", "--allow-principal", "User:alice", "--operation", "Read",
                          "--operation", "Describe", "--topic", "orders")
    assert code == 0, err
    assert "Current ACLs for resource `ResourcePattern(resourceType=TOPIC, name=orders, patternType=LITERAL)`" in out
    assert "(principal=User:alice, host=*, operation=READ, permissionType=ALLOW)" in out
    tool_json(broker, "acls", "--add", "--deny-principal", "User:eve", "--operation", "All", "--group", "g-",
              "--resource-pattern-type", "prefixed")
    tool_json(broker, "acls", "--add", "--allow-principal", "User:bob", "--producer", "--topic", "payments",
              "--transactional-id", "tx", "--idempotent")
    assert kafka_python_acls(broker) == {
        ("User:alice", "READ", "ALLOW", "TOPIC", "orders"), ("User:alice", "DESCRIBE", "ALLOW", "TOPIC", "orders"),
        ("User:eve", "ALL", "DENY", "GROUP", "g-"),
        ("User:bob", "WRITE", "ALLOW", "TOPIC", "payments"), ("User:bob", "DESCRIBE", "ALLOW", "TOPIC", "payments"),
        ("User:bob", "CREATE", "ALLOW", "TOPIC", "payments"),
        ("User:bob", "WRITE", "ALLOW", "TRANSACTIONAL_ID", "tx"),
        ("User:bob", "DESCRIBE", "ALLOW", "TRANSACTIONAL_ID", "tx"),
        ("User:bob", "IDEMPOTENT_WRITE", "ALLOW", "CLUSTER", "kafka-cluster")}
    # --list of a group with the MATCH pattern type finds the prefixed ACL that applies to it
    listed = tool_json(broker, "acls", "--list", "--group", "g-orders", "--resource-pattern-type", "match")
    assert [(a["principal"], a["pattern_type"]) for a in listed] == [("User:eve", "PREFIXED")]
    assert len(tool_json(broker, "acls", "--list", "--principal", "User:bob")) == 6
    removed = tool_json(broker, "acls", "--remove", "--allow-principal", "User:alice", "--operation", "Read",
                        "--topic", "orders")
    assert [(a["principal"], a["operation"]) for a in removed] == [("User:alice", "READ")]
    removed = tool_json(broker, "acls", "--remove", "--topic", "payments")  # every ACL of the resource
    assert len(removed) == 3
    assert ("User:alice", "DESCRIBE", "ALLOW", "TOPIC", "orders") in kafka_python_acls(broker)
    assert not any(a[4] == "payments" for a in kafka_python_acls(broker))


def test_errors_are_one_line(broker: Broker) -> None:
    code, _, err = tool(broker, "acls", "--add", "--allow-principal", "User:x", "--operation", "Fly", "--topic", "t")
    assert code == 2 and "unknown --operation 'Fly'" in err  # bad usage: exit 2, as docs/tools.md says
    code, _, err = tool(broker, "acls", "--add", "--allow-principal", "nocolon", "--operation", "Read", "--topic", "t")
    assert code == 1 and "INVALID_REQUEST" in err
    with Broker() as plain:
        code, _, errs = tool(plain, "acls", "--list")
        assert code == 1 and "SECURITY_DISABLED" in errs


def test_over_mutual_tls_the_tool_acts_as_its_certificate(tmp_path: Any) -> None:
    """--command-config with a client certificate: the tool is that principal (here the super user); over
    PLAINTEXT it is User:ANONYMOUS, which may not list ACLs."""
    probe = Broker(tls=True, client_auth="required")  # (not started: only for the certificate's principal)
    assert probe.tls is not None
    admin = probe.tls.client_principal
    probe.close()
    with Broker(tls=True, client_auth="required", authorizer=True, super_users=[admin]) as b:
        props = tmp_path / "client.properties"
        java = b.java_properties(client_cert=True)
        props.write_text("".join(f"{k}={v}\n" for k, v in java.items() if k != "bootstrap.servers"))
        code, out, err = run("acls", "--add", "--allow-principal", "User:app", "--operation", "Read", "--topic", "t",
                             "--bootstrap-server", b.ssl_bootstrap_servers, "--command-config", str(props), "--json")
        assert code == 0, err
        assert [a["principal"] for a in json.loads(out)] == ["User:app"]
        code, _, errs = tool(b, "acls", "--list")
        assert code == 1 and "CLUSTER_AUTHORIZATION_FAILED" in errs
    b.close()
