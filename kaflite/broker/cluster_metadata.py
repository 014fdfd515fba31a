"""The cluster-metadata log on the event loop: operations commit their records, images follow them.

The records (SCRAM credentials, ACLs) are few and rare, and each operation waits for its own: one batch per
operation, appended and fsynced in a worker thread, one operation at a time (their order on disk is their order
in every image). Only then are they applied and the operation answered, so nothing acknowledged is lost.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import structlog

from kaflite.protocol.errors import ErrorCode
from kaflite.security import MetadataImage
from kaflite.storage.cluster_metadata import ClusterMetadataLog
from kaflite.storage.errors import StorageError

log = structlog.get_logger("kaflite.metadata")


class ClusterMetadata:
    """``__cluster_metadata-0`` and the images fed from it."""

    def __init__(self, metadata_log: ClusterMetadataLog) -> None:
        self.log = metadata_log
        self.images: list[MetadataImage] = []
        self._writing = asyncio.Lock()
        # Read (and so checked) once when opened: a log kaflite cannot read stops the start with its path. The
        # records serve the images registered at assembly; from the first commit on, a late image reads the log
        # (held in memory, they would grow with every change for the broker's lifetime).
        self._replayed: list[Any] | None = list(metadata_log.replay())

    def register(self, image: MetadataImage) -> None:
        """Replay every record in the log into `image` now; it is passed every record committed later."""
        count = 0
        for record in self._replayed if self._replayed is not None else self.log.replay():
            image.apply(record)
            count += 1
        self.images.append(image)
        if count:
            log.info("replayed the cluster metadata log", image=type(image).__name__, records=count)

    async def commit(self, records: Sequence[Any]) -> None:
        """Append `records` as one batch, durably, then apply them to every image (StorageError: nothing
        applied)."""
        if not records:
            return
        async with self._writing:
            try:
                await asyncio.get_running_loop().run_in_executor(None, self.log.append, records)
            except OSError as exc:
                raise StorageError(f"writing the cluster metadata log failed: {exc}",
                                   ErrorCode.KAFKA_STORAGE_ERROR) from exc
            self._replayed = None
            for record in records:
                for image in self.images:
                    image.apply(record)

    def close(self) -> None:
        self.log.close()
