"""The future of an answer that waits only for its records' fsync (runtime.py makes them, the connection reads them).

A module of its own because the compiled build (kaflite/native.py) cannot compile a subclass of
asyncio.Future: it stays interpreted while runtime.py is compiled.
"""

from __future__ import annotations

import asyncio
from typing import Any


class DurableAnswer(asyncio.Future[Any]):
    """An answer already decided, waiting only for its records to be durable (an offset commit's fsync).

    The operation has taken effect in memory and its records are appended; nothing the client sends
    next can change this answer. So the connection may go on to its next request and send the answers
    in order as their writes complete (``KafkaConnection``): pipelined commits then share one fsync
    instead of one each. An answer that waits for anything else (a parked JoinGroup) is a plain future,
    and the connection holds the line for it as Kafka does."""
