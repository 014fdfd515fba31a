"""KIP-848 consumer groups in the test kit, with librdkafka's `group.protocol=consumer`: waits by state
name and group epoch, the member epochs and states, fencing and expiry, a delayed heartbeat, `kaflite ctl`."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator

import pytest

from kaflite.cli import build_parser
from kaflite.testing.broker import Broker
from kaflite.testing.ctl import run_ctl
from kaflite.testing.views import Group
from tests.testing.clients import Consumer

CONSUMER = {"group.protocol": "consumer"}


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    # A short heartbeat interval: librdkafka reconciles on its heartbeats.
    with Broker(config={"admin.port": 0, "group.consumer.heartbeat.interval.ms": 200}) as b:
        b.create_topic("cg-t", 4)
        yield b


def settled(g: Group) -> None:
    """Every member reached the target assignment, and together they own every partition once."""
    assert g.group_type == "consumer" and g.epoch == g.generation == g.assignment_epoch
    assert all(m.member_epoch == g.epoch and m.member_state == "STABLE" for m in g.members), g.members
    assert all(m.assignment == m.target_assignment and not m.pending_revocation for m in g.members)
    assert sorted(tp for m in g.members for tp in m.assignment) == [("cg-t", p) for p in range(4)]


def test_wait_for_stable_by_epoch_then_fence_and_expire(broker: Broker) -> None:
    with Consumer("confluent-kafka", broker.bootstrap_servers, "cg-a", ["cg-t"], **CONSUMER) as a:
        a.wait_assigned()
        g1 = broker.wait_for_group("cg-a", state="Stable", members=1, timeout=20)
        settled(g1)
        with Consumer("confluent-kafka", broker.bootstrap_servers, "cg-a", ["cg-t"], **CONSUMER) as b:
            b.wait_assigned()
            g = broker.wait_for_group("cg-a", state="Stable", members=2, epoch=g1.epoch + 1, timeout=20)
            settled(g)
            assert g.states[0] == "Empty" and "Stable" in g.states

            # Fenced: removed at once (epoch + 1); the client rejoins at epoch 0 (epoch + 2), same id.
            victim = g.members[0].member_id
            assert broker.fence_member("cg-a", victim)
            after = broker.wait_for_group("cg-a", state="Stable", members=2, epoch=g.epoch + 2, timeout=20)
            settled(after)
            assert any(f"member {victim} fenced" in t.reason for t in after.history)
            assert set(after.member_ids) == set(g.member_ids)  # librdkafka rejoins under its member id
            assert after.epochs[-3:] == [g.epoch, g.epoch + 1, g.epoch + 2]  # the fence, then the rejoin

            # Expired: the same path as its session timeout.
            victim = after.members[1].member_id
            assert broker.expire_member("cg-a", victim)
            again = broker.wait_for_group("cg-a", state="Stable", members=2, epoch=after.epoch + 2, timeout=20)
            settled(again)
            assert any(f"member {victim} session timed out" in t.reason for t in again.history)
            # Every step, from the records: epochs, joins and leaves, each member reconciling.
            h = broker.epoch_history("cg-a")
            assert h.group_epochs == list(range(1, again.epoch + 1))
            assert h.assignment_epochs[-1] == again.epoch and h.left == [g.members[0].member_id, victim]
            first = g.members[0].member_id
            assert h.member_states(first)[-1] == (again.epoch, "STABLE")
            assert any(state != "STABLE" for _, state in h.member_states(first) + h.member_states(victim))
            assert not broker.fence_member("cg-a", "no-such-member")
            assert not broker.expire_member("cg-a", "no-such-member")


def test_delayed_consumer_group_heartbeat(broker: Broker) -> None:
    """A rule on ConsumerGroupHeartbeat (68) holds the join's answer: the group is assigned on the
    broker at once, the client only hears of it once the delay is over."""
    broker.delay_responses("ConsumerGroupHeartbeat", group="cg-d", delay_ms=1500, count=1)
    started = time.monotonic()
    with Consumer("confluent-kafka", broker.bootstrap_servers, "cg-d", ["cg-t"], **CONSUMER) as c:
        g = broker.wait_for_group("cg-d", state=None, members=1, timeout=20)
        assert g.group_type == "consumer"
        c.wait_assigned()
        assert time.monotonic() - started >= 1.4
        settled(broker.wait_for_group("cg-d", state="Stable", members=1, timeout=20))
    broker.clear_faults()


def test_ctl_shows_consumer_groups(broker: Broker) -> None:
    assert broker.server.admin_http is not None
    address = f"127.0.0.1:{broker.server.admin_http.port}"

    def ctl(*args: str) -> tuple[int, dict]:
        out = io.StringIO()
        code = run_ctl(build_parser().parse_args(["ctl", "--admin", address, *args]), out)
        return code, json.loads(out.getvalue())

    with Consumer("confluent-kafka", broker.bootstrap_servers, "cg-c", ["cg-t"], **CONSUMER) as c:
        c.wait_assigned()
        code, g = ctl("wait", "cg-c", "--members", "1", "--epoch", "1", "--timeout", "20")
        assert code == 0 and g["group_type"] == "consumer" and g["epoch"] == g["assignment_epoch"] == 1
        m = g["members"][0]
        assert m["member_state"] == "STABLE" and m["subscribed_topic_names"] == ["cg-t"]
        assert m["assignment"] == m["target_assignment"] == [["cg-t", p] for p in range(4)]
        code, listed = ctl("groups", "--long")
        summary = {s["group_id"]: s for s in listed["groups"]}["cg-c"]
        assert summary == {"group_id": "cg-c", "group_type": "consumer", "state": "Stable", "generation": 1,
                           "members": 1, "epoch": 1, "assignment_epoch": 1, "reconciled_members": 1}
        code, bad = ctl("wait", "cg-c", "--state", "Reconcilin", "--timeout", "1")
        assert code == 1 and "unknown group state" in bad["error"]
        code, epochs = ctl("epochs", "cg-c")
        assert code == 0 and [e["event"] for e in epochs["events"]][:5] == [
            "member-joined", "group-epoch", "member-target", "target-assignment", "member-assignment"]
        assert ctl("fence-member", "cg-c", m["member_id"]) == (0, {"fenced": True})
        code, g = ctl("wait", "cg-c", "--members", "1", "--epoch", "3", "--timeout", "20")
        assert code == 0 and g["states"][-1] == "Stable"


def test_process_mode_waits_by_epoch_and_fences() -> None:
    """The same calls over the admin endpoint of a broker in a child process."""
    from kaflite.testing.process import ProcessBroker

    with ProcessBroker(config={"group.consumer.heartbeat.interval.ms": 200}) as pb:
        pb.create_topic("cg-p", 2)
        with Consumer("confluent-kafka", pb.bootstrap_servers, "cg-p", ["cg-p"], **CONSUMER) as c:
            c.wait_assigned()
            g = pb.wait_for_group("cg-p", state="Stable", members=1, epoch=1, timeout=20)
            assert g.group_type == "consumer" and g.members[0].assignment == (("cg-p", 0), ("cg-p", 1))
            assert pb.fence_member("cg-p", g.members[0].member_id)
            g = pb.wait_for_group("cg-p", state="Stable", members=1, epoch=3, timeout=20)
            assert g.states[-2:] == ["Empty", "Stable"] and g.epochs[-2:] == [2, 3]  # fenced alone: Empty
            h = pb.epoch_history("cg-p")
            assert h.group_epochs == [1, 2, 3] and h.joined == [g.members[0].member_id] * 2
