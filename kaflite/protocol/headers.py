"""Request header v0-v2 and response header v0-v1, hand-written (they run on every request)."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from kaflite.protocol._codec import DecodeError, _skip_tags
from kaflite.protocol.messages import REQUEST_FLEXIBLE_MIN, REQUESTS

_KEY_VERSION_CORR = struct.Struct(">hhi")
_KEY_VERSION_CORR_LEN = struct.Struct(">hhih")
_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")
_I32_TAGS = struct.Struct(">iB")  # correlation id and an empty tag section

API_VERSIONS = 18
CONTROLLED_SHUTDOWN = 7

_FLEXIBLE_MIN = REQUEST_FLEXIBLE_MIN  # requests and responses turn flexible at the same version


@dataclass(slots=True)
class RequestHeader:
    api_key: int
    api_version: int
    correlation_id: int
    client_id: str | None
    size: int  # bytes the header took: the body starts there

    @property
    def flexible(self) -> bool:
        return is_flexible(self.api_key, self.api_version)


def is_flexible(api_key: int, api_version: int) -> bool:
    return api_version >= _FLEXIBLE_MIN.get(api_key, 10_000)


def decode_request_header(frame: bytes | bytearray | memoryview) -> RequestHeader:
    """Parse the header; the client id is a plain (non-compact) string even in header v2.

    Runs on every request, so the common shapes take the short way: key, version, correlation id
    and client id length in one unpack, and an empty tag section (what every client sends) is one
    byte read instead of a varint walk."""
    size = len(frame)
    if size < 8:
        raise DecodeError("request shorter than a header")
    if size < 10 or (frame[0] == 0 and frame[1] == CONTROLLED_SHUTDOWN and frame[2] == 0 and frame[3] == 0):
        api_key, api_version, correlation_id = _KEY_VERSION_CORR.unpack_from(frame, 0)
        if api_key == CONTROLLED_SHUTDOWN and api_version == 0:  # header v0: no client id
            return RequestHeader(api_key, api_version, correlation_id, None, 8)
        if size < 10:
            raise DecodeError("request header truncated")
    api_key, api_version, correlation_id, n = _KEY_VERSION_CORR_LEN.unpack_from(frame, 0)
    pos = 10
    client_id: str | None = None
    if n >= 0:
        pos = 10 + n
        if pos > size:
            raise DecodeError("client id runs past the frame")
        client_id = str(frame[10:pos], "utf-8", "replace")
    if api_version >= _FLEXIBLE_MIN.get(api_key, 10_000):
        if pos < size and frame[pos] == 0:  # no tagged fields
            pos += 1
        else:
            try:
                pos = _skip_tags(memoryview(frame), pos)
            except (DecodeError, IndexError):
                # An ApiVersions of a version we do not know still gets its UNSUPPORTED_VERSION
                # answer (KIP-511): its body is never read, so a header we cannot finish is fine.
                if api_key != API_VERSIONS or api_version <= REQUESTS[API_VERSIONS].MAX_VERSION:
                    raise
    return RequestHeader(api_key, api_version, correlation_id, client_id, pos)


def encode_response_header(api_key: int, api_version: int, correlation_id: int) -> bytes:
    """Header v1 (with an empty tag section) for flexible responses, except ApiVersions (always v0)."""
    if api_version >= _FLEXIBLE_MIN.get(api_key, 10_000) and api_key != API_VERSIONS:
        return _I32_TAGS.pack(correlation_id, 0)
    return _I32.pack(correlation_id)
