"""``kaflite analyze`` behind the argparse definition in `kaflite.cli` (imported only for that command)."""

from __future__ import annotations

import argparse
import logging
import sys


def run_analyze(args: argparse.Namespace) -> int:
    """Run the job; exit 2 with a clear message when the ``spark`` extra is missing."""
    try:
        import pyspark  # noqa: F401
    except ImportError:
        print("kaflite analyze needs the spark extra: pip install 'kaflite[spark]'", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s", stream=sys.stderr)
    from kaflite.analytics.report import run_analysis
    from kaflite.analytics.session import get_session

    spark = get_session(master=args.master) if args.master else None
    result = run_analysis(args.data_dir, args.out, group=args.group, since=args.since, spark=spark,
                          scan_records=not args.no_records, bucket_seconds=args.bucket)
    print(result.report)
    return 0
