"""The replay of classic groups' GroupMetadata records (key version 2) of `__consumer_offsets`: live, the record
stores what the handler decided (assignments, timestamps); at load, it rebuilds the group (Kafka's
`ClassicGroup.fromRecord`); a tombstone removes it. Its offsets are the offset store's."""

from __future__ import annotations

from kaflite.coordinator.classic.group import ClassicGroup, Member, Protocol
from kaflite.coordinator.classic.state import GroupState
from kaflite.coordinator.context import PartitionStatus, ShardContext
from kaflite.coordinator.group import Transition
from kaflite.coordinator.records import decode_group_metadata_key, decode_group_metadata_value

S = GroupState


def replay_group_metadata(ctx: ShardContext, key: bytes, value: bytes | None) -> None:
    """Apply one GroupMetadata record, live (every record a handler appends) and at load."""
    group_id = decode_group_metadata_key(key)
    group = ctx.groups.get(group_id)
    if not isinstance(group, ClassicGroup):
        group = None
    if value is None:
        if group is not None:
            ctx.remove_group(group_id, "group removed")
        return
    v = decode_group_metadata_value(value)
    loading = ctx.partition_status(ctx.partition_for(group_id)) is not PartitionStatus.ACTIVE
    ts = None if v.current_state_timestamp == -1 else v.current_state_timestamp
    if group is not None and not loading:
        # Live: the handler already moved the group; the record stores assignments and timestamps.
        if v.generation != group.generation:
            raise RuntimeError(f"group {group_id}: record generation {v.generation} != {group.generation}")
        group.current_state_timestamp_ms = ts
        for rm in v.members:
            m = group.members.get(rm.member_id)
            if m is not None:
                m.assignment = bytes(rm.assignment)
        return
    # Loading: rebuild from the record (Kafka's ClassicGroup.fromRecord); its offsets stay in the store.
    ctx.groups.pop(group_id, None)
    rebuilt = ClassicGroup(group_id=group_id, history=ctx.history_of(group_id))
    ctx.add_group(rebuilt, S.EMPTY, "group metadata loaded from the log")
    rebuilt.generation = v.generation
    rebuilt.protocol_type = v.protocol_type or None
    rebuilt.protocol_name = v.protocol
    rebuilt.current_state_timestamp_ms = ts
    for rm in v.members:
        member = Member(
            member_id=rm.member_id,
            group_instance_id=rm.group_instance_id,
            client_id=rm.client_id,
            client_host=rm.client_host,
            rebalance_timeout_ms=rm.rebalance_timeout if rm.rebalance_timeout != -1 else rm.session_timeout,
            session_timeout_ms=rm.session_timeout,
            protocol_type=v.protocol_type,
            protocols=[Protocol(v.protocol or "", bytes(rm.subscription))],
            assignment=bytes(rm.assignment),
        )
        rebuilt.add(member, None)
    rebuilt.leader_id = v.leader if v.members else None
    if v.members:
        rebuilt.state = S.STABLE
        t = Transition(
            ctx.now(),
            group_id,
            None,
            S.STABLE,
            rebuilt.generation,
            len(rebuilt.members),
            "loaded from the log",
        )
        rebuilt.history.append(t)
        ctx.publish(t)
