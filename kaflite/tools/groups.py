"""``kaflite groups``: kafka-consumer-groups.sh (list, describe, reset-offsets, delete) with its layouts.

The tables are Kafka's printf formats column for column (ConsumerGroupCommand.java: printOffsets,
printMembers, printStates, printOffsetsToReset), so eyes and scripts used to the JVM tool read them as they
are; ``--json`` gives the same values as data.
"""

from __future__ import annotations

import argparse
import re
import sys
import time as _time
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any, TextIO

from kaflite.tools import admin
from kaflite.tools.admin import TP, GroupDescription
from kaflite.tools.client import Client, ToolError, UsageError, client_for
from kaflite.tools.output import column_widths, dump_json, format_row

MISSING = "-"


def _pad(s: object, width: int) -> str:
    """Java's ``%-Ns``."""
    return f"{s!s:<{width}}"


# -- list -----------------------------------------------------------------------------------------------


def cmd_list(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    states = _states(args.state) if args.state else []
    types = [t.strip().lower() for t in args.type.split(",")] if args.type else []
    if any(t not in ("classic", "consumer") for t in types):  # consumerGroupTypesFromString: share groups are
        raise UsageError(f"Invalid types list '{args.type}'. Valid types are: Classic, Consumer")  # share-groups'
    groups = admin.list_consumer_groups(client, states)
    if types:
        groups = [g for g in groups if (g.type or "classic") in types]
    if args.json:
        dump_json([{"group": g.group_id, "type": g.type or "classic", "state": g.state or None,
                    "protocol_type": g.protocol_type} for g in groups], out)
        return 0
    if args.state is None and args.type is None:
        for g in groups:
            out.write(g.group_id + "\n")
        return 0
    width = max([15, *(len(g.group_id) for g in groups)]) + 10
    header, cols = ["GROUP"], [lambda g: g.group_id]
    fmt = [width]
    if args.type is not None:
        header.append("TYPE")
        cols.append(lambda g: (g.type or "classic").capitalize())  # Kafka's GroupType names: Classic, Consumer
        fmt.append(20)
    if args.state is not None:
        header.append("STATE")
        cols.append(lambda g: g.state or "Unknown")
        fmt.append(20)
    rows = [[c(g) for c in cols] for g in groups]
    widths = column_widths(header, rows, fmt)
    out.write(format_row(header, widths, pad_last=True) + "\n")
    out.writelines(format_row(r, widths, pad_last=True) + "\n" for r in rows)  # "%-Ns %-20s", as Kafka's
    return 0


def _states(text: str) -> list[str]:
    by_lower = {s.lower(): s for s in admin.GROUP_STATES}
    out = []
    for s in text.split(","):
        state = by_lower.get(s.strip().lower())
        if state is None:
            raise UsageError(f"Invalid state list '{text}'. Valid states are: {', '.join(admin.GROUP_STATES)}")
        out.append(state)
    return out


# -- describe -------------------------------------------------------------------------------------------


def _offset_rows(client: Client, d: GroupDescription) -> list[dict[str, Any]]:
    """Kafka's collectGroupsOffsets: assigned partitions by member (most partitions first), then committed
    partitions nobody owns; lag is log-end minus committed, unknown without a commit."""
    committed = admin.committed_offsets(client, d.group_id)
    rows: list[dict[str, Any]] = []
    assigned: set[TP] = set()
    owners = [m for m in d.members if m.assignment]
    owners.sort(key=lambda m: len(m.assignment), reverse=True)
    for m in owners:
        for tp in sorted(m.assignment):
            assigned.add(tp)
            rows.append({"topic": tp[0], "partition": tp[1], "consumer_id": m.member_id, "host": m.host,
                         "client_id": m.client_id})
    for tp in sorted(set(committed) - assigned):
        rows.append({"topic": tp[0], "partition": tp[1], "consumer_id": None, "host": None, "client_id": None})
    ends = admin.list_offsets(client, {(r["topic"], r["partition"]): admin.LATEST for r in rows}) if rows else {}
    for r in rows:
        tp = (r["topic"], r["partition"])
        end = ends.get(tp)
        r["current_offset"] = committed.get(tp)
        r["log_end_offset"] = end.offset if end is not None and end.error is None else None
        cur, leo = r["current_offset"], r["log_end_offset"]
        r["lag"] = leo - cur if cur is not None and cur != -1 and leo is not None else None
    return rows


def _state_notice(d: GroupDescription, err: TextIO, out: TextIO) -> bool:
    """Kafka's shouldPrintMemberState: a note on stderr for an empty or rebalancing group; False if Dead."""
    if d.state == "Dead":
        out.write(f"\nError: Consumer group '{d.group_id}' does not exist.\n")
        return False
    if d.state == "Empty":
        err.write(f"\nConsumer group '{d.group_id}' has no active members.\n")
    elif d.state in ("PreparingRebalance", "CompletingRebalance", "Assigning", "Reconciling"):
        err.write(f"\nWarning: Consumer group '{d.group_id}' is rebalancing.\n")
    return True


def print_offsets(d: GroupDescription, rows: list[dict[str, Any]], out: TextIO, err: TextIO) -> None:
    if not _state_notice(d, err, out) or not rows:
        return
    def s(v: object) -> str:
        return MISSING if v is None else str(v)
    header = ["GROUP", "TOPIC", "PARTITION", "CURRENT-OFFSET", "LOG-END-OFFSET", "LAG", "CONSUMER-ID", "HOST",
              "CLIENT-ID"]
    cells = [[d.group_id, r["topic"], r["partition"], s(r["current_offset"]), s(r["log_end_offset"]), s(r["lag"]),
              s(r["consumer_id"]), s(r["host"]), s(r["client_id"])] for r in rows]
    widths = column_widths(header, cells, [15, 15, 10, 15, 15, 15, 15, 15, 0])  # ConsumerGroupCommand's
    out.writelines("\n" + format_row(c, widths) for c in [header, *cells])
    out.write("\n\n")


def _verbose_assignment(pairs: list[TP]) -> str:
    if not pairs:
        return MISSING
    by_topic: dict[str, list[int]] = {}
    for t, p in pairs:
        by_topic.setdefault(t, []).append(p)
    return ", ".join(sorted(f"{t}({','.join(str(p) for p in sorted(ps))})" for t, ps in by_topic.items()))


def print_members(d: GroupDescription, verbose: bool, out: TextIO, err: TextIO) -> None:
    if not _state_notice(d, err, out):
        return
    ms = d.members
    gw = max([15, len(d.group_id)])
    cw = max([15, *(len(m.member_id) for m in ms)])
    iw = max([17, *(len(m.group_instance_id or "") for m in ms)])
    hw = max([15, *(len(m.host) for m in ms)])
    lw = max([15, *(len(m.client_id) for m in ms)])
    with_instance = any(m.group_instance_id for m in ms)

    def cells(group: str, cid: str, iid: str, host: str, client: str, n: object) -> str:
        instance = f"{_pad(iid, iw)} " if with_instance else ""
        return f"{_pad(group, gw)} {_pad(cid, cw)} {instance}{_pad(host, hw)} {_pad(client, lw)} {_pad(n, 15)} "

    out.write("\n" + cells("GROUP", "CONSUMER-ID", "GROUP-INSTANCE-ID", "HOST", "CLIENT-ID", "#PARTITIONS"))
    out.write(("ASSIGNMENT" if verbose else "") + "\n")
    for m in ms:
        out.write(cells(d.group_id, m.member_id, m.group_instance_id or "", m.host, m.client_id, len(m.assignment)))
        out.write((_verbose_assignment(m.assignment) if verbose else "") + "\n")


def print_state(d: GroupDescription, out: TextIO, err: TextIO) -> None:
    if not _state_notice(d, err, out):
        return
    node, host, port = d.coordinator
    coordinator = f"{host}:{port}  ({node})"
    header = ["GROUP", "COORDINATOR (ID)", "ASSIGNMENT-STRATEGY", "STATE", "#MEMBERS"]
    row = [d.group_id, coordinator, d.assignor, d.state, len(d.members)]
    # Kafka's widths (it sizes the GROUP column by the coordinator's text, so a long group id overflows there)
    widths = column_widths(header, [row], [25, 25, 20, 15, 0])
    out.write("\n" + format_row(header, widths) + "\n" + format_row(row, widths) + "\n")


def describe_json(d: GroupDescription, rows: list[dict[str, Any]] | None) -> dict[str, Any]:
    node, host, port = d.coordinator
    out: dict[str, Any] = {
        "group": d.group_id, "type": d.type, "state": d.state, "protocol_type": d.protocol_type,
        "assignment_strategy": d.assignor, "coordinator": {"id": node, "host": host, "port": port},
        "group_epoch": d.group_epoch, "assignment_epoch": d.assignment_epoch,
        "members": [{**{k: v for k, v in asdict(m).items() if k not in ("assignment", "target_assignment")},
                     "partitions": len(m.assignment),
                     "assignment": [list(tp) for tp in m.assignment],
                     "target_assignment": (None if m.target_assignment is None
                                           else [list(tp) for tp in m.target_assignment])}
                    for m in d.members],
    }
    if rows is not None:
        out["offsets"] = rows
    return out


def cmd_describe(client: Client, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    groups = [g.group_id for g in admin.list_consumer_groups(client)] if args.all_groups else args.group
    if not groups:
        raise UsageError("Option --describe needs --group or --all-groups")
    want_offsets = args.offsets or not (args.members or args.state)
    docs = []
    status = 0
    for group in sorted(groups):
        d = admin.describe_group(client, group)
        if d.state == "Dead":
            status = 1
        rows = _offset_rows(client, d) if (want_offsets or args.json) and d.state != "Dead" else []
        if args.json:
            docs.append(describe_json(d, rows))
        elif want_offsets:
            print_offsets(d, rows, out, err)
        elif args.members:
            print_members(d, args.verbose, out, err)
        else:
            print_state(d, out, err)
    if args.json:
        dump_json(docs, out)
    return status


# -- reset-offsets --------------------------------------------------------------------------------------


def parse_datetime(text: str) -> int:
    """Kafka's Utils.getDateTime: ``YYYY-MM-DDTHH:mm:SS.sss`` with an optional zone (UTC without one)."""
    if "T" not in text:
        raise UsageError("Error parsing timestamp. It does not contain a 'T' according to ISO8601 format")
    time_part = text.partition("T")[2]
    if not any(c in time_part for c in "+-Z"):
        text += "Z"
    try:
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"Error parsing timestamp {text!r}: expected YYYY-MM-DDTHH:mm:SS.sss") from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return int(dt.timestamp() * 1000)


def topic_args(values: list[str]) -> tuple[list[TP], list[str]]:
    """Kafka's --topic values (ResetOffsets of kafka-consumer-groups.sh and kafka-share-groups.sh): ``t:0,1`` names
    partitions, ``t`` the whole topic. (the named partitions, the whole topics)."""
    explicit: list[TP] = []
    whole: list[str] = []
    for arg in values:
        if ":" in arg:
            topic, _, parts = arg.partition(":")
            try:
                explicit += [(topic, int(p)) for p in parts.split(",")]
            except ValueError:
                raise UsageError(f"Invalid topic arg '{arg}', expected topic name and partitions") from None
        else:
            whole.append(arg)
    return explicit, whole


def _partitions_to_reset(client: Client, args: argparse.Namespace, group: str) -> list[TP]:
    if args.all_topics:
        return sorted(admin.committed_offsets(client, group))
    explicit, whole = topic_args(args.topic)
    if whole:
        for name, t in client.topic_partitions(whole).items():
            explicit += [(name, p) for p in sorted(t.partitions)]
    return sorted(set(explicit))


def _clamp(client: Client, requested: dict[TP, int], err: TextIO) -> dict[TP, int]:
    """Kafka's checkOffsetsRange: an offset past the log end or before the log start is moved to it."""
    starts = admin.offsets_or_fail(client, dict.fromkeys(requested, admin.EARLIEST))
    ends = admin.offsets_or_fail(client, dict.fromkeys(requested, admin.LATEST))
    out = {}
    for tp, o in requested.items():
        if o > ends[tp]:
            err.write(f"WARN: New offset ({o}) is higher than latest offset for topic partition {tp[0]}-{tp[1]}. "
                      f"Value will be set to {ends[tp]}\n")
            o = ends[tp]
        elif o < starts[tp]:
            err.write(f"WARN: New offset ({o}) is lower than earliest offset for topic partition {tp[0]}-{tp[1]}. "
                      f"Value will be set to {starts[tp]}\n")
            o = starts[tp]
        out[tp] = o
    return out


def plan_reset(client: Client, args: argparse.Namespace, group: str, err: TextIO) -> dict[TP, int]:
    parts = _partitions_to_reset(client, args, group)
    if not parts:
        return {}
    if args.to_offset is not None:
        return _clamp(client, dict.fromkeys(parts, args.to_offset), err)
    if args.to_earliest:
        return admin.offsets_or_fail(client, dict.fromkeys(parts, admin.EARLIEST))
    if args.to_latest:
        return admin.offsets_or_fail(client, dict.fromkeys(parts, admin.LATEST))
    if args.shift_by is not None:
        current = admin.committed_offsets(client, group)
        missing = [tp for tp in parts if tp not in current]
        if missing:
            t, p = missing[0]
            raise ToolError(f"Cannot shift offset for partition {t}-{p} since there is no current committed offset")
        return _clamp(client, {tp: current[tp] + args.shift_by for tp in parts}, err)
    if args.to_current:
        current = admin.committed_offsets(client, group)
        ends = admin.offsets_or_fail(client, {tp: admin.LATEST for tp in parts if tp not in current})
        return {tp: current.get(tp, ends.get(tp, 0)) for tp in parts}
    timestamp = parse_datetime(args.to_datetime) if args.to_datetime else None
    if args.by_duration:
        timestamp = int(_time.time() * 1000) - _parse_duration_ms(args.by_duration)
    assert timestamp is not None
    listed = admin.list_offsets(client, dict.fromkeys(parts, timestamp))
    out: dict[TP, int] = {}
    empty = []
    for tp in parts:
        lo = listed[tp]
        if lo.error:
            raise ToolError(f"Error getting offset by timestamp of topic partition: {tp[0]}-{tp[1]} ({lo.error})")
        if lo.offset == -1:
            empty.append(tp)
            err.write(f"\nWarn: Partition {tp[1]} from topic {tp[0]} is empty. Falling back to latest known offset.\n")
        else:
            out[tp] = lo.offset
    if empty:
        out.update(admin.offsets_or_fail(client, dict.fromkeys(empty, admin.LATEST)))
    return out


def _parse_duration_ms(text: str) -> int:
    """ISO-8601 durations as Java's Duration.parse takes them: PnDTnHnMn.nS."""
    m = re.fullmatch(r"P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?", text.strip().upper())
    if not m or text.strip().upper() in ("P", "PT"):
        raise UsageError(f"Text cannot be parsed to a Duration: {text}")
    d, h, mi, s = (float(x) if x else 0.0 for x in m.groups())
    return int(((d * 24 + h) * 60 + mi) * 60_000 + s * 1000)


def cmd_reset(client: Client, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not (args.all_topics or args.topic):
        raise UsageError("One of the reset scopes should be defined: --all-topics, --topic.")
    if not args.dry_run and not args.execute:
        err.write("WARN: No action will be performed as the --execute option is missing. In a future major "
                  "release, the default behavior of this command will be to prompt the user before executing "
                  "the reset rather than doing a dry run. You should add the --dry-run option explicitly if you "
                  "are scripting this command and want to keep the current default behavior without prompting.\n")
    groups = [g.group_id for g in admin.list_consumer_groups(client)] if args.all_groups else args.group
    if not groups:
        raise UsageError("Option --reset-offsets needs --group or --all-groups")
    plans: dict[str, dict[TP, int]] = {}
    refused: dict[str, str] = {}
    status = 0
    for group in groups:
        d = admin.describe_group(client, group)
        if d.state not in ("Empty", "Dead"):
            refused[group] = d.state
            if not args.json:
                out.write(f"\nError: Assignments can only be reset if the group '{group}' is inactive, but the "
                          f"current state is {d.state}.\n")
            plans[group] = {}
            status = 1
            continue
        plan = plan_reset(client, args, group, err)
        if args.execute and plan:
            errors = {tp: e for tp, e in admin.commit_offsets(client, group, plan).items() if e}
            if errors:
                (t, p), e = next(iter(errors.items()))
                raise ToolError(f"OffsetCommit of {group!r} for {t}-{p} failed: {e}")
        plans[group] = plan
    if args.json:
        dump_json({"executed": bool(args.execute),
                   "groups": [{"group": g, "refused_state": refused.get(g),
                               "offsets": [{"topic": t, "partition": p, "offset": o}
                                           for (t, p), o in sorted(plan.items())]}
                              for g, plan in plans.items()]}, out)
        return status

    header = ["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"]
    rows = [[g, t, p, o] for g, plan in plans.items() for (t, p), o in sorted(plan.items())]
    widths = column_widths(header, rows, [30, 30, 10, 15])  # printOffsetsToReset's "%-30s %-30s %-10s %-15s"
    if plans:
        out.write("\n" + format_row(header, widths, pad_last=True))
    out.writelines("\n" + format_row(r, widths, pad_last=True) for r in rows)
    out.write("\n")
    return status


# -- delete ---------------------------------------------------------------------------------------------


def cmd_delete(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    groups = [g.group_id for g in admin.list_consumer_groups(client)] if args.all_groups else args.group
    if not groups:
        raise UsageError("Option --delete needs --group or --all-groups")
    results = {g: admin.delete_group(client, g) for g in groups}
    if args.json:
        dump_json([{"group": g, "error": e} for g, e in results.items()], out)
        return 0 if not any(results.values()) else 1
    ok = [g for g, e in results.items() if e is None]
    failed = {g: e for g, e in results.items() if e is not None}
    if not failed:
        out.write(f"Deletion of requested consumer groups ('{', '.join(ok)}') was successful.\n")
        return 0
    out.write("\nError: Deletion of some consumer groups failed:\n")
    for g, e in failed.items():
        out.write(f"* Group '{g}' could not be deleted due to: {_delete_error(e)}\n")
    if ok:
        out.write(f"\nThese consumer groups were deleted successfully: '{', '.join(ok)}'\n")
    return 1


def _delete_error(name: str) -> str:
    known = {
        "NON_EMPTY_GROUP": "org.apache.kafka.common.errors.GroupNotEmptyException: The group is not empty.",
        "GROUP_ID_NOT_FOUND": "org.apache.kafka.common.errors.GroupIdNotFoundException: The group id does not exist.",
    }
    return known.get(name, name)


# -- delete-offsets -------------------------------------------------------------------------------------

# Errors.message() of the codes OffsetDelete answers, as Kafka's tool prints them
_OFFSET_DELETE_MESSAGES = {
    "GROUP_ID_NOT_FOUND": "The group id does not exist.",
    "NON_EMPTY_GROUP": "The group is not empty.",
    "INVALID_GROUP_ID": "The configured groupId is invalid.",
    "GROUP_AUTHORIZATION_FAILED": "Not authorized to access group: Group authorization failed.",
    "GROUP_SUBSCRIBED_TO_TOPIC": "The consumer group is actively subscribed to the topic",
    "UNKNOWN_TOPIC_OR_PARTITION": "This server does not host this topic-partition.",
    "TOPIC_AUTHORIZATION_FAILED": "Topic authorization failed.",
}


def cmd_delete_offsets(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    """Kafka's ``--delete-offsets``: OffsetDelete of the group's offsets for the topics (all their partitions,
    or the listed ones), or of every partition it has an offset for (``--all-topics``); a group that still
    subscribes to a topic keeps that topic's offsets (GROUP_SUBSCRIBED_TO_TOPIC)."""
    if len(args.group) != 1 or args.all_groups:
        raise UsageError("Option --delete-offsets takes exactly one --group")
    if not (args.topic or args.all_topics):
        raise UsageError("Option --delete-offsets requires either --all-topics or --topic to be specified.")
    group = args.group[0]
    parts = _partitions_to_reset(client, args, group)
    by_topic: dict[str, list[int]] = {}
    for t, p in parts:
        by_topic.setdefault(t, []).append(p)
    top, results = admin.delete_offsets(client, group, by_topic)
    if args.json:
        dump_json({"group": group, "error": top, "partitions": [
            {"topic": t, "partition": p, "error": e} for (t, p), e in sorted(results.items())]}, out)
        return 1 if top or any(results.values()) else 0
    if top is None and not any(results.values()):
        out.write(f"Request succeeded for deleting offsets from group {group}.\n")
    elif top in ("INVALID_GROUP_ID", "GROUP_ID_NOT_FOUND", "GROUP_AUTHORIZATION_FAILED", "NON_EMPTY_GROUP"):
        out.write(f"\nError: {_OFFSET_DELETE_MESSAGES[top]}\n")
    elif top is None or top in ("GROUP_SUBSCRIBED_TO_TOPIC", "TOPIC_AUTHORIZATION_FAILED",
                                "UNKNOWN_TOPIC_OR_PARTITION"):
        out.write("\nError: Encountered some partition-level error, see the follow-up details.\n")
    else:
        out.write(f"\nError: Encountered some unknown error: {top}\n")
    header = ["TOPIC", "PARTITION", "STATUS"]
    rows = [[t, p, "Successful" if e is None else f"Error: {_OFFSET_DELETE_MESSAGES.get(e, e)}"]
            for (t, p), e in sorted(results.items())]
    widths = column_widths(header, rows, [15, 10, 15])  # Kafka's "%-Ns %-10s %-15s", N the longest topic
    out.write("\n" + format_row(header, widths, pad_last=True))
    out.writelines("\n" + format_row(r, widths, pad_last=True) for r in rows)
    out.write("\n")
    return 1 if top or any(results.values()) else 0


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    with client_for(args) as client:
        if args.groups_action == "list":
            return cmd_list(client, args, out)
        if args.groups_action == "describe":
            return cmd_describe(client, args, out, err)
        if args.groups_action == "reset-offsets":
            return cmd_reset(client, args, out, err)
        if args.groups_action == "delete-offsets":
            return cmd_delete_offsets(client, args, out)
        return cmd_delete(client, args, out)
