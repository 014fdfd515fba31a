"""What a ``kaflite serve`` start imports: the broker whole (every module names its dependencies at its top, so a
start imports every handler, codec and the group coordinator: issue 32), but no optional extra, none of the tools,
the analytics or the test kit, no rich/pygments; and the log formats that decide it.

Why: start-up is a user-visible cost (test suites start a broker per test class) and imports are
most of it (issue 14, item 3; ``bench/startup.py --budget`` measures the time). These tests pin the
import-level promises, which a timing cannot state reliably on a shared machine.
Each check runs in a fresh interpreter: this test process has imported half the world already.
"""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.config import KafliteConfig
from kaflite.logging_config import configure_logging, get_logger

REPO = Path(__file__).resolve().parent.parent

# What kaflite serve runs before it binds: the CLI, then the serve path's imports (cli._cmd_serve).
SERVE_IMPORTS = """
import json, sys
from kaflite import cli
from kaflite.logging_config import import_structlog
import_structlog()
import kaflite.logging_config, kaflite.broker.server
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                         check=True).stdout
    return set(json.loads(out))


#: What a start never imports: the optional extras' libraries (the `spark` extra's, the test clients), and kaflite's
#: own parts that are not the broker (the command-line tools' runner, the analytics, the test kit).
NOT_SERVED = ("pyspark", "pyarrow", "numpy", "pandas", "matplotlib", "kafka", "aiokafka", "confluent_kafka", "pytest",
              "trustme", "kaflite.tools.cli", "kaflite.tools.groups", "kaflite.analytics", "kaflite.testing")


def test_a_start_imports_the_broker_but_no_extra_no_tool_and_no_test_kit() -> None:
    loaded = modules_after(SERVE_IMPORTS)
    assert {"kaflite.broker.server", "kaflite.coordinator.shard", "kaflite.protocol.messages.metadata_request",
            "kaflite.broker.admin_ops"} <= loaded
    assert sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in NOT_SERVED)) == []


def test_the_admin_endpoint_loads_only_when_admin_port_is_set() -> None:
    """Issue 32, item 7: h11, the console and prometheus_client are the admin endpoint's; a start without
    admin.port imports none of them, the server's start with it does (kaflite/broker/admin_endpoint.py)."""
    endpoint = ("kaflite.broker.admin_endpoint", "kaflite.broker.admin_http", "kaflite.broker.console",
                "kaflite.broker.metrics", "h11", "prometheus_client")
    assert sorted(m for m in modules_after(SERVE_IMPORTS) if m in endpoint) == []
    with_endpoint = modules_after(SERVE_IMPORTS.replace(
        "print(", "import kaflite.broker.admin_endpoint; print(", 1))
    assert set(endpoint) <= with_endpoint


def rich_installed() -> bool:
    return subprocess.run([sys.executable, "-c", "import rich, pygments"], capture_output=True).returncode == 0


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.mark.skipif(not rich_installed(), reason="rich is not installed: nothing to keep out")
def test_serve_path_does_not_import_rich_or_pygments() -> None:
    loaded = modules_after(SERVE_IMPORTS)
    assert "structlog" in loaded and "structlog.dev" in loaded
    assert not {m for m in loaded if m.split(".")[0] in ("rich", "pygments")}


@pytest.mark.skipif(not rich_installed(), reason="rich is not installed: the check would pass vacuously")
def test_plain_structlog_import_would_pull_rich() -> None:
    """The control: without import_structlog, structlog does import rich here (so the test above can fail)."""
    loaded = modules_after("import json, sys, structlog; print(json.dumps(sorted(sys.modules)))")
    assert "rich" in loaded


def greenlet_installed() -> bool:
    return subprocess.run([sys.executable, "-c", "import greenlet"], capture_output=True).returncode == 0


@pytest.mark.skipif(not greenlet_installed(), reason="greenlet is not installed: nothing to keep out")
def test_serve_path_does_not_import_greenlet_which_stays_importable() -> None:
    """structlog.threadlocal (deprecated, unused) would import greenlet wherever it is installed (~3 ms)."""
    loaded = modules_after(SERVE_IMPORTS)
    assert "structlog.threadlocal" in loaded and "greenlet" not in loaded
    later = modules_after(SERVE_IMPORTS.replace("print(", "import greenlet; print(", 1))
    assert "greenlet" in later


@pytest.mark.skipif(not greenlet_installed(), reason="greenlet is not installed: the check would pass vacuously")
def test_plain_structlog_import_would_pull_greenlet() -> None:
    """The control: without import_structlog, structlog does import greenlet here."""
    loaded = modules_after("import json, sys, structlog; print(json.dumps(sorted(sys.modules)))")
    assert "greenlet" in loaded


@pytest.mark.skipif(not rich_installed(), reason="log.format=rich needs rich")
def test_rich_log_format_renders_rich_tracebacks(restore_logging: None) -> None:
    out = io.StringIO()
    configure_logging("rich", "INFO", stream=out)
    try:
        raise KeyError("boom")
    except KeyError:
        get_logger("kaflite.test").exception("failed")
    text = out.getvalue()
    assert "failed" in text and "Traceback (most recent call last)" in text and "╭" in text  # rich's frame box


def test_console_log_format_renders_plain_tracebacks(restore_logging: None) -> None:
    out = io.StringIO()
    configure_logging("console", "INFO", stream=out)
    try:
        raise KeyError("boom")
    except KeyError:
        get_logger("kaflite.test").exception("failed")
    text = out.getvalue()
    assert "Traceback (most recent call last):" in text and "KeyError: 'boom'" in text and "╭" not in text


# `kaflite serve` on a fresh data directory: its imports, a start, one ApiVersions over a socket (the modules then);
# then a client's first group request, a FindCoordinator (its answer, and the modules after it).
FIRST_GROUP_REQUEST = SERVE_IMPORTS.replace("print(json.dumps(sorted(sys.modules)))", "") + """
import asyncio, tempfile
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest, FindCoordinatorRequest
from tests.broker.wire import WireClient

async def main():
    b = Broker.open(KafliteConfig(log_dirs=tempfile.mkdtemp(), port=0))
    await b.start()
    client = await WireClient.connect(b.port)
    versions = await client.call(18, 3, ApiVersionsRequest(client_software_name="t", client_software_version="1"))
    served = sorted(sys.modules)
    found = await client.call(10, 4, FindCoordinatorRequest(key_type=0, coordinator_keys=["g"]))
    grouped = sorted(sys.modules)
    await client.close()
    await b.stop()
    print("RESULT " + json.dumps([versions.error_code, served, found.coordinators[0].error_code,
                                  found.coordinators[0].node_id, grouped]))

asyncio.run(main())
"""

# The group machinery: the shard and what only it imports.
GROUP_MACHINERY = ("kaflite.coordinator.shard", "kaflite.coordinator.offsets", "kaflite.coordinator.classic.manager",
                   "kaflite.coordinator.consumer.manager", "kaflite.coordinator.snapshot")


@pytest.fixture(scope="module")
def first_group_request() -> tuple[int, set[str], int, int, set[str]]:
    out = subprocess.run([sys.executable, "-c", FIRST_GROUP_REQUEST], cwd=REPO, capture_output=True, text=True,
                         timeout=60, check=True).stdout
    line = next(li for li in out.splitlines() if li.startswith("RESULT "))  # (the broker logs to stdout too)
    versions_error, served, found_error, node, grouped = json.loads(line.removeprefix("RESULT "))
    return versions_error, set(served), found_error, node, set(grouped)


def test_the_first_group_request_builds_the_group_coordinator_and_is_answered_at_once(
        first_group_request: tuple[int, set[str], int, int, set[str]]) -> None:
    """... and the first group request builds it and is served as by a warm broker: NONE, this node -- no
    COORDINATOR_NOT_AVAILABLE for the client to retry."""
    _, _, found_error, node, grouped = first_group_request
    assert (found_error, node) == (0, KafliteConfig().node_id)
    assert all(m in grouped for m in GROUP_MACHINERY)
