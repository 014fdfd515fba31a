"""What a ``kaflite serve`` start imports: no rich/pygments; and the log formats that decide it.

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


def rich_installed() -> bool:
    return subprocess.run([sys.executable, "-c", "import rich, pygments"], capture_output=True).returncode == 0


# A broker started with the admin endpoint (as `make run` does), then the modules it has loaded; then after
# one scrape of /metrics.
ADMIN_START = """
import asyncio, json, sys, tempfile, urllib.request
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig

async def main():
    b = Broker.open(KafliteConfig(log_dirs=tempfile.mkdtemp(), port=0, admin_port=0))
    await b.start()
    started = sorted(sys.modules)
    url = f"http://127.0.0.1:{b.admin_http.port}/metrics"
    body = await asyncio.get_running_loop().run_in_executor(None, lambda: urllib.request.urlopen(url).read())
    await b.stop()
    print(json.dumps([started, sorted(sys.modules), len(body)]))

asyncio.run(main())
"""


def _prometheus(modules: set[str]) -> set[str]:
    return {m for m in modules if m.split(".")[0] == "prometheus_client" or m == "kaflite.broker.metrics"}


def test_serve_path_does_not_import_prometheus_client() -> None:
    """/metrics' library (~16 ms of imports) never comes with a plain serve..."""
    loaded = modules_after(SERVE_IMPORTS)
    assert "kaflite.broker.server" in loaded
    assert not _prometheus(loaded)


def test_the_admin_endpoint_loads_prometheus_client_on_the_first_scrape_not_at_start() -> None:
    """... nor with the admin endpoint's start (`make run` serves it; start-up is budgeted): the first scrape
    loads it, and that scrape is served."""
    out = subprocess.run([sys.executable, "-c", ADMIN_START], cwd=REPO, capture_output=True, text=True, timeout=60,
                         check=True).stdout
    started, scraped, size = json.loads(out.strip().splitlines()[-1])
    assert "kaflite.broker.admin_http" in started and not _prometheus(set(started))
    assert "h11" in started  # the endpoint's HTTP: loaded with it, never without (below)
    assert "prometheus_client" in scraped and size > 1000


def test_the_admin_endpoints_start_leaves_the_group_machinery_the_console_assets_and_idna_unimported() -> None:
    """`make run` serves the admin endpoint: its start loads neither the group snapshots and the consumer group's
    records (the first request about a group does), nor the console's asset reader (the first page does), nor the
    idna codec (both listeners are IP literals, bound without resolution)."""
    out = subprocess.run([sys.executable, "-c", ADMIN_START], cwd=REPO, capture_output=True, text=True, timeout=60,
                         check=True).stdout
    started = json.loads(out.strip().splitlines()[-1])[0]
    assert "kaflite.broker.console" in started
    unwanted = {"kaflite.coordinator.snapshot", "kaflite.coordinator.consumer.records", "kaflite.coordinator.group",
                "importlib.resources", "encodings.idna"}
    assert not unwanted & set(started)


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


def test_serve_path_leaves_the_admin_endpoint_unimported() -> None:
    """admin.port is off by default: its modules (and their dataclasses) and its HTTP library (h11) load only when
    it is asked for; the in-process test kit runs the admin operations without either."""
    loaded = modules_after(SERVE_IMPORTS)
    assert "kaflite.broker.server" in loaded and "kaflite.broker.admin_http" not in loaded
    assert not {m for m in loaded if m.split(".")[0] == "h11"} and "kaflite.broker.http_connection" not in loaded
    kit = modules_after("import json, sys, kaflite.testing.broker; print(json.dumps(sorted(sys.modules)))")
    assert "kaflite.broker.admin_ops" in kit and not {m for m in kit if m.split(".")[0] == "h11"}


# Codecs of APIs whose handlers import them on first use: none may load before a request asks.
RARE_API_CODECS = ("metadata_request", "metadata_response", "create_topics_response", "describe_configs_response",
                   "describe_quorum_response", "elect_leaders_response", "end_txn_response",
                   "add_partitions_to_txn_response", "describe_transactions_response", "transaction_log_key")


def test_serve_path_leaves_rare_api_codecs_unimported() -> None:
    loaded = modules_after(SERVE_IMPORTS)
    assert "kaflite.protocol.messages" in loaded
    early = [c for c in RARE_API_CODECS if f"kaflite.protocol.messages.{c}" in loaded]
    assert early == [], early


def test_router_builds_routes_without_importing_codecs() -> None:
    """Routes take their version range from REQUEST_VERSIONS; the classes load when a request needs them."""
    loaded = modules_after("""
import json, sys
from kaflite.broker.router import Router
router = Router()
router.add(55, lambda ctx, req: None)  # DescribeQuorum
router.add(43, lambda ctx, req: None, max_version=1)  # ElectLeaders, narrowed
before = sorted(sys.modules)
route = router.get(55)
from kaflite.protocol.messages import DescribeQuorumRequest, DescribeQuorumResponse
assert route.request_cls is DescribeQuorumRequest and route.response_cls is DescribeQuorumResponse
assert (route.min_version, route.max_version) == (DescribeQuorumRequest.MIN_VERSION, DescribeQuorumRequest.MAX_VERSION)
assert router.get(43).max_version == 1
print(json.dumps(before))
""")
    assert not {m for m in loaded if m.startswith(("kaflite.protocol.messages.describe_quorum",
                                                     "kaflite.protocol.messages.elect_leaders"))}


# A broker started with a PLAINTEXT listener only, then with a SASL_PLAINTEXT one, and one SCRAM login: the modules
# each has loaded.
SASL_START = """
import asyncio, json, sys, tempfile
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig

async def main():
    b = Broker.open(KafliteConfig(log_dirs=tempfile.mkdtemp(), port=0))
    await b.start()
    plain = sorted(sys.modules)
    await b.stop()
    b = Broker.open(KafliteConfig(log_dirs=tempfile.mkdtemp(), port=0, listeners="SASL_PLAINTEXT://127.0.0.1:0"))
    await b.start()
    sasl = sorted(sys.modules)
    from kaflite.security.sasl.scram import ScramServer
    ScramServer("SCRAM-SHA-512", lambda u, m: None)
    await b.stop()
    print("MODULES " + json.dumps([plain, sasl, sorted(sys.modules)]))

asyncio.run(main())
"""


def test_sasl_mechanisms_and_scramp_load_only_with_a_sasl_listener_and_scram_only_on_a_scram_login() -> None:
    """SASL is off by default: a PLAINTEXT start loads neither the state machine nor the mechanisms nor scramp; a
    SASL listener loads the state machine, and scramp comes with the first SCRAM exchange."""
    out = subprocess.run([sys.executable, "-c", SASL_START], cwd=REPO, capture_output=True, text=True, timeout=60,
                         check=True).stdout
    line = next(li for li in out.splitlines() if li.startswith("MODULES "))  # (the broker logs to stdout too)
    plain, sasl, after_login = (set(m) for m in json.loads(line.removeprefix("MODULES ")))
    heavy = {"scramp", "kaflite.security.sasl.authenticator", "kaflite.security.sasl.plain",
             "kaflite.security.sasl.oauthbearer", "kaflite.security.sasl.jaas"}
    assert not heavy & plain
    assert "kaflite.security.sasl.authenticator" in sasl and "scramp" not in sasl
    assert "scramp" in after_login


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


def test_a_fresh_broker_starts_and_answers_without_the_group_coordinator(
        first_group_request: tuple[int, set[str], int, int, set[str]]) -> None:
    """The group coordinator is the broker's biggest import: a fresh data directory has no `__consumer_offsets`
    to load, so start-up and the non-group APIs go without it (issue 14, item 3); the transaction coordinator too."""
    versions_error, served, *_ = first_group_request
    assert versions_error == 0 and "kaflite.broker.groups" in served
    assert [m for m in GROUP_MACHINERY if m in served] == []
    assert "kaflite.broker.transactions" in served and "kaflite.transaction.coordinator" not in served  # likewise


def test_the_first_group_request_builds_the_group_coordinator_and_is_answered_at_once(
        first_group_request: tuple[int, set[str], int, int, set[str]]) -> None:
    """... and the first group request builds it and is served as by a warm broker: NONE, this node -- no
    COORDINATOR_NOT_AVAILABLE for the client to retry."""
    _, _, found_error, node, grouped = first_group_request
    assert (found_error, node) == (0, KafliteConfig().node_id)
    assert all(m in grouped for m in GROUP_MACHINERY)


def test_a_fresh_broker_answers_without_the_compression_codecs(
        first_group_request: tuple[int, set[str], int, int, set[str]]) -> None:
    """cramjam (~2 ms of imports) comes with the first compressed batch, not with the start."""
    _, served, *_ = first_group_request
    assert "kaflite.protocol.records" in served and "cramjam" not in served


def test_compressed_batches_still_round_trip_with_the_codecs_imported_on_use() -> None:
    out = subprocess.run([sys.executable, "-c", """
import sys
from kaflite.protocol import records
assert "cramjam" not in sys.modules
for codec in (records.GZIP, records.SNAPPY, records.LZ4, records.ZSTD):
    assert records.decompress(codec, records.compress(codec, b"kaflite" * 100)) == b"kaflite" * 100
try:
    records.decompress(records.ZSTD, b"not zstd")
except records.CorruptRecordError:
    print("ok")
"""], cwd=REPO, capture_output=True, text=True, timeout=60, check=True).stdout
    assert out.strip() == "ok"
