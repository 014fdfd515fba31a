"""The web console on share groups (KIP-932), with confluent-kafka's ``ShareConsumer`` holding records: the groups
list shows the share group with its type and lag, its page shows the group and member epochs, each member's
assignment, and per share partition the start offset, lag and records in flight by state, who holds them and
how often they were delivered; the JSON API carries the same values.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

confluent_kafka = pytest.importorskip("confluent_kafka")
from confluent_kafka import Producer, ShareConsumer  # noqa: E402
from confluent_kafka.admin import (  # noqa: E402
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    ResourceType,
)

from kaflite.testing.broker import Broker  # noqa: E402
from tests.console.test_console import needs_browser, page  # noqa: E402, F401  (the page fixture)

WAIT_S = 30.0
CONFIG: dict[str, object] = {"admin.port": 0, "group.share.heartbeat.interval.ms": 100,
                             "group.share.min.heartbeat.interval.ms": 100, "group.share.session.timeout.ms": 3000,
                             "group.share.min.session.timeout.ms": 500,
                             "share.coordinator.state.topic.num.partitions": 1}


def get(b: Broker, path: str) -> Any:
    assert b.server.admin_http is not None
    conn = http.client.HTTPConnection("127.0.0.1", b.server.admin_http.port, timeout=10)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        assert r.status == 200
        return json.loads(r.read())
    finally:
        conn.close()


@contextlib.contextmanager
def holding(b: Broker, topic: str, group: str, records: int) -> Iterator[tuple[Any, list[Any]]]:
    """A share group whose one member (explicit acknowledgement) holds every record of a fresh topic."""
    b.create_topic(topic, 1)
    admin = AdminClient({"bootstrap.servers": b.bootstrap_servers})
    res = ConfigResource(ResourceType.GROUP, group, incremental_configs=[
        ConfigEntry("share.auto.offset.reset", "earliest", incremental_operation=AlterConfigOpType.SET)])
    admin.incremental_alter_configs([res], request_timeout=WAIT_S)[res].result(WAIT_S)
    p = Producer({"bootstrap.servers": b.bootstrap_servers, "linger.ms": 0})
    for i in range(records):
        p.produce(topic, value=f"job-{i}".encode())
    assert p.flush(WAIT_S) == 0
    c = ShareConsumer({"bootstrap.servers": b.bootstrap_servers, "group.id": group, "client.id": "console-share",
                       "share.acknowledgement.mode": "explicit"})
    try:
        c.subscribe([topic])
        got: list[Any] = []
        deadline = time.monotonic() + WAIT_S
        while len(got) < records and time.monotonic() < deadline:
            got += list(c.poll(0.2))
        assert len(got) == records
        b.wait_for_group(group, "Stable", members=1, timeout=WAIT_S)
        yield c, got
    finally:
        c.close()


def test_the_json_api_shows_a_share_group_and_its_records_in_flight() -> None:
    with Broker(config=CONFIG) as b, holding(b, "console-jobs", "console-workers", 5) as (c, got):
        listed = {g["group_id"]: g for g in get(b, "/api/groups")["groups"]}
        assert listed["console-workers"]["group_type"] == "share"
        assert listed["console-workers"]["lag"] == 5
        g = get(b, "/api/groups/console-workers")
        (m,) = g["members"]
        assert g["epoch"] == g["assignment_epoch"] == m["member_epoch"] and g["assignor"] == "simple"
        assert m["assignment"] == [["console-jobs", 0]]
        (row,) = g["partitions"]
        assert row["records"]["acquired"] == 5 and row["acquired_by"] == {m["member_id"]: 5}
        assert row["delivery_counts"] == {"1": 5} and row["members"] == [m["member_id"]]
        for msg in got[:3]:
            c.acknowledge(msg)
        c.commit_sync(WAIT_S)
        (row,) = get(b, "/api/groups/console-workers")["partitions"]
        assert row["records"]["acquired"] == 2 and row["records"]["acknowledged"] == 3
        assert row["lag"] == 2 and row["start_offset"] is not None


@needs_browser
def test_a_share_groups_page_shows_epochs_members_and_records_in_flight(page: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    with Broker(config=CONFIG) as b, holding(b, "console-queue", "console-queue-g", 4):
        assert b.server.admin_http is not None
        g = b.group("console-queue-g")
        assert g is not None
        page.goto(f"http://127.0.0.1:{b.server.admin_http.port}/#/groups/console-queue-g")
        expect(page.locator("#group-state")).to_have_text("Stable")
        expect(page.locator("#main dl.summary")).to_contain_text("Group epoch")
        expect(page.locator("#group-assignment-epoch")).to_have_text(str(g.assignment_epoch))
        expect(page.locator("#group-assignor")).to_have_text("simple")
        member = page.locator("#members-table tbody tr")
        expect(member).to_have_count(1)
        expect(member.first).to_contain_text("console-share")
        expect(member.first.locator("td.assignment")).to_have_text("console-queue-0")
        row = page.locator("#lag-table tbody tr")
        expect(row).to_have_count(1)
        expect(row.first).to_contain_text(f"{g.members[0].member_id}: 4")
        expect(page.locator("#lag-table thead")).to_contain_text("Acquired")
        b.expire_share_locks("console-queue-g")
        page.goto(f"http://127.0.0.1:{b.server.admin_http.port}/#/groups")
        expect(page.locator("body")).to_contain_text("console-queue-g")
        expect(page.locator("body")).to_contain_text("share")
