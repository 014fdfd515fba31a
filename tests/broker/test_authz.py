"""The ACL table (kaflite.broker.authz): every routed API has a row, and every row's refusal is an answer the
API's version can carry, for every API at every version kaflite serves."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.authz import RULES, RequestAuthorizer, Verdict
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import NO_RESPONSE, RequestContext
from kaflite.broker.server import Broker
from kaflite.config import STANDARD_AUTHORIZER, KafliteConfig
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import REQUESTS, RESPONSES

DENIED = {ErrorCode.TOPIC_AUTHORIZATION_FAILED, ErrorCode.GROUP_AUTHORIZATION_FAILED,
          ErrorCode.CLUSTER_AUTHORIZATION_FAILED, ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED}
NAME_FIELDS = ("name", "topic", "group_id", "transactional_id", "key", "resource_name",
               "v3_and_below_transactional_id")


def open_broker(tmp_path: Path, **settings: object) -> Broker:
    return Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0,  # type: ignore[arg-type]
                                     authorizer_class_name=STANDARD_AUTHORIZER, **settings))


def test_every_routed_api_has_a_row(tmp_path: Path) -> None:
    """A new API routed without a row in RULES would be served unchecked: this fails first."""
    broker = open_broker(tmp_path)
    try:
        missing = sorted(set(broker.router.routes) - set(RULES))
        assert missing == [], f"APIs routed with no ACL rule in kaflite.broker.authz.RULES: {missing}"
        assert isinstance(broker.router.authorize, RequestAuthorizer)
    finally:
        broker.logs.close()


def test_without_an_authorizer_the_request_path_has_no_check(tmp_path: Path) -> None:
    broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0))
    try:
        assert broker.router.authorize is None
        assert broker.authorizer is None
    finally:
        broker.logs.close()


def filled(cls: type[Any], depth: int = 0) -> Any:
    """A request (or item) with every array holding one item and names set: something for each row to refuse."""
    obj = cls()
    hints = typing.get_type_hints(cls.__init__)
    for field in cls.__slots__:
        hint = str(hints.get(field))
        value = getattr(obj, field)
        if field in NAME_FIELDS and (value is None or isinstance(value, str)):
            setattr(obj, field, "t")
        elif field == "replica_id":
            setattr(obj, field, -1)
        elif isinstance(value, list) or "list[" in hint:
            args = typing.get_args(hints[field])
            inner = typing.get_args(args[0]) if args and typing.get_args(args[0]) else args
            item = inner[0] if inner else None
            if item is str:
                setattr(obj, field, ["t"])
            elif isinstance(item, type) and hasattr(item, "__slots__") and depth < 3:
                setattr(obj, field, [filled(item, depth + 1)])
    return obj


@pytest.mark.parametrize("api_key", sorted(RULES))
def test_each_rows_refusal_encodes_at_every_version(tmp_path: Path, api_key: int) -> None:
    """No ACL, no super user: whatever a row decides (refused whole, items taken out, the answer trimmed) is
    an answer the client's version can decode, carrying one of Kafka's authorization errors where refused."""
    if api_key not in REQUESTS:
        pytest.skip("not a request kaflite has a codec for")
    broker = open_broker(tmp_path)
    try:
        conn = KafkaConnection(broker.context, broker.router)
        authorize = broker.router.authorize
        assert authorize is not None
        route = broker.router.get(api_key)
        lo, hi = (route.min_version, route.max_version) if route else (REQUESTS[api_key].MIN_VERSION,
                                                                          REQUESTS[api_key].MAX_VERSION)
        for version in range(lo, hi + 1):
            request = filled(REQUESTS[api_key])
            ctx = RequestContext(RequestHeader(api_key, version, 1, "t", 0), conn)
            verdict: Verdict | None = authorize(ctx, request)
            if verdict is None:
                continue
            if verdict.close is not None:
                assert api_key == 0 and request.acks == 0
                continue
            if verdict.finish is None:
                answer = verdict.answer
            else:
                answer = verdict.finish(error_response(RESPONSES[api_key], request, ErrorCode.NONE))
            if answer is NO_RESPONSE:
                continue
            answer.encode_parts(version)
            assert codes(answer) & DENIED or verdict.finish is not None, (api_key, version, answer)
    finally:
        broker.logs.close()


def codes(obj: Any) -> set[int]:
    found: set[int] = set()
    for field in getattr(type(obj), "__slots__", ()):
        value = getattr(obj, field)
        if field.endswith("error_code"):
            found.add(value)
        elif isinstance(value, list):
            for item in value:
                found |= codes(item)
    return found


def test_serve_without_an_authorizer_imports_no_acl_code() -> None:
    """Issue 14's start-up budget: the ACL table, the authorizer and the ACL codecs load only when used."""
    from tests.test_startup_imports import SERVE_IMPORTS, modules_after

    loaded = modules_after(SERVE_IMPORTS)
    assert "kaflite.broker.acls" in loaded
    early = sorted(m for m in loaded if m.startswith(("kaflite.security.acl", "kaflite.broker.authz"))
                   or m.endswith("_acls_request") or m.endswith("_acls_response"))
    assert early == []
