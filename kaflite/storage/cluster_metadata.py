"""The cluster-metadata log: ``__cluster_metadata-0`` in the data directory, as a KRaft node keeps it.

kaflite keeps the metadata Kafka 4.x keeps there and kaflite must remember across restarts without a
controller: SCRAM credentials (``UserScramCredentialRecord``) and ACLs (``AccessControlEntryRecord``), and their
removals; with several brokers, the partitions' leader moves (``PartitionChangeRecord``, ``kaflite.controller``).
Each record is a RecordBatch v2 record with a null key and, as value, KRaft's framing
(``MetadataRecordSerde``): unsigned varint frame version (1), unsigned varint record type (the schema's apiKey),
unsigned varint version, then the record. A batch is one operation: written whole and fsynced before the
operation is answered, replayed whole at startup (a torn tail batch is cut by the log's own recovery).

Only storage lives here (files, blocking I/O); ``kaflite.broker.cluster_metadata`` runs it off the event loop.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from kaflite.protocol._codec import DecodeError, _r_uvarint, _uvarint
from kaflite.protocol.messages.access_control_entry_record import AccessControlEntryRecord
from kaflite.protocol.messages.partition_change_record import PartitionChangeRecord
from kaflite.protocol.messages.remove_access_control_entry_record import RemoveAccessControlEntryRecord
from kaflite.protocol.messages.remove_user_scram_credential_record import RemoveUserScramCredentialRecord
from kaflite.protocol.messages.user_scram_credential_record import UserScramCredentialRecord
from kaflite.protocol.records import build_keyed_batch, decode_keys_values, iter_batches
from kaflite.storage.config import LogConfig
from kaflite.storage.log import AppendOrigin, PartitionLog

TOPIC = "__cluster_metadata"
DIRECTORY = f"{TOPIC}-0"
FRAME_VERSION = 1  # MetadataRecordSerde's DEFAULT_FRAME_VERSION
READ_CHUNK = 1 << 20


def _record_classes() -> dict[int, Any]:
    """The metadata record types kaflite keeps, by record type (apiKey)."""
    classes: list[Any] = [AccessControlEntryRecord, RemoveAccessControlEntryRecord, UserScramCredentialRecord,
                          RemoveUserScramCredentialRecord, PartitionChangeRecord]
    return {cls.API_KEY: cls for cls in classes}


class UnknownMetadataRecord(DecodeError):
    """A record type or version this kaflite does not know: the log was written by something newer."""


def encode_metadata_record(record: Any) -> bytes:
    """KRaft's framing of one record (its highest version)."""
    version: int = record.MAX_VERSION
    body: bytes = record.encode(version)
    return _uvarint(FRAME_VERSION) + _uvarint(record.API_KEY) + _uvarint(version) + body


def decode_metadata_record(value: bytes, classes: dict[int, Any] | None = None) -> Any:
    """One record from KRaft's framing; UnknownMetadataRecord for a type or version kaflite does not read."""
    mv = memoryview(value)
    frame, pos = _r_uvarint(mv, 0)
    record_type, pos = _r_uvarint(mv, pos)
    version, pos = _r_uvarint(mv, pos)
    if frame != FRAME_VERSION:
        raise UnknownMetadataRecord(f"metadata record frame version {frame} (kaflite reads {FRAME_VERSION})")
    cls = (classes if classes is not None else _record_classes()).get(record_type)
    if cls is None or not cls.MIN_VERSION <= version <= cls.MAX_VERSION:
        raise UnknownMetadataRecord(f"metadata record type {record_type} v{version} is not one kaflite keeps")
    return cls.decode(mv[pos:], version)


class ClusterMetadataLog:
    """``__cluster_metadata-0``: `replay` the records at startup, `append` an operation's records durably."""

    def __init__(self, data_dir: str | Path) -> None:
        now = int(time.time() * 1000)
        # Never deleted by time or size: the log is the only copy (Kafka snapshots it; kaflite's stays small).
        config = LogConfig.from_dict({"retention.ms": "-1", "retention.bytes": "-1"}, LogConfig())
        # Opened as after a crash, always: every batch is checked (the log is small), and a torn tail is cut.
        self.log = PartitionLog.open(Path(data_dir) / DIRECTORY, TOPIC, 0, config, now_ms=now)

    def replay(self) -> Iterator[Any]:
        """Every record in the log, in order (decoded message objects)."""
        classes: dict[int, Any] | None = None  # imported once there is a record (most data dirs have none)
        offset, end = self.log.log_start_offset, self.log.log_end_offset
        while offset < end:
            chunk = self.log.read(offset, READ_CHUNK).records
            if not chunk:
                break
            pos = 0
            for header in iter_batches(chunk):
                for _, _, value in decode_keys_values(chunk, pos):
                    if value is not None:
                        classes = classes or _record_classes()
                        yield decode_metadata_record(value, classes)
                pos += header.size_in_bytes
                offset = header.next_offset
            if pos == 0:
                break

    def append(self, records: Sequence[Any]) -> None:
        """One batch with `records`, written and fsynced before this returns (blocking: call it off the loop)."""
        if not records:
            return
        now = int(time.time() * 1000)
        batch = build_keyed_batch([(None, encode_metadata_record(r)) for r in records], timestamp_ms=now)
        self.log.append(batch, leader_epoch=0, now_ms=now, origin=AppendOrigin.COORDINATOR, defer_flush=True)
        self.log.flush(now)

    def close(self) -> None:
        self.log.close()
