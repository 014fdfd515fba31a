"""Running kaflite's tools as a test does: the real parser and ``main``, output captured apart from the logs.

One copy for every tools test (they had five): what a command printed, on which stream, and its exit status.
"""

from __future__ import annotations

import io
import json
from typing import Any

from kaflite.testing.broker import BrokerAPI
from kaflite.tools.cli import main as tool_main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``kaflite <argv>``: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = tool_main(list(argv), out, err, io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def tool(broker: BrokerAPI | None, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``kaflite <argv> --bootstrap-server <broker>`` (no broker: as typed)."""
    return run(*argv, *(() if broker is None else ("--bootstrap-server", broker.bootstrap_servers)), stdin=stdin)


def tool_json(broker: BrokerAPI | None, *argv: str, stdin: str = "", code: int = 0) -> Any:
    """``tool(..., "--json")``'s document, once the exit status is ``code``."""
    got, out, err = tool(broker, *argv, "--json", stdin=stdin)
    assert got == code, err
    return json.loads(out)
