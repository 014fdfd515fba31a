"""The admin endpoint, ``kaflite ctl``, the async context manager and the assertion helpers."""

from __future__ import annotations

import http.client
import io
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.broker.admin_ops import resolve_api, resolve_error
from kaflite.cli import build_parser, main
from kaflite.protocol.errors import ErrorCode
from kaflite.testing.broker import Broker
from kaflite.testing.ctl import run_ctl
from kaflite.testing.views import Group, assert_rebalances
from tests.testing.clients import Consumer


@pytest.fixture(scope="module")
def admin_broker() -> Iterator[Broker]:
    with Broker(config={"admin.port": 0}) as b:
        yield b


def admin(b: Broker) -> str:
    assert b.server.admin_http is not None
    return f"127.0.0.1:{b.server.admin_http.port}"


def ctl(capsys: pytest.CaptureFixture[str], address: str, *args: str) -> tuple[int, dict]:
    """``kaflite ctl`` as parsed by the real CLI; its output kept apart from the broker's logs."""
    out = io.StringIO()
    code = run_ctl(build_parser().parse_args(["ctl", "--admin", address, *args]), out)
    return code, json.loads(out.getvalue()) if out.getvalue().strip() else {}


def test_ctl_drives_groups_waits_and_faults(admin_broker: Broker, capsys: pytest.CaptureFixture[str]) -> None:
    a = admin(admin_broker)
    health = ctl(capsys, a, "health")[1]
    assert health["bootstrap"] == admin_broker.bootstrap_servers
    assert health["listeners"] == [{"name": "PLAINTEXT", "security_protocol": "PLAINTEXT",
                                    "address": admin_broker.bootstrap_servers}]
    assert ctl(capsys, a, "create-topic", "ctl-t", "--partitions", "2") == (0, {"name": "ctl-t"})
    with Consumer("kafka-python", admin_broker.bootstrap_servers, "ctl-g", ["ctl-t"]) as c:
        c.wait_assigned()
        code, snap = ctl(capsys, a, "wait", "ctl-g", "--members", "1", "--timeout", "20")
        assert code == 0 and snap["state"] == "Stable" and snap["states"][-1] == "Stable"
        assert snap["members"][0]["assignment"] == [["ctl-t", 0], ["ctl-t", 1]]
        assert ctl(capsys, a, "groups")[1] == {"groups": ["ctl-g"]}
        assert ctl(capsys, a, "group", "ctl-g")[1]["generation"] == snap["generation"]
        member = snap["members"][0]["member_id"]
        assert ctl(capsys, a, "expire-member", "ctl-g", member) == (0, {"expired": True})
        code, after = ctl(capsys, a, "wait", "ctl-g", "--generation", str(snap["generation"] + 2))
        assert code == 0 and after["state"] == "Stable"
    assert ctl(capsys, a, "drop-responses", "join_group", "--group", "x", "--skip", "1")[1]["api_key"] == 11
    assert ctl(capsys, a, "delay-responses", "12", "--delay-ms", "5")[1]["api"] == "Heartbeat"
    assert ctl(capsys, a, "fail-coordinator", "--error", "COORDINATOR_LOAD_IN_PROGRESS", "--seconds", "0.1")[0] == 0
    failing = ctl(capsys, a, "fail-requests", "Metadata", "--awaited")[1]
    assert (failing["api_key"], failing["action"], failing["count"]) == (3, "raise-async", 1)
    assert ctl(capsys, a, "disk-full", "--error", "EIO", "--allow-bytes", "10") == (
        0, {"error": "EIO", "allow_bytes": 10})
    assert ctl(capsys, a, "disk-free") == (0, {"refused": 0})
    assert ctl(capsys, a, "disk-full")[1] == {"error": "ENOSPC", "allow_bytes": 0}
    assert ctl(capsys, a, "pause")[0] == 0
    assert admin_broker.server.paused
    assert ctl(capsys, a, "clear-faults")[0] == 0
    assert not admin_broker.server.paused and not admin_broker.server.faults.response_rules
    assert admin_broker.server.faults.disk is None  # clear-faults frees the disk too


def test_ctl_shows_and_disturbs_transactions(admin_broker: Broker, capsys: pytest.CaptureFixture[str]) -> None:
    from confluent_kafka import Producer

    a = admin(admin_broker)
    admin_broker.create_topic("ctl-tx")
    p = Producer({"bootstrap.servers": admin_broker.bootstrap_servers, "transactional.id": "ctl-tx-id"})
    p.init_transactions(30)
    p.begin_transaction()
    p.produce("ctl-tx", b"v", partition=0)
    p.flush(10)
    code, listed = ctl(capsys, a, "transactions")
    assert code == 0 and [(t["transactional_id"], t["state"]) for t in listed["transactions"]] == [
        ("ctl-tx-id", "Ongoing")]
    assert ctl(capsys, a, "transaction", "ctl-tx-id")[1]["partitions"] == [["ctl-tx", 0]]
    assert ctl(capsys, a, "transaction", "no-such-id")[0] == 1
    assert ctl(capsys, a, "time-out-transaction", "ctl-tx-id") == (0, {"timed_out": True})
    assert admin_broker.wait_for_transaction("ctl-tx-id", "CompleteAbort", timeout=10).producer_epoch == 1
    assert ctl(capsys, a, "hold-txn-markers")[0] == 0
    assert ctl(capsys, a, "clear-faults")[0] == 0


def test_ctl_exit_codes(admin_broker: Broker, capsys: pytest.CaptureFixture[str]) -> None:
    a = admin(admin_broker)
    code, body = ctl(capsys, a, "wait", "no-such-group", "--timeout", "0.2")
    assert code == 3 and body["last"] is None
    assert ctl(capsys, a, "group", "no-such-group")[0] == 1
    code, body = ctl(capsys, a, "drop-responses", "NoSuchApi")
    assert code == 1 and "unknown API" in body["error"]
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    assert main(["ctl", "--admin", f"127.0.0.1:{free}", "health"]) == 4


def test_http_errors_and_keep_alive(admin_broker: Broker) -> None:
    host, port = admin(admin_broker).split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        for method, path, body, status in [("GET", "/nope", None, 404), ("PUT", "/groups", None, 405),
                                           ("POST", "/faults/expire-member", b"{not json", 400),
                                           ("POST", "/faults/expire-member", b"[1]", 400),
                                           ("GET", "/groups", None, 200)]:
            conn.request(method, path, body=body)  # one connection for all: keep-alive
            resp = conn.getresponse()
            payload = json.loads(resp.read())
            assert resp.status == status, (method, path, payload)
            assert ("error" in payload) == (status != 200)
    finally:
        conn.close()


def test_admin_endpoint_is_off_by_default() -> None:
    with Broker() as b:
        assert b.server.admin_http is None


async def test_async_context_manager_with_aiokafka() -> None:
    from aiokafka import AIOKafkaConsumer

    async with Broker() as b:
        await b.aio.create_topic("t", 2)
        c = AIOKafkaConsumer("t", bootstrap_servers=b.bootstrap_servers, group_id="g", heartbeat_interval_ms=100)
        await c.start()
        try:
            await c.getmany(timeout_ms=10)
            g = await b.aio.wait_for_group("g", members=1, timeout=20)  # the consumer keeps running meanwhile
            assert g.members[0].assignment == (("t", 0), ("t", 1))
            await b.aio.expire_member("g", g.members[0].member_id)  # any method, via the generic twin
        finally:
            await c.stop()


def _group(states: list[str]) -> Group:
    from kaflite.testing.views import Transition

    history = tuple(Transition(i, "g", a, b, 0, 1, f"because {i}")
                    for i, (a, b) in enumerate(zip([None, *states], states, strict=False)))
    return Group("g", states[-1], 0, None, None, None, (), {}, history)


def test_assert_rebalances_shows_a_readable_diff() -> None:
    g = _group(["Empty", "PreparingRebalance", "CompletingRebalance", "Stable"])
    assert_rebalances(g, ["Empty", "PreparingRebalance", "CompletingRebalance", "Stable"])
    assert_rebalances(g, ["CompletingRebalance", "Stable"], tail=True)
    with pytest.raises(AssertionError) as e:
        assert_rebalances(g, ["Empty", "PreparingRebalance", "Stable"])
    msg = str(e.value)
    assert "≠  2  Stable" in msg and "CompletingRebalance" in msg and "because 2" in msg


def test_api_and_error_names() -> None:
    assert resolve_api("JoinGroup") == resolve_api("join_group") == resolve_api("11") == resolve_api(11) == 11
    assert resolve_api("OffsetCommit") == 8
    assert resolve_error("not-coordinator") == resolve_error(16) == ErrorCode.NOT_COORDINATOR
    with pytest.raises(ValueError):
        resolve_api(9999)


def test_kaflite_serve_reports_the_admin_endpoint(tmp_path: Path) -> None:
    """``kaflite serve --admin-port 0``: stdout and the ready file's second line name the endpoint."""
    import signal
    import subprocess
    import sys

    from kaflite.testing.admin_client import AdminClient

    ready = tmp_path / "ready"
    proc = subprocess.Popen([sys.executable, "-m", "kaflite", "serve", "--port", "0", "--admin-port", "0",
                             "--data-dir", str(tmp_path / "data"), "--ready-file", str(ready)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        listening, admin_line, console_line = (proc.stdout.readline() for _ in range(3))  # blocks until serving
        bootstrap, admin_address = ready.read_text().splitlines()
        assert listening.strip() == f"kaflite listening on {bootstrap}"
        assert admin_line.strip() == f"kaflite admin on http://{admin_address.removeprefix('admin=')}"
        assert console_line.strip() == f"kaflite console on http://{admin_address.removeprefix('admin=')}/"
        assert AdminClient(admin_address.removeprefix("admin=")).health()["bootstrap"] == bootstrap
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
        if proc.stdout is not None:
            proc.stdout.close()


def test_extra_get_routes_serve_raw_bodies_and_event_streams(admin_broker: Broker) -> None:
    """The extension points /metrics and the console use: a non-JSON body (GET and HEAD), a prefix route,
    and server-sent events written as they are yielded, the connection closed at the stream's end."""
    from kaflite.broker.http_connection import EventStream, Raw

    server = admin_broker.server.admin_http
    assert server is not None

    async def text(path: str, query: dict[str, str]) -> Raw:
        return Raw(f"path={path} q={query.get('q')}".encode(), "text/plain; charset=utf-8",
                   headers=(("Cache-Control", "no-store"),))

    async def events(path: str, query: dict[str, str]) -> EventStream:
        async def gen():  # type: ignore[no-untyped-def]
            for i in range(3):
                yield f"id: {i}\ndata: {{\"n\": {i}}}\n\n"
        return EventStream(gen())

    server.add_get("/x-text", text)
    server.add_get("/x-assets/", text, prefix=True)
    server.add_get("/x-events", events)
    host, port = admin(admin_broker).split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", "/x-text?q=1")
    r = conn.getresponse()
    assert (r.status, r.getheader("Content-Type"), r.getheader("Cache-Control"), r.read()) == (
        200, "text/plain; charset=utf-8", "no-store", b"path=/x-text q=1")
    conn.request("HEAD", "/x-assets/app.js")
    r = conn.getresponse()
    assert (r.status, r.getheader("Content-Length"), r.read()) == (200, str(len(b"path=/x-assets/app.js q=None")), b"")
    conn.request("GET", "/health")  # the same keep-alive connection still serves JSON
    assert json.loads(conn.getresponse().read())["bootstrap"] == admin_broker.bootstrap_servers
    conn.close()
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", "/x-events")
    r = conn.getresponse()
    assert r.getheader("Content-Type") == "text/event-stream"
    assert r.read().decode().split("\n\n")[:3] == [f'id: {i}\ndata: {{"n": {i}}}' for i in range(3)]


def test_requests_from_other_sites_web_pages_are_refused(admin_broker: Broker) -> None:
    """Any page open in the developer's browser can POST here (a form post needs no CORS preflight) or
    reach it by DNS rebinding: another Origin or Host answers 403 and changes nothing; this endpoint's own
    origin (the console's fault buttons) and clients that send no Origin (curl, Java, Node) are served."""
    host, port = admin(admin_broker).split(":")
    admin_broker.create_topic("kept-topic")

    def post(path: str, headers: dict[str, str]) -> int:
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        conn.request("POST", path, body=b"{}", headers=headers)
        status = conn.getresponse().status
        conn.close()
        return status

    assert post("/reset", {"Origin": "http://evil.example", "Content-Type": "text/plain"}) == 403
    assert post("/reset", {"Host": f"evil.example:{port}"}) == 403
    assert post("/faults/clear", {"Origin": "null"}) == 403
    assert admin_broker.server.logs.get_log("kept-topic", 0) is not None
    assert post("/faults/clear", {"Origin": f"http://127.0.0.1:{port}"}) == 200
    assert post("/faults/clear", {"Origin": f"http://localhost:{port}", "Host": f"localhost:{port}"}) == 200
    assert post("/faults/clear", {}) == 200
