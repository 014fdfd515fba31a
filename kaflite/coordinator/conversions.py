"""Conversions between classic and KIP-848 consumer groups (CG-MIG-1/2): the shard's hooks that the consumer-group
manager calls, kept apart from the shard because they know both group types (consumer/ and classic/ know neither
each other)."""

from __future__ import annotations

import structlog

from kaflite.coordinator.classic.group import ClassicGroup, Protocol
from kaflite.coordinator.classic.group import Member as ClassicMember
from kaflite.coordinator.classic.manager import ClassicGroupManager
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.consumer.classic_members import downgrade_enabled, encode_assignment, upgrade_enabled
from kaflite.coordinator.consumer.group import Assignment, ConsumerGroup, ConsumerGroupMember
from kaflite.coordinator.consumer.members import HeartbeatError
from kaflite.coordinator.consumer.migration import ClassicMemberView, UnsupportedAssignorError, from_classic_group
from kaflite.coordinator.context import ShardContext
from kaflite.coordinator.group import Group
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.records import Record, group_metadata_key
from kaflite.protocol.errors import ErrorCode

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode


class GroupConversions:
    """Upgrade a classic group to a consumer group, downgrade a consumer group to a classic one."""

    def __init__(self, ctx: ShardContext, config: GroupCoordinatorConfig, metadata: MetadataImage,
                 classic: ClassicGroupManager) -> None:
        self.ctx = ctx
        self.config = config
        self.metadata = metadata
        self.classic = classic

    def downgrade_consumer_group(self, group: ConsumerGroup, fenced: list[ConsumerGroupMember], reason: str) -> bool:
        """CG-MIG-2 (Kafka's validateOnlineDowngradeWithFencedMembers + convertToClassicGroup): the last
        consumer-protocol member goes and classic members remain: the group becomes a classic group."""
        gid = group.group_id
        gone = {m.member_id for m in fenced}
        remaining = [m for m in group.members.values() if m.member_id not in gone]
        if any(m.classic is not None for m in fenced) or not remaining or any(m.classic is None for m in remaining):
            return False
        if not downgrade_enabled(self.config):
            log.info("group.downgrade_refused", group=gid, reason="online downgrade is disabled")
            return False
        if len(remaining) > self.config.group_max_size:
            log.info("group.downgrade_refused", group=gid, reason="group size greater than group.max.size")
            return False
        targets = {m.member_id: group.target.get(m.member_id, {}) for m in remaining}
        self.convert_to_classic(group, group.group_epoch, targets,
                                 f"Downgrade group {gid} from consumer to classic for member leaving.")
        log.info("group.converted", group=gid, to="classic", members=len(remaining), reason=reason)
        return True

    def convert_to_classic(self, group: ConsumerGroup, generation: int, targets: dict[str, Assignment],
                            rebalance_reason: str | None) -> None:
        """Tombstone every record of the consumer group, then write the classic group of the members in
        `targets` (each with that assignment), Stable at `generation`; a reason prepares a rebalance."""
        gid = group.group_id
        members = [ClassicMember(
            member_id=m.member_id, group_instance_id=m.instance_id, client_id=m.client_id, client_host=m.client_host,
            rebalance_timeout_ms=m.rebalance_timeout_ms, session_timeout_ms=m.classic.session_timeout_ms,
            protocol_type="consumer", protocols=[Protocol(n, md) for n, md in m.classic.supported_protocols],
        ) for m in group.members.values() if m.member_id in targets and m.classic is not None]
        for key in group.downgrade_tombstone_keys():
            self.ctx.append(gid, key, None)  # the replay removes the consumer group (and its timers)

        def assignment_of(member: ClassicMember, protocol_name: str) -> bytes:
            metadata = member.metadata_or_empty(protocol_name)
            version = int.from_bytes(metadata[:2], "big", signed=True) if len(metadata) >= 2 else 0
            return encode_assignment(targets[member.member_id], self._topic_name, version)

        self.classic.adopt_downgraded_group(gid, generation, members, assignment_of, rebalance_reason)

    def _topic_name(self, topic_id: bytes) -> str | None:
        t = self.metadata.topic_by_id(topic_id)
        return None if t is None else t.name

    def upgrade_classic_group(self, group: Group, records: list[Record]) -> ConsumerGroup:
        """CG-MIG-1 (Kafka's validateOnlineUpgrade + convertToConsumerGroup): a non-empty classic group
        becomes a consumer group in the joiner's batch: its tombstone, then the converted group's records."""
        assert isinstance(group, ClassicGroup)
        gid = group.group_id
        prefix = f"Cannot upgrade classic group {gid} to consumer group because"
        if not upgrade_enabled(self.config):
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"{prefix} online upgrade is disabled.")
        if group.protocol_type != "consumer":
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND,
                                 f"{prefix} the group does not use the consumer embedded protocol.")
        if len(group.members) > self.config.group_consumer_max_size:
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND,
                                 f"{prefix} the group size exceeds the consumer group maximum size.")
        views = [ClassicMemberView(
            member_id=m.member_id, instance_id=m.group_instance_id, client_id=m.client_id, client_host=m.client_host,
            rebalance_timeout_ms=m.rebalance_timeout_ms, session_timeout_ms=m.session_timeout_ms,
            protocols=tuple((p.name, bytes(p.metadata)) for p in m.protocols),
            subscription=m.metadata_or_empty(group.protocol_name) if group.protocol_name is not None
            else bytes(m.protocols[0].metadata),
            assignment=bytes(m.assignment)) for m in group.members.values()]
        try:
            converted, converted_records = from_classic_group(gid, group.generation, views, self.metadata)
        except UnsupportedAssignorError as e:
            log.warning("group.upgrade_refused", group=gid, reason=str(e))
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"{prefix} an unsupported custom assignor is in use. Please "
                                 "refer to the documentation or switch to a default assignor before re-attempting "
                                 "the upgrade.") from e
        except Exception as e:
            log.warning("group.upgrade_refused", group=gid, reason=str(e))
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND,
                                 f"{prefix} the embedded consumer protocol is malformed.") from e
        records.append((group_metadata_key(gid), None))
        records += converted_records
        return converted
