"""``__cluster_metadata-0``: KRaft's record framing, durable appends, replay, and its place in the data dir."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import pytest

from kaflite.broker.cluster_metadata import ClusterMetadata
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages.access_control_entry_record import AccessControlEntryRecord
from kaflite.protocol.messages.remove_access_control_entry_record import RemoveAccessControlEntryRecord
from kaflite.protocol.messages.remove_user_scram_credential_record import RemoveUserScramCredentialRecord
from kaflite.protocol.messages.user_scram_credential_record import UserScramCredentialRecord
from kaflite.storage.cluster_metadata import (
    DIRECTORY,
    ClusterMetadataLog,
    UnknownMetadataRecord,
    decode_metadata_record,
    encode_metadata_record,
)
from kaflite.storage.config import LogConfig
from kaflite.storage.errors import StorageError
from kaflite.storage.manager import LogManager


def _acl(name: str = "orders") -> AccessControlEntryRecord:
    return AccessControlEntryRecord(id=uuid.uuid4().bytes, resource_type=2, resource_name=name, pattern_type=3,
                                    principal="User:alice", host="*", operation=3, permission_type=3)


def _scram(name: str = "alice") -> UserScramCredentialRecord:
    return UserScramCredentialRecord(name=name, mechanism=2, salt=b"s" * 16, stored_key=b"k" * 64,
                                     server_key=b"v" * 64, iterations=4096)


def test_records_are_framed_as_krafts_metadata_record_serde() -> None:
    # MetadataRecordSerde: unsigned varints frame version 1, record type (apiKey), version; then the record.
    raw = encode_metadata_record(_acl())
    assert raw[:3] == bytes([1, 18, 0])
    assert encode_metadata_record(RemoveUserScramCredentialRecord(name="a", mechanism=1))[:3] == bytes([1, 22, 0])
    for record in (_acl(), RemoveAccessControlEntryRecord(id=uuid.uuid4().bytes), _scram(),
                   RemoveUserScramCredentialRecord(name="alice", mechanism=1)):
        assert decode_metadata_record(encode_metadata_record(record)) == record


def test_a_record_type_kaflite_does_not_keep_is_refused_not_skipped() -> None:
    with pytest.raises(UnknownMetadataRecord, match="type 2 v0"):  # TopicRecord: a KRaft log, not kaflite's
        decode_metadata_record(bytes([1, 2, 0]) + b"\x00")
    with pytest.raises(UnknownMetadataRecord, match="frame version 2"):
        decode_metadata_record(bytes([2, 18, 0]))


def test_appends_survive_a_reopen_in_order(tmp_path: Path) -> None:
    first, second = [_acl("a"), _scram()], [_acl("b")]
    log = ClusterMetadataLog(tmp_path)
    log.append(first)
    log.append(second)
    log.append([])
    log.close()
    again = ClusterMetadataLog(tmp_path)
    assert list(again.replay()) == first + second
    assert again.log.log_end_offset == 3
    again.close()


def test_a_torn_tail_batch_is_cut_at_reopen(tmp_path: Path) -> None:
    log = ClusterMetadataLog(tmp_path)
    log.append([_acl("kept")])
    log.append([_acl("torn"), _scram()])
    log.close()
    segment = next((tmp_path / DIRECTORY).glob("*.log"))
    data = segment.read_bytes()
    segment.write_bytes(data[:-10])  # a crash mid-write of the second operation
    again = ClusterMetadataLog(tmp_path)
    assert [r.resource_name for r in again.replay()] == ["kept"]  # the operation is gone whole, never half
    again.close()


def test_the_metadata_log_is_no_topic(tmp_path: Path) -> None:
    ClusterMetadataLog(tmp_path).close()
    logs = LogManager(tmp_path, LogConfig(), lambda: 0)
    try:
        assert "__cluster_metadata" not in logs.topics()  # not adopted as a copied-in partition directory
        with pytest.raises(StorageError, match="Creation of internal topic __cluster_metadata is prohibited") as e:
            logs.create_topic("__cluster_metadata", 1)
        assert e.value.error_code == ErrorCode.INVALID_REQUEST
    finally:
        logs.close()


class _Image:
    def __init__(self) -> None:
        self.seen: list[object] = []

    def apply(self, record: object) -> None:
        self.seen.append(record)


def test_images_see_the_replay_then_every_commit_in_order(tmp_path: Path) -> None:
    old = [_acl("old")]
    log = ClusterMetadataLog(tmp_path)
    log.append(old)
    log.close()

    async def run() -> tuple[_Image, _Image]:
        metadata = ClusterMetadata(ClusterMetadataLog(tmp_path))
        early = _Image()
        metadata.register(early)
        assert early.seen == old
        batches = [[_acl(f"n{i}"), _scram(f"u{i}")] for i in range(5)]
        await asyncio.gather(*(metadata.commit(b) for b in batches))
        late = _Image()
        metadata.register(late)  # registered after commits: it still sees them
        metadata.close()
        assert early.seen == late.seen
        return early, late

    early, _ = asyncio.run(run())
    reopened = ClusterMetadataLog(tmp_path)
    assert list(reopened.replay()) == early.seen  # disk order is apply order
    reopened.close()
