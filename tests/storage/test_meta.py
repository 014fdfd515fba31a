"""meta.properties (the cluster id survives restarts, a foreign node id is refused) and producer-id blocks."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaflite.storage.errors import StartupError
from kaflite.storage.meta import (
    META_PROPERTIES,
    PRODUCER_ID_BLOCK,
    ProducerIdManager,
    load_meta_properties,
)


def test_meta_properties_are_written_once_and_keep_the_cluster_id(tmp_path: Path) -> None:
    cluster_id = load_meta_properties(tmp_path, 1)
    text = (tmp_path / META_PROPERTIES).read_text()
    assert f"cluster.id={cluster_id}\n" in text and "node.id=1\n" in text and "version=1\n" in text
    assert len(cluster_id) == 22 and "=" not in cluster_id  # Kafka's base64 (url-safe, unpadded) UUID
    assert load_meta_properties(tmp_path, 1) == cluster_id
    assert (tmp_path / META_PROPERTIES).read_text() == text  # read, not rewritten


def test_meta_properties_of_another_node_are_refused(tmp_path: Path) -> None:
    load_meta_properties(tmp_path, 1)
    with pytest.raises(StartupError, match=r"belongs to node\.id=1, not 2: start with --node-id 1"):
        load_meta_properties(tmp_path, 2)


def test_meta_properties_written_by_kafka_are_read(tmp_path: Path) -> None:
    (tmp_path / META_PROPERTIES).write_text("#\n#Mon Nov 23\nnode.id=3\nversion=1\ncluster.id= abcDEF \n")
    assert load_meta_properties(tmp_path, 3) == "abcDEF"


def test_producer_ids_count_up_and_reserve_a_block_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "block"
    ids = ProducerIdManager(path)
    assert [ids.allocate() for _ in range(3)] == [0, 1, 2]
    assert path.read_text() == f"{PRODUCER_ID_BLOCK}\n"  # one write per block, not per id
    for _ in range(PRODUCER_ID_BLOCK - 3):
        ids.allocate()
    assert ids.allocate() == PRODUCER_ID_BLOCK
    assert path.read_text() == f"{2 * PRODUCER_ID_BLOCK}\n"


def test_producer_ids_never_repeat_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "block"
    first = ProducerIdManager(path)
    used = {first.allocate() for _ in range(5)}
    again = ProducerIdManager(path)  # clean or not, the rest of the reserved block is skipped
    pid = again.allocate()
    assert pid == PRODUCER_ID_BLOCK and pid not in used
