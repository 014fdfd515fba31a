"""One offset store for every group type: Kafka's OffsetMetadataManager, sans-I/O.

OffsetCommit, OffsetFetch and OffsetDelete, KIP-211 expiry and the replay of offset-commit records.
Offsets are kept per group id, not on a group type; a commit is validated by asking the group
(`Group.validate_offset_commit`: a generation for classic groups, a member epoch for KIP-848
ones). A commit for a group that does not exist, with no generation, creates a simple group
(Kafka's `getOrMaybeCreateClassicGroup(groupId, true)`); so does its replay. Every record goes
through `ShardContext.append`, which applies it through replay, so live and loaded state agree.

OffsetCommit and OffsetDelete first answer UNKNOWN_TOPIC_OR_PARTITION for partitions that do not
exist, as Kafka's KafkaApis does against its metadata cache before it calls the coordinator: the
store is given `partition_exists` (the broker's topics), and only the other partitions reach the
group's validation. A commit naming no existing partition never touches the group.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import structlog

from kaflite.coordinator.context import ShardContext
from kaflite.coordinator.group import Group, OffsetAndMetadata
from kaflite.coordinator.records import (
    OffsetCommitKeyFields,
    decode_offset_commit_value_fields,
    offset_commit_key,
    offset_commit_value,
)
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    OffsetCommitRequest,
    OffsetCommitResponse,
    OffsetDeleteRequest,
    OffsetDeleteResponse,
    OffsetFetchRequest,
    OffsetFetchResponse,
)

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
NO_OFFSET = -1
Offsets = dict[tuple[str, int], OffsetAndMetadata]
_NO_OFFSETS: Mapping[tuple[str, int], OffsetAndMetadata] = {}

PartitionExists = Callable[[str, int], bool]
"""Whether topic-partition exists (Kafka's metadata cache): the broker's topics, injected."""

# Per-partition answers by topic, in answer order: [(topic, [(partition, error), ...]), ...]
PartitionAnswers = list[tuple[str, list[tuple[int, ErrorCode]]]]


class OffsetStore:
    """Committed offsets of the shard's groups, by group id; a group's offsets go when it goes."""

    def __init__(
        self,
        ctx: ShardContext,
        create_simple_group: Callable[[str, str], Group],
        member_committed: Callable[[Group, str], None],
        partition_exists: PartitionExists | None = None,
    ) -> None:
        self.ctx = ctx
        self._create_simple_group = create_simple_group
        # A valid commit from a member: its group type may count it as a sign of life (classic groups).
        self._member_committed = member_committed
        # None: no topic metadata (a coordinator on its own, as in unit tests): every partition exists.
        self._partition_exists = partition_exists
        self._offsets: dict[str, Offsets] = {}
        ctx.group_removed.append(self.forget_group)

    def offsets_of(self, group_id: str) -> Mapping[tuple[str, int], OffsetAndMetadata]:
        return self._offsets.get(group_id, _NO_OFFSETS)

    def forget_group(self, group_id: str) -> None:
        self._offsets.pop(group_id, None)

    # ================================================================== OffsetCommit
    def commit(self, req: OffsetCommitRequest, version: int) -> OffsetCommitResponse:
        """B-OFF-1/2. The empty group id is a group like any other here (Kafka keeps it for backwards
        compatibility, GroupCoordinatorService.commitOffsets): only the membership APIs refuse it."""
        ctx = self.ctx
        group_id = req.group_id
        unknown, known = self._split_unknown(req.topics)
        if unknown and not known:
            return _offset_commit_answer(req, unknown)  # Kafka answers without calling the coordinator
        err = ctx.partition_error(group_id)
        if err is None and version >= 10:
            err = E.UNSUPPORTED_VERSION  # topic ids need the broker's metadata; not advertised
        if err is None:
            ctx.touch(group_id)
            generation = req.generation_id_or_member_epoch if version >= 1 else -1
            member_id = req.member_id if version >= 1 else ""
            instance_id = req.group_instance_id if version >= 7 else None
            group = ctx.groups.get(group_id)
            if group is None:
                if generation < 0:
                    group = self._create_simple_group(group_id, "OffsetCommit from a simple consumer")
                else:
                    err = E.GROUP_ID_NOT_FOUND if version >= 9 else E.ILLEGAL_GENERATION
            if group is not None:
                err = group.validate_offset_commit(member_id, instance_id, generation, version)
                if err is None:
                    self._member_committed(group, member_id)
        if err is not None:
            group_err = err
            return _offset_commit_answer(req, _merge(unknown, _each(known, lambda _t, _p: group_err)))
        now = ctx.now()
        expire = None
        if 2 <= version <= 4 and req.retention_time_ms != -1:
            expire = now + req.retention_time_ms
        max_bytes = ctx.config.offset_metadata_max_bytes

        def commit(topic: str, p: Any) -> ErrorCode:
            metadata = p.committed_metadata if p.committed_metadata is not None else ""
            if _java_length(metadata) > max_bytes:
                return E.OFFSET_METADATA_TOO_LARGE
            epoch = p.committed_leader_epoch if version >= 6 else -1
            ctx.append(
                group_id,
                offset_commit_key(group_id, topic, p.partition_index),
                offset_commit_value(p.committed_offset, epoch, metadata, now, expire),
            )
            return E.NONE

        return _offset_commit_answer(req, _merge(unknown, _each(known, commit)))

    def _split_unknown(self, topics: list[Any]) -> tuple[PartitionAnswers, list[tuple[str, list[Any]]]]:
        """KafkaApis' metadata check: partitions that do not exist, answered UNKNOWN_TOPIC_OR_PARTITION,
        and the request's other partitions by topic (in request order), for the coordinator."""
        exists = self._partition_exists
        if exists is None:
            return [], [(t.name, list(t.partitions)) for t in topics]
        unknown: PartitionAnswers = []
        known: list[tuple[str, list[Any]]] = []
        for t in topics:
            missing = [p.partition_index for p in t.partitions if not exists(t.name, p.partition_index)]
            if missing:
                unknown.append((t.name, [(p, E.UNKNOWN_TOPIC_OR_PARTITION) for p in missing]))
            if len(missing) < len(t.partitions):
                known.append((t.name, [p for p in t.partitions if p.partition_index not in missing]))
        return unknown, known

    # ================================================================== OffsetFetch
    def fetch(self, req: OffsetFetchRequest, version: int) -> OffsetFetchResponse:
        """Committed offsets (B-OFF-3); v8+ answers several groups, each with its own error. The empty
        group id is served (Kafka's GroupCoordinatorService.fetchOffsets, for backwards compatibility)."""
        if version >= 8:
            GroupCls = OffsetFetchResponse.OffsetFetchResponseGroup
            TopicCls = OffsetFetchResponse.OffsetFetchResponseTopics
            PartCls = OffsetFetchResponse.OffsetFetchResponsePartitions
            groups = []
            for g in req.groups:
                topics = None if g.topics is None else [(t.name, list(t.partition_indexes)) for t in g.topics]
                member = (g.member_id, g.member_epoch) if version >= 9 else (None, -1)
                err, found = self._fetch_group(g.group_id, topics, *member)
                if version >= 10 and err == E.NONE and g.topics:
                    err = E.UNSUPPORTED_VERSION
                groups.append(
                    GroupCls(
                        group_id=g.group_id,
                        error_code=err,
                        topics=[]
                        if err != E.NONE
                        else [
                            TopicCls(name=t, partitions=[_fetch_partition(PartCls, p, o, E.NONE) for p, o in ps])
                            for t, ps in found
                        ],
                    )
                )
            return OffsetFetchResponse(groups=groups)
        TopicCls0 = OffsetFetchResponse.OffsetFetchResponseTopic
        PartCls0 = OffsetFetchResponse.OffsetFetchResponsePartition
        topics0 = None if req.topics is None else [(t.name, list(t.partition_indexes)) for t in req.topics]
        err, found = self._fetch_group(req.group_id, topics0, None, -1)
        part_err = err if version < 2 else E.NONE
        out_topics = (
            []
            if (err != E.NONE and version >= 2)
            else [
                TopicCls0(name=t, partitions=[_fetch_partition(PartCls0, p, o, part_err) for p, o in ps])
                for t, ps in found
            ]
        )
        return OffsetFetchResponse(topics=out_topics, error_code=err if version >= 2 else E.NONE)

    def _fetch_group(
        self, group_id: str, topics: list[tuple[str, list[int]]] | None, member_id: str | None, member_epoch: int
    ) -> tuple[ErrorCode, list[tuple[str, list[tuple[int, OffsetAndMetadata | None]]]]]:
        err = self.ctx.partition_error(group_id)
        group = self.ctx.groups.get(group_id)
        if err is None and group is not None:
            err = group.validate_offset_fetch(member_id, member_epoch)
        if err is not None:
            return err, [(t, [(p, None) for p in ps]) for t, ps in topics or []]
        offsets = self.offsets_of(group_id)
        if topics is None:
            by_topic: dict[str, list[tuple[int, OffsetAndMetadata | None]]] = {}
            for (t, p), o in sorted(offsets.items()):
                by_topic.setdefault(t, []).append((p, o))
            return E.NONE, list(by_topic.items())
        return E.NONE, [(t, [(p, offsets.get((t, p))) for p in ps]) for t, ps in topics]

    # ================================================================== OffsetDelete
    def delete(self, req: OffsetDeleteRequest, version: int) -> OffsetDeleteResponse:
        """Delete the offsets of topics the group does not subscribe to (KIP-496). Unlike OffsetCommit and
        OffsetFetch, the empty group id is INVALID_GROUP_ID (GroupCoordinatorService.deleteOffsets)."""
        ctx = self.ctx
        group_id = req.group_id
        # Unlike a commit, the coordinator is asked even when no partition exists: a group error
        # (INVALID_GROUP_ID, GROUP_ID_NOT_FOUND, ...) replaces the whole answer (OffsetDeleteResponse.Builder.merge).
        unknown, known = self._split_unknown(req.topics)
        err = ctx.partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        group = ctx.groups.get(group_id)
        if err is None:
            ctx.touch(group_id)
            err = E.GROUP_ID_NOT_FOUND if group is None else group.validate_offset_delete()
        if err is not None or group is None:
            return OffsetDeleteResponse(error_code=err if err is not None else E.NONE)
        offsets = self.offsets_of(group_id)

        def delete(topic: str, p: Any) -> ErrorCode:
            if (topic, p.partition_index) in offsets:
                ctx.append(group_id, offset_commit_key(group_id, topic, p.partition_index), None)
            return E.NONE

        answers: PartitionAnswers = []
        for topic, parts in known:
            if group.is_subscribed_to_topic(topic):
                answers.append((topic, [(p.partition_index, E.GROUP_SUBSCRIBED_TO_TOPIC) for p in parts]))
            else:
                answers.extend(_each([(topic, parts)], delete))
        TC = OffsetDeleteResponse.OffsetDeleteResponseTopic
        PC = OffsetDeleteResponse.OffsetDeleteResponsePartition
        return OffsetDeleteResponse(error_code=E.NONE, topics=[
            TC(name=t, partitions=[PC(partition_index=p, error_code=e) for p, e in ps])
            for t, ps in _merge(unknown, answers)
        ])

    def delete_all(self, group_id: str) -> None:
        """Tombstone every offset of a group being deleted (before the group's own tombstone, B-LOG-2)."""
        for topic, partition in sorted(self.offsets_of(group_id)):
            self.ctx.append(group_id, offset_commit_key(group_id, topic, partition), None)

    # ================================================================== expiry (KIP-211)
    def cleanup_expired(self, group: Group, now: int) -> bool:
        """Tombstone the group's expired offsets; True if none are left (Kafka's cleanupExpiredOffsets)."""
        offsets = self.offsets_of(group.group_id)
        if not offsets:
            return True
        base = group.offset_expiration_condition()
        if base is None:
            return False
        retention = self.ctx.config.offsets_retention_ms
        all_expired = True
        for (topic, partition), o in sorted(offsets.items()):
            if group.is_subscribed_to_topic(topic):
                all_expired = False
                continue
            expired = now >= o.expire_timestamp_ms if o.expire_timestamp_ms is not None else now - base(o) >= retention
            if expired:
                self.ctx.append(group.group_id, offset_commit_key(group.group_id, topic, partition), None)
            else:
                all_expired = False
        return all_expired

    # ================================================================== replay
    def replay(self, key: OffsetCommitKeyFields, value: bytes | None) -> None:
        """Apply one offset-commit record (live or loading); a commit's group exists afterwards.

        A load replays these by the million: the key comes as decoded fields, no objects."""
        group_id, topic, partition = key
        if value is None:
            offsets = self._offsets.get(group_id)
            if offsets is not None:
                offsets.pop((topic, partition), None)
            return
        committed = OffsetAndMetadata._make(decode_offset_commit_value_fields(value))  # same field order
        offsets = self._offsets.get(group_id)
        if offsets is None:
            if group_id not in self.ctx.groups:
                self._create_simple_group(group_id, "offset commit replayed")
            offsets = self._offsets[group_id] = {}
        offsets[(topic, partition)] = committed


def _java_length(s: str) -> int:
    """Java's `String.length()`: UTF-16 code units, what Kafka compares with offset.metadata.max.bytes
    (OffsetMetadataManager.isMetadataInvalid), despite the name; a character beyond the BMP counts 2."""
    n = len(s)
    return n if s.isascii() else n + sum(1 for c in s if ord(c) > 0xFFFF)


# ====================================================================== answers
def _each(topics: list[tuple[str, list[Any]]], per_partition: Callable[[str, Any], ErrorCode]) -> PartitionAnswers:
    return [(t, [(p.partition_index, per_partition(t, p)) for p in parts]) for t, parts in topics]


def _merge(unknown: PartitionAnswers, coordinator: PartitionAnswers) -> PartitionAnswers:
    """KafkaApis' response builders: the unknown partitions first, by topic; the coordinator's answers
    join their topic's entry, and topics it alone answers follow (OffsetCommitResponse.Builder.merge)."""
    if not unknown:
        return coordinator
    merged: dict[str, list[tuple[int, ErrorCode]]] = {}
    for topic, parts in (*unknown, *coordinator):
        merged.setdefault(topic, []).extend(parts)
    return list(merged.items())


def _offset_commit_answer(req: OffsetCommitRequest, answers: PartitionAnswers) -> OffsetCommitResponse:
    TC = OffsetCommitResponse.OffsetCommitResponseTopic
    PC = OffsetCommitResponse.OffsetCommitResponsePartition
    topic_ids = {t.name: t.topic_id for t in req.topics}
    return OffsetCommitResponse(topics=[
        TC(name=t, topic_id=topic_ids[t], partitions=[PC(partition_index=p, error_code=e) for p, e in parts])
        for t, parts in answers
    ])


def _fetch_partition(cls: Any, partition: int, o: OffsetAndMetadata | None, error: ErrorCode) -> Any:
    if o is None:
        return cls(
            partition_index=partition,
            committed_offset=NO_OFFSET,
            committed_leader_epoch=-1,
            metadata="",
            error_code=error,
        )
    return cls(
        partition_index=partition,
        committed_offset=o.offset,
        committed_leader_epoch=o.leader_epoch,
        metadata=o.metadata,
        error_code=error,
    )


def offset_commit_error(req: OffsetCommitRequest, version: int, error: ErrorCode) -> OffsetCommitResponse:
    """Every partition of the commit answered `error`."""
    return _offset_commit_answer(req, _each([(t.name, t.partitions) for t in req.topics], lambda _t, _p: error))


def offset_fetch_error(req: OffsetFetchRequest, version: int, error: ErrorCode) -> OffsetFetchResponse:
    if version >= 8:
        G = OffsetFetchResponse.OffsetFetchResponseGroup
        return OffsetFetchResponse(groups=[G(group_id=g.group_id, error_code=error) for g in req.groups])
    return OffsetFetchResponse(error_code=error)


def offset_delete_error(req: OffsetDeleteRequest, version: int, error: ErrorCode) -> OffsetDeleteResponse:
    return OffsetDeleteResponse(error_code=error)
