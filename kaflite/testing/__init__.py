"""kaflite.testing: a real broker for integration tests, its group state, waits and faults.

Names are loaded on first use, so that ``kaflite ctl`` and the pytest plugin's import stay fast
(the broker, storage and codecs load only when a test actually starts a broker).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kaflite.testing.admin_client import AdminClient, AdminError
    from kaflite.testing.broker import (
        Acl,
        Broker,
        EpochEvent,
        EpochHistory,
        Group,
        Member,
        Offset,
        Transaction,
        Transition,
        assert_rebalances,
    )
    from kaflite.testing.process import ProcessBroker

_EXPORTS = {
    "Acl": "kaflite.testing.broker",
    "Broker": "kaflite.testing.broker",
    "EpochEvent": "kaflite.testing.broker",
    "EpochHistory": "kaflite.testing.broker",
    "Group": "kaflite.testing.broker",
    "Member": "kaflite.testing.broker",
    "Offset": "kaflite.testing.broker",
    "Transaction": "kaflite.testing.broker",
    "Transition": "kaflite.testing.broker",
    "assert_rebalances": "kaflite.testing.broker",
    "ProcessBroker": "kaflite.testing.process",
    "AdminClient": "kaflite.testing.admin_client",
    "AdminError": "kaflite.testing.admin_client",
}

__all__ = [
    "Acl",
    "AdminClient",
    "AdminError",
    "Broker",
    "EpochEvent",
    "EpochHistory",
    "Group",
    "Member",
    "Offset",
    "ProcessBroker",
    "Transaction",
    "Transition",
    "assert_rebalances",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'kaflite.testing' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
