"""The one Kafka release kaflite advertises (4.2), and where kaflite serves less than it, with why.

Why one release: clients read the broker's version from its ApiVersions answer (kafka-python's
``infer_broker_version_from_api_versions`` takes the newest release whose test version is advertised),
so each API's range must be one real release's. kaflite's message codecs come from Kafka 4.3's schemas
(they know DescribeLogDirs v5): served whole, they made kafka-python see a 4.3 broker. The router
(``kaflite.broker.router``) caps every route it is given by this table, so no handler can advertise past
Kafka 4.2, and narrows the routes ``NARROWED`` names; ``kaflite compat`` prints both, with the reasons.

``KAFKA_API_VERSIONS`` is a Kafka 4.2 broker's ApiVersions answer: kafka-python 3.0.12's
``BROKER_API_VERSIONS[(4, 2)]`` (captured from a 4.2 broker), which agrees with franz-go's
``kversion.V4_2_0()`` (each bump with its Kafka commit: ListOffsets v11, OffsetCommit/OffsetFetch v10,
WriteTxnMarkers v2, ShareFetch/ShareAcknowledge v2, AddRaftVoter v1, the share-state APIs, StreamsGroup*).
Controller-only APIs (Vote, BrokerRegistration, ...) are not in a broker's answer, so not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: The release whose ApiVersions kaflite advertises (the one the project's specs follow).
KAFKA_RELEASE: Final = "4.2"

#: api key -> (min, max) as a Kafka 4.2 broker advertises them.
KAFKA_API_VERSIONS: Final[dict[int, tuple[int, int]]] = {
    0: (0, 13), 1: (4, 18), 2: (1, 11), 3: (0, 13), 8: (2, 10), 9: (1, 10), 10: (0, 6), 11: (0, 9),
    12: (0, 4), 13: (0, 5), 14: (0, 5), 15: (0, 6), 16: (0, 5), 17: (0, 1), 18: (0, 4), 19: (2, 7),
    20: (1, 6), 21: (0, 2), 22: (0, 5), 23: (2, 4), 24: (0, 5), 25: (0, 4), 26: (0, 5), 27: (1, 2),
    28: (0, 5), 29: (1, 3), 30: (1, 3), 31: (1, 3), 32: (1, 4), 33: (0, 2), 34: (1, 2), 35: (1, 4),
    36: (0, 2), 37: (0, 3), 38: (1, 3), 39: (1, 2), 40: (1, 2), 41: (1, 3), 42: (0, 2), 43: (0, 2),
    44: (0, 1), 45: (0, 1), 46: (0, 0), 47: (0, 0), 48: (0, 1), 49: (0, 1), 50: (0, 0), 51: (0, 0),
    55: (0, 2), 57: (0, 2), 60: (0, 2), 61: (0, 0), 64: (0, 0), 65: (0, 0), 66: (0, 2), 68: (0, 1),
    69: (0, 1), 74: (0, 1), 75: (0, 0), 76: (1, 1), 77: (1, 1), 78: (1, 2), 79: (1, 2), 80: (0, 1),
    81: (0, 0), 83: (0, 0), 84: (0, 0), 85: (0, 1), 86: (0, 0), 87: (0, 1), 88: (0, 0), 89: (0, 0),
    90: (0, 1), 91: (0, 0), 92: (0, 0),
}


@dataclass(frozen=True, slots=True)
class Narrowed:
    """kaflite serves less of an API than Kafka 4.2 advertises: the bound it keeps to, and why."""

    reason: str
    max_version: int | None = None
    min_version: int | None = None


_TV2 = "means transaction.version 2 (KIP-890 part 2), which kaflite does not finalize"

#: api key -> what kaflite serves of it where that is less than Kafka 4.2. A route's range is the schema's,
#: Kafka 4.2's and this one's intersection; `tests/test_compat.py` fails on a route narrowed without a line here
#: and on a line that no longer narrows anything.
NARROWED: Final[dict[int, Narrowed]] = {
    0: Narrowed("v0-2 are gone since Kafka 4.0 (KIP-896); Kafka still lists them, for old librdkafka only "
                "(KAFKA-18659), and refuses them", min_version=3),
    8: Narrowed("v10 names topics by id only (KIP-848); v9 is what Java 3.9 and librdkafka send", max_version=9),
    9: Narrowed("v10 names topics by id only (KIP-848); v9 is what Java 3.9 and librdkafka send", max_version=9),
    24: Narrowed("v4+ is the broker-to-broker verification (KIP-890 part 1), never sent by a client", max_version=3),
    26: Narrowed("v5 " + _TV2, max_version=4),
    28: Narrowed("v5 " + _TV2 + " (offsets without AddOffsetsToTxn)", max_version=4),
}


def served_range(api_key: int, schema: tuple[int, int], min_version: int | None = None,
                 max_version: int | None = None) -> tuple[int, int]:
    """The versions to serve of ``api_key``: the codec's range within Kafka 4.2's, narrowed by ``NARROWED`` and
    by the caller's own bounds. ``KeyError`` for an API a Kafka 4.2 broker does not serve."""
    release_lo, release_hi = KAFKA_API_VERSIONS[api_key]
    narrowed = NARROWED.get(api_key, Narrowed(""))
    lows = [v for v in (schema[0], release_lo, narrowed.min_version, min_version) if v is not None]
    highs = [v for v in (schema[1], release_hi, narrowed.max_version, max_version) if v is not None]
    return max(lows), min(highs)
