import pytest
from kafka import KafkaProducer
from kafka.errors import TopicAuthorizationFailedError

from kaflite.testing import Acl, Broker


def test_a_produce_needs_a_write_acl():
    # The PLAINTEXT listener's User:ANONYMOUS is the super user (the admin side); the application connects with
    # mutual TLS as b.tls.client_principal (User:CN=kaflite-client,OU=kaflite client,O=kaflite).
    app = "User:CN=kaflite-client,OU=kaflite client,O=kaflite"
    with Broker(tls=True, client_auth="required", authorizer=True, super_users=["User:ANONYMOUS"],
                acls=[Acl(app, "READ", group="billing")]) as b:
        b.create_topic("orders")
        producer = KafkaProducer(**b.kafka_python_config(client_cert=True), retries=0)
        with pytest.raises(TopicAuthorizationFailedError):
            producer.send("orders", b"refused").get(timeout=10)
        b.add_acl(app, "WRITE", topic="orders")  # one line, effective at once
        assert producer.send("orders", b"accepted").get(timeout=10).offset == 0
        producer.close()
        assert {(a["operation"], a["resource_name"]) for a in b.acls()} == {("READ", "billing"), ("WRITE", "orders")}
    b.close()
