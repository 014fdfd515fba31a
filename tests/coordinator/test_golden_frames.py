"""Real clients' recorded group requests (../shared/golden-frames) run through the coordinator.

The recorded member ids came from another broker, so later requests mostly get errors; what is
checked is that every request of every client decodes, is handled without raising, is answered
(parked ones time out), and that the answer reads back the same at the client's version. The
first JoinGroup of each client must be answered as Kafka would (MEMBER_ID_REQUIRED from v4,
parked before).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from kaflite.coordinator import RequestContext
from kaflite.protocol.messages import REQUESTS, ListGroupsResponse
from tests.coordinator.harness import Harness, wire

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
# group requests (APIs in HANDLERS) in each recording
GROUP_REQUESTS = {
    "requests-aio": 9,
    "requests-ck": 12,
    "requests-ck848": 2,
    "requests-cksasl": 12,
    "requests-java": 12,
    "requests-java848": 5,
    "requests-kafkajs": 12,
    "requests-kcat": 6,
    "requests-kp": 14,
}


def _as_sent(response: object, version: int) -> object:
    """The answer with the fields its version has no room for reset, to compare with the decoded one."""
    response = copy.deepcopy(response)
    if isinstance(response, ListGroupsResponse):
        for g in response.groups:
            g.group_state = g.group_state if version >= 4 else ""
            g.group_type = g.group_type if version >= 5 else ""
    return response


@pytest.mark.skipif(not FILES, reason="golden frames not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_recorded_group_requests_are_handled_and_answers_encode(path: Path) -> None:
    h = Harness()
    first_join = True
    handled: dict[str, int] = {}  # token -> version
    for n, line in enumerate(path.read_text().splitlines()):
        frame = json.loads(line)
        api, version = frame["key"], frame["v"]
        if api not in HANDLERS:
            continue
        request = REQUESTS[api].decode(bytes.fromhex(frame["body"]), version)
        token = f"{api}-{n}"
        ctx = RequestContext(frame.get("client_id") or "", "/127.0.0.1")
        h.operate(HANDLERS[api], request, version, ctx, token)
        h.advance(0)
        if api == 11 and first_join:
            first_join = False
            if not request.member_id and version >= 4 and getattr(request, "group_instance_id", None) is None:
                assert h.responses[token].error_code == 79
        handled[token] = version
        h.advance(60_000)  # let parked requests time out so every token gets an answer
    assert len(handled) == GROUP_REQUESTS[path.stem]
    assert set(h.responses) == set(handled)  # every request answered, nothing answered twice
    for token, response in h.responses.items():
        version = handled[token]
        assert wire(response, version) == _as_sent(response, version), token
