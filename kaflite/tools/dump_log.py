"""``kaflite dump-log``: kafka-dump-log.sh (DumpLogSegments.scala) over segment files, offline.

Reads ``.log`` (batches; with --deep-iteration or --print-data-log their records and control markers),
``.index``, ``.timeindex`` and ``.txnindex`` in Kafka's byte layout, which kaflite writes byte for byte, so it
reads a Kafka broker's data directory as well as kaflite's. ``--offsets-decoder`` decodes
``__consumer_offsets`` keys and values, ``--transaction-log-decoder`` ``__transaction_state``'s and
``--share-group-state-decoder`` ``__share_group_state``'s, as JSON
in Kafka's field names (camelCase), the way Kafka's JSON converters print them.
"""

from __future__ import annotations

import argparse
import base64
import json
import struct
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from kaflite.protocol import messages
from kaflite.protocol.compression import CODEC_NAMES
from kaflite.protocol.control_records import CONTROL_TYPE_ABORT, CONTROL_TYPE_COMMIT
from kaflite.protocol.record_errors import RecordError
from kaflite.protocol.records import (
    DELETE_HORIZON_MASK,
    HEADER_SIZE,
    LOG_APPEND_TIME,
    LOG_OVERHEAD,
    BatchHeader,
    decode_records,
    read_header,
    validate_batch,
)
from kaflite.tools.client import ToolError, UsageError
from kaflite.tools.output import dump_json

# Kafka's CoordinatorRecordType: the key's version says which record a __consumer_offsets entry is.
OFFSETS_RECORD_TYPES: dict[int, str] = {
    0: "OffsetCommit", 1: "OffsetCommit", 2: "GroupMetadata", 3: "ConsumerGroupMetadata",
    4: "ConsumerGroupPartitionMetadata", 5: "ConsumerGroupMemberMetadata",
    6: "ConsumerGroupTargetAssignmentMetadata", 7: "ConsumerGroupTargetAssignmentMember",
    8: "ConsumerGroupCurrentMemberAssignment", 16: "ConsumerGroupRegularExpression",
    # share groups (KIP-932, SG-LOG-1)
    10: "ShareGroupMemberMetadata", 11: "ShareGroupMetadata", 12: "ShareGroupTargetAssignmentMetadata",
    13: "ShareGroupTargetAssignmentMember", 14: "ShareGroupCurrentMemberAssignment",
    15: "ShareGroupStatePartitionMetadata",
}
TRANSACTION_RECORD_TYPES: dict[int, str] = {0: "TransactionLog"}
# __share_group_state (SC-LOG-1): ShareSnapshot and ShareUpdate.
SHARE_STATE_RECORD_TYPES: dict[int, str] = {0: "ShareSnapshot", 1: "ShareUpdate"}
CONTROL_NAMES = {CONTROL_TYPE_ABORT: "ABORT", CONTROL_TYPE_COMMIT: "COMMIT"}

_I16 = struct.Struct(">h")
_OFFSET_ENTRY = struct.Struct(">ii")
_TIME_ENTRY = struct.Struct(">qi")
_ABORTED_TXN = struct.Struct(">hqqqq")


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def message_json(obj: Any) -> Any:
    """A generated message as Kafka's JSON converters write it: camelCase names, bytes as base64."""
    if isinstance(obj, list):
        return [message_json(x) for x in obj]
    if isinstance(obj, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(obj)).decode()
    if hasattr(obj, "__slots__") and not isinstance(obj, str | int | float | bool):
        return {_camel(s): message_json(getattr(obj, s)) for s in obj.__slots__}
    return obj


def _decode_versioned(cls_name: str, data: bytes, *, newer_as_latest: bool = False) -> tuple[int, Any]:
    """(version, struct) of an int16 version and the struct at that version. A version outside the schema's is
    refused, as Kafka's coordinator serde refuses it (and kaflite's loader skips the record), unless
    `newer_as_latest` (the consumer protocol's subscription and assignment: Kafka's ConsumerProtocol reads a
    newer version as its latest)."""
    version = _I16.unpack_from(data, 0)[0]
    cls = getattr(messages, cls_name)
    if newer_as_latest:
        read_as = min(version, cls.MAX_VERSION)
    elif not cls.MIN_VERSION <= version <= cls.MAX_VERSION:
        raise ValueError(f"unknown value version {version} of {cls_name} (reads {cls.MIN_VERSION}-{cls.MAX_VERSION})")
    else:
        read_as = version
    return version, cls.decode(memoryview(data)[2:], read_as)


def _consumer_protocol(field: str, raw: bytes) -> Any:
    """GroupMetadataValue's member subscription/assignment, decoded as Kafka's OffsetsMessageParser does."""
    cls_name = "ConsumerProtocolSubscription" if field == "subscription" else "ConsumerProtocolAssignment"
    try:
        return message_json(_decode_versioned(cls_name, raw, newer_as_latest=True)[1])
    except (ValueError, struct.error, IndexError):
        return base64.b64encode(raw).decode()


def decode_coordinator_record(key: bytes | None, value: bytes | None, types: dict[int, str],
                              offset: int) -> tuple[str, str | None]:
    """(key text, payload text) for a coordinator record; an unknown or broken one says so, as Kafka."""
    key_text, payload, _ = decode_coordinator_record_checked(key, value, types, offset)
    return key_text, payload


def decode_coordinator_record_checked(key: bytes | None, value: bytes | None, types: dict[int, str],
                                      offset: int) -> tuple[str, str | None, str | None]:
    """`decode_coordinator_record`, and why the record cannot be decoded (None if it can, or if its record type
    is one the decoder does not know): a record the broker's load skips (issue 35)."""
    if key is None:
        raise ToolError(f"Failed to decode message at offset {offset} using offset topic decoder "
                        "(message had a missing key)")
    try:
        key_version = _I16.unpack_from(key, 0)[0]
        name = types.get(key_version)
        if name is None:
            return f"Unknown record type {key_version} at offset {offset}, skipping.", None, None
        key_cls = getattr(messages, name + "Key")  # the key version is the record type; its schema is 0 or it
        k = key_cls.decode(memoryview(key)[2:], min(max(key_version, key_cls.MIN_VERSION), key_cls.MAX_VERSION))
        key_text = json.dumps({"type": str(key_version), "data": message_json(k)}, separators=(",", ":"))
        if value is None:
            return key_text, "<DELETE>", None
        value_version, v = _decode_versioned(name + "Value", value)
        data = message_json(v)
        if name == "GroupMetadata" and data.get("protocolType") == "consumer":
            for m in data.get("members", []):
                for f in ("subscription", "assignment"):
                    if m.get(f):
                        m[f] = _consumer_protocol(f, base64.b64decode(m[f]))
        return key_text, json.dumps({"version": str(value_version), "data": data}, separators=(",", ":")), None
    except (ValueError, struct.error, IndexError, AttributeError) as exc:
        return f"Error at offset {offset}, skipping. {exc}", None, str(exc)


def _text(b: bytes | None) -> str | None:
    return None if b is None else b.decode("utf-8", "replace")


def _timestamp_type(h: BatchHeader) -> str:
    return "LogAppendTime" if h.timestamp_type == LOG_APPEND_TIME else "CreateTime"


def _batches(data: memoryview) -> Iterator[tuple[int, BatchHeader, bool]]:
    """(position, header, crc valid) for each whole batch; stops at trailing bytes."""
    pos, end = 0, len(data)
    while end - pos >= HEADER_SIZE:
        h = read_header(data, pos)
        if h.batch_length < HEADER_SIZE - LOG_OVERHEAD or pos + h.size_in_bytes > end or h.magic != 2:
            break
        try:
            validate_batch(data, pos)
            valid = True
        except RecordError:
            valid = False
        yield pos, h, valid
        pos += h.size_in_bytes


def dump_segment(path: Path, args: argparse.Namespace) -> dict[str, Any]:
    base = int(path.name.split(".")[0])
    data = memoryview(path.read_bytes())
    decoder = (OFFSETS_RECORD_TYPES if args.offsets_decoder else
               TRANSACTION_RECORD_TYPES if args.transaction_log_decoder else
               SHARE_STATE_RECORD_TYPES if args.share_group_state_decoder else None)
    deep = args.deep_iteration or args.print_data_log or decoder is not None
    batches: list[dict[str, Any]] = []
    valid_bytes = 0
    for pos, h, valid in _batches(data):
        if args.max_bytes is not None and pos + h.size_in_bytes > args.max_bytes:
            break
        delete_horizon = h.base_timestamp if h.attributes & DELETE_HORIZON_MASK else None
        batch: dict[str, Any] = {
            "base_offset": h.base_offset, "last_offset": h.last_offset, "count": h.records_count,
            "base_sequence": h.base_sequence, "last_sequence": h.last_sequence, "producer_id": h.producer_id,
            "producer_epoch": h.producer_epoch, "partition_leader_epoch": h.partition_leader_epoch,
            "is_transactional": h.is_transactional, "is_control": h.is_control, "delete_horizon_ms": delete_horizon,
            "position": pos, "timestamp_type": _timestamp_type(h), "max_timestamp": h.max_timestamp,
            "size": h.size_in_bytes, "magic": h.magic, "compresscodec": CODEC_NAMES.get(h.compression, "unknown"),
            "crc": h.crc, "is_valid": valid,
        }
        if deep and valid:
            records = []
            for r in decode_records(data[pos:pos + h.size_in_bytes]):
                rec: dict[str, Any] = {
                    "offset": r.offset, "timestamp": r.timestamp,
                    "key_size": -1 if r.key is None else len(r.key),
                    "value_size": -1 if r.value is None else len(r.value),
                    "sequence": -1 if h.base_sequence == -1 else (h.base_sequence + r.offset - h.base_offset)
                    % 0x80000000,
                    "header_keys": [k for k, _ in r.headers],
                }
                if h.is_control and r.key is not None and len(r.key) >= 4:
                    ctype = _I16.unpack_from(r.key, 2)[0]
                    if ctype in CONTROL_NAMES and r.value is not None and len(r.value) >= 6:
                        rec["end_txn_marker"] = CONTROL_NAMES[ctype]
                        rec["coordinator_epoch"] = struct.unpack_from(">i", r.value, 2)[0]
                    else:
                        rec["control_type"] = ctype
                elif args.print_data_log or decoder is not None:
                    if decoder is not None:
                        rec["key"], rec["payload"], undecodable = decode_coordinator_record_checked(
                            r.key, r.value, decoder, r.offset)
                        if undecodable is not None:  # the broker's load skips it; its key keeps its value before
                            rec["undecodable"] = undecodable
                    else:
                        rec["key"], rec["payload"] = _text(r.key), _text(r.value)
                records.append(rec)
            batch["records"] = records
        batches.append(batch)
        valid_bytes = pos + h.size_in_bytes
    trailing = len(data) - valid_bytes if args.max_bytes is None else 0
    # A live `preallocate` segment (kaflite's coordinator topics): zeros past the log end, not damage.
    zeros = trailing if trailing and data[valid_bytes:].tobytes().count(0) == trailing else 0
    return {"file": str(path), "kind": "log", "log_starting_offset": base, "batches": batches,
            "invalid_trailing_bytes": trailing - zeros, "preallocated_trailing_bytes": zeros}


def _bool(b: bool) -> str:
    return "true" if b else "false"


def print_segment(doc: dict[str, Any], out: TextIO) -> None:
    out.write(f"Log starting offset: {doc['log_starting_offset']}\n")
    for b in doc["batches"]:
        horizon = "OptionalLong.empty" if b["delete_horizon_ms"] is None else f"OptionalLong[{b['delete_horizon_ms']}]"
        out.write(f"baseOffset: {b['base_offset']} lastOffset: {b['last_offset']} count: {b['count']} "
                  f"baseSequence: {b['base_sequence']} lastSequence: {b['last_sequence']} "
                  f"producerId: {b['producer_id']} producerEpoch: {b['producer_epoch']} "
                  f"partitionLeaderEpoch: {b['partition_leader_epoch']} "
                  f"isTransactional: {_bool(b['is_transactional'])} isControl: {_bool(b['is_control'])} "
                  f"deleteHorizonMs: {horizon} position: {b['position']} {b['timestamp_type']}: "
                  f"{b['max_timestamp']} size: {b['size']} magic: {b['magic']} compresscodec: {b['compresscodec']} "
                  f"crc: {b['crc']} isvalid: {_bool(b['is_valid'])}\n")
        for r in b.get("records", []):
            line = (f"| offset: {r['offset']} {b['timestamp_type']}: {r['timestamp']} keySize: {r['key_size']} "
                    f"valueSize: {r['value_size']} sequence: {r['sequence']} "
                    f"headerKeys: [{','.join(r['header_keys'])}]")
            if "end_txn_marker" in r:
                line += f" endTxnMarker: {r['end_txn_marker']} coordinatorEpoch: {r['coordinator_epoch']}"
            elif "control_type" in r:
                line += f" controlType: UNKNOWN({r['control_type']})"
            if r.get("key") is not None:
                line += f" key: {r['key']}"
            if r.get("payload") is not None:
                line += f" payload: {r['payload']}"
            out.write(line + "\n")
    if doc["invalid_trailing_bytes"] > 0:
        out.write(f"Found {doc['invalid_trailing_bytes']} invalid bytes at the end of {Path(doc['file']).name}\n")
    if doc.get("preallocated_trailing_bytes"):
        out.write(f"{doc['preallocated_trailing_bytes']} zero bytes preallocated past the last batch of "
                  f"{Path(doc['file']).name}\n")


def dump_index(path: Path) -> dict[str, Any]:
    base = int(path.name.split(".")[0])
    data = path.read_bytes()
    entries = []
    for i in range(len(data) // _OFFSET_ENTRY.size):
        rel, position = _OFFSET_ENTRY.unpack_from(data, i * _OFFSET_ENTRY.size)
        if rel == 0 and i > 0:  # a preallocated, never written tail (Kafka stops there too)
            break
        entries.append({"offset": base + rel, "position": position})
    return {"file": str(path), "kind": "index", "entries": entries}


def dump_time_index(path: Path) -> dict[str, Any]:
    base = int(path.name.split(".")[0])
    data = path.read_bytes()
    entries = []
    for i in range(len(data) // _TIME_ENTRY.size):
        ts, rel = _TIME_ENTRY.unpack_from(data, i * _TIME_ENTRY.size)
        if rel == 0 and i > 0:
            break
        entries.append({"timestamp": ts, "offset": base + rel})
    return {"file": str(path), "kind": "timeindex", "entries": entries}


def dump_txn_index(path: Path) -> dict[str, Any]:
    data = path.read_bytes()
    entries = []
    for i in range(len(data) // _ABORTED_TXN.size):
        version, pid, first, last, lso = _ABORTED_TXN.unpack_from(data, i * _ABORTED_TXN.size)
        entries.append({"version": version, "producer_id": pid, "first_offset": first, "last_offset": last,
                        "last_stable_offset": lso})
    return {"file": str(path), "kind": "txnindex", "entries": entries}


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    files = [f for arg in [*(args.files or []), *(args.file_args or [])] for f in arg.split(",") if f]
    if not files:
        raise UsageError("Missing required argument \"[files]\"")
    docs = []
    status = 0
    for name in files:
        path = Path(name)
        if not args.json:
            out.write(f"Dumping {path}\n")
        if not path.is_file():
            err.write(f"kaflite dump-log: no such file: {path}\n")
            status = 1
            continue
        suffix = path.suffix
        if suffix == ".log":
            doc = dump_segment(path, args)
            if not args.json:
                print_segment(doc, out)
        elif suffix in (".index", ".timeindex", ".txnindex"):
            doc = {".index": dump_index, ".timeindex": dump_time_index, ".txnindex": dump_txn_index}[suffix](path)
            if not args.json:
                if not doc["entries"] and suffix != ".txnindex":
                    out.write(f"{path} is empty.\n")
                for e in doc["entries"]:
                    if suffix == ".index":
                        out.write(f"offset: {e['offset']} position: {e['position']}\n")
                    elif suffix == ".timeindex":
                        out.write(f"timestamp: {e['timestamp']} offset: {e['offset']}\n")
                    else:
                        out.write(f"version: {e['version']} producerId: {e['producer_id']} firstOffset: "
                                  f"{e['first_offset']} lastOffset: {e['last_offset']} lastStableOffset: "
                                  f"{e['last_stable_offset']}\n")
        else:
            err.write(f"Ignoring unknown file {path}\n")
            continue
        docs.append(doc)
    if args.json:
        dump_json(docs, out)
    return status
