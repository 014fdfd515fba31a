"""``kaflite analyze`` behind the argparse definition in `kaflite.cli` (imported only for that command)."""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kaflite.analytics.progress import TerminalProgress


def run_analyze(args: argparse.Namespace) -> int:
    """Run the job; exit 2 with a clear message when the ``spark`` extra is missing."""
    conf: dict[str, str] = {}
    for item in getattr(args, "conf", None) or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            print(f"kaflite analyze: --conf takes KEY=VALUE, not {item!r}", file=sys.stderr)
            return 2
        conf[key.strip()] = value
    remote = getattr(args, "remote", None)
    try:
        import pyspark  # noqa: F401
    except ImportError:
        print("kaflite analyze needs the spark extra: pip install 'kaflite[spark]'", file=sys.stderr)
        return 2
    bars = _terminal_progress(args)
    if bars is not None:  # log lines print above the bars, through their console
        logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s", handlers=[bars.log_handler()])
    else:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s", stream=sys.stderr)
    from kaflite.analytics.report import run_analysis
    from kaflite.analytics.session import get_session

    spark = get_session(master=args.master, remote=remote, conf=conf) if args.master or remote or conf else None
    with bars if bars is not None else contextlib.nullcontext():
        result = run_analysis(args.data_dir, args.out, group=args.group, since=args.since, spark=spark,
                              scan_records=not args.no_records, bucket_seconds=args.bucket, progress=bars)
    print(result.report)
    return 0


def _terminal_progress(args: argparse.Namespace) -> TerminalProgress | None:
    """Bars when stderr is a terminal, rich is installed and --no-progress was not given; else log lines."""
    if getattr(args, "no_progress", False) or not sys.stderr.isatty():
        return None
    try:
        from kaflite.analytics.progress import TerminalProgress
    except ImportError:
        return None
    try:
        return TerminalProgress()
    except ImportError:  # rich is not installed
        return None
