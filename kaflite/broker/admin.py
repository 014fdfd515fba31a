"""Cluster-level APIs: ApiVersions, Metadata, DescribeCluster, topic admin (the config APIs: configs.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import structlog

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.broker.topics import (
    config_entries,
    is_internal,
    is_valid_topic_name,
    manual_assignment_error,
    topic_by_id,
    validate_new_topic,
)
from kaflite.controller.replication import NO_LEADER, PartitionRef
from kaflite.protocol.authorized_operations import ALL_CLUSTER, ALL_TOPIC, OMITTED
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ApiVersionsRequest,
    ApiVersionsResponse,
    CreatePartitionsRequest,
    CreatePartitionsResponse,
    CreateTopicsRequest,
    CreateTopicsResponse,
    DeleteTopicsRequest,
    DeleteTopicsResponse,
    DescribeClusterRequest,
    DescribeClusterResponse,
    MetadataRequest,
    MetadataResponse,
)
from kaflite.protocol.messages import MetadataResponse as MR
from kaflite.storage.errors import StorageError

log = structlog.get_logger("kaflite.admin")

ZERO_UUID = bytes(16)
# CreateTopics config sources
DYNAMIC_TOPIC_CONFIG, DEFAULT_CONFIG = 1, 5
# KIP-848's feature (Kafka's GroupVersion): level 1 lets a cluster serve the consumer rebalance protocol.
GROUP_VERSION = "group.version"
GROUP_VERSION_SUPPORTED = (0, 1)
# KIP-932's feature (Kafka's ShareVersion): level 1 serves share groups (SG-API-1; Kafka 4.2 finalizes it).
SHARE_VERSION = "share.version"
SHARE_VERSION_SUPPORTED = (0, 1)
# The finalized features never change while kaflite runs (no UpdateFeatures), so their epoch is fixed.
FINALIZED_FEATURES_EPOCH = 1
# Kafka's controller applies a user operation as one batch of at most MAX_RECORDS_PER_USER_OP records
# (QuorumController, BoundedList): a CreateTopics costs a TopicRecord, its ConfigRecords and a
# PartitionRecord per partition, summed over the request; past it the whole request is refused,
# every topic POLICY_VIOLATION with this message (EventHandlerExceptionInfo). Checked before any work.
MAX_RECORDS_PER_USER_OP = 10_000
EXCESSIVE_BATCH = "Unable to perform excessively large batch operation."
# Creating this many partitions or more (files, fsyncs: ~1-2 ms each) is done in a worker thread, so
# the event loop keeps answering other clients meanwhile.
OFF_LOOP_PARTITIONS = 64


class AdminHandler:
    def __init__(self, context: BrokerContext,
                 on_partitions_deleted: Callable[[list[tuple[str, int]]], None] | None = None) -> None:
        self.context = context
        self.config = context.config
        self.logs = context.logs
        self.state = context.state
        self.leaders = context.leaders
        self.router: Router | None = None  # ApiVersions lists what this router serves
        self.creating: set[str] = set()  # topics whose new partitions' files a worker thread is making
        # Told the partitions of each deleted topic (the group coordinator drops their offsets, as Kafka's).
        self.on_partitions_deleted = on_partitions_deleted
        self._features = self._feature_fields()

    def register(self, router: Router) -> None:
        self.router = router
        router.add(18, self.api_versions)
        router.add(3, self.metadata)
        router.add(60, self.describe_cluster)
        router.add(19, self.create_topics)
        router.add(20, self.delete_topics)
        router.add(37, self.create_partitions)

    # -- ApiVersions, DescribeCluster -------------------------------------------------------------

    def api_versions(self, ctx: RequestContext, req: ApiVersionsRequest) -> ApiVersionsResponse:
        if ctx.version >= 3:
            ctx.connection.bind_log(client_software=req.client_software_name,
                                    client_version=req.client_software_version)
        assert self.router is not None
        if ctx.version < 3:
            return ApiVersionsResponse(api_keys=self.router.api_versions())
        return ApiVersionsResponse(api_keys=self.router.api_versions(), **self._features)

    def _feature_fields(self) -> dict[str, Any]:
        """v3+ SupportedFeatures / FinalizedFeatures, as a KRaft broker reports them: `group.version` and
        `share.version` supported 0-1, each finalized at 1 when its protocol (`consumer`, `share`) is in
        `group.coordinator.rebalance.protocols` (Kafka leaves a feature finalized at level 0 out of the list)."""
        R = ApiVersionsResponse
        protocols = self.config.group_coordinator_rebalance_protocols
        supported, finalized = [], []
        for feature, (lo, hi), protocol in ((GROUP_VERSION, GROUP_VERSION_SUPPORTED, "consumer"),
                                            (SHARE_VERSION, SHARE_VERSION_SUPPORTED, "share")):
            supported.append(R.SupportedFeatureKey(name=feature, min_version=lo, max_version=hi))
            if protocol in protocols:
                finalized.append(R.FinalizedFeatureKey(name=feature, max_version_level=1, min_version_level=1))
        return {"supported_features": supported, "finalized_features_epoch": FINALIZED_FEATURES_EPOCH,
                "finalized_features": finalized}

    def describe_cluster(self, ctx: RequestContext, req: DescribeClusterRequest) -> DescribeClusterResponse:
        """The running brokers, each at its listener of the name the request came in on, and the controller
        (KRaft reports one of its live nodes: kaflite, the lowest); v2's include_fenced_brokers adds the stopped
        ones, fenced (a stopped broker's session has ended)."""
        D = DescribeClusterResponse
        control = self.leaders.control
        fenced = ctx.version >= 2 and req.include_fenced_brokers
        nodes = self.leaders.node_ids if fenced else control.live_nodes()
        return D(
            cluster_id=self.state.cluster_id, controller_id=control.controller_id(),
            brokers=[D.DescribeClusterBroker(broker_id=node, host=host, port=port, is_fenced=not control.is_live(node))
                     for node in nodes for host, port in (self.context.address(ctx.connection, node),)],
            # without ACLs every operation the cluster supports (kaflite.broker.authz computes them with ACLs)
            cluster_authorized_operations=ALL_CLUSTER if req.include_cluster_authorized_operations else OMITTED)

    # -- Metadata ---------------------------------------------------------------------------------

    def metadata(self, ctx: RequestContext, req: MetadataRequest) -> MetadataResponse:
        logs, state = self.logs, self.state
        if ctx.version < 12 and req.topics:
            invalid = _metadata_v10_11_problem(req, ctx.version)
            if invalid is not None:
                ctx.log.info("refused a metadata request", error="INVALID_REQUEST", reason=invalid)
                return _metadata_error(req, ErrorCode.INVALID_REQUEST)
        wanted: list[tuple[str | None, bytes | None]]  # (name, the id it was asked by)
        if req.topics is None or (ctx.version == 0 and not req.topics):
            wanted = [(info.name, None) for info in logs.topics().values()]
        else:
            wanted = []
            for t in req.topics:
                if t.name is None and t.topic_id != ZERO_UUID:
                    info = topic_by_id(logs, t.topic_id)
                    wanted.append((info.name if info else None, t.topic_id))
                else:
                    wanted.append((t.name, None))
        auto_create = self.config.auto_create_topics_enable and (ctx.version < 4 or req.allow_auto_topic_creation)
        topics = []
        for name, tid in wanted:
            if name is None:
                topics.append(MR.MetadataResponseTopic(
                    error_code=ErrorCode.UNKNOWN_TOPIC_ID, topic_id=tid or ZERO_UUID, name=None,
                    topic_authorized_operations=OMITTED))
                continue
            info = logs.topic(name)
            if info is None and auto_create:
                info = self._auto_create(name)
            if info is None:
                code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                if not is_valid_topic_name(name):
                    code = ErrorCode.INVALID_TOPIC_EXCEPTION
                topics.append(MR.MetadataResponseTopic(error_code=code, name=name,
                                                       topic_authorized_operations=OMITTED))
                continue
            topics.append(self._topic_metadata(info, ctx.version))
        if ctx.version >= 8 and req.include_topic_authorized_operations:  # Kafka: every topic it answers for
            for answered in topics:
                answered.topic_authorized_operations = ALL_TOPIC  # without ACLs: all a topic supports (authz: with)
        cluster_operations = OMITTED
        if 8 <= ctx.version <= 10 and req.include_cluster_authorized_operations:
            cluster_operations = ALL_CLUSTER
        return MetadataResponse(
            brokers=[MR.MetadataResponseBroker(node_id=node, host=host, port=port)
                     for node, host, port in self.context.live_brokers(ctx.connection)],
            cluster_id=state.cluster_id, controller_id=self.leaders.control.controller_id(), topics=topics,
            cluster_authorized_operations=cluster_operations)

    def _topic_metadata(self, info: Any, version: int) -> MetadataResponse.MetadataResponseTopic:
        """KRaftMetadataCache.getPartitionMetadata: each partition's leader and leader epoch, its replicas in
        preferred order, the running ones as ISR and the stopped ones offline; no running leader is
        LEADER_NOT_AVAILABLE (leader -1); v0 lists only running replicas, REPLICA_NOT_AVAILABLE when some are not."""
        partitions = []
        for i in range(info.partitions):
            lead = self.leaders.leadership(PartitionRef(info.topic_id, info.name, i))
            out = MR.MetadataResponsePartition(partition_index=i, leader_id=lead.leader, leader_epoch=lead.leader_epoch,
                                               replica_nodes=list(lead.replicas), isr_nodes=list(lead.isr),
                                               offline_replicas=list(lead.offline))
            if version == 0:
                out.replica_nodes = list(lead.isr)
            if not self.leaders.control.is_live(lead.leader):
                out.error_code, out.leader_id = ErrorCode.LEADER_NOT_AVAILABLE, NO_LEADER
            elif version == 0 and lead.offline:
                out.error_code = ErrorCode.REPLICA_NOT_AVAILABLE
            partitions.append(out)
        return MR.MetadataResponseTopic(name=info.name, topic_id=info.topic_id, is_internal=is_internal(info.name),
                                        topic_authorized_operations=OMITTED, partitions=partitions)

    def _auto_create(self, name: str) -> Any:
        if not is_valid_topic_name(name) or name.startswith("__"):
            return None
        try:
            info = self.logs.create_topic(name, self.config.num_partitions, {})
        except StorageError:
            return None
        log.info("auto-created topic", topic=name, partitions=info.partitions)
        return info

    # -- CreateTopics / DeleteTopics / CreatePartitions -------------------------------------------

    def create_topics(self, ctx: RequestContext, req: CreateTopicsRequest) -> Any:
        """Validated topic by topic; past Kafka's record limit nothing is done at all. A request that
        creates OFF_LOOP_PARTITIONS partitions or more makes their files in a worker thread (the answer
        is then awaited); smaller ones are answered at once."""
        R = CreateTopicsResponse
        if _create_topics_records(req, self.config.num_partitions) > MAX_RECORDS_PER_USER_OP:
            ctx.log.info("refused CreateTopics past Kafka's records per operation", error="POLICY_VIOLATION",
                         limit=MAX_RECORDS_PER_USER_OP)
            return R(topics=[R.CreatableTopicResult(name=t.name, error_code=ErrorCode.POLICY_VIOLATION,
                                                    error_message=EXCESSIVE_BATCH, num_partitions=-1,
                                                    replication_factor=-1, configs=None) for t in req.topics])
        cfg = self.config
        logs = self.logs
        results = []
        todo: list[tuple[Any, str, int, int, dict[str, str]]] = []
        for t in req.topics:
            out = R.CreatableTopicResult(name=t.name, num_partitions=-1, replication_factor=-1, configs=None)
            results.append(out)
            partitions = t.num_partitions
            rf = t.replication_factor
            if t.assignments:
                if partitions != -1 or rf != -1:
                    out.error_code = ErrorCode.INVALID_REQUEST
                    out.error_message = "both assignments and numPartitions/replicationFactor were given"
                    continue
                partitions = len(t.assignments)
                rf = len(t.assignments[0].broker_ids)
                problem = next((e for a in t.assignments
                                if (e := manual_assignment_error(a.broker_ids, self.leaders.node_ids))), None)
                if problem is not None:
                    out.error_code, out.error_message = ErrorCode.INVALID_REPLICA_ASSIGNMENT, problem
                    continue
            partitions = cfg.num_partitions if partitions == -1 else partitions
            rf = cfg.default_replication_factor if rf == -1 else rf
            if partitions <= 0:
                out.error_code = ErrorCode.INVALID_PARTITIONS
                out.error_message = "Number of partitions must be larger than 0."
                continue
            # Every broker holds every partition (one data directory): any factor up to the running brokers.
            available = len(self.leaders.control.live_nodes())
            if rf <= 0 or rf > available:
                out.error_code = ErrorCode.INVALID_REPLICATION_FACTOR
                out.error_message = f"Replication factor: {rf} larger than available brokers: {available}." \
                    if rf > 0 else "Replication factor must be larger than 0."
                continue
            # A null value means the default (LogConfig skips it), as in Kafka.
            configs: dict[str, str] = {c.name: c.value for c in t.configs}  # type: ignore[misc]
            try:
                validate_new_topic(logs, t.name, configs)
            except StorageError as e:
                out.error_code = e.error_code
                out.error_message = str(e)
                continue
            todo.append((out, t.name, partitions, rf, configs))
        if req.validate_only:
            for out, _, partitions, rf, configs in todo:
                self._created(out, partitions, rf, configs, None)
            return R(topics=results)
        if sum(item[2] for item in todo) < OFF_LOOP_PARTITIONS:
            for out, name, partitions, rf, configs in todo:
                try:
                    info = logs.create_topic(name, partitions, configs)
                except StorageError as e:
                    out.error_code, out.error_message = e.error_code, str(e)
                    continue
                self._created(out, partitions, rf, configs, info)
            return R(topics=results)
        return self._create_off_loop(R(topics=results), todo)

    async def _create_off_loop(self, resp: CreateTopicsResponse,
                               todo: list[tuple[Any, str, int, int, dict[str, str]]]) -> CreateTopicsResponse:
        """Make each topic's files in a worker thread (its name reserved meanwhile), then register it on
        the event loop, where every other reader of the topic table runs."""
        logs = self.logs
        for out, name, partitions, rf, configs in todo:
            try:  # in the registry first (named twice, or being made meanwhile: TOPIC_ALREADY_EXISTS)
                reserved = logs.reserve_topic(name, partitions, configs)
            except StorageError as e:
                out.error_code, out.error_message = e.error_code, str(e)
                continue
            except OSError as e:
                log.error("topic could not be registered", topic=name, error=str(e))
                out.error_code, out.error_message = ErrorCode.KAFKA_STORAGE_ERROR, f"{name}: {e.strerror or e}"
                continue
            try:
                opened = await asyncio.to_thread(logs.open_partition_files, name, reserved.topic_id, reserved.config,
                                                 range(partitions))
            except Exception as e:  # the thread is over and removed what it made: the name is free again. (Not
                # on cancellation, as the loop goes away: the thread may still be making the files, so the topic
                # stays reserved and the next start makes it whole with its configs.)
                logs.release_topic(name)
                if not isinstance(e, OSError):
                    raise
                log.error("topic files could not be made", topic=name, error=str(e))
                out.error_code, out.error_message = ErrorCode.KAFKA_STORAGE_ERROR, f"{name}: {e.strerror or e}"
                continue
            try:
                info = logs.create_topic(name, partitions, configs, topic_id=reserved.topic_id, opened=opened)
            except StorageError as e:  # not expected while reserved; answered, and the files let go
                for plog in opened.values():
                    plog.close()
                logs.release_topic(name)
                out.error_code, out.error_message = e.error_code, str(e)
                continue
            self._created(out, partitions, rf, configs, info)
        return resp

    def _created(self, out: Any, partitions: int, rf: int, configs: dict[str, str], info: Any) -> None:
        R = CreateTopicsResponse
        out.error_message = None  # ReplicationControlManager sets null on success (the schema's default is "")
        out.num_partitions = partitions
        out.replication_factor = rf
        if info is not None:
            out.topic_id = info.topic_id
        out.configs = [R.CreatableTopicConfigs(name=n, value=v, read_only=False,
                                               config_source=DYNAMIC_TOPIC_CONFIG if d else DEFAULT_CONFIG)
                       for n, v, d in config_entries(self.logs, configs)]
        if info is not None:
            log.info("created topic", topic=info.name, partitions=partitions, configs=configs)

    def delete_topics(self, ctx: RequestContext, req: DeleteTopicsRequest) -> DeleteTopicsResponse:
        R = DeleteTopicsResponse
        logs = self.logs
        wanted: list[tuple[str | None, bytes]] = []
        if ctx.version >= 6:
            wanted = [(t.name, t.topic_id) for t in req.topics]
        else:
            wanted = [(n, ZERO_UUID) for n in req.topic_names]
        results = []
        for name, tid in wanted:
            info = logs.topic(name) if name is not None else topic_by_id(logs, tid)
            out = R.DeletableTopicResult(name=name, topic_id=tid)
            results.append(out)
            if info is None:
                out.error_code = ErrorCode.UNKNOWN_TOPIC_ID if name is None else ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                continue
            out.name, out.topic_id = info.name, info.topic_id
            if is_internal(info.name):  # kafka-topics.sh's refusal, in its words (the answer carries it from v5)
                out.error_code = ErrorCode.INVALID_TOPIC_EXCEPTION
                out.error_message = (f"Topic {info.name} is a kafka internal topic and is not allowed to be "
                                     "marked for deletion.")
                continue
            logs.delete_topic(info.name)
            log.info("deleted topic", topic=info.name)
            if self.on_partitions_deleted is not None:
                self.on_partitions_deleted([(info.name, p) for p in range(info.partitions)])
        return R(responses=results)

    def create_partitions(self, ctx: RequestContext, req: CreatePartitionsRequest) -> Any:
        """As Kafka 4.x's controller (ControllerApis.createPartitions, ReplicationControlManager.createPartitions):
        a topic named twice is INVALID_REQUEST; then, per topic, unknown; a count that is no increase
        (INVALID_PARTITIONS); explicit assignments that are not one per new partition, or not the
        one-replica set of this node (INVALID_REPLICA_ASSIGNMENT). validate_only checks it all and
        creates nothing."""
        R = CreatePartitionsResponse
        logs, nodes = self.logs, self.leaders.node_ids
        counts: dict[str, int] = {}
        for t in req.topics:
            counts[t.name] = counts.get(t.name, 0) + 1
        results = [R.CreatePartitionsTopicResult(name=name, error_code=ErrorCode.INVALID_REQUEST,
                                                 error_message="Duplicate topic name.")
                   for name, n in counts.items() if n > 1]
        budget = MAX_RECORDS_PER_USER_OP
        todo: list[tuple[Any, str, int, int]] = []  # (result, topic, partitions now, partitions asked)
        for t in req.topics:
            if counts[t.name] > 1:
                continue
            out = R.CreatePartitionsTopicResult(name=t.name)
            results.append(out)
            info = logs.topic(t.name)
            if info is None:
                out.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                continue
            if is_internal(info.name):
                # kaflite's own rule: the group coordinator places groups by the partition count.
                out.error_code = ErrorCode.INVALID_PARTITIONS
                out.error_message = f"cannot change the partitions of internal topic {t.name}"
                continue
            if t.count == info.partitions:
                out.error_code = ErrorCode.INVALID_PARTITIONS
                out.error_message = f"Topic already has {info.partitions} partition(s)."
                continue
            if t.count < info.partitions:
                out.error_code = ErrorCode.INVALID_PARTITIONS
                out.error_message = (f"The topic {t.name} currently has {info.partitions} partition(s); "
                                     f"{t.count} would not be an increase.")
                continue
            error = self._assignment_error(t, t.count - info.partitions, nodes)
            if error is not None:
                out.error_code, out.error_message = ErrorCode.INVALID_REPLICA_ASSIGNMENT, error
                continue
            if t.count - info.partitions > budget:
                # Kafka's controller overflows its records per operation here; it answers
                # UNKNOWN_SERVER_ERROR having kept part of it. kaflite refuses all of it, as CreateTopics.
                out.error_code, out.error_message = ErrorCode.POLICY_VIOLATION, EXCESSIVE_BATCH
                continue
            budget -= t.count - info.partitions
            if t.name in self.creating:
                out.error_code, out.error_message = ErrorCode.INVALID_PARTITIONS, f"{t.name} is changing; retry"
                continue
            if not req.validate_only:
                todo.append((out, t.name, info.partitions, t.count))
        if MAX_RECORDS_PER_USER_OP - budget < OFF_LOOP_PARTITIONS:
            for _, name, _, count in todo:
                logs.create_partitions(name, count)
                log.info("added partitions", topic=name, partitions=count)
            return R(results=results)
        return self._add_partitions_off_loop(R(results=results), todo)

    async def _add_partitions_off_loop(self, resp: CreatePartitionsResponse,
                                       todo: list[tuple[Any, str, int, int]]) -> CreatePartitionsResponse:
        """As _create_off_loop: the new partitions' files in a worker thread, the registry on the loop."""
        logs = self.logs
        for out, name, old, count in todo:
            info = logs.topic(name)
            if info is None or info.partitions != old or name in self.creating:
                out.error_code, out.error_message = ErrorCode.INVALID_PARTITIONS, f"{name} changed meanwhile; retry"
                continue
            self.creating.add(name)
            try:
                opened = await asyncio.to_thread(logs.open_partition_files, name, info.topic_id, info.config,
                                                 range(old, count))
            except OSError as e:
                log.error("partition files could not be made", topic=name, error=str(e))
                out.error_code, out.error_message = ErrorCode.KAFKA_STORAGE_ERROR, f"{name}: {e.strerror or e}"
                continue
            finally:
                self.creating.discard(name)
            if logs.topic(name) is not info:  # deleted meanwhile: what was made goes too
                for plog in opened.values():
                    plog.delete()
                out.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                continue
            logs.create_partitions(name, count, opened=opened)
            log.info("added partitions", topic=name, partitions=count)
        return resp

    @staticmethod
    def _assignment_error(t: CreatePartitionsRequest.CreatePartitionsTopic, additional: int,
                          nodes: tuple[int, ...]) -> str | None:
        """Explicit assignments: one per new partition, each a valid set of as many replicas as the
        topic's partitions have (every broker of the cluster)."""
        if t.assignments is None:
            return None
        if len(t.assignments) != additional:
            return (f"Attempted to add {additional} additional partition(s), but only {len(t.assignments)} "
                    "assignment(s) were specified.")
        for a in t.assignments:
            error = manual_assignment_error(a.broker_ids, nodes)
            if error is None and len(a.broker_ids) != len(nodes):
                error = (f"The manual partition assignment includes a partition with {len(a.broker_ids)} "
                         "replica(s), but this is not consistent with previous partitions, which have "
                         f"{len(nodes)} replica(s).")
            if error is not None:
                return error
        return None


def _create_topics_records(req: CreateTopicsRequest, default_partitions: int) -> int:
    """The records Kafka's controller would write for this CreateTopics: per topic, a TopicRecord,
    a ConfigRecord per config and a PartitionRecord per partition (topics that would fail anyway,
    a non-positive count, add nothing)."""
    total = 0
    for t in req.topics:
        partitions = len(t.assignments) if t.assignments else t.num_partitions
        if partitions == -1:
            partitions = default_partitions
        if partitions > 0:
            total += 1 + len(t.configs) + partitions
    return total


def _metadata_v10_11_problem(req: MetadataRequest, version: int) -> str | None:
    """KafkaApis.handleTopicMetadataRequest: v10-11 carry TopicId and a nullable Name, but only v12
    looks topics up by id; the message goes to the log only (the response has no message field)."""
    for topic in req.topics or ():
        if topic.name is None:
            return f"Topic name can not be null for version {version}"
        if topic.topic_id != ZERO_UUID:
            return f"Topic IDs are not supported in requests for version {version}"
    return None


def _metadata_error(req: MetadataRequest, error: ErrorCode) -> MetadataResponse:
    """MetadataRequest.getErrorResponse: each topic asked for, with the error, no partitions, a null
    name as "" (the response's Name is not nullable before v12), no brokers."""
    return MetadataResponse(topics=[
        MR.MetadataResponseTopic(error_code=error, name=t.name if t.name is not None else "", topic_id=t.topic_id,
                                 is_internal=False, partitions=[])
        for t in req.topics or ()])
