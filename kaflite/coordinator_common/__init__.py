"""What every coordinator shares (Kafka's `coordinator-common`): one runtime, generic over a shard.

The group coordinator (`kaflite.coordinator`), the transaction coordinator (`kaflite.transaction`) and
the share coordinator (`kaflite.share_coordinator`, `__share_group_state`) are pure shards;
`CoordinatorRuntime` (runtime.py) runs their operations on the event loop: writes ordered per
partition, answers released once their records are durable, timers, loading and unloading. Their
services (`GroupCoordinatorService`, `TransactionCoordinatorService`, `ShareCoordinatorService`) name
each operation. This package imports no coordinator.
"""
