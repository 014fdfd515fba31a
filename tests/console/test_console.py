"""The web console in headless Chromium while real consumers join and leave.

The page is loaded once per scenario and never reloaded: members, assignment, lag and the timeline must
change because the console updates itself (server-sent events and polling). Screenshots of each page
go to $KAFLITE_CONSOLE_SCREENSHOTS (docs/img for the README's) or a temporary directory the test prints.
"""

from __future__ import annotations

import http.client
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.broker import Broker
from tests.console.browser import available, chromium_context
from tests.testing.clients import Consumer

TIMEOUT_MS = 20_000
browser_missing = available()
needs_browser = pytest.mark.skipif(browser_missing is not None, reason=browser_missing or "")


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = Path(os.environ.get("KAFLITE_CONSOLE_SCREENSHOTS") or tmp_path_factory.mktemp("console-screenshots"))
    out.mkdir(parents=True, exist_ok=True)
    print(f"console screenshots: {out}")
    return out


@pytest.fixture
def page() -> Iterator[Any]:
    with chromium_context() as context:
        p = context.new_page()
        p.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        p.on("pageerror", lambda e: errors.append(str(e)))
        yield p
        assert not errors, f"JavaScript errors on the page: {errors}"


def produce(bootstrap: str, topic: str, records: list[tuple[int, bytes, bytes]]) -> None:
    """(partition, key, value) records with a header each, acknowledged (kafka-python, acks=all)."""
    from kafka import KafkaProducer

    p = KafkaProducer(bootstrap_servers=bootstrap, acks="all")
    try:
        for partition, key, value in records:
            p.send(topic, key=key, value=value, partition=partition, headers=[("source", b"console-test")])
        p.flush(20)
    finally:
        p.close()


def post(address: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    host, port = address.split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.request("POST", path, json.dumps(body or {}), {"Content-Type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def band_count(page: Any) -> int:
    return int(page.locator("#timeline svg rect.band").count())


@needs_browser
def test_console_follows_a_group_live_and_browses_records(page: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        url = f"http://127.0.0.1:{b.server.admin_http.port}"
        b.create_topic("console-t", partitions=2)
        produce(b.bootstrap_servers, "console-t",
                [(i % 2, f"key-{i}".encode(), json.dumps({"n": i, "city": "Lyon"}).encode()) for i in range(20)])
        with Consumer("kafka-python", b.bootstrap_servers, "console-g", ["console-t"],
                      client_id="console-kp") as first:
            first.wait_assigned(lambda tps: len(tps) == 2)
            first.wait_messages(20)
            first.commit()
            # Five more on partition 0, read but not committed: lag 5 there.
            produce(b.bootstrap_servers, "console-t", [(0, b"late", b"late")] * 5)
            first.wait_messages(25)

            page.goto(f"{url}/#/groups/console-g")
            page.evaluate("window.__notReloaded = true")
            expect(page.locator("#conn-status")).to_have_text("live")
            expect(page.locator("#group-state")).to_have_text("Stable")
            members = page.locator("#members-table tbody tr")
            expect(members).to_have_count(1)
            expect(members.first).to_contain_text("console-kp")
            expect(members.first.locator("td.assignment")).to_have_text("console-t-0, console-t-1")
            lag = page.locator("#lag-table tbody tr")
            expect(lag).to_have_count(2)
            expect(lag.nth(0)).to_contain_text("10")  # partition 0: committed 10, log end 15, lag 5
            expect(lag.nth(0).locator("td").nth(4)).to_have_text("5")
            expect(lag.nth(1).locator("td").nth(4)).to_have_text("0")
            expect(page.locator("#group-lag")).to_have_text("5")
            before = band_count(page)
            assert before >= 3  # Empty, PreparingRebalance, CompletingRebalance, Stable...

            with Consumer("confluent-kafka", b.bootstrap_servers, "console-g", ["console-t"],
                          **{"client.id": "console-ck"}) as second:
                second.wait_assigned()
                expect(members).to_have_count(2)
                expect(page.locator("#members-table")).to_contain_text("console-ck")
                expect(page.locator("#group-state")).to_have_text("Stable")
                # The rebalance reached the page as it happened: timeline bands, the transitions table and
                # the aria-live announcement (which only the event stream writes).
                page.wait_for_function(f"document.querySelectorAll('#timeline svg rect.band').length >= {before + 3}")
                expect(page.locator("#live")).to_contain_text("PreparingRebalance")
                expect(page.locator("#transitions-table")).to_contain_text("adding new member")
                assigned = page.locator("#members-table td.assignment")
                expect(assigned.nth(0)).not_to_have_text("console-t-0, console-t-1")
                page.locator("#timeline").screenshot(path=str(shots / "console-timeline.png"))
                page.screenshot(path=str(shots / "console-group.png"), full_page=True)
                with_two = band_count(page)
            # The second member left: back to one, more transitions, still the same page.
            expect(members).to_have_count(1)
            page.wait_for_function(f"document.querySelectorAll('#timeline svg rect.band').length > {with_two}")
            expect(page.locator("#live")).to_contain_text("LeaveGroup")
            assert page.evaluate("window.__notReloaded") is True
            # Marks: the classic group's assignments (SyncGroup from the leader) are on the timeline.
            assert page.locator("#timeline svg .mark-assignment").count() >= 2

            # The groups list (keyboard: the link is reachable and opens the group).
            page.locator("nav a", has_text="Consumer groups").click()
            row = page.locator("#groups tbody tr", has_text="console-g")
            expect(row).to_contain_text("Stable")
            expect(row.locator("td").nth(4)).to_have_text("5")
            page.screenshot(path=str(shots / "console-groups.png"), full_page=True)

            # The record browser: the newest records of partition 0, as text, JSON and hex.
            page.goto(f"{url}/#/topics/console-t")
            expect(page.locator("#partitions-table tbody tr")).to_have_count(2)
            page.get_by_label("Partition", exact=True).select_option("0")
            page.get_by_label("From offset (empty: the newest)").fill("0")
            page.get_by_label("Records (max 500)").fill("12")
            page.get_by_role("button", name="Load records").click()
            rows = page.locator("#records-table tbody tr")
            expect(rows).to_have_count(12)
            expect(rows.nth(0)).to_contain_text("key-0")
            expect(rows.nth(0)).to_contain_text('{"n": 0, "city": "Lyon"}')
            expect(rows.nth(0)).to_contain_text("source: console-test")
            expect(rows.nth(11)).to_contain_text("late")
            page.get_by_label("Show as").select_option("json")
            expect(rows.nth(0).locator("td").nth(3)).to_contain_text('"city": "Lyon"')
            page.screenshot(path=str(shots / "console-records.png"), full_page=True)
            page.get_by_label("Show as").select_option("hex")
            expect(rows.nth(0).locator("td").nth(2)).to_have_text("6b 65 79 2d 30")  # "key-0"
            expect(page.locator("#rb-status")).to_contain_text("12 records of console-t-0 from offset 0")
            page.get_by_role("button", name="Next records from offset 12").click()
            expect(rows).to_have_count(3)
            expect(rows.nth(0).locator("td").nth(0)).to_have_text("12")
            page.goto(f"{url}/#/topics")
            expect(page.locator("#topics-table")).to_contain_text("console-t")
            page.screenshot(path=str(shots / "console-topics.png"), full_page=True)


@needs_browser
def test_fault_buttons_only_when_faults_are_enabled(page: Any) -> None:
    """With faults on, Expire is a button on each member and works; with admin.faults.enable=false the
    page is read-only and the endpoint answers 403 naming the config."""
    from playwright.sync_api import expect

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        b.create_topic("console-f")
        with Consumer("kafka-python", b.bootstrap_servers, "console-f", ["console-f"]) as c:
            c.wait_assigned()
            page.goto(f"http://127.0.0.1:{b.server.admin_http.port}/#/groups/console-f")
            expect(page.locator("#group-state")).to_have_text("Stable")
            # Keyboard: the first Tab reaches the skip link, which moves focus to the page's content.
            page.keyboard.press("Tab")
            expect(page.locator("a.skip")).to_be_focused()
            page.keyboard.press("Enter")
            expect(page.locator("#main")).to_be_focused()
            expect(page.get_by_role("navigation", name="Console sections").get_by_role(
                "link", name="Consumer groups")).to_have_attribute("aria-current", "page")
            generation = int(page.locator("#group-generation").inner_text())
            button = page.get_by_role("button", name="Expire member")
            expect(button).to_have_count(1)
            # Every announcement, as it is made: the live region keeps only its last 5, and the expiry's
            # transitions may come before or after the POST's answer.
            page.evaluate("""window.__announced = [];
                new MutationObserver(function (ms) { ms.forEach(function (m) { m.addedNodes.forEach(function (n) {
                  window.__announced.push(n.textContent); }); }); })
                .observe(document.getElementById("live"), {childList: true});""")
            button.focus()
            page.keyboard.press("Enter")  # keyboard-usable
            page.wait_for_function("""window.__announced.indexOf('expire-member: {"expired":true}') >= 0""")
            page.wait_for_function(f"Number(document.getElementById('group-generation').textContent) > {generation}")
    with Broker(config={"admin.port": 0, "admin.faults.enable": "false"}) as b:
        assert b.server.admin_http is not None
        address = f"127.0.0.1:{b.server.admin_http.port}"
        b.create_topic("console-ro")
        with Consumer("kafka-python", b.bootstrap_servers, "console-ro", ["console-ro"]) as c:
            c.wait_assigned()
            page.goto(f"http://{address}/#/groups/console-ro")
            expect(page.locator("#members-table tbody tr")).to_have_count(1)
            expect(page.locator("#broker-info")).to_contain_text("read-only")
            assert page.locator("button.fault").count() == 0
            status, body = post(address, "/faults/expire-member", {"group": "console-ro", "member_id": "x"})
            assert status == 403 and "admin.faults.enable" in body["error"]


@needs_browser
def test_a_consumer_group_shows_epochs_and_reconciliation(page: Any) -> None:
    """A KIP-848 group (librdkafka, group.protocol=consumer): epochs, member epoch and state, and the
    timeline's marks from its records (joins, group epochs, each member's assignment as it reconciled)."""
    from playwright.sync_api import expect

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        b.create_topic("console-cg", partitions=2)
        with Consumer("confluent-kafka", b.bootstrap_servers, "console-cg", ["console-cg"],
                      **{"group.protocol": "consumer", "client.id": "console-848"}) as c:
            c.wait_assigned(lambda tps: len(tps) == 2)
            page.goto(f"http://127.0.0.1:{b.server.admin_http.port}/#/groups/console-cg")
            expect(page.locator("#group-state")).to_have_text("Stable")
            expect(page.locator("#main dl.summary")).to_contain_text("Group epoch")
            row = page.locator("#members-table tbody tr")
            expect(row).to_have_count(1)
            expect(row.first).to_contain_text("console-848")
            expect(row.first).to_contain_text("STABLE")
            expect(row.first.locator("td.assignment")).to_have_text("console-cg-0, console-cg-1")
            expect(page.locator("#timeline svg .mark-join")).to_have_count(1)
            assert page.locator("#timeline svg .mark-epoch").count() >= 1
            assert page.locator("#timeline svg .mark-assignment").count() >= 1
            assert page.locator("#timeline svg rect.band[data-state=Stable]").count() >= 1


# What the page holds when its load event fires: what a script or a screenshot tool sees when it opens it.
AT_LOAD = """window.addEventListener("load", function () {
  function text(id) { var e = document.getElementById(id); return e ? e.textContent : null; }
  function count(sel) { return document.querySelectorAll(sel).length; }
  window.__atLoad = {status: text("conn-status"), state: text("group-state"), assignor: text("group-assignor"),
    members: Array.prototype.map.call(document.querySelectorAll("#members-table tbody tr"),
                                      function (r) { return r.textContent; }),
    joins: count("#timeline svg .mark-join"), leaves: count("#timeline svg .mark-leave"),
    bands: count("#timeline svg rect.band"), transitions: count("#transitions-table tbody tr")};
});"""


def opened_at_load(page: Any, url: str) -> dict[str, Any]:
    """Open ``url`` in a fresh page and return what it held at its load event (no waiting for anything more)."""
    page.add_init_script(AT_LOAD)
    page.goto(url, wait_until="load")
    return dict(page.evaluate("window.__atLoad"))


@needs_browser
def test_first_paint_holds_a_classic_group_and_its_past_joins_and_leaves(page: Any, shots: Path) -> None:
    """A page opened after a member joined and left already shows, at its load event, the group as the broker
    knows it: state, members, protocol, and the join and leave marks of its history (not only those of events
    after the page opened), with no "connecting..." in place of the group."""
    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        b.create_topic("fp-t", partitions=2)
        with Consumer("kafka-python", b.bootstrap_servers, "fp-g", ["fp-t"], client_id="fp-first") as first:
            first.wait_assigned()
            with Consumer("confluent-kafka", b.bootstrap_servers, "fp-g", ["fp-t"],
                          **{"client.id": "fp-second"}) as second:
                second.wait_assigned()
                b.wait_for_group("fp-g", "Stable", members=2)
            b.wait_for_group("fp-g", "Stable", members=1)
            seen = opened_at_load(page, f"http://127.0.0.1:{b.server.admin_http.port}/#/groups/fp-g")
            page.screenshot(path=str(shots / "console-first-paint-classic.png"), full_page=True)
    assert seen["state"] == "Stable"
    assert seen["assignor"] == "range"
    assert len(seen["members"]) == 1 and "fp-first" in seen["members"][0]
    assert seen["joins"] == 2 and seen["leaves"] == 1  # fp-first and fp-second joined, fp-second left
    assert seen["bands"] >= 6 and seen["transitions"] >= 6
    assert seen["status"] != "connecting\u2026"


@needs_browser
def test_first_paint_names_a_consumer_groups_assignor_as_the_cli_does(page: Any, shots: Path) -> None:
    """A KIP-848 group's page shows at its load event the assignor `kaflite groups describe` prints (uniform),
    its member, epoch and state, and the join its records hold."""
    from kaflite.tools.admin import describe_group
    from kaflite.tools.client import Client

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        b.create_topic("fp-cg", partitions=2)
        with Consumer("confluent-kafka", b.bootstrap_servers, "fp-cg", ["fp-cg"],
                      **{"group.protocol": "consumer", "client.id": "fp-848"}) as c:
            c.wait_assigned(lambda tps: len(tps) == 2)
            b.wait_for_group("fp-cg", "Stable", members=1)
            with Client(b.bootstrap_servers) as client:
                cli = describe_group(client, "fp-cg").assignor
            seen = opened_at_load(page, f"http://127.0.0.1:{b.server.admin_http.port}/#/groups/fp-cg")
            page.screenshot(path=str(shots / "console-first-paint-consumer.png"), full_page=True)
    assert cli == "uniform" and seen["assignor"] == cli
    assert seen["state"] == "Stable"
    assert len(seen["members"]) == 1 and "fp-848" in seen["members"][0] and "STABLE" in seen["members"][0]
    assert seen["joins"] == 1 and seen["bands"] >= 1
    assert seen["status"] != "connecting\u2026"


@needs_browser
def test_without_the_snapshot_script_the_group_page_reads_the_json(page: Any) -> None:
    """A browser that cannot load the snapshot script (refused, or blocked) still draws the group, from the
    JSON routes, after its load event."""
    from kafka import KafkaConsumer, TopicPartition
    from kafka.structs import OffsetAndMetadata
    from playwright.sync_api import expect

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        b.create_topic("fb-t")
        produce(b.bootstrap_servers, "fb-t", [(0, b"k", b"v")] * 4)
        c = KafkaConsumer(bootstrap_servers=b.bootstrap_servers, group_id="fb-g", enable_auto_commit=False)
        c.commit({TopicPartition("fb-t", 0): OffsetAndMetadata(1, "", -1)})
        c.close()
        blocked: list[str] = []
        page.route("**/snapshot.js", lambda route: (blocked.append(route.request.url), route.abort()))
        page.goto(f"http://127.0.0.1:{b.server.admin_http.port}/#/groups/fb-g")
        expect(page.locator("#group-state")).to_have_text("Empty")
        expect(page.locator("#group-lag")).to_have_text("3")
        assert blocked


@needs_browser
def test_the_report_draws_the_console_timeline(page: Any, tmp_path: Path, shots: Path) -> None:
    """The offline report's fragment (kaflite.webui.timeline_html) opened from a file, no server and no
    network: the console's renderer draws one band per transition and a mark per event."""
    from kaflite import webui

    t = 1_795_000_000_000
    storm = [{"t": t + i * 400, "from": None, "to": s, "generation": i // 2 + 1, "members": 2, "reason": f"step {i}"}
             for i, s in enumerate(["PreparingRebalance", "Stable"] * 6)]
    data = {"groups": [{"id": "storm", "type": "classic", "transitions": storm,
                        "marks": [{"t": t + 100, "kind": "join", "member": "m-1", "label": "joined"}]}]}
    report = tmp_path / "report.html"
    report.write_text(f"<!doctype html><html lang=en><head><meta charset=utf-8><title>t</title></head><body>"
                      f"{webui.timeline_html(data, 'tl')}</body></html>")
    page.goto(report.as_uri())
    assert page.locator("#tl svg rect.band").count() == len(storm)
    assert page.locator("#tl svg rect.band[data-state=PreparingRebalance]").count() == 6
    assert page.locator("#tl svg .mark-join").count() == 1
    assert "6 rebalances" in (page.locator("#tl svg desc").text_content() or "")
    page.locator("#tl").screenshot(path=str(shots / "console-report-timeline.png"))


def test_read_only_endpoint_refuses_every_fault_and_reset() -> None:
    """admin.faults.enable=false: every POST /faults/* and /reset answers 403 naming the config; reads work."""
    with Broker(config={"admin.port": 0, "admin.faults.enable": False}) as b:
        assert b.server.admin_http is not None
        address = f"127.0.0.1:{b.server.admin_http.port}"
        for path in [p for p in b.server.admin_http.posts if p == "/reset" or p.startswith("/faults/")]:
            status, body = post(address, path, {"group": "g", "member_id": "m", "api": "JoinGroup"})
            assert status == 403, path
            assert "admin.faults.enable=false" in body["error"]
        assert not b.server.paused
        assert post(address, "/topics", {"name": "still-allowed"})[0] == 200
    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        address = f"127.0.0.1:{b.server.admin_http.port}"
        assert post(address, "/faults/pause") == (200, {"ok": True})
        assert post(address, "/faults/resume") == (200, {"ok": True})


def test_console_api_pages_groups_and_bounds_the_record_browser() -> None:
    """The JSON behind the page: groups come a page at a time (snapshots only for that page), the record
    browser never returns more than it was asked (nor more than 500), assets are only the known files."""
    from kafka import KafkaConsumer, TopicPartition
    from kafka.structs import OffsetAndMetadata

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        host, port = "127.0.0.1", b.server.admin_http.port
        b.create_topic("api-t")
        produce(b.bootstrap_servers, "api-t", [(0, b"k", b"v%d" % i) for i in range(30)])
        for i in range(3):
            c = KafkaConsumer(bootstrap_servers=b.bootstrap_servers, group_id=f"api-g{i}", enable_auto_commit=False)
            c.commit({TopicPartition("api-t", 0): OffsetAndMetadata(10 * i, "", -1)})
            c.close()

        def get(path: str) -> tuple[int, Any]:
            conn = http.client.HTTPConnection(host, port, timeout=10)
            try:
                conn.request("GET", path)
                r = conn.getresponse()
                body = r.read()
                return r.status, json.loads(body) if r.getheader("Content-Type") == "application/json" else body
            finally:
                conn.close()

        status, page1 = get("/api/groups?limit=2")
        assert status == 200 and page1["total"] == 3
        assert [g["group_id"] for g in page1["groups"]] == ["api-g0", "api-g1"]
        assert [g["lag"] for g in page1["groups"]] == [30, 20]
        _, page2 = get("/api/groups?limit=2&offset=2")
        assert [g["group_id"] for g in page2["groups"]] == ["api-g2"]
        assert get("/api/groups?q=G1")[1]["total"] == 1
        _, g = get("/api/groups/api-g2")
        assert g["partitions"] == [{"topic": "api-t", "partition": 0, "committed_offset": 20, "log_end_offset": 30,
                                    "lag": 10, "member_id": None, "client_id": None, "host": None}]
        _, recs = get("/api/topics/api-t/records?partition=0&limit=5")
        assert [r["offset"] for r in recs["records"]] == [25, 26, 27, 28, 29]  # the newest by default
        _, recs = get("/api/topics/api-t/records?partition=0&offset=3&limit=4")
        assert [r["offset"] for r in recs["records"]] == [3, 4, 5, 6] and recs["next_offset"] == 7
        _, recs = get("/api/topics/api-t/records?partition=0&offset=0&limit=100000")
        assert len(recs["records"]) == 30
        assert get("/api/topics/api-t/records?partition=7")[0] == 404
        assert get("/api/groups/nope")[0] == 404
        assert get("/console/console.js")[0] == 200
        assert get("/console/__init__.py")[0] == 404
        assert get("/console/..%2f__init__.py")[0] == 404
        status, html = get("/")
        assert status == 200 and b"/console/console.js" in html
