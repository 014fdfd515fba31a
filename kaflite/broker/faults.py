"""Faults a test can inject into a running broker, to see a real client react as it would to Kafka.

Each fault is a rule the request path consults; with no rule set the cost is one empty check.
Rules are bounded by a count and/or a deadline, so a forgotten fault does not outlive its test.
The faults that act on connections (pause, drop a member's connections) are ``ServerState``'s, and
expiring a member is the group handler's: this module knows no connection, server or coordinator.
"""

from __future__ import annotations

import errno
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import structlog

from kaflite.protocol.errors import ErrorCode
from kaflite.storage.fileio import DiskFault, disk_fault, set_disk_fault

log = structlog.get_logger("kaflite.faults")


class InjectedFault(RuntimeError):
    """What a ``raise`` rule makes a handler raise: the broker must answer it like any handler bug."""


#: Rule actions: lose the answer, answer late, or make the handler fail — before it runs
#: ("raise") or after, in the answer it returns ("raise-async", the awaited path).
ACTIONS = ("drop", "delay", "raise", "raise-async")


@dataclass
class ResponseRule:
    """Drop, delay or fail the responses to ``api_key`` (for ``group`` only, when given)."""

    api_key: int
    action: str  # one of ACTIONS
    group: str | None = None
    delay_ms: int = 0
    remaining: int | None = None  # None: until the deadline / cleared
    until: float | None = None  # time.monotonic() deadline
    hits: int = 0

    def matches(self, api_key: int, request: Any) -> bool:
        if api_key != self.api_key:
            return False
        if self.until is not None and time.monotonic() > self.until:
            return False
        if self.remaining is not None and self.remaining <= 0:
            return False
        return self.group is None or getattr(request, "group_id", None) == self.group


@dataclass
class CoordinatorErrorWindow:
    error: ErrorCode
    until: float
    group: str | None = None


@dataclass
class Faults:
    """The rules in force: responses to drop or delay, a coordinator-error window."""

    response_rules: list[ResponseRule] = field(default_factory=list)
    coordinator_error: CoordinatorErrorWindow | None = None
    # Faults kept by their owners (the transaction handler's held markers): told when every fault is cleared.
    on_clear: list[Callable[[], None]] = field(default_factory=list)
    disk: DiskFault | None = None  # the disk fault this broker installed (fill_disk)

    # -- responses -----------------------------------------------------------------------------------

    def add_response_rule(self, rule: ResponseRule) -> ResponseRule:
        self.response_rules.append(rule)
        log.info("fault armed", fault=rule.action, api=rule.api_key, group=rule.group, count=rule.remaining,
                 delay_ms=rule.delay_ms)
        return rule

    def response_rule(self, api_key: int, request: Any) -> ResponseRule | None:
        """The rule that applies to this request's response, consuming one of its uses."""
        for rule in self.response_rules:
            if rule.matches(api_key, request):
                rule.hits += 1
                if rule.remaining is not None:
                    rule.remaining -= 1
                log.info("fault applied", fault=rule.action, api=api_key, group=rule.group)
                return rule
        return None

    # -- coordinator ---------------------------------------------------------------------------------

    def fail_coordinator(self, error: ErrorCode, duration_s: float, group: str | None = None) -> None:
        """Answer group APIs (and FindCoordinator) with ``error`` for a while: clients must rediscover."""
        self.coordinator_error = CoordinatorErrorWindow(error, time.monotonic() + duration_s, group)
        log.info("fault armed", fault="coordinator-error", error=error.name, seconds=duration_s, group=group)

    def coordinator_error_for(self, group: str | None) -> ErrorCode | None:
        w = self.coordinator_error
        if w is None:
            return None
        if time.monotonic() > w.until:
            self.coordinator_error = None
            return None
        if w.group is not None and group is not None and w.group != group:
            return None
        return w.error

    # -- disk --------------------------------------------------------------------------------------------

    def fill_disk(self, error: str = "ENOSPC", allow_bytes: int = 0) -> DiskFault:
        """Make the disk full (ENOSPC) or failing (EIO, fsyncs fail too) after `allow_bytes` more bytes:
        appends answer KAFKA_STORAGE_ERROR, coordinator writes NOT_COORDINATOR, reads go on. Process-wide
        (the storage seam, kaflite.storage.fileio): every broker of the process sees it."""
        code = {"ENOSPC": errno.ENOSPC, "EIO": errno.EIO}.get(error.upper())
        if code is None:
            raise ValueError(f"unknown disk error {error!r}: ENOSPC or EIO")
        fault = DiskFault(code, allow_bytes=max(0, int(allow_bytes)), fail_sync=code == errno.EIO)
        set_disk_fault(fault)
        self.disk = fault
        log.info("fault armed", fault="disk-full", error=error.upper(), allow_bytes=fault.allow_bytes)
        return fault

    def free_disk(self) -> int:
        """Space returns: writes succeed again. Returns how many writes and fsyncs the fault refused."""
        fault, self.disk = self.disk, None
        if fault is not None and disk_fault() is fault:
            set_disk_fault(None)
        failures = 0 if fault is None else fault.failures
        if fault is not None:
            log.info("fault cleared", fault="disk-full", refused=failures)
        return failures

    def clear(self) -> None:
        self.response_rules.clear()
        self.coordinator_error = None
        self.free_disk()
        for release in self.on_clear:
            release()
