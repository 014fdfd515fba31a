"""The data directory: topic registry, every partition log, checkpoints and the clean-shutdown marker.

Layout (Kafka's, plus one kaflite file)::

    <data-dir>/.kafka_cleanshutdown               present only after a clean close
    <data-dir>/recovery-point-offset-checkpoint   where each partition's unflushed tail starts
    <data-dir>/log-start-offset-checkpoint
    <data-dir>/cleaner-offset-checkpoint
    <data-dir>/kaflite-topics.json                topic ids, partition counts, config overrides
    <data-dir>/kaflite-broker-configs.json        dynamic broker configs (AlterConfigs on BROKER)
    <data-dir>/<topic>-<partition>/partition.metadata, <20 digits>.log/.index/.timeindex/.txnindex
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog

from kaflite.protocol.errors import ErrorCode
from kaflite.storage.checkpoint import read_offset_checkpoint, write_atomic, write_offset_checkpoint
from kaflite.storage.cleaner import CleanerStats, LogCleaner
from kaflite.storage.cluster_metadata import TOPIC as METADATA_TOPIC
from kaflite.storage.config import LogConfig
from kaflite.storage.datadir import DataDirLock, is_fresh, reading
from kaflite.storage.errors import InvalidTopicError, StorageError
from kaflite.storage.fileio import fsync_dir
from kaflite.storage.log import PartitionLog

log = structlog.get_logger()

CLEAN_SHUTDOWN_FILE = ".kafka_cleanshutdown"
RECOVERY_POINT_FILE = "recovery-point-offset-checkpoint"
LOG_START_OFFSET_FILE = "log-start-offset-checkpoint"
CLEANER_OFFSET_FILE = "cleaner-offset-checkpoint"
TOPICS_FILE = "kaflite-topics.json"
BROKER_CONFIGS_FILE = "kaflite-broker-configs.json"
PARTITION_METADATA_FILE = "partition.metadata"
DELETE_DIR_SUFFIX = "-delete"

MAX_TOPIC_NAME_LENGTH = 249
_LEGAL_TOPIC = re.compile(r"^[a-zA-Z0-9._-]+$")
_PARTITION_DIR = re.compile(r"^(?P<topic>.+)-(?P<partition>\d+)$")


def validate_topic_name(name: str) -> None:
    """Kafka's `Topic.validate`: legal characters, length, not `.` or `..`."""
    if not name:
        raise InvalidTopicError("Topic name is illegal, it can't be empty")
    if name in (".", ".."):
        raise InvalidTopicError('Topic name cannot be "." or ".."')
    if len(name) > MAX_TOPIC_NAME_LENGTH:
        raise InvalidTopicError(
            f"Topic name is illegal, it can't be longer than {MAX_TOPIC_NAME_LENGTH} characters"
        )
    if not _LEGAL_TOPIC.match(name):
        raise InvalidTopicError(
            f"Topic name \"{name}\" is illegal, it contains a character other than "
            "ASCII alphanumerics, '.', '_' and '-'"
        )


def topic_id_to_str(topic_id: bytes) -> str:
    """Kafka's Uuid.toString: unpadded base64url of the 16 bytes."""
    return base64.urlsafe_b64encode(topic_id).decode().rstrip("=")


def topic_id_from_str(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_topic_id() -> bytes:
    """16 random bytes, avoiding Kafka's reserved zero and metadata ids and a leading '-' in text form."""
    while True:
        raw = uuid.uuid4().bytes
        if raw != bytes(16) and not topic_id_to_str(raw).startswith("-"):
            return raw


def load_broker_configs(data_dir: str | os.PathLike[str]) -> dict[str, dict[str, str]]:
    """The dynamic broker configs by BROKER resource name ("" = cluster default), as last written by
    `LogManager.set_broker_configs`; read before the logs open, since they decide the topic defaults."""
    try:
        raw = json.loads((Path(data_dir) / BROKER_CONFIGS_FILE).read_text())["brokers"]
    except FileNotFoundError:
        return {}
    return {str(name): {str(k): str(v) for k, v in dict(configs).items()} for name, configs in dict(raw).items()}


@dataclass(slots=True)
class TopicInfo:
    name: str
    topic_id: bytes
    partitions: int
    configs: dict[str, str] = field(default_factory=dict)  # overrides only, Kafka names
    config: LogConfig = field(default_factory=LogConfig)


TopicListener = Callable[[str, TopicInfo | None], None]
"""Told of every topic change after it is made: (name, the topic now) on a create or a partition
increase, (name, None) on a delete."""


class LogManager:
    """Owns every partition log under one data directory."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        default_config: LogConfig,
        clock_ms: Callable[[], int],
        *,
        broker_configs: Mapping[str, Mapping[str, str]] | None = None,
        lock: DataDirLock | None = None,
    ) -> None:
        """`lock`: the data directory's held `.lock` (the broker takes it first); `close` releases it."""
        self.data_dir = Path(data_dir)
        self._lock = lock
        self.default_config = default_config
        self._broker_configs = {name: dict(c) for name, c in (broker_configs or {}).items() if c}
        self.clock_ms = clock_ms
        self.cleaner = LogCleaner()
        self._topics: dict[str, TopicInfo] = {}
        # Topics whose files are being made: already in the registry, not yet served (reserve_topic).
        self._reserved: dict[str, TopicInfo] = {}
        self._logs: dict[tuple[str, int], PartitionLog] = {}
        self._closed = False
        self._topic_listeners: list[TopicListener] = []
        fresh = lock.fresh if lock is not None else is_fresh(self.data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._load(fresh)

    # ---------------------------------------------------------------------------------------------------
    # startup

    def _load(self, fresh: bool) -> None:
        """`fresh`: the data directory was missing or empty (its first start), logged as such rather than as a
        start without a clean shutdown."""
        marker = self.data_dir / CLEAN_SHUTDOWN_FILE
        clean = marker.exists()
        for p in self.data_dir.iterdir():
            if p.is_dir() and p.name.endswith(DELETE_DIR_SUFFIX):
                shutil.rmtree(p, ignore_errors=True)
        recovery = self._read_checkpoint(RECOVERY_POINT_FILE)
        starts = self._read_checkpoint(LOG_START_OFFSET_FILE)
        cleaner = self._read_checkpoint(CLEANER_OFFSET_FILE)
        # Parsed JSON in the shape _persist_registry writes: the conversions below raise on anything else.
        registry: dict[str, dict[str, Any]] = {}
        with reading(self.data_dir / TOPICS_FILE, "restore it, or delete it: the partition directories are then "
                     "adopted (topic ids from partition.metadata) without their topics' config overrides"):
            with contextlib.suppress(FileNotFoundError):
                registry = json.loads((self.data_dir / TOPICS_FILE).read_text())["topics"]
            for name, entry in registry.items():
                configs = {str(k): str(v) for k, v in dict(entry.get("configs", {})).items()}
                self._topics[name] = TopicInfo(
                    name,
                    topic_id_from_str(str(entry["topic_id"])),
                    int(entry["partitions"]),
                    configs,
                    LogConfig.from_dict(configs, self.default_config),
                )
        # adopt partition directories the registry does not know (e.g. copied from a Kafka broker)
        found: dict[str, list[int]] = {}
        for p in self.data_dir.iterdir():
            m = _PARTITION_DIR.match(p.name)
            # (__cluster_metadata-0 is not a topic: kaflite.storage.cluster_metadata owns it, as a KRaft node's)
            if p.is_dir() and m and m["topic"] not in self._topics and m["topic"] != METADATA_TOPIC:
                found.setdefault(m["topic"], []).append(int(m["partition"]))
        for name, parts in found.items():
            topic_id = self._read_partition_metadata(self.data_dir / f"{name}-{parts[0]}") or new_topic_id()
            self._topics[name] = TopicInfo(name, topic_id, max(parts) + 1, {}, self.default_config)
            log.info("storage.topic_adopted", topic=name, partitions=max(parts) + 1)
        now = self.clock_ms()
        for info in self._topics.values():
            for partition in range(info.partitions):
                key = (info.name, partition)
                plog = PartitionLog.open(
                    self._partition_dir(info.name, partition),
                    info.name,
                    partition,
                    info.config,
                    now_ms=now,
                    recovery_point=recovery.get(key, 0),
                    log_start_offset=starts.get(key, 0),
                    clean_shutdown=clean,
                )
                plog.cleaner_checkpoint = max(cleaner.get(key, 0), plog.log_start_offset)
                self._write_partition_metadata(info, partition)
                self._logs[key] = plog
        if found:
            self._persist_registry()
        if clean:
            marker.unlink()  # a crash from now on is an unclean shutdown
            fsync_dir(self.data_dir)
        state: dict[str, bool] = {"fresh_data_dir": True} if fresh else {"clean_shutdown": clean}
        log.info("storage.loaded", data_dir=str(self.data_dir), topics=len(self._topics),
                 partitions=len(self._logs), **state)

    def _read_checkpoint(self, name: str) -> dict[tuple[str, int], int]:
        try:
            return read_offset_checkpoint(self.data_dir / name)
        except (ValueError, OSError) as exc:
            log.warning("storage.checkpoint_unreadable", file=name, error=str(exc))
            return {}

    def _partition_dir(self, topic: str, partition: int) -> Path:
        return self.data_dir / f"{topic}-{partition}"

    @staticmethod
    def _read_partition_metadata(directory: Path) -> bytes | None:
        try:
            for line in (directory / PARTITION_METADATA_FILE).read_text().splitlines():
                key, _, value = line.partition(":")
                if key.strip() == "topic_id":
                    return topic_id_from_str(value.strip())
        except (OSError, ValueError):
            return None
        return None

    def _write_partition_metadata(self, info: TopicInfo, partition: int) -> None:
        path = self._partition_dir(info.name, partition) / PARTITION_METADATA_FILE
        text = f"version: 0\ntopic_id: {topic_id_to_str(info.topic_id)}"
        with contextlib.suppress(FileNotFoundError):
            if path.read_text() == text:
                return
        write_atomic(path, text.encode())

    def _persist_registry(self) -> None:
        data = {
            "version": 0,
            "topics": {
                t.name: {
                    "topic_id": topic_id_to_str(t.topic_id),
                    "partitions": t.partitions,
                    "configs": t.configs,
                }
                for t in (*self._reserved.values(), *self._topics.values())
            },
        }
        write_atomic(self.data_dir / TOPICS_FILE, json.dumps(data, indent=1, sort_keys=True).encode())

    # ---------------------------------------------------------------------------------------------------
    # topics

    def add_topic_listener(self, listener: TopicListener) -> None:
        """Call ``listener`` after every topic create, partition increase and delete. The registry is
        the one place topics change (CreateTopics, auto-create, internal topics, DeleteTopics,
        CreatePartitions, a reset), so a view kept this way -- the coordinator's metadata image --
        cannot miss one."""
        self._topic_listeners.append(listener)

    def _topic_changed(self, name: str, info: TopicInfo | None) -> None:
        for listener in self._topic_listeners:
            listener(name, info)

    def topics(self) -> dict[str, TopicInfo]:
        return dict(self._topics)

    def topic(self, name: str) -> TopicInfo | None:
        return self._topics.get(name)

    def create_topic(
        self,
        name: str,
        partitions: int,
        configs: Mapping[str, str] | None = None,
        *,
        topic_id: bytes | None = None,
        opened: Mapping[int, PartitionLog] | None = None,
    ) -> TopicInfo:
        """Create a topic and its partition directories. Raises InvalidTopicError, ConfigError,
        StorageError(TOPIC_ALREADY_EXISTS / INVALID_PARTITIONS), OSError (nothing is left registered).
        `opened`: the partitions' files, already made by `open_partition_files` (in a worker thread) after
        `reserve_topic`. Without it the topic is reserved here, its files made, then served."""
        if opened is None:
            info = self.reserve_topic(name, partitions, configs, topic_id=topic_id)
            try:
                opened = self.open_partition_files(name, info.topic_id, info.config, range(partitions))
            except BaseException:
                self.release_topic(name)
                raise
        elif name in self._topics:
            raise StorageError(f"Topic '{name}' already exists.", ErrorCode.TOPIC_ALREADY_EXISTS)
        info = self._reserved.get(name) or self._topic_info(name, partitions, configs, topic_id)
        if topic_id is not None and info.topic_id != topic_id:
            raise StorageError(f"Topic '{name}' is being created by another request.", ErrorCode.TOPIC_ALREADY_EXISTS)
        reserved = self._reserved.pop(name, None) is not None
        self._topics[name] = info
        for p, plog in opened.items():
            plog.update_config(info.config)
            self._logs[(name, p)] = plog
        if not reserved:  # (a reserved topic is in the registry already, as it is now)
            self._persist_registry()
        log.info(
            "storage.topic_created",
            topic=name,
            partitions=partitions,
            topic_id=topic_id_to_str(info.topic_id),
        )
        self._topic_changed(name, info)
        return info

    def _topic_info(self, name: str, partitions: int, configs: Mapping[str, str | None] | None,
                    topic_id: bytes | None) -> TopicInfo:
        """A new topic's entry, once its name, partition count and configs are checked (CreateTopics' order)."""
        validate_topic_name(name)
        if name == METADATA_TOPIC:  # Kafka's ControllerApis: the metadata log is no topic a client may make
            raise StorageError(f"Creation of internal topic {METADATA_TOPIC} is prohibited.", ErrorCode.INVALID_REQUEST)
        if name in self._topics or name in self._reserved:
            raise StorageError(f"Topic '{name}' already exists.", ErrorCode.TOPIC_ALREADY_EXISTS)
        if partitions <= 0:
            raise StorageError("Number of partitions must be larger than 0.", ErrorCode.INVALID_PARTITIONS)
        overrides = {k: v for k, v in (configs or {}).items() if v is not None}
        return TopicInfo(name, topic_id or new_topic_id(), partitions, dict(overrides),
                         LogConfig.from_dict(overrides, self.default_config))

    def reserve_topic(self, name: str, partitions: int, configs: Mapping[str, str | None] | None = None, *,
                      topic_id: bytes | None = None) -> TopicInfo:
        """Write a new topic into the registry before its files are made, as Kafka commits a topic's record
        before its brokers make the logs: a crash half-way restarts with the topic whole (the missing partition
        directories made at load, its configs kept), never with bare directories adopted under default configs.
        Not served until `create_topic`; `release_topic` if its files cannot be made. A second creation of the
        same name meanwhile is TOPIC_ALREADY_EXISTS, so two creations never race for its directories."""
        info = self._topic_info(name, partitions, configs, topic_id)
        self._reserved[name] = info
        try:
            self._persist_registry()
        except BaseException:
            del self._reserved[name]
            raise
        return info

    def is_reserved(self, name: str) -> bool:
        """Whether `name`'s files are being made (reserve_topic): taken, though not served yet."""
        return name in self._reserved

    def release_topic(self, name: str) -> None:
        """A reserved topic whose files could not be made (or whose creation stopped): out of the registry."""
        if self._reserved.pop(name, None) is not None and not self._closed:
            try:
                self._persist_registry()
            except OSError as exc:  # still reserved on disk: a restart makes the topic whole instead
                log.error("storage.topic_release_failed", topic=name, error=str(exc))

    def open_partition_files(
        self, name: str, topic_id: bytes, config: LogConfig, partitions: range
    ) -> dict[int, PartitionLog]:
        """The file work of new partitions: directories, empty segments, partition.metadata. It touches
        nothing shared, so the broker runs it in a worker thread when there are many; if one fails,
        the ones made are closed and removed and the error raised: nothing half-created stays."""
        now = self.clock_ms()
        made: dict[int, PartitionLog] = {}
        try:
            for p in partitions:
                made[p] = PartitionLog.open(self._partition_dir(name, p), name, p, config, now_ms=now)
                self._write_partition_metadata(TopicInfo(name, topic_id, 0, {}, config), p)
        except BaseException:
            for p in partitions:
                if p in made:
                    made[p].close()
                shutil.rmtree(self._partition_dir(name, p), ignore_errors=True)
                if p not in made:
                    break
            raise
        return made

    def create_partitions(
        self, name: str, new_total: int, *, opened: Mapping[int, PartitionLog] | None = None
    ) -> TopicInfo:
        info = self._topics.get(name)
        if info is None:
            raise StorageError(f"Topic '{name}' does not exist.", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        if new_total <= info.partitions:
            raise StorageError(
                f"Topic currently has {info.partitions} partitions, {new_total} would not be an increase.",
                ErrorCode.INVALID_PARTITIONS,
            )
        if opened is None:
            opened = self.open_partition_files(name, info.topic_id, info.config, range(info.partitions, new_total))
        for p, plog in opened.items():
            plog.update_config(info.config)
            self._logs[(name, p)] = plog
        info.partitions = new_total
        self._persist_registry()
        self._topic_changed(name, info)
        return info

    def alter_topic_configs(self, name: str, configs: Mapping[str, str | None]) -> TopicInfo:
        """Change some of a topic's overrides (a None value removes one); validated before anything changes."""
        info = self._topics.get(name)
        if info is None:
            raise StorageError(f"Topic '{name}' does not exist.", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        return self.set_topic_configs(name, {**info.configs, **configs})

    def set_topic_configs(self, name: str, overrides: Mapping[str, str | None]) -> TopicInfo:
        """Replace a topic's overrides with `overrides` (None values dropped): checked first (ConfigError
        and nothing changed), then applied to every live partition log and persisted before returning,
        so the change survives a restart (AlterConfigs / IncrementalAlterConfigs)."""
        info = self._topics.get(name)
        if info is None:
            raise StorageError(f"The topic '{name}' does not exist.", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        kept = {k: v for k, v in overrides.items() if v is not None}
        config = LogConfig.from_dict(kept, self.default_config)
        info.config, info.configs = config, kept
        for p in range(info.partitions):
            self._logs[(name, p)].update_config(config)
        self._persist_registry()
        log.info("storage.topic_configs_set", topic=name, configs=kept)
        return info

    def broker_configs(self) -> dict[str, dict[str, str]]:
        """The dynamic broker configs by BROKER resource name ("" = cluster default)."""
        return {name: dict(c) for name, c in self._broker_configs.items()}

    def set_broker_configs(self, resource: str, configs: Mapping[str, str], default_config: LogConfig) -> None:
        """Replace one BROKER resource's dynamic configs and the topic defaults they make: persisted
        first, then every topic's effective config is rebuilt over `default_config` (its own
        overrides still win) and handed to its live partition logs."""
        if configs:
            self._broker_configs[resource] = dict(configs)
        else:
            self._broker_configs.pop(resource, None)
        data = {"version": 0, "brokers": self._broker_configs}
        write_atomic(self.data_dir / BROKER_CONFIGS_FILE, json.dumps(data, indent=1, sort_keys=True).encode())
        self.default_config = default_config
        for info in self._topics.values():
            info.config = LogConfig.from_dict(info.configs, default_config)
            for p in range(info.partitions):
                self._logs[(info.name, p)].update_config(info.config)
        log.info("storage.broker_configs_set", resource=resource, configs=dict(configs))

    def delete_topic(self, name: str) -> None:
        """Kafka-style: rename each partition dir to `<topic>-<p>.<uuid>-delete`, then remove it."""
        self.delete_topics([name])

    def delete_topics(self, names: Iterable[str]) -> None:
        """Delete several topics with one registry write and one directory fsync (reset() drops them all).

        The registry is persisted first: after a crash the topics are gone and any leftover
        `-delete` directories are removed at startup, as for one topic.
        """
        infos = []
        for name in dict.fromkeys(names):  # each once
            info = self._topics.get(name)
            if info is None:
                raise StorageError(f"Topic '{name}' does not exist.", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
            infos.append(info)
        if not infos:
            return
        for info in infos:
            del self._topics[info.name]
        self._persist_registry()
        for info in infos:
            for p in range(info.partitions):
                plog = self._logs.pop((info.name, p), None)
                if plog is None:
                    continue
                for seg in plog.segments:
                    seg.close()
                doomed = self.data_dir / f"{info.name}-{p}.{uuid.uuid4().hex}{DELETE_DIR_SUFFIX}"
                os.replace(plog.directory, doomed)
                shutil.rmtree(doomed, ignore_errors=True)
        fsync_dir(self.data_dir)
        for info in infos:
            log.info("storage.topic_deleted", topic=info.name)
            self._topic_changed(info.name, None)

    def delete_records(self, topic: str, partition: int, offset: int) -> int:
        """DeleteRecords on one partition (Kafka's `Partition.deleteRecordsOnLeader`); returns the low
        watermark (the log start offset). `offset` -1 means the high watermark.

        Durable before it answers: the new log start offset is checkpointed (fsynced) before any segment
        is unlinked, so a crash at any point never brings deleted records back. Raises StorageError:
        UNKNOWN_TOPIC_OR_PARTITION, POLICY_VIOLATION (a topic without `delete` in `cleanup.policy`),
        OFFSET_OUT_OF_RANGE (negative, or past the high watermark)."""
        plog = self._logs.get((topic, partition))
        if plog is None:
            raise StorageError(
                f"Partition {topic}-{partition} does not exist.", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            )
        if not plog.config.delete:
            raise StorageError(
                f"Records of partition {topic}-{partition} can not be deleted due to the configured policy",
                ErrorCode.POLICY_VIOLATION,
            )
        target = plog.high_watermark if offset == -1 else offset
        if target < 0:
            raise StorageError(
                f"The offset {target} for partition {topic}-{partition} is not valid",
                ErrorCode.OFFSET_OUT_OF_RANGE,
            )
        if plog.increment_log_start_offset(target):
            self.write_log_start_checkpoint()
            plog.delete_start_breached_segments()
        return plog.log_start_offset

    def disk_usage(self) -> tuple[int, int]:
        """(total, usable) bytes of the volume holding the data directory, as Java's FileStore reports
        them (DescribeLogDirs v4+)."""
        usage = shutil.disk_usage(self.data_dir)
        return usage.total, usage.free

    def get_log(self, topic: str, partition: int) -> PartitionLog | None:
        return self._logs.get((topic, partition))

    def logs(self) -> dict[tuple[str, int], PartitionLog]:
        return dict(self._logs)

    # ---------------------------------------------------------------------------------------------------
    # housekeeping

    def due_for_flush(self, now_ms: int) -> list[PartitionLog]:
        """The logs whose `flush.ms` has passed with something to flush (for a flusher off this thread)."""
        return [plog for plog in self._logs.values() if plog.flush_is_due(now_ms)]

    def flush_due(self, now_ms: int) -> int:
        """Flush every log whose `flush.ms` has passed; returns how many were flushed. Writes the recovery
        point checkpoint when anything moved."""
        flushed = 0
        for plog in self._logs.values():
            try:
                flushed += plog.flush_due(now_ms)
            except OSError as exc:  # a full or failing disk: the log stays unflushed, retried next time
                log.warning("log.flush_failed", topic=plog.topic, partition=plog.partition, errno=exc.errno,
                            error=exc.strerror or str(exc))
        if flushed:
            self.write_checkpoints()
        return flushed

    def apply_retention(self, now_ms: int) -> int:
        """Time/size retention for every `delete` log; returns segments deleted."""
        deleted = sum(plog.apply_retention(now_ms) for plog in self._logs.values())
        if deleted:
            self.write_checkpoints()
        return deleted

    def run_cleaner(self, now_ms: int, *, force: bool = False) -> dict[tuple[str, int], CleanerStats]:
        """Compact each `compact` log whose dirty ratio reached `min.cleanable.dirty.ratio`."""
        out: dict[tuple[str, int], CleanerStats] = {}
        for key, plog in self._logs.items():
            if plog.config.compact and (force or self.cleaner.needs_cleaning(plog)):
                out[key] = self.cleaner.clean(plog, now_ms)
        if out:
            self.write_checkpoints()
        return out

    def write_checkpoints(self) -> None:
        write_offset_checkpoint(
            self.data_dir / RECOVERY_POINT_FILE, {k: v.recovery_point for k, v in self._logs.items()}
        )
        self.write_log_start_checkpoint()
        write_offset_checkpoint(
            self.data_dir / CLEANER_OFFSET_FILE,
            {k: v.cleaner_checkpoint for k, v in self._logs.items() if v.config.compact},
        )

    def write_log_start_checkpoint(self) -> None:
        write_offset_checkpoint(
            self.data_dir / LOG_START_OFFSET_FILE, {k: v.log_start_offset for k, v in self._logs.items()}
        )

    def close(self) -> None:
        """Flush everything, write checkpoints, then the clean-shutdown marker (last: it vouches for all)."""
        if self._closed:
            return
        self._closed = True
        unflushed = 0
        for plog in self._logs.values():
            try:
                plog.close()
            except OSError as exc:
                unflushed += 1
                log.error("log.close_flush_failed", topic=plog.topic, partition=plog.partition, errno=exc.errno,
                          error=exc.strerror or str(exc))
        try:
            self.write_checkpoints()
            if not unflushed:
                write_atomic(self.data_dir / CLEAN_SHUTDOWN_FILE, b'{"version":0,"brokerEpoch":-1}')
        except OSError as exc:
            unflushed += 1
            log.error("checkpoints.write_failed", errno=exc.errno, error=exc.strerror or str(exc))
        if unflushed:
            # No clean-shutdown marker: the next start recovers the unflushed tails, as after a crash.
            log.error("shutdown not clean: the disk refused a flush or checkpoint", data_dir=str(self.data_dir))
        if self._lock is not None:
            self._lock.release()
