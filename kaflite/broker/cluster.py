"""Cluster and replica admin APIs, answered as a one-node Kafka 4.x (a combined broker + KRaft
controller) answers them: DeleteRecords, DescribeLogDirs, AlterReplicaLogDirs, DescribeTopicPartitions,
DescribeProducers, ElectLeaders, List/AlterPartitionReassignments, DescribeQuorum.

Every broker of the kaflite (``brokers``; one by default) is a replica of every partition (one data directory),
in sync while it runs; ``context.leaders`` says who leads (``kaflite.controller.replication``): a preferred-leader
election moves a partition back to its first replica, the only valid replica set is every broker, nothing is
ever being reassigned. Partition requests (DeleteRecords, DescribeProducers) at a broker that does not lead the
partition are NOT_LEADER_OR_FOLLOWER. What kaflite really has (log start
offsets, segment sizes, producer state) is reported from storage; error codes, messages and the
``""`` / null of every message field follow Kafka's handlers (``KafkaApis``, ``ReplicationControlManager``,
``KafkaRaftClient``), named at each method.
"""

from __future__ import annotations

import os
from collections import defaultdict
from typing import Any

import structlog

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.broker.topics import is_internal, is_valid_topic_name, manual_assignment_error
from kaflite.controller.replication import NO_LEADER, PartitionRef
from kaflite.protocol.authorized_operations import ALL_TOPIC
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AlterPartitionReassignmentsRequest,
    AlterPartitionReassignmentsResponse,
    AlterReplicaLogDirsRequest,
    AlterReplicaLogDirsResponse,
    DeleteRecordsRequest,
    DeleteRecordsResponse,
    DescribeLogDirsRequest,
    DescribeLogDirsResponse,
    DescribeProducersRequest,
    DescribeProducersResponse,
    DescribeQuorumRequest,
    DescribeQuorumResponse,
    DescribeTopicPartitionsRequest,
    DescribeTopicPartitionsResponse,
    ElectLeadersRequest,
    ElectLeadersResponse,
    ListPartitionReassignmentsRequest,
    ListPartitionReassignmentsResponse,
)
from kaflite.protocol.messages import DescribeQuorumResponse as DQ
from kaflite.protocol.messages import DescribeTopicPartitionsResponse as DTP
from kaflite.storage.errors import StorageError
from kaflite.storage.manager import validate_topic_name

log = structlog.get_logger("kaflite.cluster")

ZERO_UUID = bytes(16)
#: Kafka's `max.request.partition.size.limit` default: DescribeTopicPartitions answers at most this many.
MAX_REQUEST_PARTITION_SIZE_LIMIT = 2000
#: What Kafka reports as a topic's authorized operations when no authorizer is configured: every
#: operation a topic supports (READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE, DESCRIBE_CONFIGS,
#: ALTER_CONFIGS) as a bit field. DescribeTopicPartitions always fills it in.
#: The KRaft metadata partition DescribeQuorum describes.
METADATA_TOPIC, METADATA_PARTITION = "__cluster_metadata", 0
#: kaflite keeps no metadata log; its single voter reports this epoch and an empty log.
QUORUM_LEADER_EPOCH = 1
PREFERRED, UNCLEAN = 0, 1  # ElectLeaders' election types
#: UnifiedLog.logFutureDirName's parts around the topic and partition: ".<32 hex digits>-future". A future
#: directory name longer than 255 (a file name's limit) makes AlterReplicaLogDirs refuse the topic (KAFKA-4893).
FUTURE_DIR_SUFFIX_CHARS = len(".") + 32 + len("-future")
MAX_DIR_NAME_CHARS = 255

# The default messages Kafka sends with `new ApiError(error)` (Errors.java).
UNKNOWN_TOPIC_OR_PARTITION_MESSAGE = "This server does not host this topic-partition."
ELECTION_NOT_NEEDED_MESSAGE = "Leader election not needed for topic partition."
DEFAULT_MESSAGES = {
    ErrorCode.ELECTION_NOT_NEEDED: ELECTION_NOT_NEEDED_MESSAGE,
    ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE: "The preferred leader was not available.",
    ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE: "Eligible topic partition leaders are not available.",
}


class ClusterHandler:
    """The single node's view of replicas, leaders, log directories and the metadata quorum."""

    def __init__(self, context: BrokerContext) -> None:
        self.config = context.config
        self.logs = context.logs
        self.state = context.state
        self.clock = context.clock
        self.cluster_metadata = context.cluster_metadata
        self.context = context
        self.leaders = context.leaders

    def register(self, router: Router) -> None:
        router.add(21, self.delete_records)
        router.add(34, self.alter_replica_log_dirs)
        router.add(35, self.describe_log_dirs)
        router.add(43, self.elect_leaders)
        router.add(45, self.alter_partition_reassignments)
        router.add(46, self.list_partition_reassignments)
        router.add(55, self.describe_quorum)
        router.add(61, self.describe_producers)
        router.add(75, self.describe_topic_partitions)

    def _partition_exists(self, topic: str, partition: int) -> bool:
        info = self.logs.topic(topic)
        return info is not None and 0 <= partition < info.partitions

    # -- DeleteRecords ----------------------------------------------------------------------------

    def delete_records(self, ctx: RequestContext, req: DeleteRecordsRequest) -> DeleteRecordsResponse:
        """KafkaApis.handleDeleteRecordsRequest then ReplicaManager.deleteRecordsOnLocalLog: an unknown
        partition first, then an internal topic, then the log's own rules (storage.delete_records).
        One replica: the low watermark is reached at once, nothing waits (no DelayedDeleteRecords)."""
        R = DeleteRecordsResponse
        by_topic: dict[str, list[DeleteRecordsResponse.DeleteRecordsPartitionResult]] = {}
        for t in req.topics:
            parts = by_topic.setdefault(t.name, [])
            for p in t.partitions:
                out = R.DeleteRecordsPartitionResult(partition_index=p.partition_index, low_watermark=-1)
                parts.append(out)
                if not self._partition_exists(t.name, p.partition_index):
                    out.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                elif is_internal(t.name):
                    out.error_code = ErrorCode.INVALID_TOPIC_EXCEPTION
                elif not self.leaders.leads(ctx.node_id, t.name, p.partition_index):
                    out.error_code = ErrorCode.NOT_LEADER_OR_FOLLOWER
                else:
                    try:
                        out.low_watermark = self.logs.delete_records(t.name, p.partition_index, p.offset)
                    except StorageError as e:
                        out.error_code = e.error_code
                        ctx.log.info("delete records refused", topic=t.name, partition=p.partition_index,
                                     offset=p.offset, error=str(e))
                        continue
                    log.info("deleted records", topic=t.name, partition=p.partition_index, offset=p.offset,
                             log_start_offset=out.low_watermark)
        return R(topics=[R.DeleteRecordsTopicResult(name=n, partitions=ps) for n, ps in by_topic.items()])

    # -- DescribeLogDirs --------------------------------------------------------------------------

    def describe_log_dirs(self, ctx: RequestContext, req: DescribeLogDirsRequest) -> DescribeLogDirsResponse:
        """ReplicaManager.describeLogDirs over the one data directory: its absolute path, each log's size
        (the bytes of its segments), offset lag 0 (the log end is the high watermark), the volume's total
        and usable bytes. ``topics`` null means every partition; a topic left with no partition is left
        out."""
        R = DescribeLogDirsResponse
        wanted: set[tuple[str, int]] | None = None
        if req.topics is not None:
            wanted = {(t.topic, p) for t in req.topics for p in t.partitions}
        by_topic: dict[str, list[DescribeLogDirsResponse.DescribeLogDirsPartition]] = defaultdict(list)
        for (topic, partition), plog in sorted(self.logs.logs().items()):
            if wanted is None or (topic, partition) in wanted:
                by_topic[topic].append(R.DescribeLogDirsPartition(
                    partition_index=partition, partition_size=plog.size_in_bytes, offset_lag=0,
                    is_future_key=False))
        result = R.DescribeLogDirsResult(
            log_dir=os.path.abspath(self.config.log_dirs),
            topics=[R.DescribeLogDirsTopic(name=n, partitions=ps) for n, ps in by_topic.items()])
        try:
            result.total_bytes, result.usable_bytes = self.logs.disk_usage()
        except OSError as e:  # the directory is gone or unreadable: Kafka's offline log dir
            ctx.log.warning("log dir unreadable", log_dir=result.log_dir, error=str(e))
            result = R.DescribeLogDirsResult(error_code=ErrorCode.KAFKA_STORAGE_ERROR, log_dir=result.log_dir)
        return R(results=[result])

    # -- AlterReplicaLogDirs -----------------------------------------------------------------------

    def alter_replica_log_dirs(self, ctx: RequestContext,
                               req: AlterReplicaLogDirsRequest) -> AlterReplicaLogDirsResponse:
        """ReplicaManager.alterReplicaLogDirs with one log directory: each partition (named twice, the last
        directory given wins, as Kafka's map of them) is checked in Kafka's order -- a topic whose future
        directory name would pass 255 chars (INVALID_TOPIC_EXCEPTION), a directory that is not the
        configured one's absolute path (LOG_DIR_NOT_FOUND), an unreadable one (Kafka's offline directory,
        KAFKA_STORAGE_ERROR), a partition this node does not host (UNKNOWN_TOPIC_OR_PARTITION) -- and
        is then already in that directory: NONE, nothing to move."""
        R = AlterReplicaLogDirsResponse
        wanted: dict[tuple[str, int], str] = {}
        for d in req.dirs:
            for t in d.topics:
                for p in t.partitions:
                    wanted[(t.name, p)] = d.path
        log_dir = os.path.abspath(self.config.log_dirs)
        online: bool | None = None  # looked at once, when a partition first names the directory
        by_topic: dict[str, list[AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult]] = {}
        for (topic, partition), path in wanted.items():
            code = ErrorCode.NONE
            if _java_length(topic) + 1 + len(str(partition)) + FUTURE_DIR_SUFFIX_CHARS > MAX_DIR_NAME_CHARS:
                code = ErrorCode.INVALID_TOPIC_EXCEPTION
            elif path != log_dir:
                code = ErrorCode.LOG_DIR_NOT_FOUND
            else:
                if online is None:
                    online = self._log_dir_online(ctx, log_dir)
                if not online:
                    code = ErrorCode.KAFKA_STORAGE_ERROR
                elif not self._partition_exists(topic, partition):
                    code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            if code != ErrorCode.NONE:
                ctx.log.info("replica log dir not altered", topic=topic, partition=partition, path=path,
                             error=ErrorCode(code).name)
            by_topic.setdefault(topic, []).append(R.AlterReplicaLogDirPartitionResult(
                partition_index=partition, error_code=code))
        return R(results=[R.AlterReplicaLogDirTopicResult(topic_name=n, partitions=ps) for n, ps in by_topic.items()])

    def _log_dir_online(self, ctx: RequestContext, log_dir: str) -> bool:
        """As DescribeLogDirs judges it: a data directory whose volume cannot be read is offline."""
        try:
            self.logs.disk_usage()
        except OSError as e:
            ctx.log.warning("log dir unreadable", log_dir=log_dir, error=str(e))
            return False
        return True

    # -- DescribeTopicPartitions ------------------------------------------------------------------

    def describe_topic_partitions(self, ctx: RequestContext,
                                  req: DescribeTopicPartitionsRequest) -> DescribeTopicPartitionsResponse:
        """DescribeTopicPartitionsRequestHandler + KRaftMetadataCache.getTopicMetadataForDescribeTopicResponse:
        topics in name order from the cursor on, partitions in index order, at most
        ``response_partition_limit`` (clamped to [1, 2000]) of them; when the limit cuts a topic, or
        is used up exactly before the next topic, ``next_cursor`` says where to go on. No topics
        means every topic (unknown ones then skipped); named ones that do not exist answer
        UNKNOWN_TOPIC_OR_PARTITION (INVALID_TOPIC_EXCEPTION for an illegal name)."""
        cursor = req.cursor
        cursor_topic = cursor.topic_name if cursor is not None else ""
        fetch_all = not req.topics
        if fetch_all:
            names = {n for n in self.logs.topics() if n >= cursor_topic}
        else:
            names = {t.name for t in req.topics if t.name >= cursor_topic}
            if cursor is not None and cursor.topic_name not in names:
                return self._dtp_error(req, ErrorCode.INVALID_REQUEST)
        if cursor is not None and cursor.partition_index < 0:
            return self._dtp_error(req, ErrorCode.INVALID_REQUEST)
        remaining = max(min(MAX_REQUEST_PARTITION_SIZE_LIMIT, req.response_partition_limit), 1)
        resp = DTP(topics=[])
        for name in sorted(names):
            if remaining == 0:
                # The next page starts at the top of this topic (whether it exists or not, as Kafka).
                resp.next_cursor = DTP.Cursor(topic_name=name, partition_index=0)
                break
            info = self.logs.topic(name)
            if info is None:
                if not fetch_all:
                    code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION if is_valid_topic_name(name) \
                        else ErrorCode.INVALID_TOPIC_EXCEPTION
                    resp.topics.append(DTP.DescribeTopicPartitionsResponseTopic(
                        error_code=code, name=name, topic_id=ZERO_UUID, is_internal=is_internal(name),
                        partitions=[], topic_authorized_operations=ALL_TOPIC))
                continue
            start = cursor.partition_index if cursor is not None and name == cursor.topic_name else 0
            upper = min(info.partitions, start + remaining)
            partitions = [self._dtp_partition(PartitionRef(info.topic_id, name, i)) for i in range(start, upper)]
            resp.topics.append(DTP.DescribeTopicPartitionsResponseTopic(
                name=name, topic_id=info.topic_id, is_internal=is_internal(name), partitions=partitions,
                topic_authorized_operations=ALL_TOPIC))
            if upper < info.partitions:
                resp.next_cursor = DTP.Cursor(topic_name=name, partition_index=upper)
                break
            remaining -= len(partitions)
        return resp

    def _dtp_partition(self, ref: PartitionRef) -> DTP.DescribeTopicPartitionsResponsePartition:
        """KRaftMetadataCache.getPartitionMetadataForDescribeTopicResponse: no error even without a running
        leader (leader -1 then); replicas in preferred order, the running ones in sync, the stopped offline."""
        lead = self.leaders.leadership(ref)
        return DTP.DescribeTopicPartitionsResponsePartition(
            partition_index=ref.partition, leader_id=lead.leader if self.leaders.control.is_live(lead.leader)
            else NO_LEADER, leader_epoch=lead.leader_epoch, replica_nodes=list(lead.replicas),
            isr_nodes=list(lead.isr), eligible_leader_replicas=[], last_known_elr=[],
            offline_replicas=list(lead.offline))

    @staticmethod
    def _dtp_error(req: DescribeTopicPartitionsRequest, code: ErrorCode) -> DescribeTopicPartitionsResponse:
        """DescribeTopicPartitionsRequest.getErrorResponse: every requested topic with the error."""
        return DTP(topics=[DTP.DescribeTopicPartitionsResponseTopic(error_code=code, name=t.name, partitions=[])
                           for t in req.topics])

    # -- DescribeProducers ------------------------------------------------------------------------

    def describe_producers(self, ctx: RequestContext, req: DescribeProducersRequest) -> DescribeProducersResponse:
        """KafkaApis.handleDescribeProducersRequest: an illegal topic name, then an unknown topic, fail
        every partition asked for (with the error's message); a partition the topic lacks is
        UNKNOWN_TOPIC_OR_PARTITION without one; otherwise the partition's producers as its producer
        state holds them (UnifiedLog.activeProducers): the coordinator epoch of the last marker (-1
        before one) and the first offset of the open transaction (-1 when none)."""
        R = DescribeProducersResponse
        topics = []
        for t in req.topics:
            error: tuple[ErrorCode, str] | None = None
            try:
                validate_topic_name(t.name)
            except StorageError as e:
                error = (e.error_code, str(e))
            if error is None and self.logs.topic(t.name) is None:
                error = (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, UNKNOWN_TOPIC_OR_PARTITION_MESSAGE)
            parts = []
            for index in t.partition_indexes:
                out = R.PartitionResponse(partition_index=index, active_producers=[])
                parts.append(out)
                plog = self.logs.get_log(t.name, index) if error is None else None
                if error is not None:
                    out.error_code, out.error_message = error
                elif plog is None:
                    out.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                elif not self.leaders.leads(ctx.node_id, t.name, index):  # Partition.activeProducerState
                    out.error_code = ErrorCode.NOT_LEADER_OR_FOLLOWER
                else:
                    out.active_producers = [R.ProducerState(
                        producer_id=pid, producer_epoch=entry.producer_epoch, last_sequence=entry.last_seq,
                        last_timestamp=entry.last_timestamp, coordinator_epoch=entry.coordinator_epoch,
                        current_txn_start_offset=entry.current_txn_first_offset)
                        for pid, entry in sorted(plog.producer_state.producers.items())]
            topics.append(R.TopicResponse(name=t.name, partitions=parts))
        return R(topics=topics)

    # -- ElectLeaders -----------------------------------------------------------------------------

    def elect_leaders(self, ctx: RequestContext, req: ElectLeadersRequest) -> Any:
        """ReplicationControlManager.electLeaders: PREFERRED gives each partition back to its preferred leader
        (the first of its replicas) when that broker is running (else PREFERRED_LEADER_NOT_AVAILABLE), and is
        ELECTION_NOT_NEEDED when it already leads; UNCLEAN is never needed while a partition has a leader
        (every running broker is in sync), and without one none is eligible (ELIGIBLE_LEADERS_NOT_AVAILABLE).
        Missing topics and partitions are UNKNOWN_TOPIC_OR_PARTITION. Null partitions means every partition,
        and then the not-needed ones are left out (every topic listed). The moves are committed as one batch
        (then the answer is awaited; with nothing to move it is answered at once).
        An unknown election type fails the whole request with INVALID_REQUEST
        (ElectLeadersRequest.getErrorResponse)."""
        R = ElectLeadersResponse
        election = req.election_type if ctx.version >= 1 else PREFERRED
        if election not in (PREFERRED, UNCLEAN):
            message = f"Unknown election type {election}"
            return R(error_code=ErrorCode.INVALID_REQUEST, replica_election_results=[
                R.ReplicaElectionResult(topic=t.topic, partition_result=[
                    R.PartitionResult(partition_id=p, error_code=ErrorCode.INVALID_REQUEST, error_message=message)
                    for p in t.partitions])
                for t in req.topic_partitions or []])
        every = req.topic_partitions is None
        asked = [(name, p) for name, info in self.logs.topics().items() for p in range(info.partitions)] if every \
            else [(t.topic, p) for t in req.topic_partitions or [] for p in t.partitions]
        refs = [self.leaders.ref(name, p) for name, p in asked]
        existing = [ref for ref in refs if ref is not None]
        if election == PREFERRED:
            elected = {ref: self.leaders.control.elect_preferred(ref)[0] for ref in existing}
            if ErrorCode.NONE in elected.values():
                return self._elect_preferred(ctx, req, asked, refs, existing)
        else:
            elected = {ref: ErrorCode.ELECTION_NOT_NEEDED if self.leaders.control.is_live(self.leaders.leader(
                ref.topic, ref.partition)) else ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE for ref in existing}
        return self._election_answer(req, asked, refs, elected)

    async def _elect_preferred(self, ctx: RequestContext, req: ElectLeadersRequest, asked: list[tuple[str, int]],
                               refs: list[PartitionRef | None], existing: list[PartitionRef]) -> ElectLeadersResponse:
        elected = dict(zip(existing, await self.leaders.elect_preferred_all(existing), strict=True))
        ctx.log.info("preferred leader election", elected=sum(code == ErrorCode.NONE for code in elected.values()))
        return self._election_answer(req, asked, refs, elected)

    def _election_answer(self, req: ElectLeadersRequest, asked: list[tuple[str, int]],
                         refs: list[PartitionRef | None], elected: dict[PartitionRef, ErrorCode]) -> Any:
        R = ElectLeadersResponse
        every = req.topic_partitions is None
        by_topic: dict[str, list[ElectLeadersResponse.PartitionResult]] = {}
        if every:
            by_topic = {name: [] for name in self.logs.topics()}
        for (name, p), ref in zip(asked, refs, strict=True):
            out = by_topic.setdefault(name, [])
            if ref is None:
                message = f"No such topic as {name}" if self.logs.topic(name) is None \
                    else f"No such partition as {name}-{p}"
                out.append(R.PartitionResult(partition_id=p, error_code=ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
                                             error_message=message))
                continue
            code = elected[ref]
            if every and code == ErrorCode.ELECTION_NOT_NEEDED:
                continue
            # ApiError(error): the error's default message; ApiError.NONE: null.
            out.append(R.PartitionResult(partition_id=p, error_code=code,
                                         error_message=None if code == ErrorCode.NONE else DEFAULT_MESSAGES[code]))
        if not every:  # a topic named twice is answered twice, as Kafka's loop over the request
            results, seen = [], dict[str, int]()
            for t in req.topic_partitions or []:
                answers = by_topic[t.topic]
                start = seen.get(t.topic, 0)
                seen[t.topic] = start + len(t.partitions)
                results.append(R.ReplicaElectionResult(topic=t.topic,
                                                       partition_result=answers[start:start + len(t.partitions)]))
            return R(replica_election_results=results)
        return R(replica_election_results=[R.ReplicaElectionResult(topic=name, partition_result=ps)
                                           for name, ps in by_topic.items()])

    # -- List/AlterPartitionReassignments ---------------------------------------------------------

    def list_partition_reassignments(self, ctx: RequestContext,
                                     req: ListPartitionReassignmentsRequest) -> ListPartitionReassignmentsResponse:
        """ReplicationControlManager.listPartitionReassignments: only partitions being reassigned are
        listed, and one replica is never being reassigned (unknown topics are skipped, not errors)."""
        return ListPartitionReassignmentsResponse(error_code=ErrorCode.NONE, error_message=None, topics=[])

    def alter_partition_reassignments(self, ctx: RequestContext,
                                      req: AlterPartitionReassignmentsRequest) -> AlterPartitionReassignmentsResponse:
        """ReplicationControlManager.alterPartitionReassignment per partition: unknown topic or partition;
        a cancel (null replicas) finds no reassignment in progress; with
        allow_replication_factor_change false (v1) a new replica count is INVALID_REPLICATION_FACTOR;
        the target must be a non-empty set of registered brokers (validateManualPartitionAssignment:
        only this node is registered). ``[node]`` is the current assignment: accepted, nothing moves."""
        R = AlterPartitionReassignmentsResponse
        allow_rf_change = req.allow_replication_factor_change if ctx.version >= 1 else True
        responses = []
        for t in req.topics:
            out = R.ReassignableTopicResponse(name=t.name, partitions=[])
            responses.append(out)
            info = self.logs.topic(t.name)
            for p in t.partitions:
                code, message = self._reassignment_error(t.name, info.partitions if info else None,
                                                         p.partition_index, p.replicas, allow_rf_change)
                out.partitions.append(R.ReassignablePartitionResponse(
                    partition_index=p.partition_index, error_code=code, error_message=message))
        return R(allow_replication_factor_change=allow_rf_change, error_code=ErrorCode.NONE, error_message=None,
                 responses=responses)

    def _reassignment_error(self, topic: str, partitions: int | None, index: int, replicas: list[int] | None,
                            allow_rf_change: bool) -> tuple[ErrorCode, str | None]:
        if partitions is None:
            return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, f"Unable to find a topic named {topic}."
        if not 0 <= index < partitions:
            return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, f"Unable to find partition {topic}:{index}."
        if replicas is None:
            # NoReassignmentInProgressException carrying the error's own message: sent as null.
            return ErrorCode.NO_REASSIGNMENT_IN_PROGRESS, None
        current = len(self.leaders.node_ids)  # every broker is a replica of every partition
        if not allow_rf_change and len(replicas) != current:
            return ErrorCode.INVALID_REPLICATION_FACTOR, (f"The replication factor is changed from {current} to "
                                                          f"{len(replicas)}")
        error = manual_assignment_error(replicas, self.leaders.node_ids)
        if error is not None:
            return ErrorCode.INVALID_REPLICA_ASSIGNMENT, error
        return ErrorCode.NONE, None

    # -- DescribeQuorum ---------------------------------------------------------------------------

    def describe_quorum(self, ctx: RequestContext, req: DescribeQuorumRequest) -> DescribeQuorumResponse:
        """KafkaRaftClient.handleDescribeQuorumRequest on a single combined node: it is the only voter
        and the leader, with no observers. The request must name exactly __cluster_metadata-0, or
        each partition it names answers UNKNOWN_TOPIC_OR_PARTITION. kaflite has no metadata log, so
        the high watermark and the voter's log end offset are 0 (lag 0). v2 adds the voter's
        endpoint: kaflite's one listener, which serves controller APIs too."""
        topics = req.topics
        if not (len(topics) == 1 and topics[0].topic_name == METADATA_TOPIC and len(topics[0].partitions) == 1
                and topics[0].partitions[0].partition_index == METADATA_PARTITION):
            return DQ(topics=[DQ.TopicData(topic_name=t.topic_name, partitions=[
                DQ.PartitionData(partition_index=p.partition_index, error_code=ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
                                 error_message=UNKNOWN_TOPIC_OR_PARTITION_MESSAGE)
                for p in t.partitions]) for t in topics])
        now = self.clock.now_ms()
        # The one voter's log is kaflite's own __cluster_metadata-0 (SCRAM credentials and ACLs, leader moves): its
        # end is the high watermark, as on a single-voter quorum. With several brokers the voter is the
        # controller (the lowest running node id); the other running brokers observe, caught up (one log).
        end = self.cluster_metadata.log.log.log_end_offset
        controller = self.leaders.control.controller_id()
        controller = self.config.node_id if controller == NO_LEADER else controller

        def replica(node: int) -> DQ.ReplicaState:
            return DQ.ReplicaState(replica_id=node, replica_directory_id=ZERO_UUID, log_end_offset=end,
                                   last_fetch_timestamp=now, last_caught_up_timestamp=now)

        observers = [n for n in self.leaders.control.live_nodes() if n != controller]
        resp = DQ(topics=[DQ.TopicData(topic_name=METADATA_TOPIC, partitions=[DQ.PartitionData(
            partition_index=METADATA_PARTITION, leader_id=controller, leader_epoch=QUORUM_LEADER_EPOCH,
            high_watermark=end, current_voters=[replica(controller)], observers=[replica(n) for n in observers])])])
        if ctx.version >= 2:
            # Every listener (kaflite has no separate controller listener: the node is its own controller).
            resp.nodes = [DQ.Node(node_id=node, listeners=self._quorum_listeners(node))
                          for node in (controller, *observers)]
        return resp

    def _quorum_listeners(self, node: int) -> list[DescribeQuorumResponse.Listener]:
        listeners = [DQ.Listener(name=li.name, host=li.advertised_host, port=li.advertised_port)
                     for li in self.state.listeners if li.node_id == node]
        return listeners or [  # (no listener bound: a unit test)
            DQ.Listener(name="PLAINTEXT", host=self.state.advertised_host, port=self.state.port)]


def _java_length(s: str) -> int:
    """String.length(): UTF-16 code units (a character outside the BMP counts twice)."""
    return len(s.encode("utf-16-le", "surrogatepass")) // 2
