"""The admin endpoint: group snapshots, waits and fault injection as JSON over HTTP/1.1.

Why HTTP and not a Kafka API: test suites in Java, Go or Node already have an HTTP client, and a
``curl`` line is the easiest thing to put in a CI script. The server runs on the broker's own
event loop, listens on 127.0.0.1 only, and is off unless ``admin.port`` is set. This module is its
routes; ``admin_ops.AdminOps`` does every operation (the in-process ``kaflite.testing.Broker`` calls
it too), ``http_connection`` speaks HTTP (h11).

Routes (every answer is a JSON object; errors are ``{"error": ...}`` with a 4xx status)::

    GET  /health                          {"bootstrap": "127.0.0.1:9092", "port": ..., "paused": ...}
    GET  /groups                          {"groups": ["g1", ...]}
    GET  /groups/{id}                     a group snapshot (404 if there is no such group)
    GET  /groups/{id}/epochs              {"events": [...]}: a consumer group's records as events, oldest
                                          first (group epochs, joins/leaves, target assignments, member
                                          epochs/states/assignments, regex resolutions)
    GET  /groups/{id}/wait?state=Stable&members=2&generation=3&timeout=10
                                          long poll: the snapshot once it matches, 408 on timeout;
                                          state: any group type's name (Reconciling, Assigning...);
                                          epoch=N: a consumer group's group epoch (= generation)
    GET  /groups/{id}/share-offsets       {"offsets": [...]}: a share group's DescribeShareGroupOffsets v1
                                          (topic, partition, start_offset, leader_epoch, lag)
    GET  /groups/{id}/share-partitions    {"partitions": [...]}: its share partitions loaded here: records in
                                          flight by state, acquired_by member, delivery_counts, start offset, lag
    GET  /transactions                    {"transactions": [...]}: every transactional id, its state,
                                          producer id/epoch, timeout, start time and partitions
    GET  /transactions/{id}               one of them (404 if the coordinator has no such id)
    POST /topics          {"name", "partitions", "configs"}
    POST /reset                           drop every topic, group and offset (connections abort)
    GET  /acls                            {"acls": [...]}: every ACL, by Kafka's names
    POST /acls      {"acls": [{...}]}     add ACLs (authorizer.class.name set), by Kafka's names
    POST /users     {"name", "password", "mechanisms": [...], "iterations"}   give a user SCRAM credentials
    POST /faults/drop-responses           {"api", "group", "count", "seconds", "member_id", "skip"}
    POST /faults/delay-responses          {"api", "group", "delay_ms", "count", "seconds", "member_id", "skip"}
    POST /faults/fail-requests            {"api", "group", "count", "seconds", "member_id", "skip", "awaited"}
    POST /faults/fail-coordinator         {"error", "seconds", "group"}
    POST /faults/drop-member-connections  {"group", "member_id"}
    POST /faults/expire-member            {"group", "member_id"}   classic, consumer and share groups
    POST /faults/fence-member             {"group", "member_id"}   consumer groups: fence now (epoch + 1)
    POST /faults/expire-share-locks       {"group", "member_id"}   share groups: the acquisition locks (of the
                                          member, or all) run out now ({"released": records})
    POST /faults/time-out-transaction     {"transactional_id"}   its timeout expires now: fenced and aborted
    POST /faults/hold-txn-markers         {"transactional_id"}   (or all) transactions stop after Prepare, as
                                          if the broker crashed there; a restart completes them, clear writes them
    POST /faults/disk-full                {"error": "ENOSPC" | "EIO", "allow_bytes"}   writes fail (EIO: fsyncs
                                          too) once allow_bytes more are written: appends answer KAFKA_STORAGE_ERROR
    POST /faults/disk-free                space returns: writes resume ({"refused": writes and fsyncs refused})
    POST /faults/hold-coordinator-loads   {"key_type": "group" | "transaction"}   coordinator partitions moved from
                                          now on stay loading (COORDINATOR_LOAD_IN_PROGRESS) until /faults/clear
    POST /faults/pause, /faults/resume, /faults/clear

Several brokers (``brokers`` > 1, issue 34; with one broker the same routes describe and refuse as one would)::

    GET  /cluster                         {"cluster_id", "controller", "brokers": [{"node_id", "host", "port",
                                          "state": "up" | "down"}]}
    POST /cluster/brokers/{id}/stop       its listeners and connections close, its leaderships move: the broker
    POST /cluster/brokers/{id}/start      back on the same ports, leading nothing until moved: the broker
    POST /cluster/leaders       {"topic", "partition", "node_id"}   {"topic", "partition", "leader", "leader_epoch"}
    POST /cluster/coordinators  {"key", "key_type": "group" | "transaction", "node_id"}   moves the leader of the
                                          internal partition holding key; answered once the old broker resigned
    GET  /cluster/leaders?topic=T         {"partitions": [{"topic", "partition", "leader", "leader_epoch",
                                          "replicas", "isr", "offline"}]}
    GET  /cluster/leaders/{topic}/{partition}/wait?node_id=N&timeout=10      long poll until N leads it (408)
    GET  /cluster/coordinators/{key}?key_type=group   {"key", "key_type", "topic", "partition", "node_id",
                                          "leader_epoch", "loaded_on"}
    GET  /cluster/coordinators/{key}/wait?key_type=group&node_id=N&timeout=10   long poll until loaded on N (408)
    errors: 404 unknown broker, topic, partition or key type; 409 target broker down; 400 a malformed body

With ``admin.faults.enable=false`` every POST /faults/*, /cluster/*, /reset, /acls and /users answers 403 (the
endpoint is read-only).
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import structlog

from kaflite.broker.admin_errors import HttpError, WaitTimeout
from kaflite.broker.admin_ops import AdminOps
from kaflite.broker.http_connection import EventStream, HttpConnections, Raw, Request, json_answer
from kaflite.broker.listening import listen

log = structlog.get_logger("kaflite.admin_http")

_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
_GROUP = re.compile(r"^/groups/([^/]+)$")
_WAIT = re.compile(r"^/groups/([^/]+)/wait$")
_EPOCHS = re.compile(r"^/groups/([^/]+)/epochs$")
_SHARE_OFFSETS = re.compile(r"^/groups/([^/]+)/share-offsets$")
_SHARE_PARTITIONS = re.compile(r"^/groups/([^/]+)/share-partitions$")
_BROKER_ACTION = re.compile(r"^/cluster/brokers/([^/]+)/(stop|start)$")
_COORDINATOR = re.compile(r"^/cluster/coordinators/([^/]+)$")
_COORDINATOR_WAIT = re.compile(r"^/cluster/coordinators/([^/]+)/wait$")
_LEADER_WAIT = re.compile(r"^/cluster/leaders/([^/]+)/([^/]+)/wait$")

Handler = Callable[[dict[str, Any]], Awaitable[Any]]
#: A GET route's handler: (path, query) in; a JSON-able value, a ``Raw`` or an ``EventStream`` out.
GetHandler = Callable[[str, dict[str, str]], Awaitable[Any]]


def _opt_int(v: Any) -> int | None:
    return None if v is None or v == "" else int(v)


def _opt_float(v: Any) -> float | None:
    return None if v is None or v == "" else float(v)


def _whole(v: Any, name: str) -> int:
    """A body's or query's integer field: an int or its digits, never a bool or a fraction (400 otherwise)."""
    if isinstance(v, bool) or not (isinstance(v, int) or (isinstance(v, str) and v.strip().lstrip("-").isdigit())):
        raise ValueError(f"{name} must be an integer, not {v!r}")
    return int(v)


def _text(v: Any, name: str) -> str:
    if not isinstance(v, str) or not v:
        raise ValueError(f"{name} must be a non-empty string, not {v!r}")
    return v


class AdminHttpServer:
    """The admin endpoint's routes, served by ``HttpConnections`` on the broker's loop."""

    def __init__(self, ops: AdminOps) -> None:
        self.ops = ops
        self.server: asyncio.base_events.Server | None = None
        self.port = -1
        self.connections = HttpConnections(self._respond)
        o = self.ops

        def act(fn: Callable[[dict[str, Any]], Any]) -> Handler:
            async def run(args: dict[str, Any]) -> Any:
                result = fn(args)
                if asyncio.iscoroutine(result):
                    result = await result
                return result
            return run

        #: Extra GET routes by exact path, and by path prefix (longest first): how /metrics and the console plug in.
        self.gets: dict[str, GetHandler] = {}
        self.get_prefixes: list[tuple[str, GetHandler]] = []
        self.posts: dict[str, Handler] = {
            "/reset": act(lambda a: o.reset()),
            "/topics": act(lambda a: {"name": o.create_topic(a["name"], int(a.get("partitions", 1)),
                                                               a.get("configs"))}),
            "/faults/drop-responses": act(lambda a: o.drop_responses(
                a["api"], a.get("group"), _opt_int(a.get("count", 1)), _opt_float(a.get("seconds")),
                a.get("member_id"), int(a.get("skip") or 0))),
            "/faults/delay-responses": act(lambda a: o.delay_responses(
                a["api"], a.get("group"), int(a.get("delay_ms", 1000)), _opt_int(a.get("count")),
                _opt_float(a.get("seconds")), a.get("member_id"), int(a.get("skip") or 0))),
            "/faults/fail-requests": act(lambda a: o.fail_requests(
                a["api"], a.get("group"), _opt_int(a.get("count", 1)), _opt_float(a.get("seconds")),
                a.get("member_id"), int(a.get("skip") or 0), bool(a.get("awaited", False)))),
            "/faults/fail-coordinator": act(lambda a: o.fail_coordinator(
                a.get("error", "NOT_COORDINATOR"), float(a.get("seconds", 1.0)), a.get("group"))),
            "/faults/drop-member-connections": act(lambda a: {"connections": o.drop_member_connections(
                a["group"], a["member_id"])}),
            "/faults/expire-member": act(lambda a: {"expired": o.expire_member(a["group"], a["member_id"])}),
            "/faults/fence-member": act(lambda a: {"fenced": o.fence_member(a["group"], a["member_id"])}),
            "/faults/expire-share-locks": act(lambda a: _released(o.expire_share_locks(a["group"],
                                                                                      a.get("member_id")))),
            "/faults/time-out-transaction": act(lambda a: {"timed_out": o.time_out_transaction(
                a["transactional_id"])}),
            "/faults/hold-txn-markers": act(lambda a: o.hold_txn_markers(a.get("transactional_id"))),
            "/faults/disk-full": act(lambda a: o.fill_disk(a.get("error") or "ENOSPC",
                                                           int(a.get("allow_bytes") or 0))),
            "/faults/disk-free": act(lambda a: o.free_disk()),
            "/faults/hold-coordinator-loads": act(lambda a: o.hold_coordinator_loads(
                _text(a.get("key_type", "group"), "key_type"))),
            "/acls": act(lambda a: o.create_acls(a["acls"])),
            "/users": act(lambda a: o.add_scram_user(a["name"], a["password"], list(a["mechanisms"]),
                                                     int(a.get("iterations", 4096)))),
            "/cluster/leaders": act(lambda a: o.move_leader(_text(a["topic"], "topic"),
                                                            _whole(a["partition"], "partition"),
                                                            _whole(a["node_id"], "node_id"))),
            "/cluster/coordinators": act(lambda a: o.move_coordinator(_text(a["key"], "key"),
                                                                      _text(a.get("key_type", "group"), "key_type"),
                                                                      _whole(a["node_id"], "node_id"))),
            "/faults/pause": act(lambda a: o.pause()),
            "/faults/resume": act(lambda a: o.resume()),
            "/faults/clear": act(lambda a: o.clear()),
        }

    def add_get(self, path: str, handler: GetHandler, prefix: bool = False) -> None:
        """Serve GET ``path`` (or every path under it with ``prefix``) with ``handler``."""
        if prefix:
            self.get_prefixes.append((path, handler))
            self.get_prefixes.sort(key=lambda e: -len(e[0]))
        else:
            self.gets[path] = handler

    async def start(self, port: int) -> int:
        self.server = await listen(functools.partial(asyncio.start_server, self.connections.serve), "127.0.0.1", port)
        self.port = self.server.sockets[0].getsockname()[1]
        log.info("admin endpoint serving", url=f"http://127.0.0.1:{self.port}")
        return self.port

    def close(self) -> None:
        """Stop listening and drop open connections (long polls and event streams included)."""
        if self.server is not None:
            self.server.close()
            self.server = None
        self.connections.close()

    async def _respond(self, request: Request) -> Raw | EventStream:
        """The answer to one request: a route's, or a JSON error (never an exception: the broker stays up)."""
        method, target = request.method, request.target
        if (refused := self._foreign(request.headers)) is not None:
            log.warning("admin request refused", method=method, target=target, reason=refused)
            return json_answer(403, {"error": refused}, close=True)
        try:
            status, payload = 200, await self._route(method, target, request.body)
        except HttpError as e:
            status, payload = e.status, e.body
        except WaitTimeout as e:
            status, payload = 408, {"error": str(e), "last": e.last}
        except (KeyError, ValueError, TypeError) as e:
            status, payload = 400, {"error": f"bad request: {e!r}"}
        except Exception as e:  # an admin call must never take the broker down
            log.exception("admin request failed", method=method, target=target)
            status, payload = 500, {"error": repr(e)}
        if isinstance(payload, Raw | EventStream):
            return payload
        return json_answer(status, payload if isinstance(payload, dict) else {"result": payload})

    def _foreign(self, headers: dict[str, str]) -> str | None:
        """Why a request must be refused as coming from a web page of another site, or None.

        The endpoint is on 127.0.0.1 with no authentication, and POST /reset or /faults/* changes the
        broker; any page in the developer's browser can send a request here (a form post needs no CORS
        preflight), or reach it under its own host name by DNS rebinding. Browsers say where a request
        comes from (Origin) and which host it was for (Host): only this endpoint's own origin is
        served. Clients that are not browsers (curl, kaflite ctl, Java's HttpClient, Node's fetch)
        send no Origin and the address they connected to as Host.

        A script, image or frame another site's page includes is sent without Origin: browsers mark it
        ``Sec-Fetch-Site: cross-site`` (or same-site: another port of this host). It is refused too (the
        console's first paint is a script), except a link followed to open the console itself."""
        host = headers.get("host")
        if host is not None and host.rpartition(":")[0].lower() not in _LOOPBACK_NAMES:
            return f"Host {host!r} is not this loopback endpoint (DNS rebinding is refused)"
        site = headers.get("sec-fetch-site", "").lower()
        if site in ("cross-site", "same-site") and not (headers.get("sec-fetch-mode", "").lower() == "navigate"
                                                        and headers.get("sec-fetch-dest", "").lower() == "document"):
            return f"requests a page of another site includes (Sec-Fetch-Site: {site}) are refused"
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in {f"http://{name}:{self.port}" for name in _LOOPBACK_NAMES}:
            return f"requests from web pages of other origins ({origin}) are refused"
        return None

    async def _route(self, method: str, target: str, body: bytes) -> Any:
        url = urlsplit(target)
        path = url.path.rstrip("/") or "/"
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        o = self.ops
        if method in ("GET", "HEAD"):
            if (extra := self.gets.get(path)) is not None:
                return await extra(path, query)
            for pre, extra in self.get_prefixes:
                if path.startswith(pre):
                    return await extra(path, query)
            if path == "/health":
                return o.info()
            if path == "/groups":
                return {"groups": o.groups()}
            if path == "/transactions":
                return {"transactions": o.transactions()}
            if path == "/acls":
                return {"acls": o.acls()}
            if path.startswith("/cluster"):
                return await self._cluster_get(path, query)
            if path.startswith("/transactions/"):
                tid = unquote(path[len("/transactions/"):])
                tx = o.transaction(tid)
                if tx is None:
                    raise HttpError(404, f"no transactional id {tid!r}")
                return tx
            if m := _WAIT.match(path):
                return await o.wait_for_group(unquote(m.group(1)), state=query.get("state", "Stable") or None,
                                              members=_opt_int(query.get("members")),
                                              generation=_opt_int(query.get("generation")),
                                              timeout=float(query.get("timeout", 30)),
                                              epoch=_opt_int(query.get("epoch")))
            if m := _EPOCHS.match(path):
                return {"group_id": unquote(m.group(1)), "events": o.group_epochs(unquote(m.group(1)))}
            if m := _SHARE_OFFSETS.match(path):
                return {"group_id": unquote(m.group(1)), "offsets": await o.share_group_offsets(unquote(m.group(1)))}
            if m := _SHARE_PARTITIONS.match(path):
                return {"group_id": unquote(m.group(1)), "partitions": o.share_partitions(unquote(m.group(1)))}
            if m := _GROUP.match(path):
                g = o.group(unquote(m.group(1)))
                if g is None:
                    raise HttpError(404, f"no group {unquote(m.group(1))!r}")
                return g
            raise HttpError(404, f"no route GET {path}")
        if method == "POST":
            action = _BROKER_ACTION.match(path)
            handler = self.posts.get(path)
            if handler is None and action is None:
                raise HttpError(404, f"no route POST {path}")
            changes = path in ("/reset", "/acls", "/users") or path.startswith(("/faults/", "/cluster/"))
            if changes and not o.faults_enabled:
                raise HttpError(403, f"POST {path} is refused: this broker runs with admin.faults.enable=false")
            try:
                args = json.loads(body) if body.strip() else {}
            except ValueError as exc:
                raise HttpError(400, f"the body is not JSON: {exc}") from None
            if not isinstance(args, dict):
                raise HttpError(400, "the body must be a JSON object")
            if action is not None:
                node_id = _broker_id(unquote(action.group(1)))
                return await (o.stop_broker(node_id) if action.group(2) == "stop" else o.start_broker(node_id))
            assert handler is not None
            result = await handler(args)
            return {"ok": True} if result is None else result
        raise HttpError(405, f"method {method} not allowed")


    async def _cluster_get(self, path: str, query: dict[str, str]) -> Any:
        """``GET /cluster`` and what it leads to: the partitions' leaders, a key's coordinator, and their waits."""
        o = self.ops
        if path == "/cluster":
            return o.cluster()
        if path == "/cluster/leaders":
            return {"partitions": o.partition_leaders(query.get("topic") or None)}
        if m := _LEADER_WAIT.match(path):
            return await o.wait_for_leader(unquote(m.group(1)), _whole(unquote(m.group(2)), "partition"),
                                           _whole(query["node_id"], "node_id"), float(query.get("timeout", 30)))
        if m := _COORDINATOR_WAIT.match(path):
            return await o.wait_for_coordinator(unquote(m.group(1)), query.get("key_type") or "group",
                                                _whole(query["node_id"], "node_id"), float(query.get("timeout", 30)))
        if m := _COORDINATOR.match(path):
            return o.coordinator(unquote(m.group(1)), query.get("key_type") or "group")
        raise HttpError(404, f"no route GET {path}")


def _broker_id(text: str) -> int:
    """The ``{id}`` of ``/cluster/brokers/{id}/...``: a node id, else no such broker (404)."""
    if not text.lstrip("-").isdigit():
        raise HttpError(404, f"no broker {text!r}: a broker is named by its node id")
    return int(text)


async def _released(pending: Awaitable[int]) -> dict[str, int]:
    return {"released": await pending}


async def start_admin_http(ops: AdminOps, port: int) -> AdminHttpServer:
    server = AdminHttpServer(ops)
    await server.start(port)
    return server
