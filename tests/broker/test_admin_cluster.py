"""Issue 34 item 5: the admin endpoint's ``/cluster`` contract, every route and every error, over HTTP.

    GET  /cluster → {"cluster_id", "controller", "brokers": [{"node_id", "host", "port", "state": "up"|"down"}]}
    POST /cluster/brokers/{id}/stop, POST /cluster/brokers/{id}/start
    POST /cluster/leaders {"topic", "partition", "node_id"}
    POST /cluster/coordinators {"key", "key_type": "group"|"transaction", "node_id"}
    errors: 404 unknown broker, topic, partition or key type; 409 target broker down; body {"error": ...}
    (and 400 for a malformed body, as every other route)

One three-broker kaflite serves the module, as users run several tests in one session; each test leaves every
broker up.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.testing import AdminClient, Broker

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Broker]:
    with Broker(config={"brokers": 3, "admin.port": 0, "offsets.topic.num.partitions": 6,
                        "transaction.state.log.num.partitions": 6}) as b:
        yield b


@pytest.fixture
def admin(cluster: Broker) -> Iterator[AdminClient]:
    admin_http = cluster.server.admin_http
    assert admin_http is not None
    client = AdminClient(f"127.0.0.1:{admin_http.port}")
    yield client
    for b in client.call("GET", "/cluster")["brokers"]:  # the next test finds every broker up
        if b["state"] == "down":
            client.call("POST", f"/cluster/brokers/{b['node_id']}/start")


def raw(admin: AdminClient, method: str, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
    """A request with a body as given (not JSON-encoded by the client): the malformed ones."""
    import http.client
    import json

    conn = http.client.HTTPConnection(admin.host, admin.port, timeout=30)
    try:
        conn.request(method, path, body=body, headers={"Connection": "close", "Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())
    finally:
        conn.close()


def error(admin: AdminClient, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, str]:
    """The status and message of a refused request; the body is exactly ``{"error": ...}``."""
    status, payload = admin.request(method, path, body)
    assert set(payload) == {"error"}, payload
    assert isinstance(payload["error"], str) and payload["error"]
    return status, payload["error"]


def reachable(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_get_cluster_is_the_contract(admin: AdminClient, cluster: Broker) -> None:
    """Issue 34 item 5: GET /cluster → exactly cluster_id, controller and brokers (node_id, host, port, state)."""
    d = admin.call("GET", "/cluster")
    assert set(d) == {"cluster_id", "controller", "brokers"}
    assert d["cluster_id"] == cluster.server.state.cluster_id and d["controller"] == 1
    assert [set(b) for b in d["brokers"]] == [{"node_id", "host", "port", "state"}] * 3
    assert [(b["node_id"], b["host"], b["port"], b["state"]) for b in d["brokers"]] == [
        (node, host, port, "up") for node, host, port, _ in cluster.server.brokers()]


def test_stop_and_start_a_broker(admin: AdminClient, cluster: Broker) -> None:
    """Issue 34 items 4-5: stop closes the broker's listener and moves its leaderships; start binds the same port."""
    port = next(b["port"] for b in admin.call("GET", "/cluster")["brokers"] if b["node_id"] == 1)
    stopped = admin.call("POST", "/cluster/brokers/1/stop")
    assert stopped == {"node_id": 1, "host": "127.0.0.1", "port": port, "state": "down"}
    d = admin.call("GET", "/cluster")
    assert [b["state"] for b in d["brokers"]] == ["down", "up", "up"] and d["controller"] == 2
    assert not reachable(port)
    assert all(p["leader"] != 1 for p in admin.call("GET", "/cluster/leaders")["partitions"])
    assert admin.call("POST", "/cluster/brokers/1/stop")["state"] == "down"  # stopping a stopped broker: nothing
    started = admin.call("POST", "/cluster/brokers/1/start")
    assert started == {**stopped, "state": "up"}
    assert reachable(port)
    assert admin.call("GET", "/cluster")["controller"] == 1


def test_unknown_broker_is_404(admin: AdminClient) -> None:
    for path in ("/cluster/brokers/99/stop", "/cluster/brokers/99/start", "/cluster/brokers/x/stop"):
        status, message = error(admin, "POST", path)
        assert status == 404, (path, message)
    assert "99" in error(admin, "POST", "/cluster/brokers/99/stop")[1]


def test_move_a_leader(admin: AdminClient, cluster: Broker) -> None:
    """POST /cluster/leaders: the new leader at the next leader epoch, as GET /cluster/leaders then lists it."""
    topic = cluster.create_topic("admin-cluster-moves", 3)
    before = {p["partition"]: p for p in admin.call("GET", f"/cluster/leaders?topic={topic}")["partitions"]}
    assert set(before) == {0, 1, 2} and all(p["replicas"] and p["isr"] == p["replicas"] for p in before.values())
    target = before[0]["leader"] % 3 + 1
    moved = admin.call("POST", "/cluster/leaders", {"topic": topic, "partition": 0, "node_id": target})
    assert moved == {"topic": topic, "partition": 0, "leader": target, "leader_epoch": before[0]["leader_epoch"] + 1}
    after = admin.call("GET", f"/cluster/leaders?topic={topic}")["partitions"][0]
    assert (after["leader"], after["leader_epoch"]) == (target, moved["leader_epoch"])
    again = admin.call("POST", "/cluster/leaders", {"topic": topic, "partition": 0, "node_id": target})
    assert again == moved  # already its leader: nothing moves, the epoch stays


def test_move_leader_errors(admin: AdminClient, cluster: Broker) -> None:
    """404 unknown topic, partition or broker; 409 a stopped target; 400 a malformed body."""
    topic = cluster.create_topic("admin-cluster-errors", 2)
    assert error(admin, "POST", "/cluster/leaders", {"topic": "nope", "partition": 0, "node_id": 2})[0] == 404
    assert error(admin, "POST", "/cluster/leaders", {"topic": topic, "partition": 2, "node_id": 2})[0] == 404
    assert error(admin, "POST", "/cluster/leaders", {"topic": topic, "partition": -1, "node_id": 2})[0] == 404
    assert error(admin, "POST", "/cluster/leaders", {"topic": topic, "partition": 0, "node_id": 99})[0] == 404
    assert error(admin, "GET", "/cluster/leaders?topic=nope")[0] == 404
    admin.call("POST", "/cluster/brokers/3/stop")
    status, message = error(admin, "POST", "/cluster/leaders", {"topic": topic, "partition": 0, "node_id": 3})
    assert (status, "3" in message) == (409, True)
    for body in ({"topic": topic, "node_id": 2}, {"topic": topic, "partition": "zero", "node_id": 2},
                 {"topic": topic, "partition": 0, "node_id": True}, {"partition": 0, "node_id": 2},
                 {"topic": topic, "partition": 0.5, "node_id": 2}):
        assert error(admin, "POST", "/cluster/leaders", body)[0] == 400, body
    for payload in (b"{not json", b"[1, 2]"):
        status, answer = raw(admin, "POST", "/cluster/leaders", payload)
        assert status == 400 and set(answer) == {"error"}


@pytest.mark.parametrize("key_type", ["group", "transaction"])
def test_move_a_coordinator(admin: AdminClient, key_type: str) -> None:
    """POST /cluster/coordinators moves the leader of the key's internal partition; answered once the old broker
    resigned; the wait route answers once the new one has loaded it."""
    key = f"admin-cluster-{key_type}"
    before = admin.call("GET", f"/cluster/coordinators/{key}?key_type={key_type}")
    target = before["node_id"] % 3 + 1 if before["node_id"] > 0 else 2
    moved = admin.call("POST", "/cluster/coordinators", {"key": key, "key_type": key_type, "node_id": target})
    internal = "__consumer_offsets" if key_type == "group" else "__transaction_state"
    assert (moved["key"], moved["key_type"], moved["topic"], moved["node_id"]) == (key, key_type, internal, target)
    loaded = admin.call("GET", f"/cluster/coordinators/{key}/wait?key_type={key_type}&node_id={target}&timeout=30")
    assert (loaded["node_id"], loaded["loaded_on"]) == (target, target)
    leader = admin.call("GET", f"/cluster/leaders?topic={internal}")["partitions"][moved["partition"]]
    assert (leader["leader"], leader["leader_epoch"]) == (target, loaded["leader_epoch"])


def test_move_coordinator_errors(admin: AdminClient) -> None:
    """404 unknown key type or broker; 409 a stopped target; 400 a malformed body."""
    body = {"key": "g-errors", "key_type": "group", "node_id": 2}
    assert error(admin, "POST", "/cluster/coordinators", {**body, "key_type": "topic"})[0] == 404
    assert error(admin, "GET", "/cluster/coordinators/g-errors?key_type=topic")[0] == 404
    assert error(admin, "POST", "/cluster/coordinators", {**body, "node_id": 99})[0] == 404
    admin.call("POST", "/cluster/brokers/2/stop")
    assert error(admin, "POST", "/cluster/coordinators", body)[0] == 409
    admin.call("POST", "/cluster/brokers/2/start")
    for bad in ({"key_type": "group", "node_id": 2}, {**body, "node_id": "two"}, {**body, "key": ""},
                {**body, "key_type": 0}):
        assert error(admin, "POST", "/cluster/coordinators", bad)[0] == 400, bad


def test_waits_time_out_with_408_and_the_last_state(admin: AdminClient, cluster: Broker) -> None:
    topic = cluster.create_topic("admin-cluster-wait", 1)
    leader = admin.call("GET", f"/cluster/leaders?topic={topic}")["partitions"][0]["leader"]
    other = leader % 3 + 1
    status, body = admin.request("GET", f"/cluster/leaders/{topic}/0/wait?node_id={other}&timeout=0.2")
    assert status == 408 and body["last"]["leader"] == leader
    assert admin.call("GET", f"/cluster/leaders/{topic}/0/wait?node_id={leader}&timeout=5")["leader"] == leader
    coordinator = admin.call("GET", "/cluster/coordinators/g-wait")["node_id"]
    status, body = admin.request("GET", f"/cluster/coordinators/g-wait/wait?node_id={coordinator % 3 + 1}"
                                        "&timeout=0.2")
    assert status == 408 and body["last"]["node_id"] == coordinator
    assert admin.request("GET", "/cluster/leaders/nope/0/wait?node_id=1&timeout=0.2")[0] == 404


def test_read_only_endpoint_refuses_cluster_changes(tmp_path: Any) -> None:
    """admin.faults.enable=false: GET /cluster answers, every POST /cluster/* is 403."""
    with Broker(tmp_path, config={"brokers": 2, "admin.port": 0, "admin.faults.enable": False}) as b:
        assert b.server.admin_http is not None
        admin = AdminClient(f"127.0.0.1:{b.server.admin_http.port}")
        assert [x["state"] for x in admin.call("GET", "/cluster")["brokers"]] == ["up", "up"]
        assert error(admin, "POST", "/cluster/brokers/2/stop")[0] == 403
        assert error(admin, "POST", "/cluster/leaders", {"topic": "t", "partition": 0, "node_id": 1})[0] == 403


def test_one_broker_is_a_cluster_of_one(tmp_path: Any) -> None:
    """brokers=1 (the default): GET /cluster lists it; moves onto it change nothing; other node ids are 404."""
    with Broker(tmp_path, config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        admin = AdminClient(f"127.0.0.1:{b.server.admin_http.port}")
        d = admin.call("GET", "/cluster")
        assert d["controller"] == 1 and d["brokers"] == [
            {"node_id": 1, "host": "127.0.0.1", "port": b.port, "state": "up"}]
        topic = b.create_topic("single", 1)
        assert admin.call("POST", "/cluster/leaders", {"topic": topic, "partition": 0, "node_id": 1}) == {
            "topic": topic, "partition": 0, "leader": 1, "leader_epoch": 0}
        assert error(admin, "POST", "/cluster/leaders", {"topic": topic, "partition": 0, "node_id": 2})[0] == 404


def test_held_coordinator_loads_answer_load_in_progress_until_cleared(admin: AdminClient, cluster: Broker) -> None:
    """POST /faults/hold-coordinator-loads: a moved coordinator stays loading on its new broker (loaded_on null,
    the wait 408) until /faults/clear; then it loads. Unknown key type: 404."""
    key = "admin-cluster-held"
    admin.call("POST", "/cluster/coordinators", {"key": key, "node_id": 1})  # its internal topic exists, on 1
    admin.call("GET", f"/cluster/coordinators/{key}/wait?node_id=1&timeout=30")
    target = 2
    assert admin.call("POST", "/faults/hold-coordinator-loads", {"key_type": "group"}) == {
        "key_type": "group", "held": True}
    try:
        moved = admin.call("POST", "/cluster/coordinators", {"key": key, "node_id": target})
        assert (moved["node_id"], moved["loaded_on"]) == (target, None)
        status, body = admin.request("GET", f"/cluster/coordinators/{key}/wait?node_id={target}&timeout=0.3")
        assert status == 408 and body["last"]["loaded_on"] is None
    finally:
        admin.call("POST", "/faults/clear")
    loaded = admin.call("GET", f"/cluster/coordinators/{key}/wait?node_id={target}&timeout=30")
    assert loaded["loaded_on"] == target
    assert error(admin, "POST", "/faults/hold-coordinator-loads", {"key_type": "topic"})[0] == 404
