"""Real clients' recorded group requests (../shared/golden-frames) run through the coordinator.

The recorded member ids came from another broker, so later requests mostly get errors; what is
checked is that every request of every client decodes, is handled without raising, and that the
answer encodes at the client's version. The first JoinGroup of each client must be answered as
Kafka would (MEMBER_ID_REQUIRED from v4, parked before).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaflite.coordinator import RequestContext
from kaflite.protocol.messages import REQUESTS
from tests.coordinator.harness import Harness

GOLDEN = Path(__file__).resolve().parents[3] / "shared" / "golden-frames"
HANDLERS = {
    11: "join_group",
    14: "sync_group",
    12: "heartbeat",
    13: "leave_group",
    8: "offset_commit",
    9: "offset_fetch",
    15: "describe_groups",
    16: "list_groups",
    42: "delete_groups",
    47: "offset_delete",
}
FILES = sorted(GOLDEN.glob("requests-*.jsonl")) if GOLDEN.exists() else []


@pytest.mark.skipif(not FILES, reason="golden frames not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_recorded_group_requests_are_handled_and_answers_encode(path: Path) -> None:
    h = Harness()
    first_join = True
    handled = 0
    for n, line in enumerate(path.read_text().splitlines()):
        frame = json.loads(line)
        api, version = frame["key"], frame["v"]
        if api not in HANDLERS:
            continue
        request = REQUESTS[api].decode(bytes.fromhex(frame["body"]), version)
        token = f"{api}-{n}"
        ctx = RequestContext(frame.get("client_id") or "", "/127.0.0.1")
        h.absorb(getattr(h.coord, HANDLERS[api])(request, version, ctx, token))
        h.advance(0)
        if api == 11 and first_join:
            first_join = False
            if not request.member_id and version >= 4 and getattr(request, "group_instance_id", None) is None:
                assert h.responses[token].error_code == 79
        handled += 1
        h.advance(60_000)  # let parked requests time out so every token gets an answer
    assert handled
    for token, response in h.responses.items():
        api, n = (int(x) for x in token.split("-"))
        frame = json.loads(path.read_text().splitlines()[n])
        response.encode(frame["v"])
