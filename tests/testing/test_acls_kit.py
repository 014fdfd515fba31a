"""The test kit's ACL helpers on both brokers: ``ProcessBroker`` (over the admin endpoint's POST/GET /acls) and
the in-process ``Broker``; a real client judges the effect."""

from __future__ import annotations

import pytest

from kaflite.testing import Acl, AdminError, Broker, ProcessBroker


def visible_topics(bootstrap: str) -> set[str]:
    from kafka import KafkaConsumer

    consumer = KafkaConsumer(bootstrap_servers=bootstrap)
    try:
        return set(consumer.topics())
    finally:
        consumer.close()


def test_process_broker_takes_acls_at_start_and_at_run_time() -> None:
    with ProcessBroker(authorizer=True, super_users=["User:admin"],
                       acls=[Acl("User:ANONYMOUS", "DESCRIBE", cluster=True)]) as b:
        assert b.acls() == [{"principal": "User:ANONYMOUS", "host": "*", "operation": "DESCRIBE",
                             "permission_type": "ALLOW", "resource_type": "CLUSTER",
                             "resource_name": "kafka-cluster", "pattern_type": "LITERAL"}]
        b.create_topic("kit-orders")  # the kit's own operations are not ACL-checked
        assert "kit-orders" not in visible_topics(b.bootstrap_servers)  # PLAINTEXT: User:ANONYMOUS
        assert b.add_acl("User:ANONYMOUS", "READ", topic="kit-", pattern="PREFIXED") == 1
        assert b.add_acl("User:ANONYMOUS", "READ", topic="kit-", pattern="PREFIXED") == 0
        assert "kit-orders" in visible_topics(b.bootstrap_servers)
        b.restart()  # the start's ACLs are not added twice; the run time's one is kept
        assert len(b.acls()) == 2
    b.close()


def test_acl_helpers_need_an_authorizer_and_faults_enabled() -> None:
    with pytest.raises(ValueError, match="authorizer=True"):
        Broker(super_users=["User:admin"])
    with pytest.raises(ValueError, match="one resource"):
        Acl("User:a", "READ", topic="t", group="g").as_json()
    with Broker() as b:
        with pytest.raises(ValueError, match="no authorizer"):
            b.add_acl("User:a", "READ", topic="t")
        assert b.acls() == []
    with ProcessBroker(authorizer=True, config={"admin.faults.enable": "false"}) as p:
        with pytest.raises(AdminError) as refused:
            p.add_acl("User:a", "READ", topic="t")
        assert refused.value.status == 403
    p.close()
