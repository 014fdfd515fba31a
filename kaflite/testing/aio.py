"""``broker.aio``: the test kit's blocking calls as coroutines, for tests whose asyncio clients (aiokafka) share
the test's own event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from kaflite.testing.views import Group


class BlockingBroker(Protocol):
    """The blocking calls ``AsyncBroker`` names (``BrokerAPI`` has them, in-process or in a child process)."""

    def wait_for_group(self, name: str, state: str | None = "Stable", members: int | None = None,
                       generation: int | None = None, timeout: float = 30.0, *,
                       epoch: int | None = None) -> Group: ...

    def group(self, name: str) -> Group | None: ...

    def groups(self) -> list[str]: ...

    def create_topic(self, name: str, partitions: int = 1, **configs: object) -> str: ...

    def reset(self) -> None: ...


class AsyncBroker:
    """``broker.aio``: each blocking call of the broker run in a worker thread.

    Why: an asyncio client (aiokafka) runs on the test's own loop; a blocking wait there would
    stop the very client it waits for.
    """

    def __init__(self, broker: BlockingBroker) -> None:
        self._b = broker

    async def wait_for_group(self, name: str, state: str | None = "Stable", members: int | None = None,
                             generation: int | None = None, timeout: float = 30.0, *,
                             epoch: int | None = None) -> Group:
        return await asyncio.to_thread(lambda: self._b.wait_for_group(name, state, members, generation, timeout,
                                                                      epoch=epoch))

    async def group(self, name: str) -> Group | None:
        return await asyncio.to_thread(self._b.group, name)

    async def groups(self) -> list[str]:
        return await asyncio.to_thread(self._b.groups)

    async def create_topic(self, name: str, partitions: int = 1, **configs: object) -> str:
        return await asyncio.to_thread(lambda: self._b.create_topic(name, partitions, **configs))

    async def reset(self) -> None:
        await asyncio.to_thread(self._b.reset)

    def __getattr__(self, name: str) -> Callable[..., Coroutine[Any, Any, Any]]:
        fn = getattr(self._b, name)
        if not callable(fn):
            raise AttributeError(name)

        async def run(*args: Any, **kwargs: Any) -> Any:
            return await asyncio.to_thread(fn, *args, **kwargs)

        return run
