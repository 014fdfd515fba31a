"""Issue 34 item 5, the console: which broker leads what (the brokers page, a topic's partitions with leader and
leader epoch) and the moves -- every leader move on the brokers page, a group's coordinator moves on its timeline.
The JSON API first, then the page in headless Chromium following a stop, a start and a coordinator move live."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.testing import AdminClient, Broker
from tests.console.test_console import needs_browser, page  # noqa: F401  (the page fixture)
from tests.testing.clients import Consumer

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Broker]:
    with Broker(brokers=3, config={"admin.port": 0, "offsets.topic.num.partitions": 3}) as b:
        yield b


@pytest.fixture
def admin(cluster: Broker) -> AdminClient:
    assert cluster.server.admin_http is not None
    return AdminClient(f"127.0.0.1:{cluster.server.admin_http.port}")


def test_brokers_api_says_who_leads_what_and_every_move(admin: AdminClient, cluster: Broker) -> None:
    topic = cluster.create_topic("console-cluster", 3)
    d = admin.call("GET", "/api/brokers")
    assert [(b["node_id"], b["state"], b["controller"]) for b in d["brokers"]] == [
        (1, "up", True), (2, "up", False), (3, "up", False)]
    led = {(p.topic, p.partition): p.leader for p in cluster.leaders().values()}
    assert {b["node_id"]: b["partitions"] for b in d["brokers"]} == {
        n: sum(1 for leader in led.values() if leader == n) for n in (1, 2, 3)}
    before = cluster.leader(topic, 1)
    cluster.move_leader(topic, 1, before.leader % 3 + 1)
    cluster.stop_broker(2)
    d = admin.call("GET", "/api/brokers")
    assert d["brokers"][1]["state"] == "down" and d["brokers"][1]["partitions"] == 0
    newest = d["moves"][0]
    assert newest["old_leader"] == 2 and newest["leader"] != 2
    assert {"timestamp_ms", "topic", "partition", "old_leader", "leader", "leader_epoch"} == set(newest)
    assert any(m["topic"] == topic and m["partition"] == 1 and m["old_leader"] == before.leader
               and m["leader_epoch"] == before.leader_epoch + 1 for m in d["moves"])
    cluster.start_broker(2)
    parts = next(t for t in admin.call("GET", "/api/topics")["topics"] if t["name"] == topic)["partitions"]
    assert [(p["leader"], p["leader_epoch"]) for p in parts] == [
        (x.leader, x.leader_epoch) for x in (cluster.leader(topic, i) for i in range(3))]


def test_a_groups_timeline_shows_its_coordinator_moves(admin: AdminClient, cluster: Broker) -> None:
    topic = cluster.create_topic("console-cluster-group", 1)
    with Consumer("kafka-python", cluster.bootstrap_servers, "console-moved", [topic]):
        cluster.wait_for_group("console-moved", members=1)
        old = cluster.coordinator("console-moved").node_id
        cluster.move_coordinator("console-moved", old % 3 + 1)
        cluster.wait_for_coordinator("console-moved", old % 3 + 1)
        events = admin.call("GET", "/api/groups/console-moved/timeline")["events"]
    moves = [e for e in events if e["event"] == "coordinator-moved"]
    assert [(m["old_leader"], m["leader"]) for m in moves][-1] == (old, old % 3 + 1)


@needs_browser
def test_the_brokers_page_follows_stops_and_moves(page: Any,  # noqa: F811  (the fixture)
                                                  admin: AdminClient, cluster: Broker) -> None:
    from playwright.sync_api import expect

    page.goto(f"http://{admin.address}/#/brokers")
    rows = page.locator("#brokers tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("controller")
    cluster.stop_broker(3)  # the page polls: no reload
    expect(rows.nth(2)).to_contain_text("down")
    expect(page.locator("#moves tbody tr").first).to_contain_text("3")
    cluster.start_broker(3)
    expect(rows.nth(2)).to_contain_text("up")
    topic = cluster.create_topic("console-cluster-page", 2)
    page.goto(f"http://{admin.address}/#/topics/{topic}")
    expect(page.locator("#partitions-table th", has_text="Leader epoch")).to_have_count(1)


def test_brokers_api_counts_coordinator_partitions_still_loading(admin: AdminClient, cluster: Broker) -> None:
    """A held load (POST /faults/hold-coordinator-loads) shows on the new broker as a coordinator partition
    loading, and no longer once the faults are cleared and it loaded."""
    cluster.move_coordinator("console-loading", 1)
    cluster.wait_for_coordinator("console-loading", 1)
    cluster.hold_coordinator_loads()
    try:
        cluster.move_coordinator("console-loading", 2)
        held = admin.call("GET", "/api/brokers")["brokers"][1]["coordinators"]["__consumer_offsets"]
        assert held["loading"] == 1 and held["partitions"] >= 1
    finally:
        cluster.clear_faults()
    cluster.wait_for_coordinator("console-loading", 2)
    assert admin.call("GET", "/api/brokers")["brokers"][1]["coordinators"]["__consumer_offsets"]["loading"] == 0
