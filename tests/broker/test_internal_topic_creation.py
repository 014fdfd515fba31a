"""`__consumer_offsets` / `__transaction_state` made on first use without stopping the event loop (issue 14):
the partitions' files (~100 fsyncs for 50 partitions) are made in a worker thread while the loop serves
every other connection; a failure or a stop half-way leaves nothing a restart would adopt (B-FIND-2, TX-CO-1)."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.storage.manager import TOPICS_FILE

OFFSETS = "__consumer_offsets"


def config(tmp_path: Path) -> KafliteConfig:
    return KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, offsets_topic_num_partitions=5,
                         transaction_state_log_num_partitions=3)


class Gate:
    """Holds `LogManager.open_partition_files` (in its worker thread) until released; optionally fails it."""

    def __init__(self, broker: Broker, fail: BaseException | None = None) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.fail = fail
        self.calls = 0
        real = broker.logs.open_partition_files

        def held(*args: Any) -> Any:
            self.calls += 1
            self.entered.set()
            assert self.release.wait(10), "never released"
            if self.fail is not None:
                raise self.fail
            return real(*args)

        broker.logs.open_partition_files = held  # type: ignore[method-assign]

    async def wait_entered(self) -> None:
        assert await asyncio.to_thread(self.entered.wait, 10), "open_partition_files never called"


async def offsets_topic_held(b: Broker) -> tuple[Gate, asyncio.Task[None]]:
    """`__consumer_offsets` made on first use, its files held in the worker thread until `gate.release`."""
    gate = Gate(b)
    loading = b.groups.ensure_offsets_topic()
    assert loading is not None
    await gate.wait_entered()
    return gate, loading


async def test_the_loop_serves_while_the_offsets_topic_files_are_made(tmp_path: Path) -> None:
    b = Broker.open(config(tmp_path))
    await b.start()
    try:
        gate, loading = await offsets_topic_held(b)
        # The files are in the making: the loop goes on (a timer fires), the topic is not registered yet,
        # and a second request waits for the same creation rather than starting another.
        await asyncio.sleep(0.05)
        assert b.logs.topic(OFFSETS) is None and not loading.done()
        assert b.groups.ensure_offsets_topic() is loading
        gate.release.set()
        await asyncio.wait_for(loading, 10)
        info = b.logs.topic(OFFSETS)
        assert info is not None and info.partitions == 5 and info.configs.get("cleanup.policy") == "compact"
        assert gate.calls == 1
        assert b.groups.service.coordinator_error("g") == ErrorCode.NONE
        assert b.groups.ensure_offsets_topic() is None  # made and loaded
    finally:
        await b.stop()


async def test_a_failed_creation_is_logged_answers_not_available_and_is_tried_again(tmp_path: Path) -> None:
    b = Broker.open(config(tmp_path))
    await b.start()
    try:
        gate = Gate(b, fail=OSError(28, "No space left on device"))
        gate.release.set()
        loading = b.groups.ensure_offsets_topic()
        assert loading is not None
        await asyncio.wait_for(loading, 10)  # over, without raising into the requests waiting on it
        assert b.logs.topic(OFFSETS) is None
        assert b.groups.offsets_topic.owned == 0
        assert b.groups.service.coordinator_error("g") == ErrorCode.COORDINATOR_NOT_AVAILABLE
        gate.fail = None  # space again: the next request that needs the topic makes it
        again = b.groups.ensure_offsets_topic()
        assert again is not None and again is not loading
        await asyncio.wait_for(again, 10)
        assert b.logs.topic(OFFSETS) is not None
        assert b.groups.service.coordinator_error("g") == ErrorCode.NONE
    finally:
        await b.stop()


async def test_a_create_topics_racing_the_creation_is_answered_topic_already_exists(tmp_path: Path) -> None:
    """While `__consumer_offsets`' files are made, a client's CreateTopics of it is TOPIC_ALREADY_EXISTS (the
    name is reserved in the registry): one topic id in every partition.metadata, never a losing creation's."""
    from kaflite.protocol.messages import CreateTopicsRequest
    from kaflite.storage.manager import topic_id_to_str
    from tests.broker.wire import connected

    b = Broker.open(config(tmp_path))
    await b.start()
    try:
        gate, loading = await offsets_topic_held(b)
        async with connected(b.port) as c:
            for validate_only in (True, False):
                resp = await c.call(19, 7, CreateTopicsRequest(validate_only=validate_only, topics=[
                    CreateTopicsRequest.CreatableTopic(name=OFFSETS, num_partitions=2, replication_factor=1)]))
                assert resp.topics[0].error_code == ErrorCode.TOPIC_ALREADY_EXISTS, validate_only
        gate.release.set()
        await asyncio.wait_for(loading, 10)
        info = b.logs.topic(OFFSETS)
        assert info is not None and info.partitions == 5 and gate.calls == 1
        ids = {(tmp_path / "data" / f"{OFFSETS}-{p}" / "partition.metadata").read_text().split("topic_id: ")[1]
               for p in range(5)}
        assert ids == {topic_id_to_str(info.topic_id)}
    finally:
        await b.stop()


async def test_the_offsets_topic_made_by_a_create_topics_meanwhile_is_the_one_loaded(tmp_path: Path) -> None:
    """The other order: a client's CreateTopics of `__consumer_offsets` (64 partitions: made in a worker thread)
    holds the name when the first group request needs the topic; that creation gives way (an info line, no
    error), and the next request loads the client's topic, all 64 partitions."""
    from kaflite.protocol.messages import CreateTopicsRequest
    from tests.broker.wire import connected

    b = Broker.open(config(tmp_path))
    await b.start()
    try:
        gate = Gate(b)
        async with connected(b.port) as c:
            creating = asyncio.ensure_future(c.call(19, 7, CreateTopicsRequest(topics=[
                CreateTopicsRequest.CreatableTopic(name=OFFSETS, num_partitions=64, replication_factor=1)])))
            await gate.wait_entered()
            loading = b.groups.ensure_offsets_topic()
            assert loading is not None
            await asyncio.wait_for(loading, 10)  # gave way at once: the files are the client's to make
            assert b.groups.offsets_topic.owned == 0 and gate.calls == 1
            gate.release.set()
            resp = await asyncio.wait_for(creating, 10)
        assert resp.topics[0].error_code == ErrorCode.NONE
        assert b.groups.ensure_offsets_topic() is None  # exists now: loaded, not made again
        assert b.groups.offsets_topic.owned == 64 and gate.calls == 1
    finally:
        await b.stop()


async def test_a_changed_partition_count_keeps_groups_where_their_offsets_are(tmp_path: Path) -> None:
    """`__consumer_offsets` made with 3 partitions, the broker restarted with offsets.topic.num.partitions=5: the
    groups still hash over the topic's own 3 (as Kafka: the metadata's count, the config only for a new topic), so
    every committed offset is found; hashing over 5 would look for most groups in the wrong partition."""
    from dataclasses import replace

    from kaflite.coordinator import partition_for
    from kaflite.protocol.messages import OffsetCommitRequest, OffsetFetchRequest
    from tests.broker.wire import connected

    groups = [f"g-{i}" for i in range(12)]
    assert any(partition_for(g, 3) != partition_for(g, 5) for g in groups)
    commit_topic = OffsetCommitRequest.OffsetCommitRequestTopic
    commit_part = OffsetCommitRequest.OffsetCommitRequestPartition
    fetch_group, fetch_topic = OffsetFetchRequest.OffsetFetchRequestGroup, OffsetFetchRequest.OffsetFetchRequestTopics
    three = replace(config(tmp_path), offsets_topic_num_partitions=3)
    for cfg in (three, replace(three, offsets_topic_num_partitions=5)):
        b = Broker.open(cfg)
        await b.start()
        try:
            if cfg is three:
                b.logs.create_topic("t", 1, {})
            async with connected(b.port) as c:
                for i, g in enumerate(groups):
                    if cfg is three:
                        resp = await c.call(8, 8, OffsetCommitRequest(group_id=g, topics=[commit_topic(
                            name="t", partitions=[commit_part(partition_index=0, committed_offset=100 + i)])]))
                        assert resp.topics[0].partitions[0].error_code == 0
                    resp = await c.call(9, 8, OffsetFetchRequest(groups=[fetch_group(group_id=g, topics=[
                        fetch_topic(name="t", partition_indexes=[0])])]))
                    assert (resp.groups[0].error_code, resp.groups[0].topics[0].partitions[0].committed_offset) == (
                        0, 100 + i), (cfg.offsets_topic_num_partitions, g)
            assert b.logs.topic(OFFSETS).partitions == 3  # type: ignore[union-attr]
        finally:
            await b.stop()


async def test_a_changed_partition_count_keeps_transactional_ids_where_their_state_is(tmp_path: Path) -> None:
    """The same for `__transaction_state`: made with 3 partitions, restarted with 5, each transactional id's
    InitProducerId finds its producer id again (a new epoch of it), not a new one."""
    from dataclasses import replace

    from kaflite.coordinator.partitioner import partition_for
    from kaflite.protocol.messages import InitProducerIdRequest
    from tests.broker.wire import connected

    ids = [f"tx-{i}" for i in range(12)]
    assert any(partition_for(t, 3) != partition_for(t, 5) for t in ids)
    three = replace(config(tmp_path), transaction_state_log_num_partitions=3)
    first: dict[str, tuple[int, int]] = {}
    for cfg in (three, replace(three, transaction_state_log_num_partitions=5)):
        b = Broker.open(cfg)
        await b.start()
        try:
            async with connected(b.port) as c:
                for t in ids:
                    resp = await c.call(22, 4, InitProducerIdRequest(transactional_id=t, transaction_timeout_ms=60_000))
                    assert resp.error_code == 0, (t, resp)
                    if cfg is three:
                        first[t] = (resp.producer_id, resp.producer_epoch)
                    else:
                        assert (resp.producer_id, resp.producer_epoch) == (first[t][0], first[t][1] + 1), t
        finally:
            await b.stop()


@pytest.mark.parametrize("then", ["stop", "reset"])
async def test_a_stop_or_reset_during_the_creation_leaves_no_partition_directory(tmp_path: Path, then: str) -> None:
    b = Broker.open(config(tmp_path))
    await b.start()
    stopped = False
    try:
        gate = Gate(b)
        loading = b.transactions.ensure_state_topic()
        assert loading is not None
        await gate.wait_entered()
        ending = asyncio.ensure_future(b.stop() if then == "stop" else b.reset())
        await asyncio.sleep(0.05)
        assert not ending.done()  # it waits for the thread: a next creation must not make the same files
        gate.release.set()
        await asyncio.wait_for(ending, 10)
        stopped = then == "stop"
        assert b.logs.topic("__transaction_state") is None
        assert not list((tmp_path / "data").glob("__transaction_state-*"))
        if then == "reset":  # made again on first use
            gate.entered.clear()
            again = b.transactions.ensure_state_topic()
            assert again is not None
            await asyncio.wait_for(again, 10)
            assert b.logs.topic("__transaction_state") is not None
    finally:
        if not stopped:
            await b.stop()
    # a restart adopts no half-made topic
    b = Broker.open(config(tmp_path))
    try:
        assert (b.logs.topic("__transaction_state") is not None) == (then == "reset")
    finally:
        b.logs.close()


@pytest.mark.parametrize("topic", [OFFSETS, "__transaction_state"])
async def test_an_internal_topic_adopted_from_bare_directories_gets_its_configs_back(
        tmp_path: Path, topic: str) -> None:
    """A kill -9 after the partition files were made and before the topic was registered leaves directories a
    restart adopts without configs (the registry, kaflite-topics.json, never named the topic). At start the
    internal topic's configs are set again: compacted, not deleted by retention."""
    b = Broker.open(config(tmp_path))
    await b.start()
    try:
        made = b.groups.ensure_offsets_topic() if topic == OFFSETS else b.transactions.ensure_state_topic()
        assert made is not None
        await asyncio.wait_for(made, 10)
        expected = dict(b.logs.topic(topic).configs)  # type: ignore[union-attr]
        assert expected.get("cleanup.policy") == "compact"
    finally:
        await b.stop()
    registry = tmp_path / "data" / TOPICS_FILE
    entries = json.loads(registry.read_text())
    del entries["topics"][topic]  # as if the crash came before the registration
    registry.write_text(json.dumps(entries))
    b = Broker.open(config(tmp_path))
    try:
        assert b.logs.topic(topic).configs == {}  # type: ignore[union-attr]  # adopted, as before the fix
        await b.start()
        info = b.logs.topic(topic)
        assert info is not None and info.configs == expected
        assert info.config.cleanup_policy == ("compact",)
        assert all(b.logs.get_log(topic, p).config.cleanup_policy == ("compact",)  # type: ignore[union-attr]
                   for p in range(info.partitions))
    finally:
        await b.stop()
    assert json.loads(registry.read_text())["topics"][topic]["configs"] == expected  # persisted
