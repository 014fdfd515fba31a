"""``kaflite ctl``'s parser (kaflite/testing/ctl.py runs the commands): standard library only, so that building
the `kaflite` parser (``kaflite --help``, every command but serve) does not import kaflite.testing, whose package
imports the test kit and the broker."""

from __future__ import annotations

import argparse
import os
from typing import Any

DEFAULT_ADMIN = "127.0.0.1:8092"  # what `make run` serves (--admin-port 8092)


def _kv(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    return name.strip(), value


def add_ctl_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``ctl`` and its commands on the CLI's subparsers."""
    ctl = sub.add_parser("ctl", help="drive a running broker's admin endpoint (groups, waits, faults, brokers)",
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
    so = cmds.add_parser("share-offsets", help="a share group's start offset, leader epoch and lag per share "
                                               "partition (DescribeShareGroupOffsets)")
    so.add_argument("group")
    sp = cmds.add_parser("share-partitions", help="a share group's share partitions loaded on the broker: records "
                                                  "in flight by state, who holds them, delivery counts")
    sp.add_argument("group")
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
                     "expire-member": "expire the member's session now (classic, consumer or share group)",
                     "fence-member": "fence a consumer-group member now (it rejoins at epoch 0)"}
    for name, helptext in member_faults.items():
        m = cmds.add_parser(name, help=helptext)
        m.add_argument("group")
        m.add_argument("member_id")
    locks = cmds.add_parser("expire-share-locks", help="the acquisition locks of a share group's records run out "
                                                       "now (redelivered, delivery count + 1)")
    locks.add_argument("group")
    locks.add_argument("member_id", nargs="?", help="only this member's (default: every member's)")
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
    hl = cmds.add_parser("hold-coordinator-loads", help="coordinators moved from now on stay loading on their new "
                                                         "broker (COORDINATOR_LOAD_IN_PROGRESS) until clear-faults")
    hl.add_argument("--key-type", default="group", choices=("group", "transaction"))
    cmds.add_parser("pause", help="stop answering anything (connections stay open)")
    cmds.add_parser("resume", help="answer again; queued requests are handled in order")
    cmds.add_parser("clear-faults", help="remove every fault and resume")
    _add_cluster_commands(cmds)
    return ctl


KEY_TYPES = ("group", "transaction")


def _add_cluster_commands(cmds: Any) -> None:
    """Several brokers (``serve --brokers N``): the admin endpoint's ``/cluster`` routes (docs/brokers.md)."""
    cmds.add_parser("cluster", help="the brokers (node id, address, up or down), the controller, the cluster id")
    for name, helptext in (("stop-broker", "stop a broker: its listener and connections close, its leaderships "
                                           "move to live brokers"),
                           ("start-broker", "start a stopped broker again on its port (it leads nothing until "
                                            "moved back)")):
        b = cmds.add_parser(name, help=helptext)
        b.add_argument("node_id", type=int, metavar="N")
    ml = cmds.add_parser("move-leader", help="make broker N the partition's leader (next leader epoch)")
    ml.add_argument("topic")
    ml.add_argument("partition", type=int)
    ml.add_argument("node_id", type=int, metavar="N")
    mc = cmds.add_parser("move-coordinator", help="make broker N the coordinator of a group or transactional id "
                                                  "(moves the leader of the internal partition holding it)")
    mc.add_argument("key", help="a group id, or a transactional id with --key-type transaction")
    mc.add_argument("node_id", type=int, metavar="N")
    mc.add_argument("--key-type", default="group", choices=KEY_TYPES)
    mc.add_argument("--wait", action="store_true", help="also wait until the new coordinator has loaded it")
    mc.add_argument("--timeout", type=float, default=30.0, help="seconds for --wait (default 30)")
    ls = cmds.add_parser("leaders", help="every partition's leader, leader epoch, replicas and in-sync replicas")
    ls.add_argument("--topic", help="only this topic's partitions")
    co = cmds.add_parser("coordinator", help="who coordinates a key: its internal partition, leader, loaded on")
    co.add_argument("key")
    co.add_argument("--key-type", default="group", choices=KEY_TYPES)
    wl = cmds.add_parser("wait-leader", help="block until broker N leads the partition")
    wl.add_argument("topic")
    wl.add_argument("partition", type=int)
    wl.add_argument("node_id", type=int, metavar="N")
    wl.add_argument("--timeout", type=float, default=30.0, help="seconds (default 30)")
    wc = cmds.add_parser("wait-coordinator", help="block until the key's coordinator is loaded on broker N")
    wc.add_argument("key")
    wc.add_argument("node_id", type=int, metavar="N")
    wc.add_argument("--key-type", default="group", choices=KEY_TYPES)
    wc.add_argument("--timeout", type=float, default=30.0, help="seconds (default 30)")
