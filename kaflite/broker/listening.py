"""Listening sockets bound without name resolution where the address is an IP literal.

Why: uvloop's create_server (asyncio.start_server too) resolves even ``127.0.0.1`` through getaddrinfo, with
the host encoded by the idna codec: an import (unicodedata, stringprep) of ~2 ms at every start, for the
broker's listeners and the admin endpoint alike.
"""

from __future__ import annotations

import socket
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

S = TypeVar("S")


async def listen(start: Callable[..., Awaitable[S]], host: str, port: int, **options: Any) -> S:
    """`start(...)` (loop.create_server or asyncio.start_server with its protocol bound) listening on `host`:`port`:
    on a socket bound here when the host is an IP literal, else through the start's own resolution (all
    interfaces for no host)."""
    sock = bound_literal(host, port)
    if sock is None:
        return await start(host=host or None, port=port, reuse_address=True, **options)
    try:
        return await start(sock=sock, **options)
    except BaseException:
        sock.close()
        raise


def bound_literal(host: str, port: int) -> socket.socket | None:
    """A socket bound to `host`:`port` as create_server would bind it (SO_REUSEADDR; IPV6_V6ONLY for IPv6) when
    the host is an IP literal (the usual 127.0.0.1); else None."""
    family = None
    for candidate in (socket.AF_INET, socket.AF_INET6) if host else ():
        try:
            socket.inet_pton(candidate, host)
        except OSError:
            continue
        family = candidate
        break
    if family is None:
        return None
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind((host, port))
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock
