"""The share coordinator (KIP-932): share-partition state in `__share_group_state` (SC-*, issue 33 item 4).

The third shard on the one coordinator runtime (`kaflite.coordinator_common`), beside the group and the
transaction coordinators: a pure `ShareCoordinatorShard` (shard.py) holding each share-partition key's
state, folded from ShareSnapshot/ShareUpdate records (records.py) whose batches `combine` merges
(batches.py), and `ShareCoordinatorService` (service.py) naming its five operations (messages.py: Kafka's
Initialize/Read/Write/Delete/ReadSummary ShareGroupState shapes) for the runtime. Nothing here imports
asyncio; the broker wires share fetch and acknowledge to the service.
"""

from kaflite.share_coordinator.batches import StateBatch, combine
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.records import SHARE_GROUP_STATE_TOPIC, ShareGroupOffset, SharePartitionKey
from kaflite.share_coordinator.shard import ShareCoordinatorShard

__all__ = [
    "SHARE_GROUP_STATE_TOPIC",
    "ShareCoordinatorConfig",
    "ShareCoordinatorShard",
    "ShareGroupOffset",
    "SharePartitionKey",
    "StateBatch",
    "combine",
]
