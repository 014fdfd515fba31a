"""The tools' names and one-line help, as ``kaflite --help`` lists them (standard library only: ``kaflite serve``
builds that parser on every start; the tools' own parsers and modules are kaflite/tools/cli.py's)."""

from __future__ import annotations

import argparse
from typing import Any

TOOL_HELP: dict[str, str] = {
    "groups": "consumer groups: list, describe (lag), reset-offsets, delete, delete-offsets "
              "(kafka-consumer-groups.sh; its --list/--describe/... form works too)",
    "share-groups": "share groups (KIP-932): list, describe (start offsets, lag, members), reset-offsets, "
                    "delete-offsets, delete (kafka-share-groups.sh; its --list/--describe/... form works too)",
    "topics": "topics: list, describe, create, alter, delete (kafka-topics.sh; its --create/--list/... form works "
              "too)",
    "consume": "print records of a topic (kcat -C): no group, nothing committed",
    "produce": "send stdin's lines as records (kcat -P)",
    "offsets": "earliest, latest or by-time offsets of partitions (kafka-get-offsets.sh)",
    "dump-log": "print segment files: batches, records, markers, indexes (kafka-dump-log.sh)",
    "acls": "ACLs: --add, --remove, --list (kafka-acls.sh)",
    "users": "SCRAM users: add, delete, describe (kafka-configs.sh --entity-type users)",
}
TOOL_COMMANDS = tuple(TOOL_HELP)


def add_tool_placeholders(sub: Any) -> None:
    """The tools as ``kaflite --help`` lists them, without their options (main() never parses a tool's
    command line with these: it goes to build_tool_parser)."""
    for name, text in TOOL_HELP.items():
        p = sub.add_parser(name, help=text, add_help=False)
        p.add_argument("tool_args", nargs=argparse.REMAINDER)
