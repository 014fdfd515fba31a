"""The ``kaflite`` command line: help, exit status 2 on bad config, ``kaflite config``, serve wiring."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import structlog

from kaflite import cli
from kaflite.config import KafliteConfig
from kaflite.docs.configuration import render_markdown
from kaflite.logging_config import configure_logging, get_logger

REPO = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m kaflite ARGS`` with the caller's KAFLITE_* variables removed."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("KAFLITE_")}
    return subprocess.run(
        [sys.executable, "-m", "kaflite", *args],
        env={**base, **(env or {})}, cwd=REPO, capture_output=True, text=True, timeout=60,
    )


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    structlog.reset_defaults()


# -- help and usage --------------------------------------------------------------------------


def test_help_works_without_the_broker() -> None:
    r = run("--help")
    assert r.returncode == 0, r.stderr
    assert "serve" in r.stdout and "config" in r.stdout


def test_serve_help_lists_the_options() -> None:
    r = run("serve", "--help")
    assert r.returncode == 0, r.stderr
    for option in ("--host", "--port", "--data-dir", "--advertised-host", "--node-id", "--config",
                   "--override", "--log-format", "--ready-file"):
        assert option in r.stdout


@pytest.mark.parametrize("argv", [
    ["serve"],
    ["serve", "--port", "0", "--data-dir", "d", "--override", "a=1", "--override", "b=2", "--ready-file", "r"],
    ["serve", "--host", "::1", "--log-format", "json", "--admin-port", "0", "--node-id", "3"],
])
def test_serve_parses_the_same_with_the_serve_parser_alone(argv: list[str]) -> None:
    """`kaflite serve` builds only its own parser (start-up): the same namespace as the full parser's."""
    assert cli.build_parser(serve_only=True).parse_args(argv) == cli.build_parser().parse_args(argv)


def test_serve_help_and_errors_are_the_same_with_the_serve_parser_alone(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for parser in (cli.build_parser(serve_only=True), cli.build_parser()):
        for argv in (["serve", "--help"], ["serve", "--port"], ["serve", "--no-such-option"]):
            with pytest.raises(SystemExit) as exited:
                parser.parse_args(argv)
            captured = capsys.readouterr()
            outputs.append((exited.value.code, captured.out, captured.err))
    assert outputs[:3] == outputs[3:]
    assert outputs[0][0] == 0 and "--ready-file" in outputs[0][1] and outputs[1][0] == outputs[2][0] == 2


def test_help_does_not_import_the_broker() -> None:
    code = ("import sys; from kaflite import cli\n"
            "try:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print('kaflite.broker.server' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert r.stdout.strip().endswith("False"), r.stdout + r.stderr


def test_version() -> None:
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("kaflite ")


# -- bad configuration exits 2 naming the setting --------------------------------------------


def test_bad_override_value_exits_2_naming_the_setting() -> None:
    r = run("serve", "--override", "log.retention.ms=soon")
    assert r.returncode == 2
    assert "log.retention.ms" in r.stderr and "soon" in r.stderr
    assert "Traceback" not in r.stderr


def test_unknown_override_exits_2() -> None:
    r = run("serve", "--override", "group.initial.rebalance.delay=3000")
    assert r.returncode == 2
    assert "group.initial.rebalance.delay" in r.stderr and "did you mean" in r.stderr


def test_malformed_override_exits_2() -> None:
    r = run("serve", "--override", "port")
    assert r.returncode == 2
    assert "name=value" in r.stderr


def test_analyze_takes_a_master_or_a_remote_and_spark_settings_as_key_value(tmp_path: Path) -> None:
    both = run("analyze", "--data-dir", str(tmp_path), "--out", str(tmp_path / "o"), "--master", "local[1]",
               "--remote", "sc://127.0.0.1:1")
    assert both.returncode == 2 and "not allowed with argument" in both.stderr
    bad = run("analyze", "--data-dir", str(tmp_path), "--out", str(tmp_path / "o"), "--conf", "spark.executor.memory")
    assert bad.returncode == 2 and "--conf takes KEY=VALUE" in bad.stderr and "Traceback" not in bad.stderr


def test_bad_flag_value_exits_2_naming_the_setting() -> None:
    r = run("serve", "--port", "70000")
    assert r.returncode == 2
    assert "port" in r.stderr and "[0, 65535]" in r.stderr


def test_bad_env_value_exits_2_naming_the_variable() -> None:
    r = run("serve", env={"KAFLITE_NUM_PARTITIONS": "zero"})
    assert r.returncode == 2
    assert "num.partitions" in r.stderr and "KAFLITE_NUM_PARTITIONS" in r.stderr


def test_unknown_env_variable_warns_and_the_broker_starts(tmp_path: Path) -> None:
    """A shell that exported KAFLITE_ADMIN (for ``kaflite ctl``) and a typo still starts the broker:
    the typo gets a warning line naming it and the variable meant; the tool's variable, none."""
    ready = tmp_path / "ready"
    base = {k: v for k, v in os.environ.items() if not k.startswith("KAFLITE_")}
    env = {**base, "KAFLITE_ADMIN": "127.0.0.1:9093", "KAFLITE_NUM_PARTITONS": "3"}
    proc = subprocess.Popen([sys.executable, "-m", "kaflite", "serve", "--port", "0", "--data-dir",
                             str(tmp_path / "d"), "--ready-file", str(ready)],
                            env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while not ready.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.exists(), "the broker did not start"
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    warnings = [line for line in out.splitlines() if "KAFLITE_" in line]
    assert len(warnings) == 1, out
    assert "KAFLITE_NUM_PARTITONS" in warnings[0] and "did you mean KAFLITE_NUM_PARTITIONS?" in warnings[0]


def test_config_command_warns_on_stderr() -> None:
    r = run("config", env={"KAFLITE_SPARK_MASTER": "local[2]", "KAFLITE_LOG_RETENTON_MS": "5"})
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("kaflite: warning:") == 1 and "KAFLITE_LOG_RETENTON_MS" in r.stderr


def test_bad_config_file_line_exits_2(tmp_path: Path) -> None:
    props = tmp_path / "server.properties"
    props.write_text("# kaflite\nlog.segment.bytes=tiny\n")
    r = run("serve", "--config", str(props))
    assert r.returncode == 2
    assert "log.segment.bytes" in r.stderr and f"{props}:2" in r.stderr


# -- kaflite config --------------------------------------------------------------------------


def test_config_prints_effective_values_and_sources(tmp_path: Path) -> None:
    props = tmp_path / "server.properties"
    props.write_text("num.partitions=6\nlog.retention.hours=1\n")
    r = run("config", "--config", str(props), "--port", "0", "--override", "log.format=json",
            env={"KAFLITE_NODE_ID": "4"})
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line.split(None, 2)[1:] for line in r.stdout.splitlines()[1:]}
    assert rows["port"] == ["0", "cli"]
    assert rows["log.format"] == ["json", "cli"]
    assert rows["node.id"] == ["4", "env KAFLITE_NODE_ID"]
    assert rows["num.partitions"] == ["6", f"file {props}:1"]
    assert rows["log.retention.ms"] == ["3600000", f"file {props}:2 (log.retention.hours)"]
    assert rows["host"] == ["127.0.0.1", "default"]


def test_config_json() -> None:
    r = run("config", "--json", "--data-dir", "/tmp/x")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["log.dirs"] == {"value": "/tmp/x", "source": "cli", "default": False}
    assert data["group.initial.rebalance.delay.ms"] == {"value": "0", "source": "default", "default": True}


def test_config_markdown_is_the_docs() -> None:
    r = run("config", "--markdown")
    assert r.returncode == 0
    assert r.stdout == render_markdown()


# -- serve wiring (broker replaced by a stub: the broker has its own tests) ------------------


def test_serve_builds_config_and_passes_ready_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, restore_logging: None
) -> None:
    calls: list[tuple[KafliteConfig, Any]] = []
    stub = types.ModuleType("kaflite.broker.server")
    stub.serve = lambda config, ready_file=None: calls.append((config, ready_file))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "kaflite.broker.server", stub)
    for var in [v for v in os.environ if v.startswith("KAFLITE_")]:
        monkeypatch.delenv(var)
    monkeypatch.setenv("KAFLITE_NUM_PARTITIONS", "3")

    ready = tmp_path / "ready"
    rc = cli.main(["serve", "--port", "0", "--host", "127.0.0.1", "--data-dir", str(tmp_path / "d"),
                   "--advertised-host", "kaflite.test", "--node-id", "9", "--override", "port=1234",
                   "--override", "log.flush.interval.messages=1", "--log-format", "json",
                   "--ready-file", str(ready)])
    assert rc == 0
    [(config, ready_file)] = calls
    assert config.port == 0  # the dedicated flag beats --override of the same setting
    assert (config.node_id, config.advertised_host) == (9, "kaflite.test")
    assert config.log_dirs == str(tmp_path / "d")
    assert config.log_flush_interval_messages == 1 and config.num_partitions == 3
    assert config.log_format == "json"
    assert ready_file == str(ready)


def test_json_logging_routes_stdlib_and_structlog(restore_logging: None) -> None:
    out = io.StringIO()
    configure_logging("json", "INFO", stream=out)
    get_logger("kaflite.test").info("hello", peer="127.0.0.1:5000")
    logging.getLogger("asyncio").warning("from %s", "stdlib")
    get_logger("kaflite.test").debug("filtered out")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["event"] for line in lines] == ["hello", "from stdlib"]
    assert lines[0]["logger"] == "kaflite.test" and lines[0]["level"] == "info"
    assert lines[0]["peer"] == "127.0.0.1:5000"
    assert lines[1]["logger"] == "asyncio" and lines[1]["level"] == "warning"
    assert all(line["timestamp"].endswith("Z") and "T" in line["timestamp"] for line in lines)


def test_console_logging_is_human_readable(restore_logging: None) -> None:
    out = io.StringIO()
    configure_logging("console", "DEBUG", stream=out)
    get_logger("kaflite.test").debug("joined", group="g1")
    text = out.getvalue()
    assert "joined" in text and "group=g1" in text and "kaflite.test" in text and "debug" in text
    with pytest.raises(ValueError, match=r"log\.format"):
        configure_logging("xml")
