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

Transactional offsets (TX-OFF-*, Kafka's pendingTransactionalOffsets and openTransactions): a
TxnOffsetCommit writes ordinary offset-commit records as one transactional batch of its producer
(TX-OFF-2); replayed with that producer id they are kept *pending* per producer and are invisible to
OffsetFetch until the producer's commit marker reaches the group's partition (TX-OFF-3), which moves
them to the committed offsets -- each only if no later commit of that key was applied meanwhile (Kafka
compares record offsets; here a pending offset is marked superseded when a later plain commit, or a
later pending one being committed, lands on its key, which is the same order). An abort marker drops
them. OffsetFetch with RequireStable answers UNSTABLE_OFFSET_COMMIT for keys with pending offsets
(TX-OFF-4); tombstones drop them, expiry keeps keys and groups that have them (TX-OFF-5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import structlog

from kaflite.coordinator.context import ShardContext
from kaflite.coordinator.group import Group, OffsetAndMetadata
from kaflite.coordinator.offset_answers import (
    FetchedPartition,
    PartitionAnswers,
    each,
    fetch_partition,
    merge,
    offset_commit_answer,
    txn_commit_answer,
)
from kaflite.coordinator.records import (
    OffsetCommitKeyFields,
    ProducerIdAndEpoch,
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
    TxnOffsetCommitRequest,
    TxnOffsetCommitResponse,
)

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
Offsets = dict[tuple[str, int], OffsetAndMetadata]
_NO_OFFSETS: Mapping[tuple[str, int], OffsetAndMetadata] = {}
_NO_OPEN: Mapping[tuple[str, int], set[int]] = {}

PartitionExists = Callable[[str, int], bool]
"""Whether topic-partition exists (Kafka's metadata cache): the broker's topics, injected."""

TransactionVerifier = Callable[[str, int, int, int, int], ErrorCode | None]
"""TX-OFF-1's verification (TX-PRD-2) of a TxnOffsetCommit, injected by the broker: (transactional id,
producer id, producer epoch, `__consumer_offsets` partition, TxnOffsetCommit version) -> None when that
partition is in the producer's ongoing transaction, else the error (v<=3 INVALID_TXN_STATE, v4
TRANSACTION_ABORTABLE, a stale epoch INVALID_PRODUCER_EPOCH, ...). Kafka's
`maybeStartTransactionVerification`; synchronous here, the transaction coordinator being in-process."""

# Kafka's CoordinatorOperationExceptionHelper: errors an operation may hit, as the client is told them.
_OPERATION_ERRORS = {
    E.NETWORK_EXCEPTION: E.COORDINATOR_LOAD_IN_PROGRESS,
    E.UNKNOWN_TOPIC_OR_PARTITION: E.COORDINATOR_NOT_AVAILABLE,
    E.NOT_ENOUGH_REPLICAS: E.COORDINATOR_NOT_AVAILABLE,
    E.REQUEST_TIMED_OUT: E.COORDINATOR_NOT_AVAILABLE,
    E.NOT_LEADER_OR_FOLLOWER: E.NOT_COORDINATOR,
    E.KAFKA_STORAGE_ERROR: E.NOT_COORDINATOR,
}

PendingKey = tuple[str, str, int]  # (group, topic, partition)


@dataclass(slots=True)
class PendingOffset:
    """A transactional offset waiting for its producer's marker (TX-OFF-2).

    `seq` orders pending offsets by their position in the log (replay order); `superseded` is set once
    a later commit of the same key was applied, so the commit marker must not materialize this one
    (Kafka: its record offset is not above the committed offset's, TX-OFF-3)."""

    offset: OffsetAndMetadata
    seq: int
    superseded: bool = False


class OffsetStore:
    """Committed offsets of the shard's groups, by group id; a group's offsets go when it goes."""

    def __init__(
        self,
        ctx: ShardContext,
        create_simple_group: Callable[[str, str], Group],
        member_committed: Callable[[Group, str], None],
        partition_exists: PartitionExists | None = None,
        verify_transaction: TransactionVerifier | None = None,
    ) -> None:
        self.ctx = ctx
        # None: no transaction coordinator to ask (unit tests): every TxnOffsetCommit passes.
        self._verify_transaction = verify_transaction
        self._create_simple_group = create_simple_group
        # A valid commit from a member: its group type may count it as a sign of life (classic groups).
        self._member_committed = member_committed
        # None: no topic metadata (a coordinator on its own, as in unit tests): every partition exists.
        self._partition_exists = partition_exists
        self._offsets: dict[str, Offsets] = {}
        # Transactional offsets: producer id -> pending offsets by key (Kafka's pendingTransactionalOffsets),
        # and group -> (topic, partition) -> producer ids with a pending offset there (openTransactions).
        self._pending: dict[int, dict[PendingKey, PendingOffset]] = {}
        self._open: dict[str, dict[tuple[str, int], set[int]]] = {}
        self._pending_seq = 0
        ctx.group_removed.append(self.forget_group)

    def _append_commit(self, group_id: str, fields: tuple[str, str, int], key: bytes, value: bytes | None) -> None:
        """The shard context's `append` for an offset-commit record: applied by the same replay a load runs for it,
        given the key's fields rather than decoding the key just encoded from them (every commit's hot path)."""
        ctx = self.ctx
        p = ctx.partition_for(group_id)
        res = ctx.res
        res.records.setdefault(p, []).append((key, value))
        res.partitions.add(p)
        self.replay(fields, value)

    def offsets_of(self, group_id: str) -> Mapping[tuple[str, int], OffsetAndMetadata]:
        return self._offsets.get(group_id, _NO_OFFSETS)

    def num_offsets(self) -> int:
        """Committed offsets held, every group's (Kafka's NumOffsets gauge)."""
        return sum(map(len, self._offsets.values()))

    def pending_offsets_of(self, group_id: str) -> dict[int, dict[tuple[str, int], OffsetAndMetadata]]:
        """The group's pending transactional offsets by producer id (tests and tools)."""
        out: dict[int, dict[tuple[str, int], OffsetAndMetadata]] = {}
        for tp, pids in sorted(self._open.get(group_id, {}).items()):
            for pid in sorted(pids):
                out.setdefault(pid, {})[tp] = self._pending[pid][(group_id, *tp)].offset
        return out

    def has_pending(self, group_id: str, topic: str, partition: int) -> bool:
        """Whether some producer has a pending transactional offset for the key (Kafka's
        hasPendingTransactionalOffsets)."""
        return (topic, partition) in self._open.get(group_id, ())

    def has_open_transactions(self, group_id: str) -> bool:
        return group_id in self._open

    def forget_group(self, group_id: str) -> None:
        self._offsets.pop(group_id, None)
        for (topic, partition), pids in self._open.pop(group_id, {}).items():
            for pid in pids:
                self._drop_pending_entry(pid, (group_id, topic, partition))

    # ================================================================== OffsetCommit
    def commit(self, req: OffsetCommitRequest, version: int) -> OffsetCommitResponse:
        """B-OFF-1/2. The empty group id is a group like any other here (Kafka keeps it for backwards
        compatibility, GroupCoordinatorService.commitOffsets): only the membership APIs refuse it."""
        ctx = self.ctx
        group_id = req.group_id
        unknown, known = self._split_unknown(req.topics)
        if unknown and not known:
            return offset_commit_answer(req, unknown)  # Kafka answers without calling the coordinator
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
            return offset_commit_answer(req, merge(unknown, each(known, lambda _t, _p: group_err)))
        now = ctx.now()
        expire = None
        if 2 <= version <= 4 and req.retention_time_ms != -1:
            expire = now + req.retention_time_ms
        max_bytes = ctx.config.offset_metadata_max_bytes
        with_epoch = version >= 6
        append = self._append_commit
        committed: PartitionAnswers = []
        n = 0
        # Loops, not `each` with a closure: every commit runs this (a few µs a request on a busy coordinator).
        for topic, parts in known:
            answers: list[tuple[int, ErrorCode]] = []
            for p in parts:
                partition = p.partition_index
                metadata = p.committed_metadata
                if metadata is None:
                    metadata = ""
                if (len(metadata) if metadata.isascii() else _java_length(metadata)) > max_bytes:
                    answers.append((partition, E.OFFSET_METADATA_TOO_LARGE))
                    continue
                key = offset_commit_key(group_id, topic, partition)
                value = offset_commit_value(p.committed_offset, p.committed_leader_epoch if with_epoch else -1,
                                            metadata, now, expire)
                append(group_id, (group_id, topic, partition), key, value)
                answers.append((partition, E.NONE))
                n += 1
            committed.append((topic, answers))
        ctx.metrics.offset_commits += n
        return offset_commit_answer(req, merge(unknown, committed))

    def _split_unknown(self, topics: list[Any]) -> tuple[PartitionAnswers, list[tuple[str, list[Any]]]]:
        """KafkaApis' metadata check: partitions that do not exist, answered UNKNOWN_TOPIC_OR_PARTITION,
        and the request's other partitions by topic (in request order), for the coordinator."""
        exists = self._partition_exists
        if exists is None:
            return [], [(t.name, list(t.partitions)) for t in topics]
        unknown: PartitionAnswers = []
        known: list[tuple[str, list[Any]]] = []
        for t in topics:
            name = t.name
            missing = [p.partition_index for p in t.partitions if not exists(name, p.partition_index)]
            if not missing:  # the usual case: the request's own list, not a copy
                known.append((name, t.partitions))
                continue
            unknown.append((name, [(p, E.UNKNOWN_TOPIC_OR_PARTITION) for p in missing]))
            if len(missing) < len(t.partitions):
                known.append((name, [p for p in t.partitions if p.partition_index not in missing]))
        return unknown, known

    # ================================================================== TxnOffsetCommit
    def txn_commit(self, req: TxnOffsetCommitRequest, version: int) -> TxnOffsetCommitResponse:
        """TX-OFF-1/2: validate like Kafka's KafkaApis, GroupCoordinatorService and OffsetMetadataManager
        (in that order), then write the offsets as the producer's transactional batch, pending until its
        marker. The transaction is verified (`verify_transaction`) after the group id and before the
        partition's status, in Kafka's order."""
        ctx = self.ctx
        group_id = req.group_id
        unknown, known = self._split_unknown(req.topics)
        if unknown and not known:
            return txn_commit_answer(unknown, version)
        err: ErrorCode | None = E.INVALID_GROUP_ID if not group_id else None
        if err is None and self._verify_transaction is not None:
            err = self._verify_transaction(req.transactional_id, req.producer_id, req.producer_epoch,
                                           ctx.partition_for(group_id), version)
            if err is not None:
                err = _OPERATION_ERRORS.get(err, err)
        if err is None:
            err = ctx.partition_error(group_id)
        if err is None:
            ctx.touch(group_id)
            # v0-2 carry no member fields: their decoded defaults are generation -1, "", null.
            generation = req.generation_id if version >= 3 else -1
            member_id = req.member_id if version >= 3 else ""
            instance_id = req.group_instance_id if version >= 3 else None
            group = ctx.groups.get(group_id)
            if group is None:
                if generation < 0:
                    group = self._create_simple_group(group_id, "TxnOffsetCommit from a simple consumer")
                else:
                    err = E.ILLEGAL_GENERATION
            if group is not None:
                err = group.validate_offset_commit(member_id, instance_id, generation, version, transactional=True)
                if err == E.STALE_MEMBER_EPOCH:
                    err = E.ILLEGAL_GENERATION  # validateTransactionalOffsetCommit translates it
        if err is not None:
            group_err = err
            return txn_commit_answer(merge(unknown, each(known, lambda _t, _p: group_err)), version)
        now = ctx.now()
        max_bytes = ctx.config.offset_metadata_max_bytes
        producer = ProducerIdAndEpoch(req.producer_id, req.producer_epoch)

        def commit(topic: str, p: Any) -> ErrorCode:
            metadata = p.committed_metadata if p.committed_metadata is not None else ""
            if _java_length(metadata) > max_bytes:
                return E.OFFSET_METADATA_TOO_LARGE
            epoch = p.committed_leader_epoch if version >= 2 else -1
            ctx.append_transactional(
                group_id,
                offset_commit_key(group_id, topic, p.partition_index),
                offset_commit_value(p.committed_offset, epoch, metadata, now, None),
                producer,
            )
            ctx.metrics.offset_commits += 1
            return E.NONE

        answers = merge(unknown, each(known, commit))
        log.debug("offsets.txn_commit", group=group_id, producer_id=req.producer_id,
                  producer_epoch=req.producer_epoch, transactional_id=req.transactional_id)
        return txn_commit_answer(answers, version)

    # ================================================================== OffsetFetch
    def fetch(self, req: OffsetFetchRequest, version: int) -> OffsetFetchResponse:
        """Committed offsets (B-OFF-3); v8+ answers several groups, each with its own error. The empty
        group id is served (Kafka's GroupCoordinatorService.fetchOffsets, for backwards compatibility).
        RequireStable (v7+): a partition with pending transactional offsets answers
        UNSTABLE_OFFSET_COMMIT (TX-OFF-4), a partition error at every version (Kafka's fetchOffsets)."""
        stable = version >= 7 and req.require_stable
        if version >= 8:
            GroupCls = OffsetFetchResponse.OffsetFetchResponseGroup
            TopicCls = OffsetFetchResponse.OffsetFetchResponseTopics
            PartCls = OffsetFetchResponse.OffsetFetchResponsePartitions
            groups = []
            for g in req.groups:
                topics = None if g.topics is None else [(t.name, list(t.partition_indexes)) for t in g.topics]
                member = (g.member_id, g.member_epoch) if version >= 9 else (None, -1)
                err, found = self._fetch_group(g.group_id, topics, *member, stable)
                if version >= 10 and err == E.NONE and g.topics:
                    err = E.UNSUPPORTED_VERSION
                groups.append(
                    GroupCls(
                        group_id=g.group_id,
                        error_code=err,
                        topics=[]
                        if err != E.NONE
                        else [
                            TopicCls(name=t, partitions=[fetch_partition(PartCls, p, E.NONE) for p in ps])
                            for t, ps in found
                        ],
                    )
                )
            return OffsetFetchResponse(groups=groups)
        TopicCls0 = OffsetFetchResponse.OffsetFetchResponseTopic
        PartCls0 = OffsetFetchResponse.OffsetFetchResponsePartition
        topics0 = None if req.topics is None else [(t.name, list(t.partition_indexes)) for t in req.topics]
        err, found = self._fetch_group(req.group_id, topics0, None, -1, stable)
        part_err = err if version < 2 else E.NONE
        out_topics = (
            []
            if (err != E.NONE and version >= 2)
            else [
                TopicCls0(name=t, partitions=[fetch_partition(PartCls0, p, part_err) for p in ps])
                for t, ps in found
            ]
        )
        return OffsetFetchResponse(topics=out_topics, error_code=err if version >= 2 else E.NONE)

    def _fetch_group(
        self,
        group_id: str,
        topics: list[tuple[str, list[int]]] | None,
        member_id: str | None,
        member_epoch: int,
        require_stable: bool = False,
    ) -> tuple[ErrorCode, list[tuple[str, list[FetchedPartition]]]]:
        err = self.ctx.partition_error(group_id)
        group = self.ctx.groups.get(group_id)
        if err is None and group is not None:
            err = group.validate_offset_fetch(member_id, member_epoch)
        if err is not None:
            return err, [(t, [(p, None, False) for p in ps]) for t, ps in topics or []]
        offsets = self.offsets_of(group_id)
        # Only a stable fetch looks at pending offsets (Kafka looks them up only then, too).
        open_keys = self._open.get(group_id, _NO_OPEN) if require_stable else _NO_OPEN
        if topics is None:
            # Every committed offset; a key with only pending offsets is not listed (Kafka's fetchAllOffsets).
            by_topic: dict[str, list[FetchedPartition]] = {}
            for (t, p), o in sorted(offsets.items()):
                by_topic.setdefault(t, []).append((p, o, (t, p) in open_keys))
            return E.NONE, list(by_topic.items())
        return E.NONE, [(t, [(p, offsets.get((t, p)), (t, p) in open_keys) for p in ps]) for t, ps in topics]

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
            # A pending transactional offset gets a tombstone too (TX-OFF-5): it drops it.
            if (topic, p.partition_index) in offsets or self.has_pending(group_id, topic, p.partition_index):
                ctx.append(group_id, offset_commit_key(group_id, topic, p.partition_index), None)
                ctx.metrics.offset_deletions += 1
            return E.NONE

        answers: PartitionAnswers = []
        for topic, parts in known:
            if group.is_subscribed_to_topic(topic):
                answers.append((topic, [(p.partition_index, E.GROUP_SUBSCRIBED_TO_TOPIC) for p in parts]))
            else:
                answers.extend(each([(topic, parts)], delete))
        TC = OffsetDeleteResponse.OffsetDeleteResponseTopic
        PC = OffsetDeleteResponse.OffsetDeleteResponsePartition
        return OffsetDeleteResponse(error_code=E.NONE, topics=[
            TC(name=t, partitions=[PC(partition_index=p, error_code=e) for p, e in ps])
            for t, ps in merge(unknown, answers)
        ])

    def on_partitions_deleted(self, partitions: Iterable[tuple[str, int]]) -> int:
        """The partitions' topic was deleted: a tombstone for each of their committed offsets, and for each
        key with a pending transactional offset, in every group (Kafka's OffsetMetadataManager
        .onPartitionsDeleted, which the broker calls when a topic goes). Returns the tombstones written."""
        gone = set(partitions)
        n = 0
        for group_id in sorted(self._offsets.keys() | self._open.keys()):
            keys = {tp for tp in self._offsets.get(group_id, _NO_OFFSETS) if tp in gone}
            keys.update(tp for tp in self._open.get(group_id, ()) if tp in gone)
            for topic, partition in sorted(keys):
                self.ctx.append(group_id, offset_commit_key(group_id, topic, partition), None)
                n += 1
        return n

    def delete_all(self, group_id: str) -> None:
        """Tombstone every offset of a group being deleted (before the group's own tombstone, B-LOG-2),
        and every key with only pending transactional offsets (TX-OFF-5, Kafka's deleteAllOffsets)."""
        committed = self.offsets_of(group_id)
        keys = set(committed) | set(self._open.get(group_id, ()))
        for topic, partition in sorted(keys):
            self.ctx.append(group_id, offset_commit_key(group_id, topic, partition), None)

    # ================================================================== expiry (KIP-211)
    def cleanup_expired(self, group: Group, now: int) -> bool:
        """Tombstone the group's expired offsets; True if none are left (Kafka's cleanupExpiredOffsets).

        TX-OFF-5: a key with pending transactional offsets is not expired, and a group with any is
        never reported empty, so it is not deleted while a transaction may still commit offsets."""
        offsets = self.offsets_of(group.group_id)
        if not offsets:
            return not self.has_open_transactions(group.group_id)
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
            if expired and not self.has_pending(group.group_id, topic, partition):
                self.ctx.append(group.group_id, offset_commit_key(group.group_id, topic, partition), None)
                self.ctx.metrics.offset_expirations += 1
            else:
                all_expired = False
        return all_expired and not self.has_open_transactions(group.group_id)

    # ================================================================== replay
    def replay(self, key: OffsetCommitKeyFields, value: bytes | None) -> None:
        """Apply one offset-commit record (live or loading); a commit's group exists afterwards.

        A load replays these by the million: the key comes as decoded fields, no objects."""
        group_id, topic, partition = key
        if value is None:
            offsets = self._offsets.get(group_id)
            if offsets is not None:
                offsets.pop((topic, partition), None)
            if self._open:
                self._drop_pending_key(group_id, topic, partition)  # TX-OFF-5
            return
        committed = OffsetAndMetadata._make(decode_offset_commit_value_fields(value))  # same field order
        offsets = self._offsets.get(group_id)
        if offsets is None:
            if group_id not in self.ctx.groups:
                self._create_simple_group(group_id, "offset commit replayed")
            offsets = self._offsets[group_id] = {}
        offsets[(topic, partition)] = committed
        if self._open:
            self._supersede(group_id, topic, partition, self._pending_seq + 1)  # later than every pending one

    def replay_transactional(self, key: OffsetCommitKeyFields, value: bytes | None, producer_id: int) -> None:
        """Apply an offset-commit record of a transactional batch (TX-OFF-2, Kafka's replay with a
        producer id): kept pending for the producer. A tombstone is a tombstone whatever its batch."""
        if value is None:
            self.replay(key, value)
            return
        group_id, topic, partition = key
        if group_id not in self.ctx.groups:
            self._create_simple_group(group_id, "transactional offset commit replayed")
        self._pending_seq += 1
        pending = PendingOffset(OffsetAndMetadata._make(decode_offset_commit_value_fields(value)), self._pending_seq)
        self._pending.setdefault(producer_id, {})[key] = pending
        self._open.setdefault(group_id, {}).setdefault((topic, partition), set()).add(producer_id)

    def replay_end_transaction(self, partition: int, producer_id: int, committed: bool) -> int:
        """A commit or abort marker of `producer_id` on `__consumer_offsets` partition `partition`
        (TX-OFF-3, Kafka's replayEndTransactionMarker): its pending offsets of the groups there are
        committed -- unless a later commit of the key was applied -- or dropped. Returns how many
        offsets were committed. A marker without pending offsets changes nothing (markers repeat
        after a transaction coordinator restarts)."""
        entries = self._pending.get(producer_id)
        if not entries:
            return 0
        partition_for = self.ctx.partition_for
        mine = [(k, e) for k, e in entries.items() if partition_for(k[0]) == partition]
        for k, _ in mine:
            self._drop_pending_entry(producer_id, k)
            self._unlink_open(producer_id, k)
        if not committed:
            return 0
        materialized = 0
        for (group_id, topic, p), e in sorted(mine, key=lambda ke: ke[1].seq):
            if e.superseded:
                log.info("offsets.txn_commit_superseded", group=group_id, topic=topic, partition=p,
                         producer_id=producer_id, offset=e.offset.offset)
                continue
            self._offsets.setdefault(group_id, {})[(topic, p)] = e.offset
            materialized += 1
            self._supersede(group_id, topic, p, e.seq)  # other producers' older pending offsets lose
        return materialized

    def _supersede(self, group_id: str, topic: str, partition: int, seq: int) -> None:
        """A commit at position `seq` was applied to the key: pending offsets written before it lose."""
        pids = self._open.get(group_id, _NO_OPEN).get((topic, partition))
        if not pids:
            return
        for pid in pids:
            e = self._pending[pid][(group_id, topic, partition)]
            if e.seq < seq:
                e.superseded = True

    def _drop_pending_key(self, group_id: str, topic: str, partition: int) -> None:
        """A tombstone of the key: every producer's pending offset for it goes (Kafka's replay)."""
        by_key = self._open.get(group_id)
        if by_key is None:
            return
        pids = by_key.pop((topic, partition), None)
        if not by_key:
            del self._open[group_id]
        for pid in pids or ():
            self._drop_pending_entry(pid, (group_id, topic, partition))

    def _drop_pending_entry(self, producer_id: int, key: PendingKey) -> None:
        entries = self._pending.get(producer_id)
        if entries is not None:
            entries.pop(key, None)
            if not entries:
                del self._pending[producer_id]

    def _unlink_open(self, producer_id: int, key: PendingKey) -> None:
        group_id, topic, partition = key
        by_key = self._open.get(group_id)
        if by_key is None:
            return
        pids = by_key.get((topic, partition))
        if pids is not None:
            pids.discard(producer_id)
            if not pids:
                del by_key[(topic, partition)]
        if not by_key:
            del self._open[group_id]


def _java_length(s: str) -> int:
    """Java's `String.length()`: UTF-16 code units, what Kafka compares with offset.metadata.max.bytes
    (OffsetMetadataManager.isMetadataInvalid), despite the name; a character beyond the BMP counts 2."""
    n = len(s)
    return n if s.isascii() else n + sum(1 for c in s if ord(c) > 0xFFFF)
