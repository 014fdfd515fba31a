"""The node's identity on disk: Kafka's ``meta.properties`` and the reserved producer-id block.

Both are small files written atomically (``write_atomic``), read once at startup.
"""

from __future__ import annotations

import base64
import uuid
from pathlib import Path

from kaflite.storage.checkpoint import write_atomic
from kaflite.storage.errors import StartupError

META_PROPERTIES = "meta.properties"
PRODUCER_ID_BLOCK_FILE = "kaflite-producer-id-block"
PRODUCER_ID_BLOCK = 1000


def load_meta_properties(data_dir: Path, node_id: int) -> str:
    """Kafka's meta.properties: the cluster id survives restarts, a mismatched node id is refused."""
    path = data_dir / META_PROPERTIES
    if path.exists():
        props = dict(line.split("=", 1) for line in path.read_text().splitlines()
                     if "=" in line and not line.startswith("#"))
        if int(props.get("node.id", node_id)) != node_id:
            raise StartupError(f"{path} belongs to node.id={props['node.id']}, not {node_id}: start with "
                               f"--node-id {props['node.id']}, or use another data directory")
        return props["cluster.id"].strip()
    cluster_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
    write_atomic(path, f"#kaflite\nversion=1\ncluster.id={cluster_id}\nnode.id={node_id}\n".encode())
    return cluster_id


class ProducerIdManager:
    """Hands out producer ids from blocks reserved on disk, so ids never repeat across restarts.

    The file holds the end of the last reserved block: a restart (clean or not) starts there, so
    the ids handed out before it, reserved or not, are never handed out again.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.next_id = int(path.read_text().strip()) if path.exists() else 0
        self.block_end = self.next_id

    def allocate(self) -> int:
        if self.next_id >= self.block_end:
            self.block_end = self.next_id + PRODUCER_ID_BLOCK
            write_atomic(self.path, f"{self.block_end}\n".encode())
        pid = self.next_id
        self.next_id += 1
        return pid
