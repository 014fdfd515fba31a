"""The live web console at ``/`` on the admin endpoint: topics and a record browser, consumer groups with
lag, and each group's timeline, kept current by server-sent events.

Why in the broker: everything it shows (logs, the coordinator's snapshots and transition history) is in
this process, so the console needs no server of its own, no client connection and no install. It only
reads, through the broker's own objects: records come from ``PartitionLog.read`` and the record-batch
decoder the fetch path and the coordinator use; groups from ``AdminOps`` (the admin endpoint's one
implementation). The page offers fault buttons only when ``admin.faults.enable`` is on, and those post to
the admin endpoint's existing ``/faults/*`` routes (which refuse with 403 otherwise).

Routes (JSON unless said)::

    GET /                                 the page (kaflite/webui/index.html)
    GET /console/{asset}                  its CSS and JS
    GET /api/overview                     broker, counts, faults_enabled
    GET /api/topics                       every topic with its partitions' offsets and sizes
    GET /api/topics/{t}/records?partition=0&offset=&limit=50
                                          up to MAX_RECORDS records (key, value, headers as base64)
    GET /api/groups?offset=0&limit=50&q=  one page of groups: type, state, generation, members, lag
    GET /api/groups/{id}                  a group (AdminOps' JSON) plus lag per partition (a share group: start
                                          offset, lag and records in flight by state per share partition)
    GET /api/groups/{id}/timeline         transitions (with reasons) and, for a consumer group, its
                                          joins/leaves/assignments/epochs from its records
    GET /api/groups/{id}/snapshot.js      the group page's first paint: the group and its timeline as one
                                          script call, ``KafliteConsole.snapshot({"group", "events"})``
    GET /api/events?group=                server-sent events: one ``transition`` per group transition
    GET /api/brokers                      several brokers (issue 34): each broker (address, up or down, controller,
                                          partitions and coordinator partitions it leads) and the leader moves,
                                          newest first
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import unquote

from kaflite import webui
from kaflite.broker.admin_errors import HttpError
from kaflite.broker.admin_http import AdminHttpServer
from kaflite.broker.admin_ops import AdminOps, transition_json
from kaflite.broker.http_connection import EventStream, Raw
from kaflite.coordinator.group import Transition
from kaflite.protocol.control_records import decode_end_txn_marker
from kaflite.protocol.records import decode_records, iter_batches
from kaflite.storage.errors import OffsetOutOfRangeError

MAX_RECORDS = 500
DEFAULT_RECORDS = 50
READ_BYTES = 1 << 20  # one read of the record browser; the first batch comes whole even when larger
MAX_PAGE = 500
MAX_TIMELINE_EVENTS = 2000
KEEPALIVE_S = 10.0
EVENT_QUEUE = 10_000  # transitions buffered for one slow page; beyond, dropped (its 2 s poll catches up)


def register_console(server: AdminHttpServer) -> None:
    """Add the console's routes to the admin endpoint (called once, where the endpoint is started)."""
    console = Console(server.ops)
    server.add_get("/", console.index)
    server.add_get("/console/", console.asset, prefix=True)
    server.add_get("/api/", console.api, prefix=True)


def _b64(data: bytes | None) -> str | None:
    return None if data is None else base64.b64encode(data).decode("ascii")


def _int(query: dict[str, str], name: str, default: int, lo: int, hi: int) -> int:
    text = query.get(name, "")
    return default if text == "" else min(max(int(text), lo), hi)


class Console:
    """The console's read-only views over one broker's ``AdminOps``."""

    def __init__(self, ops: AdminOps) -> None:
        self.ops = ops
        self.cluster = ops.cluster_control  # built now: it records the leader moves the brokers page lists

    # -- assets -----------------------------------------------------------------------------------------

    async def index(self, path: str, query: dict[str, str]) -> Raw:
        return self._asset("index.html")

    async def asset(self, path: str, query: dict[str, str]) -> Raw:
        return self._asset(path.removeprefix("/console/"))

    @staticmethod
    def _asset(name: str) -> Raw:
        if name not in webui.ASSETS:
            raise HttpError(404, f"no console asset {name!r}")
        return Raw(webui.asset(name), webui.ASSETS[name], headers=(("Cache-Control", "no-cache"),))

    # -- the JSON API -----------------------------------------------------------------------------------

    async def api(self, path: str, query: dict[str, str]) -> Any:
        parts = path.removeprefix("/api/").split("/")
        name = unquote(parts[1]) if len(parts) > 1 else ""
        match parts[0], len(parts):
            case "overview", 1:
                return self.overview()
            case "topics", 1:
                return {"topics": self.topics(), "brokers": len(self.ops.context.leaders.node_ids)}
            case "topics", 3 if parts[2] == "records":
                return self.records(name, _int(query, "partition", 0, 0, 1 << 31),
                                    None if query.get("offset", "") == "" else int(query["offset"]),
                                    _int(query, "limit", DEFAULT_RECORDS, 1, MAX_RECORDS))
            case "groups", 1:
                return self.groups(_int(query, "offset", 0, 0, 1 << 31), _int(query, "limit", 50, 1, MAX_PAGE),
                                   query.get("q", ""))
            case "groups", 2:
                return await self.group(name)
            case "groups", 3 if parts[2] == "timeline":
                return self.timeline(name)
            case "groups", 3 if parts[2] == "snapshot.js":
                return await self.snapshot_script(name)
            case "events", 1:
                return EventStream(self.events(query.get("group") or None))
            case "brokers", 1:
                return self.brokers()
        raise HttpError(404, f"no console API {path}")

    def overview(self) -> dict[str, Any]:
        logs = self.ops.context.logs
        return {**self.ops.info(), "faults_enabled": self.ops.faults_enabled, "topics": len(logs.topics()),
                "groups": len(self.ops.groups()), "brokers": len(self.ops.context.leaders.node_ids)}

    def brokers(self) -> dict[str, Any]:
        """Which broker leads what: every broker with its state, whether it is the controller, how many partitions
        it leads (and of them ``__consumer_offsets`` / ``__transaction_state`` ones: the coordinators it holds, and
        how many of those still load), and the leader moves, newest first."""
        cluster, led = self.cluster.cluster(), self.cluster.led()
        brokers = [{**b, "controller": b["node_id"] == cluster["controller"], **led[b["node_id"]]}
                   for b in cluster["brokers"]]
        return {**cluster, "brokers": brokers, "moves": self.cluster.moves()[::-1][:MAX_PAGE]}

    def topics(self) -> list[dict[str, Any]]:
        """Every topic (internal ones too, marked), its partitions' offsets and sizes on disk."""
        logs, leaders = self.ops.context.logs, self.ops.context.leaders
        out = []
        for name, info in sorted(logs.topics().items()):
            parts: list[dict[str, Any]] = []
            for p in range(info.partitions):
                plog = logs.get_log(name, p)
                if plog is None:
                    continue
                ref = leaders.ref(name, p)
                lead = None if ref is None else leaders.leadership(ref)
                parts.append({"partition": p, "leader": None if lead is None else lead.leader,
                              "leader_epoch": None if lead is None else lead.leader_epoch,
                              "log_start_offset": plog.log_start_offset,
                              "high_watermark": plog.high_watermark, "last_stable_offset": plog.last_stable_offset,
                              "size_bytes": plog.size_in_bytes, "segments": len(plog.segments)})
            out.append({"name": name, "internal": name.startswith("__"), "partitions": parts,
                        "records": sum(p["high_watermark"] - p["log_start_offset"] for p in parts),
                        "size_bytes": sum(p["size_bytes"] for p in parts), "configs": dict(info.configs)})
        return out

    def records(self, topic: str, partition: int, offset: int | None, limit: int) -> dict[str, Any]:
        """Up to ``limit`` records from ``offset`` (default: the newest ``limit``), read as a Fetch reads them:
        whole batches from the segment, decompressed by the record decoder; transaction markers as rows."""
        plog = self.ops.context.logs.get_log(topic, partition)
        if plog is None:
            raise HttpError(404, f"no partition {topic}-{partition}")
        start, end = plog.log_start_offset, plog.high_watermark
        first = max(start, end - limit) if offset is None else min(max(offset, start), end)
        rows: list[dict[str, Any]] = []
        pos = first
        while len(rows) < limit and pos < end:
            try:
                data = plog.read(pos, READ_BYTES, max_offset=end).records
            except OffsetOutOfRangeError:  # retention moved the start while we read
                break
            if not data:
                break
            for h in iter_batches(data):
                if h.is_control:
                    marker = decode_end_txn_marker(data, h.position)
                    if h.base_offset >= first and len(rows) < limit:
                        rows.append({"offset": h.base_offset, "timestamp_ms": h.max_timestamp, "control":
                                     None if marker is None else ("COMMIT" if marker.committed else "ABORT"),
                                     "producer_id": h.producer_id})
                else:
                    for r in decode_records(data, h.position):
                        if r.offset >= first and len(rows) < limit:
                            rows.append({"offset": r.offset, "timestamp_ms": r.timestamp, "key": _b64(r.key),
                                         "value": _b64(r.value),
                                         "headers": [[k, _b64(v)] for k, v in r.headers],
                                         "producer_id": h.producer_id if h.has_producer_id else None})
                pos = h.next_offset
        # Where to read on from: after the last row shown (a full page may stop inside a batch).
        next_offset = rows[-1]["offset"] + 1 if len(rows) >= limit else pos
        return {"topic": topic, "partition": partition, "log_start_offset": start, "high_watermark": end,
                "offset": first, "next_offset": next_offset, "records": rows}

    def _lag(self, group: dict[str, Any]) -> list[dict[str, Any]]:
        """Per partition the group owns or committed: committed offset, log end and lag, as
        kafka-consumer-groups.sh --describe shows them (no commit: offset and lag are null)."""
        logs = self.ops.context.logs
        owner = {(t, p): m for m in group["members"] for t, p in m.get("assignment") or ()}
        committed = {(o["topic"], o["partition"]): o for o in group["offsets"]}
        out = []
        for t, p in sorted(set(owner) | set(committed)):
            plog = logs.get_log(t, p)
            end = None if plog is None else plog.high_watermark
            o = committed.get((t, p))
            m = owner.get((t, p))
            out.append({"topic": t, "partition": p, "committed_offset": None if o is None else o["offset"],
                        "log_end_offset": end,
                        "lag": None if o is None or end is None else max(0, end - o["offset"]),
                        "member_id": None if m is None else m["member_id"],
                        "client_id": None if m is None else m["client_id"],
                        "host": None if m is None else m["client_host"]})
        return out

    def groups(self, offset: int, limit: int, q: str) -> dict[str, Any]:
        """One page of groups (sorted by id, filtered by a substring): snapshots are taken for that page only,
        so a broker with thousands of groups answers as fast as one with fifty."""
        ids = self.ops.groups()
        if q:
            ids = [g for g in ids if q.lower() in g.lower()]
        page = []
        for gid in ids[offset:offset + limit]:
            g = self.ops.group(gid)
            if g is None:
                continue
            rows = (self.ops.share_partitions(gid) if g["group_type"] == "share" else self._lag(g))
            lags = [r["lag"] for r in rows if r["lag"] is not None]
            page.append({"group_id": gid, "group_type": g["group_type"], "state": g["state"],
                         "generation": g["generation"], "members": len(g["members"]),
                         "lag": sum(lags) if lags else None, "protocol": g["protocol"]})
        return {"total": len(ids), "offset": offset, "limit": limit, "groups": page}

    async def group(self, group_id: str) -> dict[str, Any]:
        g = self.ops.group(group_id)
        if g is None:
            raise HttpError(404, f"no group {group_id!r}")
        g["partitions"] = await self._share_rows(g) if g["group_type"] == "share" else self._lag(g)
        g["faults_enabled"] = self.ops.faults_enabled
        return g

    async def _share_rows(self, group: dict[str, Any]) -> list[dict[str, Any]]:
        """A share group's partitions, as kafka-share-groups.sh --describe shows them (start offset and lag, from
        DescribeShareGroupOffsets) and, where a member fetched them here, their records in flight: how many are
        available, acquired (and by whom), acknowledged and archived, and their delivery counts."""
        logs = self.ops.context.logs
        gid = group["group_id"]
        offsets = {(o["topic"], o["partition"]): o for o in await self.ops.share_group_offsets(gid)}
        loaded = {(sp["topic"], sp["partition"]): sp for sp in self.ops.share_partitions(gid)}
        owners: dict[tuple[str, int], list[str]] = {}
        for m in group["members"]:
            for t, p in m.get("assignment") or ():
                owners.setdefault((t, p), []).append(m["member_id"])
        out = []
        for t, p in sorted(set(offsets) | set(loaded) | set(owners)):
            plog = logs.get_log(t, p)
            o, sp = offsets.get((t, p)) or {}, loaded.get((t, p))
            out.append({"topic": t, "partition": p, "start_offset": o.get("start_offset"),
                        "log_end_offset": None if plog is None else plog.high_watermark,
                        "lag": o.get("lag") if o.get("lag") is not None else (sp or {}).get("lag"),
                        "members": owners.get((t, p), []),
                        "in_flight": None if sp is None else sp["in_flight"],
                        "records": None if sp is None else sp["records"],
                        "acquired_by": None if sp is None else sp["acquired_by"],
                        "delivery_counts": None if sp is None else sp["delivery_counts"]})
        return out

    def timeline(self, group_id: str, g: dict[str, Any] | None = None) -> dict[str, Any]:
        """The group's transitions (the coordinator's history, with reasons) and, for a consumer group, the
        events its records hold (joins, leaves, epochs, each member's assignment as it reconciled)."""
        g = self.ops.group(group_id) if g is None else g
        if g is None:
            raise HttpError(404, f"no group {group_id!r}")
        events = self.ops.group_epochs(group_id)[-MAX_TIMELINE_EVENTS:] if g["group_type"] == "consumer" else []
        events = events + self.coordinator_moves(group_id)
        return {"group_id": group_id, "group_type": g["group_type"], "now_ms": self.ops.context.clock.now_ms(),
                "transitions": g["history"], "events": events}

    def coordinator_moves(self, group_id: str) -> list[dict[str, Any]]:
        """The moves of the group's coordinator (its ``__consumer_offsets`` partition's leader) as timeline events."""
        nodes = self.ops.group_handler.nodes
        return [{"event": "coordinator-moved", **m}
                for m in self.cluster.moves(nodes.topic, nodes.partition_for(group_id))][-MAX_TIMELINE_EVENTS:]

    async def snapshot_script(self, group_id: str) -> Raw:
        """The group page's first paint as a script the page adds while it loads.

        Why a script and not the JSON: a script the page inserts delays its ``load`` event until it ran (a
        fetch does not), so a page opened by a script or a screenshot tool already shows the group as the
        broker knows it, not "Loading…" and "connecting…"; the live stream then only updates it. Only the
        console's own page can load it: the endpoint refuses requests browsers mark as another site's
        (``AdminHttpServer._foreign``), so another site cannot read a group by including this script."""
        g = await self.group(group_id)
        data = {"group": g, "events": self.timeline(group_id, g)["events"]}
        return Raw(f"KafliteConsole.snapshot({webui.script_json(data)});\n".encode(),
                   webui.ASSETS["console.js"], headers=(("Cache-Control", "no-store"),))

    async def events(self, group: str | None) -> AsyncIterator[str]:
        """Every transition (of ``group``, or all) as an SSE ``transition`` event, as the coordinator makes it;
        a comment every KEEPALIVE_S so proxies and the page know the stream is alive."""
        handler = self.ops.group_handler
        queue: asyncio.Queue[Transition | None] = asyncio.Queue(EVENT_QUEUE)

        def on_transition(t: Transition) -> None:
            if group is None or t.group_id == group:
                with contextlib.suppress(asyncio.QueueFull):
                    queue.put_nowait(t)

        service = handler.service
        unsubscribe = service.subscribe(on_transition)
        try:
            yield "retry: 2000\nevent: hello\ndata: {}\n\n"
            while True:
                try:
                    t = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    if handler.service is not service:  # a reset renewed the coordinator: follow the new one
                        unsubscribe()
                        service = handler.service
                        unsubscribe = service.subscribe(on_transition)
                        yield "event: reset\ndata: {}\n\n"
                    yield ": keep-alive\n\n"
                    continue
                if t is not None:
                    yield f"event: transition\ndata: {json.dumps({'group_id': t.group_id, **transition_json(t)})}\n\n"
        finally:
            unsubscribe()
