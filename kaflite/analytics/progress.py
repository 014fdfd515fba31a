"""Progress of a ``kaflite analyze`` run: the job's stages and, inside each, Spark's tasks.

Why a listener and not only log lines: a long run over a large data directory logs a line per stage and
one every few seconds per Spark stage, which says little about how far along it is. On a terminal the CLI
shows two bars instead (stages done of all, and the running Spark stage's tasks), drawn with ``rich``, which
is imported here only, when a terminal asks for it. Anything else (a pipe, a CI log) keeps the log lines.
"""

from __future__ import annotations

from typing import IO, Any, Protocol


class ProgressListener(Protocol):
    """What run_analysis reports, besides its log lines."""

    def stage_started(self, n: int, total: int, name: str) -> None: ...

    def stage_finished(self, n: int, total: int, name: str, seconds: float, rows: int | None) -> None: ...

    def spark_tasks(self, stage_id: int, done: int, total: int, running: int) -> None: ...


class TerminalProgress:
    """Two rich progress bars on stderr; log records go through the same console, above the bars."""

    def __init__(self, file: IO[str] | None = None, *, force_terminal: bool | None = None) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.console = Console(file=file, stderr=file is None, force_terminal=force_terminal)
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=self.console, transient=False)
        self._stages: Any = None
        self._tasks: Any = None
        self._spark_stage: int | None = None

    def log_handler(self) -> Any:
        """A logging handler that prints through the bars' console (the lines stay above the bars)."""
        from rich.logging import RichHandler

        return RichHandler(console=self.console, show_path=False, show_level=False)

    def __enter__(self) -> TerminalProgress:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def stage_started(self, n: int, total: int, name: str) -> None:
        if self._stages is None:
            self._stages = self.progress.add_task("stages", total=total)
        self.progress.update(self._stages, completed=n - 1, description=f"[{n}/{total}] {name}")
        if self._tasks is not None:
            self.progress.update(self._tasks, visible=False)

    def stage_finished(self, n: int, total: int, name: str, seconds: float, rows: int | None) -> None:
        self.progress.update(self._stages, completed=n)

    def spark_tasks(self, stage_id: int, done: int, total: int, running: int) -> None:
        description = f"  spark stage {stage_id} ({running} running)"
        if self._tasks is None:
            self._tasks = self.progress.add_task(description, total=total)
        self.progress.update(self._tasks, total=total, completed=done, description=description, visible=True)
