"""The broker's shape: handlers built from a real BrokerContext register their own routes; server.py
composes them; a reset renews what is behind the routes, never the routes."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.admin import AdminHandler
from kaflite.broker.configs import ConfigHandler
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.coordinator_log import CoordinatorLog
from kaflite.broker.fetch import FetchHandler
from kaflite.broker.groups import GroupHandler
from kaflite.broker.produce import ProduceHandler
from kaflite.broker.router import Router
from kaflite.broker.server import Broker
from kaflite.broker.shares import ShareHandler
from kaflite.broker.transactions import TransactionHandler
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import DescribeClusterRequest, InitProducerIdRequest, MetadataRequest

#: (api key, min version, max version) as kaflite has always advertised them in ApiVersions:
#: a client picks its protocol from this list, so the restructured broker must answer it unchanged.
ADVERTISED = [(0, 3, 13), (1, 4, 18), (2, 1, 11), (3, 0, 13), (8, 2, 9), (9, 1, 9), (10, 0, 6), (11, 0, 9),
              (12, 0, 4), (13, 0, 5), (14, 0, 5), (15, 0, 6), (16, 0, 5), (18, 0, 4), (19, 2, 7), (20, 1, 6),
              (22, 0, 5), (23, 2, 4), (24, 0, 3), (25, 0, 4), (26, 0, 4), (28, 0, 4), (32, 1, 4), (33, 0, 2),
              (37, 0, 3), (42, 0, 2), (44, 0, 1), (47, 0, 0), (60, 0, 2), (65, 0, 0), (66, 0, 2), (68, 0, 1),
              (69, 0, 1), (74, 0, 1), (76, 1, 1), (77, 1, 1), (78, 1, 2), (79, 1, 2), (90, 0, 1), (91, 0, 0),
              (92, 0, 0)]
GROUP_KEYS = {8, 9, 10, 11, 12, 13, 14, 15, 16, 28, 42, 47, 68, 69, 76, 77, 90, 91, 92}
TRANSACTION_KEYS = {22, 24, 25, 26, 65, 66}  # TV1's client versions (TX-API-2)


def config(tmp_path: Path, **kw: object) -> KafliteConfig:
    return KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, **kw)  # type: ignore[arg-type]


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    b = Broker.open(config(tmp_path))
    await b.start()
    try:
        yield b
    finally:
        await b.stop()


def test_each_handler_registers_its_own_routes(tmp_path: Path) -> None:
    context = BrokerContext.open(config(tmp_path), ManualClock())
    fetches = FetchHandler(context)
    groups = GroupHandler(context, CoordinatorLog(context.logs, context.clock, "__consumer_offsets", context.commits))
    state_log = CoordinatorLog(context.logs, context.clock, "__transaction_state", context.commits)
    shares = ShareHandler(context, CoordinatorLog(context.logs, context.clock, "__share_group_state", context.commits))
    handlers = [AdminHandler(context), ConfigHandler(context), ProduceHandler(context, fetches.on_append), fetches,
                groups, TransactionHandler(context, groups, state_log, fetches.on_append), shares]
    owners: dict[type, set[int]] = {}
    router = Router()
    for h in handlers:
        before = set(router.routes)
        h.register(router)
        owners[type(h)] = set(router.routes) - before
    assert router.versions() == ADVERTISED
    assert owners[GroupHandler] == GROUP_KEYS  # every group route in one place
    assert owners[TransactionHandler] == TRANSACTION_KEYS
    assert owners[ProduceHandler] == {0} and owners[FetchHandler] == {1, 2, 23}
    assert owners[ConfigHandler] == {32, 33, 44, 74}  # the config APIs, Kafka 4.2's version ranges
    assert owners[ShareHandler] == {78, 79}  # share fetches; the share-group APIs are the group handler's
    with pytest.raises(ValueError, match="already routed"):
        handlers[0].register(router)
    context.logs.close()


def test_handlers_answer_from_the_context_they_were_given(tmp_path: Path) -> None:
    """No Broker anywhere: a handler built from a real context answers a real request."""
    context = BrokerContext.open(config(tmp_path, advertised_host="kaflite.test"), ManualClock())
    context.state.port = 19092
    admin = AdminHandler(context)
    router = Router()
    admin.register(router)
    conn = KafkaConnection(context, router)  # not connected: handlers only read its log and members
    ctx = RequestContext(RequestHeader(60, 0, 1, "t", 0), conn)
    resp = admin.describe_cluster(ctx, DescribeClusterRequest())
    assert (resp.cluster_id, resp.brokers[0].host, resp.brokers[0].port) == (
        context.state.cluster_id, "kaflite.test", 19092)
    ctx = RequestContext(RequestHeader(3, 12, 2, "t", 0), conn)
    md = admin.metadata(ctx, MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name="auto")],
                                              allow_auto_topic_creation=True))
    assert md.topics[0].error_code == ErrorCode.NONE and context.logs.topic("auto") is not None
    context.logs.close()


async def test_the_coordinators_are_built_on_first_use_and_at_a_restart_over_their_topics(tmp_path: Path) -> None:
    """A fresh data directory: no group shard at start, nor for a stop (nothing to close); no transaction shard for
    an idempotent producer's id (the runtime's shard supplier, issue 32). The first group / transactional request
    builds its shard. A restart over an existing `__consumer_offsets` / `__transaction_state` builds it at start,
    to load it."""
    b = Broker.open(config(tmp_path))
    await b.start()
    b.logs.create_topic("t", 1, {})
    assert not b.groups.service.runtime.shard_built
    loading = b.groups.ensure_offsets_topic()  # what FindCoordinator does first
    assert loading is not None
    await loading
    assert b.groups.service.runtime.shard_built and b.groups.service.coordinator_error("g") == ErrorCode.NONE

    ctx = RequestContext(RequestHeader(22, 4, 1, "t", 0), KafkaConnection(b.context, b.router))
    idempotent = b.transactions.init_producer_id(ctx, InitProducerIdRequest(transactional_id=None,
                                                                            transaction_timeout_ms=-1))
    assert idempotent.error_code == ErrorCode.NONE and not b.transactions.service.runtime.shard_built
    loading = b.transactions.ensure_state_topic()
    assert loading is not None
    await loading
    assert b.transactions.service.runtime.shard_built and b.transactions.coordinator_error("tx") == ErrorCode.NONE
    await b.stop()

    b = Broker.open(config(tmp_path))
    await b.start()
    try:
        assert b.groups.service.runtime.shard_built and b.groups.offsets_topic.loading is not None
        assert b.transactions.service.runtime.shard_built and b.transactions.state_topic.loading is not None
    finally:
        await b.stop()

    b = Broker.open(config(tmp_path / "fresh"))
    await b.start()
    await b.stop()
    assert not b.groups.service.runtime.shard_built and not b.transactions.service.runtime.shard_built


async def test_reset_keeps_the_routes_and_renews_the_group_service(broker: Broker) -> None:
    routes = dict(broker.router.routes)
    api_versions = broker.router.api_versions()
    service = broker.groups.service
    broker.groups.ensure_offsets_topic()
    broker.logs.create_topic("t", 1, {})
    await broker.reset()
    assert broker.router.routes == routes  # the very same Route objects
    assert all(_owner(routes[k].handler) is broker.groups for k in GROUP_KEYS)
    assert broker.router.api_versions() is api_versions
    assert broker.groups.service is not service
    assert broker.logs.topics() == {}
    loading = broker.groups.ensure_offsets_topic()  # created again on first use, over the new runtime
    assert loading is not None and broker.logs.topic("__consumer_offsets") is None  # its files: a worker thread's
    await loading
    assert broker.logs.topic("__consumer_offsets") is not None


async def test_a_second_stop_waits_for_the_first(tmp_path: Path) -> None:
    b = Broker.open(config(tmp_path))
    await b.start()
    first = asyncio.create_task(b.stop())
    await asyncio.sleep(0)  # the first stop has begun
    await b.stop()
    assert first.done() and b.server is None
    await b.stop()  # and once stopped, stop() is a no-op


def _owner(handler: Any) -> Any:
    """The object a route calls into: a bound method's self, or that of a partial over one."""
    return handler.func.__self__ if isinstance(handler, functools.partial) else handler.__self__
