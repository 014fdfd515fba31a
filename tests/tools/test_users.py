"""``kaflite users``: a SCRAM user in one line (AlterUserScramCredentials), who then logs in; describe and delete
as kafka-configs.sh prints them."""

from __future__ import annotations

import io

import pytest

from kaflite.testing.broker import Broker
from kaflite.tools.cli import main as tool_main


def _tool(broker: Broker, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = tool_main([argv[0], argv[1], "--bootstrap-server", broker.bootstrap_servers, *argv[2:]], out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.timeout(60)
def test_users_add_then_the_user_logs_in_then_delete() -> None:
    from kafka import KafkaProducer

    with Broker(sasl="SASL_PLAINTEXT") as broker:
        code, out, err = _tool(broker, "users", "add", "erin", "--password", "erin-secret", "--mechanism",
                               "SCRAM-SHA-256", "--iterations", "8192")
        assert (code, err) == (0, ""), err
        assert out == "Completed updating config for user erin (SCRAM-SHA-256).\n"
        producer = KafkaProducer(**broker.sasl_client_config("kafka-python", "erin", "SCRAM-SHA-256",
                                                             password="erin-secret"))
        producer.send("erin-topic", b"x").get(timeout=20)
        producer.close()
        code, out, _ = _tool(broker, "users", "describe")
        assert out == "SCRAM credential configs for user-principal 'erin' are SCRAM-SHA-256=iterations=8192\n"
        code, out, err = _tool(broker, "users", "add", "erin", "--password", "x", "--iterations", "100")
        assert code == 1 and "UNACCEPTABLE_CREDENTIAL" in err and "Too few iterations" in err
        assert _tool(broker, "users", "delete", "erin")[0] == 0
        code, _, err = _tool(broker, "users", "describe", "erin")
        assert code == 1 and "RESOURCE_NOT_FOUND" in err
    broker.close()
