"""The tools' argparse parsers, with Kafka's option names (kafka-consumer-groups.sh, kafka-topics.sh,
kafka-get-offsets.sh, kafka-dump-log.sh) and kcat's short options for consume/produce, and their runner.

Why two parsers: ``kaflite serve`` builds the ``kaflite`` parser on every start (its imports and time are
budgeted, issue 14), and the tools' options cost it ~4 ms. So the ``kaflite`` parser only lists the tools
(kaflite/tools/commands.py), and ``kaflite.cli.main`` hands a tool's command line to ``build_tool_parser``
here, whose module imports the commands' modules (codecs, client).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from kaflite.config.properties import parse_properties, read_text
from kaflite.tools.acls import run_acls
from kaflite.tools.client import ToolError, UsageError
from kaflite.tools.commands import TOOL_HELP
from kaflite.tools.dump_log import run as run_dump
from kaflite.tools.groups import run as run_groups
from kaflite.tools.kcat import run_consume, run_produce
from kaflite.tools.security import ClientSecurity, SecurityConfigError
from kaflite.tools.share_groups import run as run_share_groups
from kaflite.tools.topics import run_offsets, run_topics
from kaflite.tools.users import run_users

DEFAULT_BOOTSTRAP = "127.0.0.1:9092"

# Kafka's scripts take the action as a flag (kafka-consumer-groups.sh --describe --group G); kaflite's own form
# is a subcommand (kaflite groups describe --group G). Both are accepted: the flag is turned into the subcommand.
ACTION_FLAGS: dict[str, dict[str, str]] = {
    "groups": {"--list": "list", "--describe": "describe", "--delete": "delete", "--reset-offsets": "reset-offsets",
               "--delete-offsets": "delete-offsets"},
    "share-groups": {"--list": "list", "--describe": "describe", "--delete": "delete",
                     "--reset-offsets": "reset-offsets", "--delete-offsets": "delete-offsets"},
    "topics": {"--list": "list", "--describe": "describe", "--create": "create", "--alter": "alter",
               "--delete": "delete"},
}
EXIT_USAGE = 2


class ActionError(ValueError):
    """A Kafka-style command line with no action flag, or several."""


def kafka_action_form(argv: list[str]) -> list[str]:
    """``groups --bootstrap-server B --describe --group G`` → ``groups describe --bootstrap-server B --group G``.
    A command line already in the subcommand form, or of another tool, is returned as it is."""
    actions = ACTION_FLAGS.get(argv[0]) if argv else None
    rest = argv[1:]
    if actions is None or not rest or rest[0] in actions.values() or rest[0] in ("-h", "--help"):
        return argv
    found = [a for a in rest if a in actions]
    if len(found) == 1:
        return [argv[0], actions[found[0]], *(a for a in rest if a != found[0])]
    if not found and any(a in ("-h", "--help") for a in rest):
        return [argv[0], "--help"]
    names = list(actions)
    raise ActionError(f"Command must include exactly one action: {', '.join(names[:-1])} or {names[-1]} "
                      f"(or the subcommand: kaflite {argv[0]} {'|'.join(actions.values())} ...)")


def _connection(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bootstrap-server", "-b", metavar="HOST:PORT", default=DEFAULT_BOOTSTRAP,
                   help=f"any Kafka-compatible broker, comma-separated for several (default {DEFAULT_BOOTSTRAP})")
    p.add_argument("--command-config", metavar="FILE",
                   help="client properties (Kafka's option): client.id, request.timeout.ms, security.protocol "
                        "with the ssl.* (PEM stores) and sasl.* settings (PLAIN, SCRAM, OAUTHBEARER)")
    p.add_argument("--timeout", dest="timeout_ms", type=int, default=30_000, metavar="MS",
                   help="how long to wait for an answer, including coordinator retries (default 30000)")
    p.add_argument("--json", action="store_true", help="print JSON for scripts instead of Kafka's table")


def _sub(sub: Any, name: str, help: str, description: str | None = None) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(name, help=help, description=description or help)
    return p


def build_tool_parser() -> argparse.ArgumentParser:
    """``kaflite <tool> ...``'s full parser."""
    parser = argparse.ArgumentParser(prog="kaflite", description="Kafka's command-line tools (docs/tools.md).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_tool_parsers(sub)
    return parser


def add_tool_parsers(sub: Any) -> None:
    """The tools' subcommands with all their options."""
    groups = _sub(sub, "groups", TOOL_HELP["groups"])
    groups.epilog = ("kafka-consumer-groups.sh's form works too: the action as a flag anywhere on the line, "
                     "e.g. kaflite groups --bootstrap-server B --describe --group G --members")
    gsub = groups.add_subparsers(dest="groups_action", metavar="ACTION", required=True)

    ls = _sub(gsub, "list", "list the consumer groups (GROUP, with --state/--type: STATE, TYPE)")
    _connection(ls)
    ls.add_argument("--state", nargs="?", const="", metavar="STATES",
                    help="show the STATE column; with a value, only groups in these comma-separated states")
    ls.add_argument("--type", nargs="?", const="", metavar="TYPES",
                    help="show the TYPE column; with a value, only these types (classic, consumer)")

    de = _sub(gsub, "describe", "describe groups: offsets and lag (default), --members or --state")
    _connection(de)
    _group_selection(de)
    what = de.add_mutually_exclusive_group()
    what.add_argument("--offsets", action="store_true", help="committed offset, log-end offset and lag per "
                                                             "partition (the default)")
    what.add_argument("--members", action="store_true", help="the members and how many partitions each has")
    what.add_argument("--state", action="store_true", help="coordinator, assignment strategy, state, #members")
    de.add_argument("--verbose", action="store_true", help="with --members: each member's assignment")

    rs = _sub(gsub, "reset-offsets", "plan (--dry-run, the default) or commit (--execute) new offsets for a group "
                                     "with no active members")
    _connection(rs)
    _group_selection(rs)
    scope = rs.add_mutually_exclusive_group()
    scope.add_argument("--topic", action="append", default=[], metavar="TOPIC[:P,...]",
                       help="the topic (all its partitions, or the listed ones); repeatable")
    scope.add_argument("--all-topics", action="store_true", help="every partition the group has an offset for")
    to = rs.add_mutually_exclusive_group(required=True)
    to.add_argument("--to-earliest", action="store_true", help="the log start offset")
    to.add_argument("--to-latest", action="store_true", help="the log end offset")
    to.add_argument("--to-current", action="store_true", help="the committed offset (log end where none)")
    to.add_argument("--to-offset", type=int, metavar="N", help="this offset (kept within the log's range)")
    to.add_argument("--shift-by", type=int, metavar="N", help="the committed offset plus N (may be negative)")
    to.add_argument("--to-datetime", metavar="YYYY-MM-DDTHH:mm:SS.sss",
                    help="the first offset at or after this time (UTC unless a zone is given)")
    to.add_argument("--by-duration", metavar="PnDTnHnMnS", help="the first offset at or after now minus this")
    run = rs.add_mutually_exclusive_group()
    run.add_argument("--dry-run", action="store_true", help="only print the plan (the default)")
    run.add_argument("--execute", action="store_true", help="commit the plan")

    dl = _sub(gsub, "delete", "delete groups with no active members (and their offsets)")
    _connection(dl)
    _group_selection(dl)

    do = _sub(gsub, "delete-offsets", "delete a group's committed offsets of topics it no longer subscribes to "
                                      "(OffsetDelete)")
    _connection(do)
    _group_selection(do)
    scope = do.add_mutually_exclusive_group()
    scope.add_argument("--topic", action="append", default=[], metavar="TOPIC[:P,...]",
                       help="the topic (all its partitions, or the listed ones); repeatable")
    scope.add_argument("--all-topics", action="store_true", help="every partition the group has an offset for")

    _share_groups_parser(sub)

    topics = _sub(sub, "topics", TOOL_HELP["topics"])
    topics.epilog = ("kafka-topics.sh's form works too: the action as a flag anywhere on the line, "
                     "e.g. kaflite topics --bootstrap-server B --create --topic T --partitions 3")
    tsub = topics.add_subparsers(dest="topics_action", metavar="ACTION", required=True)
    for action, text in (("list", "list topic names"), ("describe", "partitions, leaders, replicas and configs"),
                         ("create", "create a topic"), ("alter", "add partitions or set configs"),
                         ("delete", "delete topics")):
        p = _sub(tsub, action, text)
        _connection(p)
        p.add_argument("--topic", metavar="TOPIC",
                       help="the topic (list/describe/alter/delete: a name or a glob such as 'orders-*')")
        if action in ("create", "alter"):
            p.add_argument("--partitions", type=int, metavar="N", help="number of partitions")
            p.add_argument("--config", action="append", metavar="NAME=VALUE", help="a topic config; repeatable")
        if action == "create":
            p.add_argument("--replication-factor", type=int, metavar="N", help="replicas per partition")
            p.add_argument("--if-not-exists", action="store_true", help="no error if the topic exists")
        if action in ("list", "describe", "alter", "delete"):
            p.add_argument("--exclude-internal", action="store_true", help="leave out internal topics")
            p.add_argument("--if-exists", action="store_true", help="no error if the topic does not exist")

    _acl_parser(sub)
    users = _sub(sub, "users", TOOL_HELP["users"])
    usub = users.add_subparsers(dest="users_action", metavar="ACTION", required=True)
    for action, text in (("add", "give a user SCRAM credentials (AlterUserScramCredentials)"),
                         ("delete", "remove a user's SCRAM credentials"),
                         ("describe", "list users and their SCRAM mechanisms (DescribeUserScramCredentials)")):
        p = _sub(usub, action, text)
        _connection(p)
        if action == "describe":
            p.add_argument("users", nargs="*", metavar="USER", help="only these users (default: every one)")
            continue
        p.add_argument("user", metavar="USER")
        p.add_argument("--mechanism", action="append", choices=("SCRAM-SHA-256", "SCRAM-SHA-512"),
                       help="repeatable; default both")
        if action == "add":
            p.add_argument("--password", required=True, help="the user's password (sent salted, never as is)")
            p.add_argument("--iterations", type=int, default=4096, metavar="N",
                           help="PBKDF2 iterations, 4096..16384 as Kafka accepts (default 4096)")

    offsets = _sub(sub, "offsets", TOOL_HELP["offsets"])
    _connection(offsets)
    offsets.add_argument("--topic", metavar="REGEX", help="topics to read (a regular expression; default all "
                                                          "but internal ones)")
    offsets.add_argument("--partitions", metavar="P,...", help="only these partitions")
    offsets.add_argument("--time", default="latest", metavar="earliest|latest|max-timestamp|MS",
                         help="which offset: earliest (-2), latest (-1, default), max-timestamp (-3) or the first "
                              "at or after a timestamp in ms")

    consume = _sub(sub, "consume", TOOL_HELP["consume"])
    _connection(consume)
    consume.add_argument("-t", "--topic", required=True, metavar="TOPIC")
    consume.add_argument("-p", "--partition", type=int, metavar="P", help="only this partition (default all)")
    consume.add_argument("-o", "--offset", default="beginning", metavar="OFFSET",
                         help="beginning (default), end, N (absolute) or -N (N before the end)")
    consume.add_argument("-c", "--count", type=int, metavar="N", help="exit after N records")
    consume.add_argument("-e", "--exit", action="store_true", help="exit at the end of every partition")
    consume.add_argument("-K", "--key-delimiter", metavar="DELIM", help="print key DELIM value")
    consume.add_argument("-f", "--format", metavar="FMT",
                         help="kcat's format: %%t %%p %%o %%k %%s %%T %%h %%K %%S, \\n \\t (default '%%s\\n')")
    consume.add_argument("--json-array", action="store_true", help="with --json: one array instead of JSON lines")
    consume.add_argument("--max-bytes", type=int, default=1 << 20, metavar="N", help="bytes per fetch")
    consume.add_argument("--timeout-s", dest="timeout", type=float, metavar="S",
                         help="stop after S seconds even if not at the end")
    consume.add_argument("-q", "--quiet", action="store_true", help="no end-of-partition notes on stderr")

    produce = _sub(sub, "produce", TOOL_HELP["produce"])
    _connection(produce)
    produce.add_argument("-t", "--topic", required=True, metavar="TOPIC")
    produce.add_argument("-p", "--partition", type=int, metavar="P",
                         help="this partition (default: murmur2 of the key as Kafka's clients, round robin "
                              "without)")
    produce.add_argument("-K", "--key-delimiter", metavar="DELIM", help="split each line into key DELIM value")
    produce.add_argument("-H", "--header", action="append", metavar="NAME=VALUE", help="a header on every record")
    produce.add_argument("-Z", "--null-empty", action="store_true", help="an empty value is sent as null "
                                                                          "(a tombstone)")
    produce.add_argument("--allow-empty", action="store_true", help="send empty lines too (skipped by default)")
    produce.add_argument("--acks", type=int, default=-1, choices=(-1, 1), help="acks (default -1: all)")
    produce.add_argument("-q", "--quiet", action="store_true", help="no delivery report on stderr")

    dump = _sub(sub, "dump-log", TOOL_HELP["dump-log"],
                "Read .log/.index/.timeindex/.txnindex files offline, in kafka-dump-log.sh's format.")
    dump.add_argument("file_args", nargs="*", metavar="FILE", help="segment files")
    dump.add_argument("--files", action="append", metavar="FILE,...", help="Kafka's spelling: comma-separated")
    dump.add_argument("--print-data-log", action="store_true", help="print each record's key and payload")
    dump.add_argument("--deep-iteration", action="store_true", help="print each record, not only batches")
    dump.add_argument("--offsets-decoder", action="store_true",
                      help="decode __consumer_offsets keys and values (JSON)")
    dump.add_argument("--transaction-log-decoder", action="store_true",
                      help="decode __transaction_state keys and values (JSON)")
    dump.add_argument("--share-group-state-decoder", action="store_true",
                      help="decode __share_group_state keys and values (JSON)")
    dump.add_argument("--max-bytes", type=int, metavar="N", help="read batches within the first N bytes only")
    dump.add_argument("--json", action="store_true", help="print JSON for scripts")


def _share_groups_parser(sub: Any) -> None:
    """kafka-share-groups.sh's options (Kafka 4.2's ShareGroupCommandOptions), one subcommand per action."""
    share = _sub(sub, "share-groups", TOOL_HELP["share-groups"])
    share.epilog = ("kafka-share-groups.sh's form works too: the action as a flag anywhere on the line, "
                    "e.g. kaflite share-groups --bootstrap-server B --describe --group G --members")
    ssub = share.add_subparsers(dest="share_groups_action", metavar="ACTION", required=True)

    ls = _sub(ssub, "list", "list the share groups (GROUP, with --state: STATE)")
    _connection(ls)
    ls.add_argument("--state", nargs="?", const="", metavar="STATES",
                    help="show the STATE column; with a value, only groups in these comma-separated states "
                         "(Empty, Stable, Dead)")

    de = _sub(ssub, "describe", "describe share groups: start offsets and lag (default), --members or --state")
    _connection(de)
    _group_selection(de, "share group")
    de.add_argument("--offsets", action="store_true", help="each share partition's start offset and lag "
                                                           "(the default)")
    de.add_argument("--members", action="store_true", help="the members, their partitions and assignment")
    de.add_argument("--state", nargs="?", const="", metavar="", help="coordinator, state, #members")
    de.add_argument("--verbose", action="store_true",
                    help="more columns: LEADER-EPOCH (offsets), MEMBER-EPOCH (members), GROUP-EPOCH and "
                         "ASSIGNMENT-EPOCH (state)")

    rs = _sub(ssub, "reset-offsets", "plan (--dry-run) or set (--execute) a share group's start offsets; "
                                     "the group must have no members")
    _connection(rs)
    _group_selection(rs, "share group")
    scope = rs.add_mutually_exclusive_group()
    scope.add_argument("--topic", action="append", default=[], metavar="TOPIC[:P,...]",
                       help="the topic (all its partitions, or the listed ones); repeatable")
    scope.add_argument("--all-topics", action="store_true", help="every partition the group has state for")
    to = rs.add_mutually_exclusive_group(required=True)
    to.add_argument("--to-earliest", action="store_true", help="the log start offset")
    to.add_argument("--to-latest", action="store_true", help="the log end offset")
    to.add_argument("--to-datetime", metavar="YYYY-MM-DDTHH:mm:SS.sss",
                    help="the first offset at or after this time (UTC unless a zone is given)")
    rs.add_argument("--dry-run", action="store_true", help="only print the plan")
    rs.add_argument("--execute", action="store_true", help="set the offsets (AlterShareGroupOffsets)")

    do = _sub(ssub, "delete-offsets", "delete a share group's state of whole topics (DeleteShareGroupOffsets); "
                                      "the group must have no members")
    _connection(do)
    _group_selection(do, "share group")
    do.add_argument("--topic", action="append", default=[], metavar="TOPIC", help="the topic; repeatable")

    dl = _sub(ssub, "delete", "delete share groups with no members (and their state)")
    _connection(dl)
    _group_selection(dl, "share group")
    dl.add_argument("--topic", action="append", default=[], help=argparse.SUPPRESS)


def _acl_parser(sub: Any) -> None:
    """kafka-acls.sh's options (one action flag, not subcommands, as Kafka's tool)."""
    acls = _sub(sub, "acls", TOOL_HELP["acls"])
    _connection(acls)
    action = acls.add_mutually_exclusive_group(required=True)
    action.add_argument("--add", action="store_true", help="add ACLs")
    action.add_argument("--remove", action="store_true", help="remove ACLs (all of the resource's unless "
                                                              "principals or operations are named)")
    action.add_argument("--list", action="store_true", help="list ACLs (all, or the resources named)")
    for opt, what in (("--topic", "a topic"), ("--group", "a consumer group"),
                      ("--transactional-id", "a transactional id")):
        acls.add_argument(opt, action="append", metavar="NAME", help=f"{what} ('*': every one); repeatable")
    acls.add_argument("--cluster", action="store_true", help="the cluster resource")
    acls.add_argument("--resource-pattern-type", metavar="TYPE",
                      help="literal (default for --add/--remove), prefixed, match or any (default for --list)")
    acls.add_argument("--allow-principal", action="append", metavar="PRINCIPAL",
                      help="e.g. User:alice or User:CN=app,O=example; repeatable")
    acls.add_argument("--deny-principal", action="append", metavar="PRINCIPAL", help="repeatable")
    acls.add_argument("--allow-host", action="append", metavar="HOST", help="client address (default *)")
    acls.add_argument("--deny-host", action="append", metavar="HOST", help="client address (default *)")
    acls.add_argument("--operation", action="append", metavar="OPERATION",
                      help="Read, Write, Create, Delete, Alter, Describe, ClusterAction, DescribeConfigs, "
                           "AlterConfigs, IdempotentWrite, All; repeatable")
    acls.add_argument("--principal", metavar="PRINCIPAL", help="--list: only this principal's ACLs")
    acls.add_argument("--producer", action="store_true", help="--add: WRITE, DESCRIBE, CREATE on the topics "
                                                              "(and WRITE, DESCRIBE on --transactional-id)")
    acls.add_argument("--idempotent", action="store_true", help="with --producer: IDEMPOTENT_WRITE on the cluster")
    acls.add_argument("--consumer", action="store_true", help="--add: READ, DESCRIBE on the topics, READ on "
                                                              "the groups")
    acls.add_argument("--force", action="store_true", help="accepted for kafka-acls.sh's scripts; nothing is "
                                                           "asked anyway")


def _group_selection(p: argparse.ArgumentParser, kind: str = "consumer group") -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--group", action="append", default=[], metavar="GROUP", help="the group; repeatable")
    g.add_argument("--all-groups", action="store_true", help=f"every {kind}")


def _read_command_config(args: argparse.Namespace) -> None:
    """--command-config: Kafka's client properties the tools act on (client.id, request.timeout.ms, and
    security.protocol with its ssl.* and sasl.* settings, see kaflite.tools.security)."""
    path = getattr(args, "command_config", None)
    if not path:
        return
    props = parse_properties(read_text(Path(path)))
    if props.get("client.id"):
        args.client_id = props["client.id"]
    if "request.timeout.ms" in props:
        args.timeout_ms = int(props["request.timeout.ms"])
    try:
        args.security = ClientSecurity.from_properties(props)
    except SecurityConfigError as exc:
        raise ToolError(f"{path}: {exc}") from None


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None,
         stdin: TextIO | None = None) -> int:
    """``kaflite <tool> ...``: parse with the full parser (exit 2 on bad usage, as argparse), then run."""
    try:
        argv = kafka_action_form(argv)
    except ActionError as exc:
        (err or sys.stderr).write(f"kaflite {argv[0]}: {exc}\n")
        return EXIT_USAGE
    return run_tool(build_tool_parser().parse_args(argv), out, err, stdin)


def run_tool(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None,
             stdin: TextIO | None = None) -> int:
    """Run a tool command; a ToolError is one line on stderr and exit status 1 (2 for a UsageError)."""
    out, err, stdin = out or sys.stdout, err or sys.stderr, stdin or sys.stdin
    try:
        _read_command_config(args)
        if args.command == "groups":
            return run_groups(args, out, err)
        if args.command == "share-groups":
            return run_share_groups(args, out, err)
        if args.command == "topics":
            return run_topics(args, out)
        if args.command == "acls":
            return run_acls(args, out)
        if args.command == "offsets":
            return run_offsets(args, out)
        if args.command == "users":
            return run_users(args, out)
        if args.command == "consume":
            return run_consume(args, out, err)
        if args.command == "produce":
            return run_produce(args, stdin, out, err)
        return run_dump(args, out, err)
    except ToolError as exc:
        err.write(f"kaflite {args.command}: {exc}\n")
        return EXIT_USAGE if isinstance(exc, UsageError) else 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `kaflite consume ... | head`
        return 0
