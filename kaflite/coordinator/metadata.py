"""The topics the coordinator sees (Kafka's `MetadataImage`, as far as consumer groups need it).

KIP-848 groups assign by topic id and bump their epoch when a subscribed topic is created, deleted
or grows (CG-EP-2), so the coordinator needs the broker's topic metadata. The broker owns one
`MetadataImage` and tells it every change; the coordinator only reads it. `version` grows with
every change, so a group can tell cheaply whether anything moved since it last looked (and regex
subscriptions whether they must be resolved again, CG-RX-2).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Iterator, Mapping

from kaflite.coordinator.assignors.api import TopicId, TopicMetadata


class MetadataImage:
    """Topic name <-> id <-> partition count; mutated by the broker, read by the coordinator."""

    def __init__(self, topics: Iterable[TopicMetadata] = ()) -> None:
        self._by_name: dict[str, TopicMetadata] = {}
        self._by_id: dict[TopicId, TopicMetadata] = {}
        self.version = 0
        for t in topics:
            self.put(t.name, t.topic_id, t.num_partitions)

    def put(self, name: str, topic_id: TopicId, num_partitions: int) -> None:
        """A topic was created or got more partitions (a no-op when nothing changed)."""
        old = self._by_name.get(name)
        new = TopicMetadata(topic_id, name, num_partitions)
        if old == new:
            return
        if old is not None:
            self._by_id.pop(old.topic_id, None)
        self._by_name[name] = new
        self._by_id[topic_id] = new
        self.version += 1

    def remove(self, name: str) -> None:
        """A topic was deleted."""
        old = self._by_name.pop(name, None)
        if old is not None:
            self._by_id.pop(old.topic_id, None)
            self.version += 1

    def topic(self, name: str) -> TopicMetadata | None:
        return self._by_name.get(name)

    def topic_by_id(self, topic_id: TopicId) -> TopicMetadata | None:
        return self._by_id.get(topic_id)

    def names(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)


def metadata_hash(names: Iterable[str], image: MetadataImage) -> int:
    """CG-LOG-3: a deterministic 64-bit hash of the subscribed topics' ids and sizes (0 if none); consumer and
    share groups bump their epoch when it changes (CG-EP-2, SG-EP-2).

    Kafka uses XXH3 over per-topic hashes; the value is only ever compared with itself."""
    topics = [t for t in (image.topic(n) for n in names) if t is not None]
    if not topics:
        return 0
    h = hashlib.blake2b(digest_size=8)
    for t in sorted(topics, key=lambda t: t.name):
        h.update(t.name.encode())
        h.update(b"\0")
        h.update(t.topic_id)
        h.update(struct.pack(">i", t.num_partitions))
    return int.from_bytes(h.digest(), "big", signed=True)


def assignment_by_name(assignment: Mapping[TopicId, Iterable[int]],
                       metadata: MetadataImage | None) -> dict[str, tuple[int, ...]]:
    """A KIP-848 or share assignment as snapshots show it: topic name (its id in hex while unknown) -> partitions."""
    out: dict[str, tuple[int, ...]] = {}
    for tid, ps in assignment.items():
        t = metadata.topic_by_id(tid) if metadata is not None else None
        out[t.name if t is not None else tid.hex()] = tuple(sorted(ps))
    return out
