"""Request header v0-v2 decoding and response header v0-v1 encoding."""

from __future__ import annotations

import struct
import warnings

import pytest

from kaflite.protocol._codec import DecodeError
from kaflite.protocol.headers import decode_request_header, encode_response_header, is_flexible

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from kafka.protocol.api_header import RequestHeader as KpRequestHeader

API_VERSIONS, CONTROLLED_SHUTDOWN, JOIN_GROUP, METADATA, PRODUCE = 18, 7, 11, 3, 0


def v1_header(key: int, version: int, corr: int, client_id: str | None) -> bytes:
    head = struct.pack(">hhi", key, version, corr)
    if client_id is None:
        return head + b"\xff\xff"
    raw = client_id.encode()
    return head + struct.pack(">h", len(raw)) + raw


def test_v0_controlled_shutdown_has_no_client_id() -> None:
    frame = struct.pack(">hhi", CONTROLLED_SHUTDOWN, 0, 42) + b"\x00\x00\x00\x07"  # body: broker id 7
    h = decode_request_header(frame)
    assert (h.api_key, h.api_version, h.correlation_id, h.client_id, h.size) == (7, 0, 42, None, 8)
    assert frame[h.size:] == b"\x00\x00\x00\x07"
    # v1 of the same API does carry one
    h1 = decode_request_header(v1_header(CONTROLLED_SHUTDOWN, 1, 43, "c") + b"BODY")
    assert (h1.client_id, h1.size) == ("c", 11)


@pytest.mark.parametrize("client_id", ["kafka-python", "", None, "ünïcode-€"])
def test_v1_header(client_id: str | None) -> None:
    header = v1_header(JOIN_GROUP, 5, -7, client_id)
    h = decode_request_header(header + b"\x00\x01g")
    assert (h.api_key, h.api_version, h.correlation_id, h.client_id) == (JOIN_GROUP, 5, -7, client_id)
    assert h.size == len(header)
    assert not h.flexible


@pytest.mark.parametrize("client_id", ["rdkafka", "", None])
def test_v2_header_without_tags(client_id: str | None) -> None:
    assert is_flexible(JOIN_GROUP, 6) and not is_flexible(JOIN_GROUP, 5)
    # the client id stays a 2-byte-length string in header v2; then an empty tag section
    header = v1_header(JOIN_GROUP, 6, 9, client_id) + b"\x00"
    h = decode_request_header(header + b"\x02g")
    assert (h.api_version, h.correlation_id, h.client_id, h.size) == (6, 9, client_id, len(header))
    assert h.flexible


def test_v2_header_with_tagged_fields() -> None:
    tags = b"\x02" + b"\x00\x03abc" + b"\x81\x01\x00"  # tag 0 (3 bytes), tag 129 (empty)
    header = v1_header(METADATA, 12, 1, None) + tags
    h = decode_request_header(header + b"\x01\x00\x00\x00")
    assert h.client_id is None
    assert h.size == len(header)


@pytest.mark.parametrize(("key", "version", "client_id"), [
    (PRODUCE, 9, "kafka-python"), (JOIN_GROUP, 5, None), (JOIN_GROUP, 9, "x"), (API_VERSIONS, 3, "ck"),
])
def test_agrees_with_kafka_python_header_encoding(key: int, version: int, client_id: str | None) -> None:
    flexible = is_flexible(key, version)
    kp = KpRequestHeader(request_api_key=key, request_api_version=version, correlation_id=123,
                         client_id=client_id).encode(flexible=flexible)
    assert kp == v1_header(key, version, 123, client_id) + (b"\x00" if flexible else b"")
    h = decode_request_header(kp + b"body")
    assert (h.api_key, h.api_version, h.correlation_id, h.client_id, h.size) == (
        key, version, 123, client_id, len(kp))


@pytest.mark.parametrize("frame", [
    b"",
    b"\x00\x0b\x00\x05\x00\x00",                          # shorter than key/version/correlation
    struct.pack(">hhi", JOIN_GROUP, 5, 1),                 # no client id length
    struct.pack(">hhi", JOIN_GROUP, 5, 1) + b"\x00",      # half a client id length
    struct.pack(">hhih", JOIN_GROUP, 5, 1, 5) + b"abc",   # client id runs past the frame
    v1_header(JOIN_GROUP, 6, 1, "c"),                      # flexible: tag section missing
    v1_header(JOIN_GROUP, 6, 1, "c") + b"\x01",            # one tag announced, none there
    v1_header(JOIN_GROUP, 6, 1, "c") + b"\x01\x00",        # tag without size
    v1_header(JOIN_GROUP, 6, 1, "c") + b"\x01\x00\x05ab",  # tag value runs past the frame
    v1_header(JOIN_GROUP, 6, 1, "c") + b"\x01\x80",        # truncated varint tag
    struct.pack(">hhi", CONTROLLED_SHUTDOWN, 0, 1)[:7],
], ids=lambda f: f.hex() or "empty")
def test_truncated_headers_raise_decode_error(frame: bytes) -> None:
    with pytest.raises(DecodeError):
        decode_request_header(frame)


def test_unknown_api_versions_version_with_unreadable_tags_is_tolerated() -> None:
    # KIP-511: an ApiVersions request of a version we do not know is answered (UNSUPPORTED_VERSION)
    header = v1_header(API_VERSIONS, 99, 5, "future-client")
    h = decode_request_header(header + b"\x05")
    assert (h.api_version, h.client_id) == (99, "future-client")


def test_response_header_versions() -> None:
    corr = struct.pack(">i", 77)
    # ApiVersions responses always use header v0, even when the body is flexible (v3+)
    for v in range(5):
        assert encode_response_header(API_VERSIONS, v, 77) == corr
    # flexible APIs get header v1: an empty tag section
    assert encode_response_header(JOIN_GROUP, 5, 77) == corr
    assert encode_response_header(JOIN_GROUP, 6, 77) == corr + b"\x00"
    assert encode_response_header(METADATA, 8, 77) == corr
    assert encode_response_header(METADATA, 9, 77) == corr + b"\x00"
    assert encode_response_header(PRODUCE, 9, 77) == corr + b"\x00"
    assert encode_response_header(9999, 1, 77) == corr  # unknown API: never flexible
    assert encode_response_header(JOIN_GROUP, 6, -1) == b"\xff\xff\xff\xff\x00"
