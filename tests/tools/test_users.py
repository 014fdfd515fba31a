"""``kaflite users``: a SCRAM user in one line (AlterUserScramCredentials), who then logs in; describe and delete
as kafka-configs.sh prints them."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaflite.testing.broker import Broker
from tests.tools.run import run, tool


@pytest.mark.timeout(60)
def test_users_add_then_the_user_logs_in_then_delete() -> None:
    from kafka import KafkaProducer

    with Broker(sasl="SASL_PLAINTEXT") as broker:
        code, out, err = tool(broker, "users", "add", "erin", "--password", "erin-secret", "--mechanism",
                               "SCRAM-SHA-256", "--iterations", "8192")
        assert (code, err) == (0, ""), err
        assert out == "Completed updating config for user erin (SCRAM-SHA-256).\n"
        producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "erin", "SCRAM-SHA-256",
                                                             password="erin-secret"))
        producer.send("erin-topic", b"x").get(timeout=20)
        producer.close()
        code, out, _ = tool(broker, "users", "describe")
        assert out == "SCRAM credential configs for user-principal 'erin' are SCRAM-SHA-256=iterations=8192\n"
        code, out, err = tool(broker, "users", "add", "erin", "--password", "x", "--iterations", "100")
        assert code == 1 and "UNACCEPTABLE_CREDENTIAL" in err and "Too few iterations" in err
        assert tool(broker, "users", "delete", "erin")[0] == 0
        code, _, err = tool(broker, "users", "describe", "erin")
        assert code == 1 and "RESOURCE_NOT_FOUND" in err
    broker.close()


@pytest.mark.timeout(60)
def test_the_tools_log_in_over_sasl_with_the_java_clients_properties(tmp_path: Path) -> None:
    """--command-config with the Java client's SASL settings (security.protocol, sasl.mechanism, sasl.jaas.config):
    PLAIN and SCRAM over SASL_SSL; a wrong password is one line with Kafka's error."""
    with Broker(sasl="SASL_SSL", users={"alice": "alice-secret"}) as broker:
        for mechanism, password in (("PLAIN", None), ("SCRAM-SHA-512", None), ("SCRAM-SHA-256", "wrong")):
            props = tmp_path / f"{mechanism}.properties"
            config = broker.sasl_client_config("java", "alice", mechanism, password=password)
            props.write_text("".join(f"{k}={v}\n" for k, v in config.items() if k != "bootstrap.servers"))
            code, out, err = run("users", "describe", "--bootstrap-server", broker.sasl_bootstrap_servers,
                                 "--command-config", str(props))
            if password is None:
                assert code == 0, err
                assert "user-principal 'alice' are SCRAM-SHA-256=iterations=4096,SCRAM-SHA-512=iterations=4096" in out
            else:
                assert code == 1 and err.count("\n") == 1
                assert "SASL authentication failed" in err
    broker.close()


@pytest.mark.timeout(60)
def test_deleting_a_user_who_is_not_there_is_resource_not_found() -> None:
    """kafka-configs.sh --alter --delete-config SCRAM-SHA-512 of an unknown user reports the broker's
    RESOURCE_NOT_FOUND; so does ``users delete``, with or without --mechanism, and exit status 1."""
    with Broker(sasl="SASL_PLAINTEXT") as broker:
        for extra in ((), ("--mechanism", "SCRAM-SHA-512")):
            code, out, err = tool(broker, "users", "delete", "nobody", *extra)
            assert (code, out) == (1, "")
            assert err.startswith("kaflite users: deleting SCRAM credentials of 'nobody': RESOURCE_NOT_FOUND")
            assert "does not exist" in err and err.count("\n") == 1
    broker.close()
