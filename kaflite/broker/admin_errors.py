"""What an admin operation answers other than 200: below every operation's module (``admin_ops``,
``admin_cluster``), so each raises them and the endpoint's routes answer them the one way."""

from __future__ import annotations

from typing import Any


class HttpError(Exception):
    """An answer other than 200, with its status: raised by an operation or a route, answered as ``{"error": ...}``."""

    def __init__(self, status: int, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"error": message, **(extra or {})}


class WaitTimeout(TimeoutError):
    """A wait's condition did not hold in time; ``last`` is what it waited on as last seen (JSON) or None."""

    def __init__(self, message: str, last: dict[str, Any] | None) -> None:
        super().__init__(message)
        self.last = last
