"""The ``kaflite`` command: ``kaflite serve`` runs the broker, ``kaflite config`` shows its settings,
``kaflite compat`` prints the API compatibility table; ``kaflite groups|topics|consume|produce|offsets|dump-log``
are Kafka's command-line tools (kaflite.tools), against any Kafka-compatible bootstrap.

Why the broker is imported inside ``serve``: ``kaflite --help`` and ``kaflite config`` must work
(and stay fast) without loading the broker, storage and codecs.
Exit status 2 means bad usage or bad configuration, as argparse does for bad arguments; 1 that the broker
could not start (a bad data directory, a port in use), with one line naming the file and the fix.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from kaflite import __version__
from kaflite.config import ConfigError, KafliteConfig

EXIT_USAGE = 2
EXIT_STARTUP = 1  # the broker could not start (data directory, port): the message says why and what to do

# Dedicated flags → the Kafka name they set. They win over an --override of the same name.
_FLAG_SETTINGS: dict[str, str] = {
    "host": "host",
    "port": "port",
    "data_dir": "log.dirs",
    "advertised_host": "advertised.host",
    "node_id": "node.id",
    "brokers": "brokers",
    "log_format": "log.format",
    "log_level": "log.level",
    "admin_port": "admin.port",
}


def _override(text: str) -> tuple[str, str]:
    """``name=value`` → (name, value); the value may itself contain ``=``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    return name.strip(), value


def _add_config_options(parser: argparse.ArgumentParser) -> None:
    """The options that build a KafliteConfig, shared by ``serve`` and ``config``."""
    g = parser.add_argument_group("configuration (command line > KAFLITE_* environment > --config file)")
    g.add_argument("--config", metavar="FILE", type=Path, help="a server.properties file (Java properties)")
    g.add_argument("--override", metavar="NAME=VALUE", type=_override, action="append", default=[],
                   help="set any setting by its Kafka name; repeatable (e.g. log.retention.ms=60000)")
    g.add_argument("--host", metavar="H", help="interface to listen on (host; default 127.0.0.1)")
    g.add_argument("--port", metavar="P", help="port to listen on; 0 picks a free one (port; default 9092)")
    g.add_argument("--advertised-host", metavar="H",
                   help="host name clients are told to connect to (advertised.host; default: --host)")
    g.add_argument("--data-dir", metavar="DIR", help="data directory (log.dirs; default ./kaflite-data)")
    g.add_argument("--node-id", metavar="N", help="broker id (node.id; default 1)")
    g.add_argument("--brokers", metavar="N", help="brokers in this process, node ids node.id.. on ports port.. "
                   "(brokers; default 1)")
    g.add_argument("--log-format", metavar="FMT",
                   help="console (default), rich (console, rich's tracebacks) or json (log.format)")
    g.add_argument("--log-level", metavar="LEVEL", help="DEBUG, INFO (default), WARNING, ERROR (log.level)")
    g.add_argument("--admin-port", metavar="P", help="admin HTTP endpoint on 127.0.0.1 for tests (groups, waits, "
                   "faults; see kaflite ctl); 0 picks a free port (admin.port; default -1 = off)")


def build_parser(*, serve_only: bool = False) -> argparse.ArgumentParser:
    """Every command's parser; with `serve_only`, the serve command's alone (what `kaflite serve ...` parses with).

    Why serve alone: argparse translates its own strings (gettext looks for catalogs on disk at every call) and
    builds a help formatter per option, for each of the ~40 commands and subcommands: 4 - 7 ms of every broker
    start for parsers it never uses. `kaflite serve`'s parsing, errors and help are the same either way."""
    parser = argparse.ArgumentParser(
        prog="kaflite",
        description="A Kafka-compatible single-node broker for local development and integration tests.",
        epilog="Settings use Kafka's names; see docs/configuration.md.",
    )
    parser.add_argument("--version", action="version", version=f"kaflite {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    serve = sub.add_parser("serve", help="run the broker",
                           description="Run the broker until SIGINT/SIGTERM. Data is durable in the data "
                                       "directory; a restart with the same directory keeps it.")
    _add_config_options(serve)
    serve.add_argument("--ready-file", metavar="PATH",
                       help="once serving, write host:port to PATH (atomically), for scripts and tests (then "
                       "admin=, listener.NAME= and, with --brokers, broker.<id>=host:port lines)")
    if serve_only:
        return parser

    config = sub.add_parser("config", help="print the effective configuration and where each value came from")
    _add_config_options(config)
    out = config.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON: {name: {value, source, default}}")
    out.add_argument("--markdown", action="store_true",
                     help="print the settings reference (docs/configuration.md)")
    sub.add_parser("compat", help="print the API compatibility table (docs/compatibility.md)",
                   description="Every Kafka 4.2 API, the versions kaflite serves, and why not the rest; "
                               "regenerate with: python -m kaflite compat > docs/compatibility.md")
    certs = sub.add_parser("certs", help="write a throwaway CA, server and client certificate for an SSL listener",
                           description="PEM files for testing TLS (docs/security.md): a CA, a server certificate "
                                       "valid for localhost, 127.0.0.1 and ::1, a client certificate; prints the "
                                       "broker and client settings that use them. Never for production.")
    certs.add_argument("--dir", required=True, help="directory to write the PEM files to (created if missing)")
    certs.add_argument("--ssl-port", type=int, default=9093, help="the SSL listener's port in the printed "
                       "settings (default 9093)")
    from kaflite.ctl_commands import add_ctl_parser  # standard library only: keeps --help fast

    add_ctl_parser(sub)
    _add_analyze_parser(sub)
    from kaflite.tools.commands import add_tool_placeholders  # standard library only, as ctl's; no options: main()

    add_tool_placeholders(sub)
    return parser


def _add_analyze_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``kaflite analyze``: the Spark job lives in kaflite.analytics (the optional ``spark`` extra)."""
    an = sub.add_parser("analyze", help="analyse a log directory with Spark (needs kaflite[spark])",
                        description="Read a kaflite or Kafka log directory (live or stopped) with PySpark and "
                                    "write Parquet tables, PNG plots and report.html. See docs/analytics.md.")
    an.add_argument("--data-dir", required=True, metavar="DIR", help="the broker's data (log) directory")
    an.add_argument("--out", required=True, metavar="OUT", help="output directory (tables/, *.png, report.html)")
    an.add_argument("--group", metavar="G", help="only this consumer group")
    an.add_argument("--since", metavar="T", help="only data at or after T (ISO-8601 time or epoch ms)")
    where = an.add_mutually_exclusive_group()
    where.add_argument("--master", metavar="URL",
                       help="Spark master (default local[*]; ignored values are never forced under spark-submit)")
    where.add_argument("--remote", metavar="sc://HOST:PORT",
                       help="a Spark Connect server instead of a local driver (needs kaflite on the server's Python)")
    an.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE",
                    help="a Spark setting, as spark-submit's --conf (repeatable; e.g. spark.executor.memory=2g)")
    an.add_argument("--bucket", type=float, metavar="SECONDS", help="time bucket of the plots (default: automatic)")
    an.add_argument("--no-records", action="store_true", help="skip the full record scan (kaflite-log)")
    an.add_argument("--no-progress", action="store_true",
                    help="log lines instead of progress bars on a terminal (bars need rich: kaflite[spark])")


def config_from_args(args: argparse.Namespace, env: dict[str, str] | None = None) -> KafliteConfig:
    """Overrides first, then dedicated flags on top; raises ConfigError."""
    overrides: dict[str, object] = dict(args.override)
    for attr, name in _FLAG_SETTINGS.items():
        value = getattr(args, attr)
        if value is not None:
            overrides[name] = value
    return KafliteConfig.load(overrides, env=env, config_file=args.config)


def _print_config(config: KafliteConfig, as_json: bool, out: TextIO) -> None:
    rows = [(name, value, config.source_of(name)) for name, value, _default, _doc in config.describe()]
    if as_json:
        data = {name: {"value": value, "source": source, "default": source == "default"}
                for name, value, source in rows}
        out.write(json.dumps(data, indent=2) + "\n")
        return
    width = max(len(name) for name, _, _ in rows)
    vwidth = min(max(len(value) for _, value, _ in rows), 24)
    out.write(f"{'NAME':<{width}}  {'VALUE':<{vwidth}}  SOURCE\n")
    for name, value, source in rows:
        out.write(f"{name:<{width}}  {value:<{vwidth}}  {source}\n")


def _cmd_config(args: argparse.Namespace) -> int:
    if args.markdown:
        from kaflite.docs.configuration import render_markdown  # the docs' renderer: not part of a start

        sys.stdout.write(render_markdown())
        return 0
    config = config_from_args(args)
    for warning in config.warnings:
        print(f"kaflite: warning: {warning}", file=sys.stderr)
    _print_config(config, args.json, sys.stdout)
    return 0


def _cmd_compat() -> int:
    """The table goes to stdout alone: the scratch broker it is read from logs to stderr, warnings only."""
    from kaflite.logging_config import configure_logging, import_structlog

    import_structlog()  # before anything imports structlog: keeps rich out
    from kaflite.compat import render_markdown

    configure_logging("console", "WARNING", stream=sys.stderr)
    sys.stdout.write(render_markdown())
    return 0


def _cmd_certs(args: argparse.Namespace) -> int:
    """Write the files, then print the lines to paste: the broker's properties, then each client's."""
    from kaflite.security.tls.certs import write_certs

    files = write_certs(args.dir)
    broker = {"listeners": f"PLAINTEXT://127.0.0.1:9092,SSL://127.0.0.1:{args.ssl_port}",
              **files.broker_config("requested")}
    out = ["# kaflite (server.properties, or --override NAME=VALUE); ssl.client.auth=required for mutual TLS"]
    out += [f"{k}={v}" for k, v in broker.items()]
    out += ["", "# Java client (client.properties); the keystore lines only for mutual TLS"]
    out += [f"{k}={v}" for k, v in files.java(client_cert=True).items()]
    out += ["", "# librdkafka / confluent-kafka / kcat -X; the certificate and key only for mutual TLS"]
    out += [f"{k}={v}" for k, v in files.librdkafka(client_cert=True).items()]
    out += ["", "# kafka-python / aiokafka keyword arguments; ssl_certfile/ssl_keyfile only for mutual TLS"]
    out += [f"{k}={v!r}" for k, v in files.kafka_python(client_cert=True).items()]
    out += ["", f"# the client certificate's principal: {files.client_principal}"]
    print("\n".join(out))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    from kaflite.logging_config import configure_logging, import_structlog

    import_structlog()  # before anything imports structlog: keeps rich out of a start
    try:
        configure_logging(config.log_format, config.log_level)
    except ValueError as exc:  # log.format=rich without rich installed
        raise ConfigError("log.format", str(exc)) from None
    if config.warnings:
        import structlog

        for warning in config.warnings:  # after configure_logging: in the format the operator chose
            structlog.get_logger("kaflite.config").warning(warning)
    from kaflite.broker.server import serve  # lazy: see the module docstring
    from kaflite.storage.errors import StartupError

    try:
        serve(config, ready_file=args.ready_file)
    except KeyboardInterrupt:  # a second Ctrl-C during shutdown
        return 130
    except StartupError as exc:  # it names the file and the fix: one line, no traceback
        print(f"kaflite: cannot start: {exc}", file=sys.stderr)
        return EXIT_STARTUP
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``kaflite`` console script and ``python -m kaflite``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    from kaflite.tools.commands import TOOL_COMMANDS

    if argv and argv[0] in TOOL_COMMANDS:  # the tools have their own parser: serve's start never builds it
        from kaflite.tools.cli import main as tool_main

        return tool_main(argv)
    args = build_parser(serve_only=argv[:1] == ["serve"]).parse_args(argv)
    try:
        if args.command == "serve":
            return _cmd_serve(args)
        if args.command == "analyze":
            from kaflite.analytics.cli import run_analyze  # lazy: pyspark is an optional extra

            return run_analyze(args)
        if args.command == "compat":
            return _cmd_compat()
        if args.command == "certs":
            return _cmd_certs(args)
        if args.command == "ctl":
            from kaflite.testing.ctl import run_ctl

            return run_ctl(args)
        if args.command in TOOL_COMMANDS:  # parsed by build_parser() directly, not through main(argv)
            from kaflite.tools.cli import main as tool_main

            return tool_main([args.command, *args.tool_args])
        return _cmd_config(args)
    except ConfigError as exc:
        print(f"kaflite: configuration error: {exc}", file=sys.stderr)
        return EXIT_USAGE
