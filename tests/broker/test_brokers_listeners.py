"""Issue 34 item 1 (several brokers in one kaflite): the `brokers` setting, each broker's listeners on its own
ports, the addresses a start reports; item 4/5: a broker stopped closes its ports and connections, started binds
the same ports again."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.config import ConfigError, KafliteConfig
from kaflite.config.listeners import listeners_of, node_ids
from kaflite.controller.replication import UnknownBroker
from kaflite.protocol.messages import ApiVersionsRequest
from tests.broker.wire import Closed, WireClient, serving
from tests.waits import wait_until

pytestmark = pytest.mark.timeout(60)
REPO = Path(__file__).resolve().parents[2]


def test_brokers_defaults_to_one_and_one_broker_has_one_listener() -> None:
    config = KafliteConfig(port=9092)
    assert config.brokers == 1 and list(node_ids(config)) == [1]
    assert [(li.port, li.node_id) for li in listeners_of(config)] == [(9092, 1)]


def test_each_broker_has_every_listener_on_its_port_plus_its_index() -> None:
    config = KafliteConfig(node_id=5, brokers=3, listeners="PLAINTEXT://127.0.0.1:9092,SSL://127.0.0.1:9192",
                           advertised_listeners="PLAINTEXT://kafka.example:19092",
                           ssl_keystore_certificate_chain="x", ssl_keystore_key="y")
    assert list(node_ids(config)) == [5, 6, 7]
    got = [(li.node_id, li.name, li.port, li.advertised_host, li.advertised_port) for li in listeners_of(config)]
    assert got == [(5, "PLAINTEXT", 9092, "kafka.example", 19092), (5, "SSL", 9192, "127.0.0.1", 9192),
                   (6, "PLAINTEXT", 9093, "kafka.example", 19093), (6, "SSL", 9193, "127.0.0.1", 9193),
                   (7, "PLAINTEXT", 9094, "kafka.example", 19094), (7, "SSL", 9194, "127.0.0.1", 9194)]


def test_port_zero_gives_every_broker_a_free_port() -> None:
    config = KafliteConfig(brokers=3, port=0)
    assert [(li.node_id, li.port) for li in listeners_of(config)] == [(1, 0), (2, 0), (3, 0)]


@pytest.mark.parametrize(("settings", "setting", "words"), [
    ({"brokers": 3, "listeners": "PLAINTEXT://127.0.0.1:9092,SSL://127.0.0.1:9093"}, "listeners",
     "PLAINTEXT the ports 9092..9094 and SSL the ports 9093..9095: they overlap"),
    ({"brokers": 3, "port": 65534}, "port", "ports 65534..65536, beyond 65535"),
    ({"brokers": 0}, "brokers", "must be in [1, 64]"),
    ({"brokers": 2, "node.id": 2**31 - 1}, "brokers", "would need node id 2147483648"),
])
def test_port_ranges_that_cannot_be_bound_are_refused_in_one_line(settings: dict[str, object], setting: str,
                                                                   words: str) -> None:
    settings = {"ssl.keystore.certificate.chain": "x", "ssl.keystore.key": "y", **settings}
    with pytest.raises(ConfigError) as refused:
        KafliteConfig.load(settings, env={})
    assert refused.value.name == setting and words in str(refused.value) and "\n" not in str(refused.value)


def test_the_cli_takes_brokers() -> None:
    from kaflite import cli

    config = cli.config_from_args(cli.build_parser().parse_args(["serve", "--brokers", "3"]))
    assert config.brokers == 3 and config.sources["brokers"] == "cli"


async def answers(port: int) -> int:
    client = await WireClient.connect(port)
    try:
        return (await client.call(18, 3, ApiVersionsRequest(client_software_name="t",
                                                            client_software_version="1"))).error_code
    finally:
        await client.close()


async def test_every_broker_listens_on_its_own_port_and_its_connections_carry_its_node_id(tmp_path: Path) -> None:
    async with serving(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=3)) as broker:
        listeners = broker.state.listeners
        assert [li.node_id for li in listeners] == [1, 2, 3]
        assert len({li.port for li in listeners}) == 3 and broker.port == listeners[0].port
        assert [(n, port, up) for n, _, port, up in broker.brokers()] == [(li.node_id, li.port, True)
                                                                          for li in listeners]
        clients = [await WireClient.connect(li.port) for li in listeners]
        try:
            for client in clients:
                assert (await client.call(18, 3, ApiVersionsRequest(client_software_name="t",
                                                                    client_software_version="1"))).error_code == 0
            assert sorted(c.node_id for c in broker.state.connections) == [1, 2, 3]
        finally:
            for client in clients:
                await client.close()


async def test_a_stopped_broker_closes_its_ports_and_connections_and_starts_again_on_them(tmp_path: Path) -> None:
    async with serving(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=3)) as broker:
        port2 = broker.state.endpoint("PLAINTEXT", 2)
        assert port2 is not None
        client = await WireClient.connect(port2.port)
        try:
            await broker.stop_broker(2)
            assert await client.closed_by_peer()
        finally:
            await client.close()
        with pytest.raises(OSError):
            await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port2.port), 10)
        assert [up for _, _, _, up in broker.brokers()] == [True, False, True]
        assert await answers(broker.port) == 0  # the others serve on
        await broker.stop_broker(2)  # stopping a stopped broker does nothing
        await broker.start_broker(2)
        assert await answers(port2.port) == 0
        assert [up for _, _, _, up in broker.brokers()] == [True, True, True]
        with pytest.raises(UnknownBroker):
            await broker.stop_broker(9)


async def test_a_several_broker_kaflite_stops_cleanly_with_a_broker_stopped(tmp_path: Path) -> None:
    broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=2))
    await broker.start()
    await broker.stop_broker(2)
    await broker.stop()
    with pytest.raises((OSError, Closed)):
        await answers(broker.port)


def test_serve_reports_every_brokers_address(tmp_path: Path) -> None:
    """`kaflite serve --brokers 3 --port 0`: line 1 of the ready file is still the first broker's host:port, then
    `broker.<id>=host:port` per broker; the same addresses are printed."""
    ready = tmp_path / "ready"
    env = {k: v for k, v in os.environ.items() if not k.startswith("KAFLITE_")}
    proc = subprocess.Popen([sys.executable, "-m", "kaflite", "serve", "--port", "0", "--brokers", "3",
                             "--node-id", "4", "--data-dir", str(tmp_path / "d"), "--ready-file", str(ready)],
                            env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until(lambda: ready.exists() or proc.poll() is not None, 30, "the ready file", interval=0.05)
        assert ready.exists(), "the broker did not start"
        lines = ready.read_text().splitlines()
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    assert len(lines) == 4 and lines[1].startswith("broker.4=") and lines[1].endswith(lines[0])
    assert [line.split("=")[0] for line in lines[1:]] == ["broker.4", "broker.5", "broker.6"]
    assert len({line.split(":")[-1] for line in lines[1:]}) == 3
    for line in lines[1:]:
        node_id, _, where = line.removeprefix("broker.").partition("=")
        assert f"kaflite broker {node_id} on {where}" in out
