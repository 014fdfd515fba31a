"""``kaflite share-groups``: kafka-share-groups.sh (Kafka 4.2's ShareGroupCommand) with its options, layouts and
messages: --list (--state), --describe (--offsets by default, --members, --state, --verbose), --reset-offsets
(--to-earliest | --to-latest | --to-datetime, with --dry-run or --execute), --delete-offsets, --delete.

The tables are Kafka's printf formats (each row starts with a newline, as ShareGroupCommand prints them), so
scripts written against the JVM tool read them as they are; ``--json`` gives the same values as data. Exit status:
0 done, 1 an error (Kafka's tool prints the error and exits 0; kaflite's tools all say failure in the status),
2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from kaflite.tools import admin
from kaflite.tools.admin import TP
from kaflite.tools.client import Client, KafkaError, ToolError, UsageError, client_for, error_name
from kaflite.tools.groups import parse_datetime, topic_args
from kaflite.tools.output import dump_json
from kaflite.tools.share_admin import (
    SHARE_GROUP_STATES,
    ShareGroupDescription,
    ShareGroupError,
    SharePartitionOffset,
    alter_share_group_offsets,
    delete_share_group_offsets,
    describe_share_group,
    error_text,
    exception_text,
    list_share_groups,
    share_group_offsets,
)

MISSING = "-"


class CommandFailed(ToolError):
    """Kafka's ``Executing share group command failed due to ...``: printed on stdout as its tool does, exit 1."""


def _pad(s: object, width: int) -> str:
    return f"{s!s:<{width}}"


def _failed(exc: KafkaError) -> CommandFailed:
    message = exc.message if isinstance(exc, ShareGroupError) else None
    return CommandFailed(exception_text(error_name(exc.code), message))


# -- list -------------------------------------------------------------------------------------------------


def _states(text: str) -> list[str]:
    by_lower = {s.lower(): s for s in SHARE_GROUP_STATES}
    out = []
    for s in text.split(","):
        state = by_lower.get(s.strip().lower())
        if state is None:
            raise UsageError(f"Invalid state list '{text}'. Valid states are: {', '.join(SHARE_GROUP_STATES)}")
        out.append(state)
    return out


def cmd_list(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    states = _states(args.state) if args.state else []
    groups = list_share_groups(client, states)
    if args.json:
        dump_json([{"group": g.group_id, "state": g.state or None} for g in groups], out)
        return 0
    if args.state is None:
        out.writelines(g.group_id + "\n" for g in groups)
        return 0
    width = max([15, *(len(g.group_id) for g in groups)])
    out.write(f"{_pad('GROUP', width)} STATE\n")  # printGroupInfo's "%-Ns %s\n"
    out.writelines(f"{_pad(g.group_id, width)} {g.state or 'Unknown'}\n" for g in groups)
    return 0


# -- describe ---------------------------------------------------------------------------------------------


def _empty_notice(d: ShareGroupDescription, rows: int, out: TextIO, err: TextIO) -> bool:
    """Kafka's maybePrintEmptyGroupState: True when the rows are worth printing."""
    if d.state == "Dead":
        out.write(f"\nError: Share group '{d.group_id}' does not exist.\n")
    elif d.state == "Empty":
        err.write(f"\nShare group '{d.group_id}' has no active members.\n")
    return d.state != "Dead" and rows > 0


def _assignment(pairs: list[TP]) -> str:
    """getAssignmentString: ``topic:0,1;other:2``, topics sorted."""
    by_topic: dict[str, list[int]] = {}
    for t, p in pairs:
        by_topic.setdefault(t, []).append(p)
    return ";".join(sorted(f"{t}:{','.join(str(p) for p in sorted(ps))}" for t, ps in by_topic.items()))


def print_members(d: ShareGroupDescription, verbose: bool, out: TextIO, err: TextIO) -> None:
    members = sorted(d.members, key=lambda m: m.member_id)
    if not _empty_notice(d, len(members), out, err):
        return
    gw = max(15, len(d.group_id))
    cw = max([15, *(len(m.member_id) for m in members)])
    hw = max([15, *(len(m.host) for m in members)])
    lw = max([15, *(len(m.client_id) for m in members)])

    def row(*cells: object) -> str:
        *fixed, last = cells
        widths = [gw, cw, hw, lw, 12, 13][:len(fixed)]
        return "\n" + " ".join(_pad(c, w) for c, w in zip(fixed, widths, strict=True)) + f" {last}"

    if verbose:
        out.write(row("GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "MEMBER-EPOCH", "ASSIGNMENT"))
        out.writelines(row(d.group_id, m.member_id, m.host, m.client_id, len(m.assignment), m.member_epoch,
                           _assignment(m.assignment)) for m in members)
    else:
        out.write(row("GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT"))
        out.writelines(row(d.group_id, m.member_id, m.host, m.client_id, len(m.assignment),
                           _assignment(m.assignment)) for m in members)
    out.write("\n")


def print_state(d: ShareGroupDescription, verbose: bool, out: TextIO, err: TextIO) -> None:
    _empty_notice(d, 1, out, err)
    node, host, port = d.coordinator
    coordinator = f"{host}:{port}  ({node})"
    gw, cw = max(15, len(d.group_id)), max(25, len(coordinator))
    table: list[tuple[object, ...]]
    if verbose:
        table = [("GROUP", "COORDINATOR (ID)", "STATE", "GROUP-EPOCH", "ASSIGNMENT-EPOCH", "#MEMBERS"),
                 (d.group_id, coordinator, d.state, d.group_epoch, d.assignment_epoch, len(d.members))]
        widths: tuple[int, ...] = (gw, cw, 15, 12, 17)
    else:
        table = [("GROUP", "COORDINATOR (ID)", "STATE", "#MEMBERS"), (d.group_id, coordinator, d.state,
                                                                     len(d.members))]
        widths = (gw, cw, 15)
    for cells in table:
        out.write("\n" + " ".join(_pad(c, w) for c, w in zip(cells[:-1], widths, strict=True)) + f" {cells[-1]}")
    out.write("\n")


def print_offsets(group: str, offsets: list[SharePartitionOffset], verbose: bool, out: TextIO) -> None:
    if not offsets:
        out.write(f"\nShare group '{group}' has no offset information.\n")
        return
    gw = max(15, len(group))
    tw = max([15, *(len(o.topic) for o in offsets)])

    def s(v: object) -> str:
        return MISSING if v is None else str(v)

    rows: list[tuple[object, ...]]
    if verbose:
        rows = [("GROUP", "TOPIC", "PARTITION", "LEADER-EPOCH", "START-OFFSET", "LAG")]
        rows += [(group, o.topic, o.partition, s(o.leader_epoch), s(o.start_offset), s(o.lag)) for o in offsets]
        widths: tuple[int, ...] = (gw, tw, 10, 13, 13)
    else:
        rows = [("GROUP", "TOPIC", "PARTITION", "START-OFFSET", "LAG")]
        rows += [(group, o.topic, o.partition, s(o.start_offset), s(o.lag)) for o in offsets]
        widths = (gw, tw, 10, 13)
    for r in rows:
        out.write("\n" + " ".join(_pad(c, w) for c, w in zip(r[:-1], widths, strict=True)) + f" {r[-1]}")
    out.write("\n")


def _describe_json(d: ShareGroupDescription, offsets: list[SharePartitionOffset]) -> dict[str, Any]:
    node, host, port = d.coordinator
    return {"group": d.group_id, "type": "share", "state": d.state, "group_epoch": d.group_epoch,
            "assignment_epoch": d.assignment_epoch, "assignor": d.assignor,
            "coordinator": {"id": node, "host": host, "port": port},
            "members": [{"member_id": m.member_id, "client_id": m.client_id, "host": m.host,
                         "rack_id": m.rack_id, "member_epoch": m.member_epoch,
                         "subscribed_topics": m.subscribed_topics, "partitions": len(m.assignment),
                         "assignment": [list(tp) for tp in m.assignment]} for m in d.members],
            "offsets": [{"topic": o.topic, "partition": o.partition, "start_offset": o.start_offset,
                         "leader_epoch": o.leader_epoch, "lag": o.lag, "error": o.error} for o in offsets]}


def cmd_describe(client: Client, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not (args.group or args.all_groups):
        raise UsageError("Option --describe takes one of these options: --all-groups, --group")
    state = args.state is not None
    if sum((args.members, args.offsets, state)) > 1:
        raise UsageError("Option --describe takes at most one of these options: --members, --offsets, --state")
    if args.state:  # --state takes a value with --list only
        raise UsageError("Option --describe does not take a value for --state")
    groups = [g.group_id for g in list_share_groups(client)] if args.all_groups else args.group
    try:  # every group first, as Kafka's tool does: one failure is the command's
        described = {g: describe_share_group(client, g) for g in sorted(set(groups))}
        want_offsets = args.json or not (args.members or state)
        offsets = {g: share_group_offsets(client, g) for g in described} if want_offsets else {}
    except KafkaError as exc:
        raise _failed(exc) from None
    if args.json:
        dump_json([_describe_json(d, offsets[g]) for g, d in described.items()], out)
        return 0
    for g, d in described.items():
        if args.members:
            print_members(d, args.verbose, out, err)
        elif state:
            print_state(d, args.verbose, out, err)
        else:
            print_offsets(g, offsets[g], args.verbose, out)
    return 0


# -- reset-offsets ----------------------------------------------------------------------------------------


def _partitions(client: Client, args: argparse.Namespace, group: str) -> list[TP]:
    """--topic (``t`` for all its partitions, ``t:0,1`` for some) or --all-topics (every partition the group has
    share state for), each checked to exist (OffsetsUtils.checkAllTopicPartitionsValid)."""
    if args.all_topics:
        return sorted((o.topic, o.partition) for o in share_group_offsets(client, group))
    explicit, whole = topic_args(args.topic)
    meta = client.metadata(sorted({t for t, _ in explicit} | set(whole))).topics
    for name in whole:
        t = meta.get(name)
        if t is None or t.error_code:
            raise CommandFailed("org.apache.kafka.common.errors.UnknownTopicOrPartitionException: "
                                "This server does not host this topic-partition.")
        explicit += [(name, p) for p in sorted(t.partitions)]
    missing = [tp for tp in explicit if tp[0] not in meta or meta[tp[0]].error_code
               or tp[1] not in meta[tp[0]].partitions]
    if missing:
        listed = ",".join(f"{t}-{p}" for t, p in missing)
        raise CommandFailed(f'The partitions "{listed}" do not exist')
    return sorted(set(explicit))


def plan_reset(client: Client, args: argparse.Namespace, parts: list[TP], err: TextIO) -> dict[TP, int]:
    if not parts:
        return {}
    if args.to_earliest:
        return admin.offsets_or_fail(client, dict.fromkeys(parts, admin.EARLIEST))
    if args.to_latest:
        return admin.offsets_or_fail(client, dict.fromkeys(parts, admin.LATEST))
    listed = admin.list_offsets(client, dict.fromkeys(parts, parse_datetime(args.to_datetime)))
    out: dict[TP, int] = {}
    past_end = []
    for tp in parts:
        lo = listed[tp]
        if lo.error:
            raise UsageError(f"Error getting offset by timestamp of topic partition: {tp[0]}-{tp[1]}")
        if lo.offset == -1:  # no record at or after the time: the log end, as Kafka's getLogTimestampOffsets
            past_end.append(tp)
        else:
            out[tp] = lo.offset
    if past_end:
        out.update(admin.offsets_or_fail(client, dict.fromkeys(past_end, admin.LATEST)))
    return out


def cmd_reset(client: Client, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.dry_run and args.execute:
        raise UsageError("Option --reset-offsets only accepts one of --execute and --dry-run")
    if not (args.dry_run or args.execute):
        raise UsageError("Option --reset-offsets takes the option: --execute or --dry-run")
    if len(args.group) != 1:
        raise UsageError("Option --reset-offsets takes the option: --group")
    if not (args.topic or args.all_topics):
        raise UsageError("Option --reset-offsets takes one of these options: --all-topics, --topic")
    group = args.group[0]
    try:
        state = describe_share_group(client, group).state
    except ShareGroupError as exc:
        if exc.code != 69:  # GROUP_ID_NOT_FOUND: an inactive group (AlterShareGroupOffsets creates it)
            raise _failed(exc) from None
        state = "Dead"
    if state not in ("Empty", "Dead"):
        if args.json:
            dump_json({"group": group, "executed": False, "refused_state": state, "offsets": []}, out)
        err.write(f"Share group '{group}' is not empty.\n")  # CommandLineUtils.printErrorAndExit
        return 1
    plan = plan_reset(client, args, _partitions(client, args, group), err)
    errors: dict[TP, str | None] = {}
    if args.execute and plan:
        top, message, errors = alter_share_group_offsets(client, group, plan)
        if top is not None or any(errors.values()):
            name = top or next(e for e in errors.values() if e)
            if not args.json:
                raise CommandFailed(exception_text(name, message if top else None))
    if args.json:
        dump_json({"group": group, "executed": bool(args.execute), "refused_state": None,
                   "offsets": [{"topic": t, "partition": p, "offset": o, "error": errors.get((t, p))}
                               for (t, p), o in sorted(plan.items())]}, out)
        return 1 if any(errors.values()) else 0
    gw = max(15, len(group))
    tw = max([15, *(len(t) for t, _ in plan)])
    out.write(f"\n{_pad('GROUP', gw)} {_pad('TOPIC', tw)} {_pad('PARTITION', 10)} NEW-OFFSET")
    out.writelines(f"\n{_pad(group, gw)} {_pad(t, tw)} {_pad(p, 10)} {o}" for (t, p), o in sorted(plan.items()))
    out.write("\n")
    return 0


# -- delete-offsets ---------------------------------------------------------------------------------------


def cmd_delete_offsets(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    if len(args.group) != 1 or not args.topic:
        raise UsageError("Option --delete-offsets takes the following options: --group, --topic")
    group = args.group[0]
    r = delete_share_group_offsets(client, group, args.topic)
    failed = r.error is not None or any(e for e, _ in r.topics.values())
    if args.json:
        dump_json({"group": group, "error": r.error, "message": r.message,
                   "topics": [{"topic": t, "error": e, "message": m} for t, (e, m) in sorted(r.topics.items())]}, out)
        return 1 if failed else 0
    if r.error in ("INVALID_GROUP_ID", "GROUP_ID_NOT_FOUND", "GROUP_AUTHORIZATION_FAILED", "NON_EMPTY_GROUP"):
        out.write(f"\nError: {error_text(r.error, r.message)}\n")
    elif r.error is not None and r.error not in ("TOPIC_AUTHORIZATION_FAILED", "UNKNOWN_TOPIC_OR_PARTITION"):
        out.write(f"\nError: Encounter some unknown error: {exception_text(r.error, r.message)}\n")
    if r.topics:
        tw = max([15, *(len(t) for t in r.topics)])
        out.write(f"\n{_pad('TOPIC', tw)} STATUS")
        for t, (e, m) in sorted(r.topics.items()):
            out.write(f"\n{_pad(t, tw)} {'Successful' if e is None else 'Error: ' + error_text(e, m)}")
    out.write("\n")
    return 1 if failed else 0


# -- delete -----------------------------------------------------------------------------------------------


def cmd_delete(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    """Kafka's deleteShareGroups: groups that are no share group, Dead or not Empty are refused before any
    request; the others go in one DeleteGroups."""
    if not (args.group or args.all_groups):
        raise UsageError("Option --delete takes the options --group or --all-groups")
    if args.topic:
        raise UsageError("Option --delete does not take the option: --topic")
    listings = {g.group_id: g for g in list_share_groups(client)}
    wanted = list(listings) if args.all_groups else list(dict.fromkeys(args.group))
    failed: dict[str, str] = {}
    for g in wanted:
        listing = listings.get(g)
        if listing is None:
            failed[g] = f"java.lang.IllegalArgumentException: Group '{g}' is not a share group."
        elif listing.state == "Dead":
            failed[g] = f"java.lang.IllegalStateException: Share group '{g}' group state is DEAD."
        elif listing.state and listing.state != "Empty":
            failed[g] = f"org.apache.kafka.common.errors.GroupNotEmptyException: Share group '{g}' is not EMPTY."
    ok = []
    for g in wanted:
        if g in failed:
            continue
        e = admin.delete_group(client, g)
        if e is None:
            ok.append(g)
        else:
            failed[g] = exception_text(e, None)
    if args.json:
        dump_json([{"group": g, "error": failed.get(g)} for g in wanted], out)
        return 1 if failed else 0
    quoted = ", ".join(f"'{g}'" for g in ok)
    if not failed:
        out.write(f"Deletion of requested share groups ({quoted}) was successful.\n")
        return 0
    out.write("\nError: Deletion of some share groups failed:\n")
    out.writelines(f"* Group '{g}' could not be deleted due to: {e}\n" for g, e in failed.items())
    if ok:
        out.write(f"\nThese share groups were deleted successfully: {quoted}\n")
    return 1


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    action = args.share_groups_action
    try:
        with client_for(args) as client:
            if action == "list":
                return cmd_list(client, args, out)
            if action == "describe":
                return cmd_describe(client, args, out, err)
            if action == "reset-offsets":
                return cmd_reset(client, args, out, err)
            if action == "delete-offsets":
                return cmd_delete_offsets(client, args, out)
            return cmd_delete(client, args, out)
    except CommandFailed as exc:
        out.write(f"\nError: Executing share group command failed due to {exc}\n")
        return 1
