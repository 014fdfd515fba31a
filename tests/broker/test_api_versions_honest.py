"""ApiVersions is honest: for every API and every version it advertises, a request of that version
decodes, is handled (an answer, never a closed connection), and the answer round-trips: it decodes
as a client of that version reads it and re-encodes to the very bytes kaflite sent.

The requests are each schema's defaults (empty groups, no topics), which drive the handlers' edges;
Produce asks for acks=-1 so it is answered. Clients pick their protocol from this list, so an API
advertised but not really served is a client's failure, not kaflite's error answer.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest, ApiVersionsResponse
from tests.broker.wire import WireClient

PRODUCE = 0


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    b = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0))
    await b.start()
    try:
        yield b
    finally:
        await b.stop()


def default_request(route: Any) -> Any:
    req = route.request_cls()
    if route.api_key == PRODUCE:
        req.acks = -1  # acks=0 is never answered
    return req


async def test_every_advertised_version_is_decoded_handled_and_answered_exactly(broker: Broker) -> None:
    client = await WireClient.connect(broker.port)
    try:
        advertised = ApiVersionsResponse.decode(await client.send(18, 3, ApiVersionsRequest(
            client_software_name="wire-test", client_software_version="1")), 3)
        assert advertised.error_code == 0
        assert [(a.api_key, a.min_version, a.max_version) for a in advertised.api_keys] == broker.router.versions()
        checked = 0
        for api in advertised.api_keys:
            route = broker.router.get(api.api_key)
            assert route is not None
            for version in range(api.min_version, api.max_version + 1):
                req = default_request(route)
                sent = req.encode(version)
                assert route.request_cls.decode(sent, version) == req, (api.api_key, version)
                body = await client.send(api.api_key, version, req)
                resp = route.response_cls.decode(body, version)
                assert resp.encode(version) == bytes(body), f"api {api.api_key} v{version} does not round-trip"
                checked += 1
        assert checked == sum(a.max_version - a.min_version + 1 for a in advertised.api_keys)
    finally:
        await client.close()
