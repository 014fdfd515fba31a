"""Every ``kaflite`` command line shown in the README and docs/ parses as the shipped CLI parses it (issue 35: docs
that say what is true -- a renamed option or a setting that no longer exists fails here, not in a reader's shell).

Parsing only: the commands that need a broker are not run (the guide's examples are: tests/testing/test_guide.py).
``serve``/``config`` lines are also turned into a configuration, so a setting that is unknown or out of range fails.
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from kaflite.cli import build_parser, config_from_args
from kaflite.tools.cli import build_tool_parser, kafka_action_form
from kaflite.tools.commands import TOOL_COMMANDS

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_FENCE = re.compile(r"^```(?P<lang>[\w-]*)\n(?P<body>.*?)^```", re.S | re.M)
SHELL_LANGS = {"", "sh", "bash", "shell"}  # every line a command; in ``console`` blocks, the ``$ `` lines
# How the docs start the command: the console script, or the module (also through the venv's python).
_PREFIX = re.compile(r"^(?:\S*/)?(?:kaflite|python3? -m kaflite)\s")
_PLACEHOLDER = re.compile(r"<[^<>]*>")


def _shell_lines(body: str, prompted: bool) -> list[str]:
    """The block's command lines, prompts dropped and backslash continuations joined (``prompted``: only the lines
    after a ``$ `` prompt are commands, the rest is their output)."""
    lines, cur = [], ""
    for raw in body.splitlines():
        line = raw.strip()
        if not cur and prompted and not line.startswith("$ "):
            continue
        if line.startswith("$ "):
            line = line[2:]
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            cur += line[:-1] + " "
            continue
        lines.append(cur + line)
        cur = ""
    return lines


def _commands(line: str) -> list[str]:
    """The ``kaflite`` commands of one shell line (each part of a pipe or an ``&&``/``;`` list), environment
    assignments, redirections and comments left out."""
    out = []
    for part in re.split(r"\s*(?:&&|\|\|?|;)\s*", line.split(" #")[0]):
        part = re.sub(r"^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+", "", part.strip())  # KAFLITE_X=1 kaflite ...
        part = re.sub(r"\s+\d?>>?\s*\S+", "", part)  # > file, 2>&1
        part = re.sub(r"\s*&$", "", part)  # run in the background
        part = re.sub(r"\s\[[^\[\]]*\]", "", part)  # a synopsis' optional parts: [--group G]
        if _PREFIX.match(part):
            out.append(part)
    return out


def doc_commands() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        for fence in _FENCE.finditer(doc.read_text()):
            lang = fence.group("lang")
            if lang in SHELL_LANGS or lang == "console":
                for line in _shell_lines(fence.group("body"), prompted=lang == "console"):
                    found += [(f"{doc.name}: {cmd}", cmd) for cmd in _commands(line)]
    return found


COMMANDS = doc_commands()


def argv_of(cmd: str) -> list[str]:
    """The arguments after ``kaflite`` (placeholders such as ``<group>`` stand for a word)."""
    words = shlex.split(_PLACEHOLDER.sub("X", cmd))
    return words[3:] if words[1:2] == ["-m"] else words[1:]


def test_the_docs_show_commands() -> None:
    """The extraction itself can fail: the docs show dozens of command lines across the tools."""
    shown = {argv_of(cmd)[0] for _, cmd in COMMANDS if argv_of(cmd)}
    assert len(COMMANDS) > 40 and {"serve", "groups", "topics", "ctl", "acls"} <= shown


@pytest.mark.parametrize("cmd", [c for _, c in COMMANDS], ids=[i for i, _ in COMMANDS])
def test_every_documented_command_parses(cmd: str) -> None:
    argv = argv_of(cmd)
    try:
        if argv and argv[0] in TOOL_COMMANDS:
            build_tool_parser().parse_args(kafka_action_form(argv))
            return
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        if exc.code == 0 and ("-h" in argv or "--help" in argv or "--version" in argv):
            return
        raise AssertionError(f"the docs show a command kaflite does not parse: {cmd}") from None
    if args.command in (None, "serve", "config"):
        args.config = None  # the docs' properties files are the reader's
        config_from_args(args, env={})  # an unknown setting or a bad value raises ConfigError


def test_a_wrong_option_would_fail() -> None:
    """The check has teeth: a misspelled option is refused."""
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--data-directory", "x"])
    with pytest.raises(SystemExit):
        build_tool_parser().parse_args(["groups", "describe", "--no-such-option", "b"])
    assert isinstance(build_parser(), argparse.ArgumentParser)
