"""One shared local Spark session (local[2], UI off, loopback) and one real-client workload per run.

Skips every Spark test with a clear reason when pyspark or Java is missing (the ``spark`` extra).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.analytics.jvm import SPARK_CONF


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/analytics" in str(item.fspath):
            # py4j and Spark's own modules warn about sockets and deprecations we do not own
            item.add_marker(pytest.mark.filterwarnings("ignore::ResourceWarning"))
            item.add_marker(pytest.mark.filterwarnings("ignore::DeprecationWarning"))
            item.add_marker(pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"))
            if "spark" in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.spark)


@pytest.fixture(scope="session")
def spark() -> Iterator[Any]:
    pytest.importorskip("pyspark", reason="pyspark is not installed (pip install 'kaflite[spark]')")
    pytest.importorskip("pyarrow", reason="pyarrow is not installed (pip install 'kaflite[spark]')")
    if shutil.which("java") is None:
        pytest.skip("no Java runtime on PATH: Spark needs Java 17+")
    from kaflite.analytics.session import get_session
    from kaflite.analytics.sources import register

    session = get_session("kaflite-tests", master="local[2]", conf={
        "spark.sql.shuffle.partitions": "2", "spark.driver.memory": "1g", "spark.default.parallelism": "2",
        **SPARK_CONF})
    session.sparkContext.setLogLevel("ERROR")
    register(session)
    yield session
    session.stop()


@dataclass
class Workload:
    data_dir: Path
    topic: str
    partitions: int
    produced: Any
    plain_produced: Any
    commits: Any
    group: str
    generation: int
    start_ms: int
    end_ms: int
    consumer_group: str = ""
    consumer_group_members: tuple[str, ...] = ()


@pytest.fixture(scope="session")
def workload(tmp_path_factory: pytest.TempPathFactory) -> Workload:
    """Segments written by kaflite itself: confluent-kafka produces (lz4, with headers) into `orders`
    (3 partitions) and `plain` (uncompressed); a two-member group rebalances and commits; a two-member
    KIP-848 group (group.protocol=consumer) forms and shrinks; then a clean shutdown."""
    import time

    from kaflite.testing.broker import Broker
    from tests.analytics.workload import BROKER_CONFIG, consumer_protocol_group, produce, rebalancing_group

    data = tmp_path_factory.mktemp("analytics") / "data"
    start = int(time.time() * 1000)
    with Broker(data, config=BROKER_CONFIG) as b:
        b.create_topic("orders", 3)
        b.create_topic("plain", 1)
        produced = produce(b.bootstrap_servers, "orders", 3000, compression="lz4", keep=True, headers_every=97)
        plain = produce(b.bootstrap_servers, "plain", 500, compression="none", keep=True, value_size=300)
        commits = rebalancing_group(b.bootstrap_servers, b, "orders", "analytics-g", 3)
        g = b.group("analytics-g")
        generation = g.generation if g else -1
        cg_members = consumer_protocol_group(b.bootstrap_servers, b, "orders", "analytics-cg", 3)
        b.stop()
    return Workload(data, "orders", 3, produced, plain, commits, "analytics-g", generation, start,
                    int(time.time() * 1000), "analytics-cg", tuple(cg_members))
