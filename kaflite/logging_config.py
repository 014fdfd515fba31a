"""structlog setup: a readable console for humans, one JSON object per line for machines.

Why route stdlib ``logging`` through structlog too: asyncio, uvloop and client libraries log
through ``logging``; their lines must come out in the same format (and the same JSON schema)
as ours, or log shippers and people reading a terminal get two formats interleaved.
Every line carries an ISO-8601 UTC ``timestamp``, ``level``, ``logger`` and ``event``, plus
whatever context is bound (``structlog.contextvars`` is merged in, so a connection or request
handler can ``bind_contextvars(peer=..., api=...)`` once).

Why structlog is imported inside the functions: ``import_structlog`` must run before the first
``import structlog`` of a process to keep rich out of it (see there).
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    import structlog

# console: plain tracebacks; rich: the same console lines with rich's tracebacks (needs rich installed).
LOG_FORMATS = ("console", "rich", "json")

# Marks the handler we install, so calling configure_logging again replaces it instead of
# stacking a second one (tests and ``kaflite serve`` may both configure).
_HANDLER_NAME = "kaflite"


# What structlog imports at its own import only to offer what kaflite does not use: rich (and pygments) for its
# default exception formatter, ~25 ms and ~5 MiB; greenlet for its deprecated `structlog.threadlocal` (kaflite
# binds context with contextvars), ~3 ms in any environment that has it (playwright, SQLAlchemy, gevent).
HIDDEN_FROM_STRUCTLOG = ("rich", "greenlet")


def import_structlog() -> None:
    """Import structlog with HIDDEN_FROM_STRUCTLOG hidden from it: a few ms and MiB of every start.

    structlog's dev and tracebacks modules import rich at import whenever it is installed, for
    their default exception formatter; kaflite picks its formatter itself (rich only for
    ``log.format=rich``, imported then). Its threadlocal module imports greenlet, if installed, for
    greenlet-local context; without it that (deprecated, unused here) API is thread-local. This decides
    what structlog sees for the whole process: only entry points that own the process call it (the CLI,
    the test worker). Each module stays importable by everyone else afterwards. Does nothing once
    structlog is imported; a hidden module already imported is left to structlog.
    """
    if "structlog" in sys.modules:
        return
    hidden = [name for name in HIDDEN_FROM_STRUCTLOG if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # a None entry makes `import name` raise ImportError
    try:
        import structlog  # noqa: F401
    finally:
        for name in hidden:
            del sys.modules[name]


def _rich_traceback(colors: bool) -> Any:
    """rich's traceback renderer for ConsoleRenderer, without locals (a broker's frames hold payloads).

    Ours rather than structlog.dev.RichTracebackFormatter: that one only works when rich was
    importable while structlog.dev was imported, which ``import_structlog`` prevents.
    """
    try:
        from rich.console import Console
        from rich.traceback import Traceback
    except ImportError:
        raise ValueError("rich needs rich installed (pip install rich)") from None

    def render(sio: TextIO, exc_info: Any) -> None:
        sio.write("\n")
        console = Console(file=sio, color_system="truecolor" if colors else None)
        console.print(Traceback.from_exception(*exc_info, show_locals=False))

    return render


def _shared_processors() -> list[Any]:
    """Processors applied to both structlog and foreign (stdlib) records."""
    import structlog

    return [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.stdlib.PositionalArgumentsFormatter(),
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
    ]


def configure_logging(
    fmt: str = "console", level: str | int = "INFO", *, stream: TextIO | None = None
) -> None:
    """Configure structlog and the stdlib root logger; ``fmt`` is ``console``, ``rich`` or ``json``.

    ``stream`` defaults to stderr, leaving stdout for what a caller may parse (the bound
    address printed with ``--port 0``).
    """
    import structlog

    fmt = fmt.lower()
    if fmt not in LOG_FORMATS:
        raise ValueError(f"log.format must be one of {', '.join(LOG_FORMATS)}, not {fmt!r}")
    if isinstance(level, str):
        numeric = logging.getLevelName(level.upper())
        if not isinstance(numeric, int):
            raise ValueError(f"unknown log level {level!r}")
        level = numeric
    out = stream if stream is not None else sys.stderr

    final: list[Any]
    if fmt == "json":
        # Structured tracebacks, without local variables (bulky, and they may hold payloads).
        tracebacks = structlog.processors.ExceptionRenderer(
            structlog.tracebacks.ExceptionDictTransformer(show_locals=False)
        )
        final = [tracebacks, structlog.processors.JSONRenderer()]
    else:
        colors = bool(getattr(out, "isatty", lambda: False)())
        # Explicit: structlog's default is rich's renderer whenever rich is installed.
        formatter: Any = _rich_traceback(colors) if fmt == "rich" else structlog.dev.plain_traceback
        final = [structlog.dev.ConsoleRenderer(colors=colors, exception_formatter=formatter)]

    shared = _shared_processors()
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *shared,
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        # Not cached: configure_logging may run more than once per process (tests).
        cache_logger_on_first_use=False,
    )

    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, *final],
    )
    handler = logging.StreamHandler(out)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(formatter)

    root = logging.getLogger()
    for old in list(root.handlers):
        if old.get_name() == _HANDLER_NAME:
            root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)


def get_logger(name: str) -> structlog.stdlib.BoundLogger:
    """A structlog logger named like a stdlib one (``kaflite.broker.server``)."""
    import structlog

    logger: structlog.stdlib.BoundLogger = structlog.stdlib.get_logger(name)
    return logger
