"""S8 and the `__consumer_offsets` log: committed offsets and group metadata survive a clean restart
and a crash, and replaying the log reproduces every group (B-OFF-2, B-LOG-1, B-LOG-2, B-LOG-3)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kaflite.testing.broker import Broker
from kaflite.testing.views import Group
from tests.integration.group_clients import CLIENTS, GroupConsumer, close_all, produce, wait_until

N = 300
PARTS = 3


def messages(prefix: str) -> list[tuple[bytes, bytes]]:
    return [(f"{prefix}-k{i % 31}".encode(), f"{prefix}-v{i}".encode()) for i in range(N)]


def clean_restart(b: Broker) -> None:
    b.restart()


def crash_and_start(b: Broker) -> None:
    b.crash()
    b.start()


@pytest.mark.parametrize("kind", CLIENTS)
@pytest.mark.parametrize("bounce", [clean_restart, crash_and_start], ids=["restart", "crash"])
def test_s8_resume_from_committed_offsets_after_broker_restart(kind: str, bounce: Callable[[Broker], None]) -> None:
    # S8, B-OFF-2 (a sync commit is acknowledged only once durable), B-OFF-3, B-LOG-3
    with Broker() as b:
        b.create_topic("t", PARTS)
        sent = messages(kind)
        produce(b.bootstrap_servers, "t", sent, partitions=PARTS)  # message i → partition i % 3
        end = {("t", p): N // PARTS for p in range(PARTS)}

        first = GroupConsumer(kind, b.bootstrap_servers, "g", ["t"], client_id=f"{kind}-first", max_messages=N // 2)
        try:
            first.start()
            first.wait_messages(N // 2)
            committed = first.commit()
        finally:
            first.close()
        assert sum(committed.values()) == N // 2
        g = b.wait_for_group("g", "Empty", members=0, timeout=10)
        assert {tp: o.offset for tp, o in g.offsets.items()} == committed

        bounce(b)
        g2 = b.group("g")
        assert g2 is not None and g2.state == "Empty" and g2.generation == g.generation
        assert {tp: o.offset for tp, o in g2.offsets.items()} == committed

        second = GroupConsumer(kind, b.bootstrap_servers, "g", ["t"], client_id=f"{kind}-second")
        try:
            second.start()
            # bounded: once the second consumer's positions reach the log end nothing more can come
            def at_end() -> bool:
                pos = {tp: second.positions.get(tp, committed.get(tp, 0)) for tp in end}
                return pos == end

            wait_until(lambda: at_end() or second.error, 25, "the rest of the messages")
            second.check()
        finally:
            second.close()

        a = {(t, p, o): (k, v) for t, p, o, k, v in first.messages}
        c = {(t, p, o): (k, v) for t, p, o, k, v in second.messages}
        assert len(first.messages) == len(a) == N // 2
        assert len(second.messages) == len(c) == N - N // 2, "duplicates or losses after the restart"
        assert not a.keys() & c.keys()
        assert sorted((a | c).values()) == sorted(sent)  # no loss, no duplicate
        # the second consumer started each partition exactly at the committed offset (or 0)
        for p in range(PARTS):
            starts = [o for t, pp, o, _, _ in second.messages if pp == p]
            if committed.get(("t", p), 0) < N // PARTS:
                assert min(starts) == committed.get(("t", p), 0)
            else:
                assert starts == []


def _view(g: Group | None) -> dict[str, object]:
    assert g is not None
    return {
        "state": g.state, "generation": g.generation, "protocol_type": g.protocol_type, "protocol": g.protocol,
        "leader": g.leader,
        "members": sorted((m.member_id, m.group_instance_id, m.client_id, m.assignment) for m in g.members),
        "offsets": dict(g.offsets),
    }


def test_consumer_offsets_replay_reproduces_every_group_and_offset() -> None:
    # B-LOG-1, B-LOG-2, B-LOG-3, B-OFF-1 (simple commit), B-JOIN-6 (protocol vote)
    from kafka import KafkaAdminClient, TopicPartition
    from kafka.structs import OffsetAndMetadata

    with Broker() as b:
        for t in ("ra", "rb", "rc"):
            b.create_topic(t, PARTS)
            produce(b.bootstrap_servers, t, messages(t)[:60], partitions=PARTS)

        # two Empty groups with offsets, from two clients
        for kind, group, topic in (("confluent-kafka", "empty-cf", "ra"), ("kafka-python", "empty-kp", "rb")):
            c = GroupConsumer(kind, b.bootstrap_servers, group, [topic], client_id=f"{kind}-replay",
                              max_messages=40 if kind == "kafka-python" else 25)
            try:
                c.start()
                c.wait_messages(c.max_messages or 0)
                # It commits only partitions it owns: during a kafka-python leader's own rejoin it owns
                # none for a moment, and that commit is empty. Commit until something lands (bounded).
                wait_until(c.commit, 20, f"{group}: a commit of owned partitions")
            finally:
                c.close()
            b.wait_for_group(group, "Empty", members=0, timeout=10)

        # a Stable group of two static members (aiokafka + confluent-kafka vote "roundrobin"),
        # both closed without LeaveGroup, so the group stays Stable with its members
        statics = [GroupConsumer("aiokafka", b.bootstrap_servers, "stable-static", ["rc"], client_id="aio-static",
                                 instance_id="i-aio", session_timeout_ms=60_000),
                   GroupConsumer("confluent-kafka", b.bootstrap_servers, "stable-static", ["rc"], client_id="cf-static",
                                 instance_id="i-cf", session_timeout_ms=60_000)]
        try:
            for s in statics:
                s.start()

            def settled() -> bool:
                g = b.group("stable-static")
                if g is None or g.state != "Stable" or len(g.members) != 2:
                    return False
                stored = {m.client_id: m.assignment for m in g.members}
                return all(s.current and s.current == stored[s.client_id] and s._committable() for s in statics)

            wait_until(settled, 20, "both static members owning and consuming partitions")
            for s in statics:
                assert s.commit()
        finally:
            close_all(statics)

        # a simple commit (generation -1, no member id) creates an Empty group with offsets
        admin = KafkaAdminClient(bootstrap_servers=b.bootstrap_servers, request_timeout_ms=10_000)
        try:
            res = admin.alter_group_offsets("simple", {TopicPartition("ra", 1): OffsetAndMetadata(7, "meta-7", -1)})
            assert all(err.errno == 0 for err in res.values()), res
            # a deleted group leaves a tombstone: it must not come back
            c = GroupConsumer("confluent-kafka", b.bootstrap_servers, "deleted", ["ra"], max_messages=5)
            try:
                c.start()
                c.wait_messages(5)
                c.commit()
            finally:
                c.close()
            b.wait_for_group("deleted", "Empty", members=0, timeout=10)
            assert admin.delete_groups(["deleted"]) == {"deleted": "OK"}
        finally:
            admin.close()

        names = ["empty-cf", "empty-kp", "simple", "stable-static"]
        before = {n: _view(b.group(n)) for n in names}
        assert before["stable-static"]["state"] == "Stable"
        assert before["stable-static"]["protocol"] == "roundrobin"
        assert len(before["stable-static"]["members"]) == 2  # type: ignore[arg-type]
        assert before["empty-cf"]["members"] == [] and before["empty-cf"]["state"] == "Empty"
        assert before["simple"]["offsets"][("ra", 1)].offset == 7  # type: ignore[index]
        assert before["simple"]["offsets"][("ra", 1)].metadata == "meta-7"  # type: ignore[index]
        assert all(before[n]["offsets"] for n in names)
        assert b.group("deleted") is None

        for bounce in (clean_restart, crash_and_start):
            bounce(b)
            after = {n: _view(b.group(n)) for n in names}
            for n in names:
                assert after[n] == before[n], f"{bounce.__name__}: group {n} differs after replay"
            assert b.group("deleted") is None
            assert sorted(b.groups()) == sorted(names)
            loaded = b.group("stable-static")
            assert loaded is not None and loaded.history and loaded.history[0].from_state is None
