"""``kaflite ctl``: the admin endpoint from a shell, for test harnesses in any language.

Every command prints the endpoint's JSON answer on stdout (several brokers: ``cluster``, ``stop-broker``,
``start-broker``, ``move-leader``, ``move-coordinator`` and their reads and waits, docs/brokers.md). Exit status:
0 ok, 1 the endpoint refused (bad arguments, no such group or broker, a stopped target), 3 a wait timed out, 4 the
endpoint is unreachable.
Its parser is kaflite/ctl_commands.py's (standard library only: every `kaflite` command's parser is built with it,
and this module, under kaflite.testing, loads the test kit).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO
from urllib.parse import quote, urlencode

from kaflite.testing.admin_client import AdminClient, AdminError, AdminWaitTimeout

EXIT_REFUSED = 1
EXIT_TIMEOUT = 3
EXIT_UNREACHABLE = 4


def _summary(g: dict[str, Any]) -> dict[str, Any]:
    """A group in one line: a consumer or share group shows its epochs and how many members reached the target."""
    out = {"group_id": g["group_id"], "group_type": g.get("group_type", "classic"), "state": g["state"],
           "generation": g["generation"], "members": len(g["members"])}
    if out["group_type"] in ("consumer", "share"):  # epochs: KIP-848 and KIP-932 groups
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
    if c in ("share-offsets", "share-partitions"):
        return client.call("GET", f"/groups/{quote(a.group, safe='')}/{c}")
    if c == "expire-share-locks":
        return client.post("/faults/expire-share-locks", group=a.group, member_id=a.member_id)
    if c == "transactions":
        return {"transactions": client.transactions()}
    if c == "transaction":
        return client.call("GET", f"/transactions/{quote(a.transactional_id, safe='')}")
    if c in ("time-out-transaction", "hold-txn-markers"):
        return client.post(f"/faults/{c}", transactional_id=a.transactional_id)
    if c == "hold-coordinator-loads":
        return client.post("/faults/hold-coordinator-loads", key_type=a.key_type)
    if c == "disk-full":
        return client.post("/faults/disk-full", error=a.error, allow_bytes=a.allow_bytes)
    if c == "clear-faults":
        return client.post("/faults/clear")
    if c in CLUSTER_COMMANDS:
        return _run_cluster(client, a)
    return client.post(f"/faults/{c}")  # pause, resume, disk-free


CLUSTER_COMMANDS = frozenset({"cluster", "stop-broker", "start-broker", "move-leader", "move-coordinator", "leaders",
                              "coordinator", "wait-leader", "wait-coordinator"})


def _run_cluster(client: AdminClient, a: argparse.Namespace) -> Any:
    """Several brokers' commands: the ``/cluster`` routes (docs/brokers.md)."""
    c = a.ctl_command
    if c == "cluster":
        return client.call("GET", "/cluster")
    if c in ("stop-broker", "start-broker"):
        return client.post(f"/cluster/brokers/{a.node_id}/{c.removesuffix('-broker')}")
    if c == "move-leader":
        return client.post("/cluster/leaders", topic=a.topic, partition=a.partition, node_id=a.node_id)
    if c == "leaders":
        return client.call("GET", "/cluster/leaders" + ("" if a.topic is None else "?" + urlencode({"topic": a.topic})))
    if c == "wait-leader":
        return client.call("GET", f"/cluster/leaders/{quote(a.topic, safe='')}/{a.partition}/wait?"
                                  + urlencode({"node_id": a.node_id, "timeout": a.timeout}), timeout=a.timeout + 10)
    key = quote(a.key, safe="")
    if c == "move-coordinator":
        moved = client.post("/cluster/coordinators", key=a.key, key_type=a.key_type, node_id=a.node_id)
        if not a.wait:
            return moved
        c = "wait-coordinator"
    if c == "coordinator":
        return client.call("GET", f"/cluster/coordinators/{key}?" + urlencode({"key_type": a.key_type}))
    assert c == "wait-coordinator", c
    return client.call("GET", f"/cluster/coordinators/{key}/wait?"
                              + urlencode({"key_type": a.key_type, "node_id": a.node_id, "timeout": a.timeout}),
                       timeout=a.timeout + 10)


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
