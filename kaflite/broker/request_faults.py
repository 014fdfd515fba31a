"""Faults applied to one request's answer (``Faults.response_rule``): a test sees a real client meet a late, lost
or failing answer. The request itself takes effect in every case; only its answer is changed."""

from __future__ import annotations

import asyncio
from typing import Any

from kaflite.broker.context import NO_RESPONSE
from kaflite.broker.faults import InjectedFault, ResponseRule


def with_fault(rule: ResponseRule, result: Any, api_key: int) -> Any:
    """The handler's `result` as the rule changes it (a ``raise`` rule acts before the handler runs, in the
    connection)."""
    if rule.action == "delay":
        return delayed(result, rule.delay_ms)
    if rule.action == "drop":
        return dropped(result)
    if rule.action == "raise-async":
        return failed(result, api_key)
    return result


async def delayed(result: Any, delay_ms: int) -> Any:
    """The answer goes out ``delay_ms`` late (the connection waits, keeping order)."""
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        result = await result
    await asyncio.sleep(delay_ms / 1000)
    return result


async def dropped(result: Any) -> Any:
    """The request takes effect but its answer is lost, as on a broken network path."""
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        await result
    return NO_RESPONSE


async def failed(result: Any, api_key: int) -> Any:
    """The request takes effect, then its awaited answer raises (the connection's ``_finish`` path)."""
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        await result
    raise InjectedFault(f"injected fault: the answer to api {api_key} raised")
