"""A client for the admin HTTP endpoint (``admin.port``), standard library only.

Why a separate, dependency-free module: ``kaflite ctl`` and the subprocess mode of the test
fixtures both talk to a broker in another process through it, and ``kaflite ctl`` must start fast
(this module imports neither the broker nor the codecs).
"""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import quote, urlencode


class AdminError(RuntimeError):
    """The endpoint answered with an error status; ``body`` is its JSON answer."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"admin endpoint answered {status}: {body.get('error', body)}")
        self.status = status
        self.body = body


class AdminWaitTimeout(TimeoutError):
    """A wait's deadline passed; ``last`` is the group's last snapshot (JSON) or None."""

    def __init__(self, message: str, last: dict[str, Any] | None) -> None:
        super().__init__(message)
        self.last = last


def parse_address(address: str) -> tuple[str, int]:
    """``127.0.0.1:9644`` or ``http://127.0.0.1:9644`` → (host, port)."""
    text = address.strip().removeprefix("http://").rstrip("/")
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"expected HOST:PORT for the admin endpoint, got {address!r}")
    return host, int(port)


class AdminClient:
    """One short HTTP/1.1 exchange per call (a fresh connection: safe from any thread)."""

    def __init__(self, address: str, timeout: float = 30.0) -> None:
        self.host, self.port = parse_address(address)
        self.timeout = timeout

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    def request(self, method: str, path: str, body: dict[str, Any] | None = None,
                timeout: float | None = None) -> tuple[int, dict[str, Any]]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout or self.timeout)
        try:
            data = None if body is None else json.dumps(body).encode()
            headers = {"Connection": "close"}
            if data is not None:
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            return resp.status, (json.loads(raw) if raw else {})
        finally:
            conn.close()

    def call(self, method: str, path: str, body: dict[str, Any] | None = None,
             timeout: float | None = None) -> dict[str, Any]:
        status, payload = self.request(method, path, body, timeout)
        if status == 408:
            raise AdminWaitTimeout(str(payload.get("error")), payload.get("last"))
        if status >= 400:
            raise AdminError(status, payload)
        return payload

    # -- the routes ---------------------------------------------------------------------------------

    def health(self) -> dict[str, Any]:
        return self.call("GET", "/health")

    def groups(self) -> list[str]:
        return list(self.call("GET", "/groups")["groups"])

    def group(self, group_id: str) -> dict[str, Any] | None:
        status, payload = self.request("GET", f"/groups/{quote(group_id, safe='')}")
        if status == 404:
            return None
        if status >= 400:
            raise AdminError(status, payload)
        return payload

    def transactions(self) -> list[dict[str, Any]]:
        return list(self.call("GET", "/transactions")["transactions"])

    def transaction(self, transactional_id: str) -> dict[str, Any] | None:
        status, payload = self.request("GET", f"/transactions/{quote(transactional_id, safe='')}")
        if status == 404:
            return None
        if status >= 400:
            raise AdminError(status, payload)
        return payload

    def group_epochs(self, group_id: str) -> list[dict[str, Any]]:
        """A consumer group's records as events, oldest first (``GET /groups/{id}/epochs``)."""
        return list(self.call("GET", f"/groups/{quote(group_id, safe='')}/epochs")["events"])

    def wait_for_group(self, group_id: str, state: str | None = "Stable", members: int | None = None,
                       generation: int | None = None, timeout: float = 30.0,
                       epoch: int | None = None) -> dict[str, Any] | None:
        query: dict[str, Any] = {"state": state or "", "timeout": timeout}
        if members is not None:
            query["members"] = members
        if generation is not None:
            query["generation"] = generation
        if epoch is not None:
            query["epoch"] = epoch
        payload = self.call("GET", f"/groups/{quote(group_id, safe='')}/wait?{urlencode(query)}",
                            timeout=timeout + 10)
        return payload.get("result", payload) if "group_id" not in payload else payload

    def post(self, path: str, **args: Any) -> dict[str, Any]:
        return self.call("POST", path, dict(args))
