"""``kaflite ctl`` as a newcomer meets it: without --admin it talks to the endpoint `make run` serves, and a
member fault aimed at a group or member that is not there says so and fails (it used to print
``{"expired": false}`` and exit 0)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from kaflite.cli import build_parser
from kaflite.ctl_commands import DEFAULT_ADMIN
from kaflite.testing.broker import Broker
from kaflite.testing.ctl import EXIT_REFUSED, run_ctl
from tests.testing.clients import Consumer


@pytest.fixture(scope="module")
def admin_broker() -> Iterator[Broker]:
    with Broker(config={"admin.port": 0}) as b:
        yield b


def ctl(broker: Broker, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict, str]:
    assert broker.server.admin_http is not None
    out = io.StringIO()
    capsys.readouterr()
    code = run_ctl(build_parser().parse_args(["ctl", "--admin", f"127.0.0.1:{broker.server.admin_http.port}",
                                              *args]), out)
    return code, json.loads(out.getvalue()), capsys.readouterr().err


def test_ctl_defaults_to_the_admin_endpoint_make_run_serves(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("KAFLITE_ADMIN", raising=False)
    assert DEFAULT_ADMIN == "127.0.0.1:8092"
    assert build_parser().parse_args(["ctl", "health"]).admin == "127.0.0.1:8092"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["ctl", "--help"])
    assert "127.0.0.1:8092" in " ".join(capsys.readouterr().out.split())
    monkeypatch.setenv("KAFLITE_ADMIN", "127.0.0.1:9999")
    assert build_parser().parse_args(["ctl", "health"]).admin == "127.0.0.1:9999"


def test_member_faults_of_a_missing_group_or_member_fail_saying_which(admin_broker: Broker,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, body, err = ctl(admin_broker, capsys, "expire-member", "no-such-group", "m-1")
    assert (code, body) == (EXIT_REFUSED, {"expired": False})
    assert err == "kaflite ctl: expire-member: no group 'no-such-group'\n"
    code, body, err = ctl(admin_broker, capsys, "fence-member", "no-such-group", "m-1")
    assert code == EXIT_REFUSED and err == "kaflite ctl: fence-member: no group 'no-such-group'\n"
    admin_broker.create_topic("ctl-missing-member", 1)
    with Consumer("kafka-python", admin_broker.bootstrap_servers, "ctl-mm", ["ctl-missing-member"]) as c:
        c.wait_assigned()
        admin_broker.wait_for_group("ctl-mm", members=1)
        code, body, err = ctl(admin_broker, capsys, "expire-member", "ctl-mm", "nobody")
        assert code == EXIT_REFUSED and err == "kaflite ctl: expire-member: group 'ctl-mm' has no member 'nobody'\n"
