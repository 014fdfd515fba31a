"""What every coordinator shares (Kafka's `coordinator-common`): one runtime, generic over a shard.

The group coordinator (`kaflite.coordinator`) and the transaction coordinator (`kaflite.transaction`)
are pure shards; `CoordinatorRuntime` (runtime.py) runs their operations on the event loop: writes
ordered per partition, answers released once their records are durable, timers, loading and
unloading. Their services (`GroupCoordinatorService`, `TransactionCoordinatorService`) name each
operation. This package imports neither coordinator.
"""
