"""KIP-848 regex subscriptions: what a group's regexes resolve to, and when they are resolved again (CG-RX-1,
CG-RX-2), as pure functions of the group and the metadata image. consumer/manager.py schedules the resolution
(Kafka's `<group>-regex` executor task) and writes its records."""

from __future__ import annotations

from collections.abc import Callable

from kaflite.coordinator.consumer import records as rec
from kaflite.coordinator.consumer.group import ConsumerGroup, ResolvedRegex
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.records import Record
from kaflite.coordinator.topic_regex import compile_topic_regex

REGEX_REFRESH = "consumer-regex-refresh"
# Kafka's REGEX_BATCH_REFRESH_INTERVAL_MS: a group's regexes are resolved at most this often, so that several
# members' new regexes lead to one rebalance.
REGEX_BATCH_REFRESH_INTERVAL_MS = 10_000


def regex_refresh_key(group_id: str) -> str:
    """Kafka's `<group>-regex` executor key: one resolution scheduled per group at a time."""
    return f"regex-refresh-{group_id}"


def resolve(regex: str, metadata: MetadataImage, may_describe: Callable[[str], bool] | None) -> frozenset[str]:
    """CG-RX-1: every topic name the regex fully matches (internal ones too) that the member whose heartbeat
    resolves it may DESCRIBE (Kafka's filterTopicDescribeAuthorizedTopics)."""
    matcher = compile_topic_regex(regex)
    return frozenset(n for n in metadata.names() if matcher(n) and (may_describe is None or may_describe(n)))


def refresh_due(group: ConsumerGroup, now: int, interval_ms: int) -> bool:
    """`group.consumer.regex.refresh.interval.ms` (`interval_ms`) passed since the group's regexes were last
    resolved: the topics they may see can have changed without a topic change (an ACL granted or removed)."""
    last = group.regex_resolved_ms
    return last is None or now - last >= interval_ms


def refresh_needed(group: ConsumerGroup, live: set[str], now: int, scheduled: bool, metadata_version: int,
                   interval_ms: int) -> bool:
    """CG-RX-2, Kafka's conditions, checked at every heartbeat: the group has regexes (`live`), no refresh is
    `scheduled`, the last one is more than REGEX_BATCH_REFRESH_INTERVAL_MS old (none counts as long ago: Kafka's
    Long.MIN_VALUE when the group has no resolved regex, e.g. after its last subscriber left), and a regex is
    unresolved or the topics changed since (or, kaflite's, `group.consumer.regex.refresh.interval.ms` passed: ACLs
    may have changed)."""
    if not live or scheduled:
        return False
    last = group.regex_resolved_ms if group.resolved_regexes else None
    if last is not None and now <= last + REGEX_BATCH_REFRESH_INTERVAL_MS:
        return False
    unresolved = any(r not in group.resolved_regexes for r in live)
    return unresolved or group.regex_version_checked != metadata_version or refresh_due(group, now, interval_ms)


def resolution_records(group: ConsumerGroup, metadata: MetadataImage, may_describe: Callable[[str], bool] | None,
                       now: int) -> tuple[dict[str, ResolvedRegex], list[Record]]:
    """Every regex the group's members still use, resolved now: the group's regexes after, and a (16) record for
    each whose topics changed (none: nothing changed)."""
    gid, version = group.group_id, metadata.version
    regexes = dict(group.resolved_regexes)
    records: list[Record] = []
    for r in sorted(group.regex_subscribers):
        topics = resolve(r, metadata, may_describe)
        resolved = regexes.get(r)
        if resolved is None or topics != resolved.topics:
            regexes[r] = ResolvedRegex(topics, version, now)
            records.append((rec.regular_expression_key(gid, r),
                            rec.regular_expression_value(sorted(topics), version, now)))
    return regexes, records
