"""``python -m kaflite.testing.worker``: a ``kaflite serve`` that imports first and is told what to serve later.

Why: importing the broker, storage and codecs takes most of a cold start (hundreds of
milliseconds, seconds without bytecode caches). ``ProcessBroker`` keeps one such worker spawned
ahead of time; starting a broker then costs a JSON line on stdin and a bind. The worker reads its
settings (Kafka names → values) as one JSON line, serves exactly as ``kaflite serve`` does (same
``serve()``: the address lines on stdout, logs on stderr, SIGTERM = clean shutdown), and exits on
its own when its parent goes away (stdin reaches EOF), so a killed test run leaves no broker behind.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading


def _exit_with_parent() -> None:
    """Block on stdin; at EOF the parent is gone (or closed it on purpose): shut down cleanly."""
    sys.stdin.read()
    os.kill(os.getpid(), signal.SIGTERM)


def main() -> int:
    from kaflite.logging_config import configure_logging, import_structlog

    import_structlog()  # first: keeps rich out (log.format=rich imports it when configured)
    from kaflite.broker.server import serve  # the expensive imports, done before anyone waits
    from kaflite.config import KafliteConfig

    line = sys.stdin.readline()
    if not line.strip():
        return 0  # a spare that was never used
    config = KafliteConfig.load(json.loads(line), env={})
    configure_logging(config.log_format, config.log_level)
    threading.Thread(target=_exit_with_parent, name="exit-with-parent", daemon=True).start()
    try:
        serve(config)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
