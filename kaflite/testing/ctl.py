"""``kaflite ctl``: the admin endpoint from a shell, for test harnesses in any language.

Every command prints the endpoint's JSON answer on stdout. Exit status: 0 ok, 1 the endpoint
refused (bad arguments, no such group), 3 a wait timed out, 4 the endpoint is unreachable.
Lives here rather than in ``kaflite.cli`` so that the CLI only wires it in (one parser call,
one dispatch line) and ``kaflite ctl`` imports nothing but the standard library.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, TextIO
from urllib.parse import quote

from kaflite.testing.admin_client import AdminClient, AdminError, AdminWaitTimeout

EXIT_REFUSED = 1
EXIT_TIMEOUT = 3
EXIT_UNREACHABLE = 4
DEFAULT_ADMIN = "127.0.0.1:8092"  # what `make run` serves (--admin-port 8092)


def _kv(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    return name.strip(), value


def add_ctl_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``ctl`` and its commands on the CLI's subparsers."""
    ctl = sub.add_parser("ctl", help="drive a running broker's admin endpoint (groups, waits, faults)",
                         description="Talk to the admin endpoint of a broker started with --admin-port "
                                     "and print its JSON answer. See docs/testing.md.")
    ctl.add_argument("--admin", metavar="HOST:PORT", default=os.environ.get("KAFLITE_ADMIN") or DEFAULT_ADMIN,
                     help=f"the admin endpoint (default: $KAFLITE_ADMIN, else {DEFAULT_ADMIN}, the one `make run` "
                          "serves)")
    cmds = ctl.add_subparsers(dest="ctl_command", metavar="CMD", required=True)
    cmds.add_parser("health", help="the broker's bootstrap address and state")
    gs = cmds.add_parser("groups", help="group ids")
    gs.add_argument("--long", action="store_true",
                    help="a summary of each group: type, state, generation/epochs, members")
    g = cmds.add_parser("group", help="a group snapshot: state, generation (a consumer group's epochs, member "
                                      "epochs and states, target assignment), members, assignments, offsets, history")
    g.add_argument("group")
    e = cmds.add_parser("epochs", help="a KIP-848 consumer group's history from its records: group epochs, "
                                       "target assignments, joins/leaves, member epochs and states")
    e.add_argument("group")
    w = cmds.add_parser("wait", help="block until the group matches (driven by its transitions)")
    w.add_argument("group")
    w.add_argument("--state", default="Stable", help="Kafka state name; '' = any (default Stable)")
    w.add_argument("--members", type=int)
    w.add_argument("--generation", type=int)
    w.add_argument("--epoch", type=int, help="a consumer group's group epoch (the same number as --generation)")
    w.add_argument("--timeout", type=float, default=30.0, help="seconds (default 30)")
    cmds.add_parser("reset", help="drop every topic, group and offset; connections are aborted")
    t = cmds.add_parser("create-topic", help="create a topic")
    t.add_argument("name")
    t.add_argument("--partitions", type=int, default=1)
    t.add_argument("--config", type=_kv, action="append", default=[], metavar="NAME=VALUE")
    for name, helptext in (("drop-responses", "lose the responses to an API (the request still takes effect)"),
                           ("delay-responses", "answer an API late"),
                           ("fail-requests", "make an API's handler raise: answered with UNKNOWN_SERVER_ERROR")):
        r = cmds.add_parser(name, help=helptext)
        r.add_argument("api", help="Kafka API name (JoinGroup) or key (11)")
        r.add_argument("--group", help="only requests for this group")
        r.add_argument("--count", type=int, default=None if name == "delay-responses" else 1,
                       help="how many responses (drop/fail default 1; delay default unlimited)")
        r.add_argument("--seconds", type=float, help="the rule expires after this many seconds")
        r.add_argument("--member-id", help="only requests from this member")
        r.add_argument("--skip", type=int, default=0, help="let the first N matching responses through")
        if name == "delay-responses":
            r.add_argument("--delay-ms", type=int, required=True)
        if name == "fail-requests":
            r.add_argument("--awaited", action="store_true",
                           help="let the request take effect, then fail the answer it returns")
    f = cmds.add_parser("fail-coordinator", help="answer group APIs and FindCoordinator with an error for a while")
    f.add_argument("--error", default="NOT_COORDINATOR", help="NOT_COORDINATOR or COORDINATOR_LOAD_IN_PROGRESS")
    f.add_argument("--seconds", type=float, default=1.0)
    f.add_argument("--group")
    member_faults = {"drop-member-connections": "abort the member's connections",
                     "expire-member": "expire the member's session now (classic or consumer group)",
                     "fence-member": "fence a consumer-group member now (it rejoins at epoch 0)"}
    for name, helptext in member_faults.items():
        m = cmds.add_parser(name, help=helptext)
        m.add_argument("group")
        m.add_argument("member_id")
    cmds.add_parser("transactions", help="every transactional id: state, producer id/epoch, partitions")
    tx = cmds.add_parser("transaction", help="one transactional id as the coordinator holds it")
    tx.add_argument("transactional_id")
    to = cmds.add_parser("time-out-transaction", help="the id's open transaction times out now (fenced, aborted)")
    to.add_argument("transactional_id")
    hold = cmds.add_parser("hold-txn-markers", help="transactions stop after Prepare, as if the broker crashed "
                                                     "there (a restart completes them, clear-faults writes them)")
    hold.add_argument("transactional_id", nargs="?", help="only this id (default: every id)")
    disk = cmds.add_parser("disk-full", help="writes fail as on a full (ENOSPC) or failing (EIO) disk: produce "
                                             "answers KAFKA_STORAGE_ERROR, reads go on")
    disk.add_argument("--error", default="ENOSPC", choices=("ENOSPC", "EIO"))
    disk.add_argument("--allow-bytes", type=int, default=0, help="let this many more bytes be written first")
    cmds.add_parser("disk-free", help="space returns: writes resume")
    cmds.add_parser("pause", help="stop answering anything (connections stay open)")
    cmds.add_parser("resume", help="answer again; queued requests are handled in order")
    cmds.add_parser("clear-faults", help="remove every fault and resume")
    return ctl


def _summary(g: dict[str, Any]) -> dict[str, Any]:
    """A group in one line: a consumer group shows its epochs and how many members reached the target."""
    out = {"group_id": g["group_id"], "group_type": g.get("group_type", "classic"), "state": g["state"],
           "generation": g["generation"], "members": len(g["members"])}
    if out["group_type"] == "consumer":
        out["epoch"], out["assignment_epoch"] = g.get("epoch"), g.get("assignment_epoch")
        out["reconciled_members"] = sum(1 for m in g["members"] if m.get("member_epoch") == g.get("assignment_epoch")
                                        and m.get("member_state") == "STABLE")
    return out


class NothingDone(Exception):
    """The endpoint answered, but the fault touched nothing (no such group or member): exit 1, saying why."""

    def __init__(self, result: dict[str, Any], message: str) -> None:
        super().__init__(message)
        self.result = result


def _no_member(client: AdminClient, group: str, member_id: str) -> str:
    snapshot = client.group(group)
    if snapshot is None:
        return f"no group {group!r}"
    if not any(m.get("member_id") == member_id for m in snapshot.get("members", [])):
        return f"group {group!r} has no member {member_id!r}"
    return f"member {member_id!r} of group {group!r} has no session to end now"


def _run(client: AdminClient, a: argparse.Namespace) -> Any:
    c = a.ctl_command
    if c == "health":
        return client.health()
    if c == "groups":
        if not a.long:
            return {"groups": client.groups()}
        return {"groups": [_summary(g) for g in map(client.group, client.groups()) if g is not None]}
    if c == "group":
        return client.call("GET", f"/groups/{quote(a.group, safe='')}")
    if c == "epochs":
        return client.call("GET", f"/groups/{quote(a.group, safe='')}/epochs")
    if c == "wait":
        return client.wait_for_group(a.group, a.state or None, a.members, a.generation, a.timeout, a.epoch)
    if c == "reset":
        return client.post("/reset")
    if c == "create-topic":
        return client.post("/topics", name=a.name, partitions=a.partitions, configs=dict(a.config))
    if c == "drop-responses":
        return client.post("/faults/drop-responses", api=a.api, group=a.group, count=a.count, seconds=a.seconds,
                           member_id=a.member_id, skip=a.skip)
    if c == "delay-responses":
        return client.post("/faults/delay-responses", api=a.api, group=a.group, delay_ms=a.delay_ms,
                           count=a.count, seconds=a.seconds, member_id=a.member_id, skip=a.skip)
    if c == "fail-requests":
        return client.post("/faults/fail-requests", api=a.api, group=a.group, count=a.count, seconds=a.seconds,
                           member_id=a.member_id, skip=a.skip, awaited=a.awaited)
    if c == "fail-coordinator":
        return client.post("/faults/fail-coordinator", error=a.error, seconds=a.seconds, group=a.group)
    if c in ("drop-member-connections", "expire-member", "fence-member"):
        result = client.post(f"/faults/{c}", group=a.group, member_id=a.member_id)
        if c != "drop-member-connections" and result.get("expired", result.get("fenced")) is False:
            raise NothingDone(result, _no_member(client, a.group, a.member_id))
        return result
    if c == "transactions":
        return {"transactions": client.transactions()}
    if c == "transaction":
        return client.call("GET", f"/transactions/{quote(a.transactional_id, safe='')}")
    if c in ("time-out-transaction", "hold-txn-markers"):
        return client.post(f"/faults/{c}", transactional_id=a.transactional_id)
    if c == "disk-full":
        return client.post("/faults/disk-full", error=a.error, allow_bytes=a.allow_bytes)
    if c == "clear-faults":
        return client.post("/faults/clear")
    return client.post(f"/faults/{c}")  # pause, resume


def run_ctl(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    client = AdminClient(args.admin)
    try:
        result = _run(client, args)
    except AdminWaitTimeout as e:
        out.write(json.dumps({"error": str(e), "last": e.last}, indent=2) + "\n")
        return EXIT_TIMEOUT
    except AdminError as e:
        out.write(json.dumps(e.body, indent=2) + "\n")
        return EXIT_REFUSED
    except NothingDone as e:
        out.write(json.dumps(e.result, indent=2) + "\n")
        print(f"kaflite ctl: {args.ctl_command}: {e}", file=sys.stderr)
        return EXIT_REFUSED
    except OSError as e:
        print(f"kaflite ctl: cannot reach the admin endpoint at {client.address}: {e}", file=sys.stderr)
        return EXIT_UNREACHABLE
    out.write(json.dumps(result, indent=2) + "\n")
    return 0
