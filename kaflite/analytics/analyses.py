"""The analyses as pure DataFrame → DataFrame functions (no I/O), so they compose and test in isolation.

Inputs are the data sources' DataFrames: `commits` (kaflite-offsets, kind=commits), `groups`
(kaflite-offsets, kind=groups), `batches` (kaflite-logend, level=batch) and `txn_log`
(kaflite-transactions). Every function documents its output columns; times are Spark timestamps (UTC).
"""

from __future__ import annotations

from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F

from kaflite.coordinator.consumer.records import HISTORY_EVENTS


def _commit_time() -> Column:
    # the client's commit time as the coordinator stamped it; the log append time if absent
    return F.coalesce(F.col("commit_timestamp"), F.col("log_timestamp"))


def commit_history(commits: DataFrame) -> DataFrame:
    """Each offset commit (tombstones dropped) with what changed since the previous one.

    Columns: group, topic, partition, commit_time, offset, previous_offset, offset_delta,
    seconds_since_previous, leader_epoch, metadata, log_partition, log_offset.
    """
    w = Window.partitionBy("group", "topic", "partition").orderBy("log_partition", "log_offset")
    c = commits.where(~F.col("tombstone")).select(
        "group", "topic", "partition", _commit_time().alias("commit_time"), "offset", "leader_epoch", "metadata",
        "log_partition", "log_offset",
    )
    prev_t = F.lag("commit_time").over(w)
    return c.select(
        "group", "topic", "partition", "commit_time", "offset",
        F.lag("offset").over(w).alias("previous_offset"),
        (F.col("offset") - F.lag("offset").over(w)).alias("offset_delta"),
        ((F.unix_micros("commit_time") - F.unix_micros(prev_t)) / 1e6).alias("seconds_since_previous"),
        "leader_epoch", "metadata", "log_partition", "log_offset",
    )


def lag_over_time(commits: DataFrame, batches: DataFrame) -> DataFrame:
    """Consumer lag at every commit: the partition's log-end offset at commit time minus the committed offset.

    The log end at time t is the largest `next_offset` of the partition's batches whose max timestamp is
    <= t (one sort per topic-partition instead of a range join). With CreateTime timestamps this is as good
    as the producers' clocks; lag is clamped at 0.
    Columns: group, topic, partition, commit_time, committed_offset, log_end_offset, lag.
    """
    ev_batches = batches.where(~F.col("is_control")).select(
        "topic", "partition", F.col("max_timestamp").alias("t"), F.lit(0).alias("kind"),
        F.col("next_offset"), F.lit(None).cast("string").alias("group"), F.lit(None).cast("long").alias("offset"),
    )
    ev_commits = commits.where(~F.col("tombstone")).select(
        "topic", "partition", _commit_time().alias("t"), F.lit(1).alias("kind"),
        F.lit(None).cast("long").alias("next_offset"), "group", "offset",
    )
    w = (Window.partitionBy("topic", "partition").orderBy("t", "kind")
         .rowsBetween(Window.unboundedPreceding, Window.currentRow))
    ev = ev_batches.unionByName(ev_commits).withColumn("log_end_offset", F.max("next_offset").over(w))
    return ev.where(F.col("kind") == 1).select(
        "group", "topic", "partition", F.col("t").alias("commit_time"), F.col("offset").alias("committed_offset"),
        "log_end_offset",
        F.greatest(F.col("log_end_offset") - F.col("offset"), F.lit(0)).alias("lag"),
    )


def lag_by_group(lag: DataFrame, bucket_seconds: float = 1.0) -> DataFrame:
    """Lag per group per time bucket, from the last commit of each partition within the bucket.

    Columns: group, bucket_start, total_lag (sum over the partitions committed in the bucket),
    max_partition_lag, partitions.
    """
    bucket = _bucket("commit_time", bucket_seconds)
    last = (lag.withColumn("bucket_start", bucket)
            .groupBy("group", "topic", "partition", "bucket_start")
            .agg(F.max_by("lag", "commit_time").alias("lag")))
    return last.groupBy("group", "bucket_start").agg(
        F.sum("lag").alias("total_lag"), F.max("lag").alias("max_partition_lag"),
        F.count(F.lit(1)).alias("partitions"),
    )


def generation_timeline(groups: DataFrame) -> DataFrame:
    """One row per generation of each group (its first group-metadata record), i.e. each rebalance.

    Columns: group, generation, time, protocol_type, protocol, leader, members (count), member_ids,
    joined (member ids new in this generation), left (gone since the previous one),
    seconds_since_previous (time between generations), log_offset.
    """
    first = Window.partitionBy("group", "generation").orderBy("log_partition", "log_offset")
    g = (groups.where(~F.col("tombstone") & F.col("generation").isNotNull())
         .withColumn("_rn", F.row_number().over(first)).where(F.col("_rn") == 1)
         .select("group", "generation", F.coalesce("current_state_timestamp", "log_timestamp").alias("time"),
                 "protocol_type", "protocol", "leader",
                 F.coalesce(F.transform("members", lambda m: m["member_id"]), F.array().cast("array<string>"))
                 .alias("member_ids"), "log_offset"))
    w = Window.partitionBy("group").orderBy("generation")
    prev_ids = F.coalesce(F.lag("member_ids").over(w), F.array().cast("array<string>"))
    prev_t = F.lag("time").over(w)
    return g.select(
        "group", "generation", "time", "protocol_type", "protocol", "leader",
        F.size("member_ids").alias("members"), "member_ids",
        F.array_except("member_ids", prev_ids).alias("joined"),
        F.array_except(prev_ids, "member_ids").alias("left"),
        ((F.unix_micros("time") - F.unix_micros(prev_t)) / 1e6).alias("seconds_since_previous"),
        "log_offset",
    )


def member_churn(groups: DataFrame, timeline: DataFrame | None = None) -> DataFrame:
    """Each member's span in its group: when it joined and left, and how many generations it lived through.

    Columns: group, member_id, client_id, client_host, group_instance_id, first_generation,
    last_generation, generations, joined_at, left_at (null while still a member), left_generation.
    """
    tl = timeline if timeline is not None else generation_timeline(groups)
    first = Window.partitionBy("group", "generation").orderBy("log_partition", "log_offset")
    members = (groups.where(~F.col("tombstone") & F.col("generation").isNotNull())
               .withColumn("_rn", F.row_number().over(first)).where(F.col("_rn") == 1)
               .select("group", "generation", F.coalesce("current_state_timestamp", "log_timestamp").alias("time"),
                       F.explode("members").alias("m")))
    spans = members.groupBy("group", F.col("m.member_id").alias("member_id")).agg(
        F.first("m.client_id").alias("client_id"), F.first("m.client_host").alias("client_host"),
        F.first("m.group_instance_id").alias("group_instance_id"),
        F.min("generation").alias("first_generation"), F.max("generation").alias("last_generation"),
        F.count(F.lit(1)).alias("generations"), F.min("time").alias("joined_at"),
    )
    lefts = (tl.select("group", F.explode("left").alias("member_id"), "time", "generation")
             .groupBy("group", "member_id")
             .agg(F.max("time").alias("left_at"), F.max("generation").alias("left_generation")))
    return spans.join(lefts, ["group", "member_id"], "left")


def churn_summary(timeline: DataFrame) -> DataFrame:
    """Per group: rebalances, members joined/left over all generations, current members, mean gap.

    Columns: group, generations, first_generation, last_generation, members_joined, members_left,
    current_members, mean_seconds_between_generations, first_time, last_time.
    """
    w = Window.partitionBy("group").orderBy(F.col("generation").desc())
    last = timeline.withColumn("_rn", F.row_number().over(w)).where(F.col("_rn") == 1).select(
        "group", F.col("members").alias("current_members"))
    agg = timeline.groupBy("group").agg(
        F.count(F.lit(1)).alias("generations"), F.min("generation").alias("first_generation"),
        F.max("generation").alias("last_generation"), F.sum(F.size("joined")).alias("members_joined"),
        F.sum(F.size("left")).alias("members_left"),
        F.avg("seconds_since_previous").alias("mean_seconds_between_generations"),
        F.min("time").alias("first_time"), F.max("time").alias("last_time"),
    )
    return agg.join(last, "group")


def _bucket(col: str, bucket_seconds: float) -> Column:
    ms = max(1, int(bucket_seconds * 1000))
    return F.timestamp_millis(F.floor(F.unix_millis(col) / ms) * ms)


def commit_rate(commits: DataFrame, bucket_seconds: float = 1.0) -> DataFrame:
    """Offset commits per group per time bucket (one partition's offset = one commit; tombstones dropped).

    Columns: group, bucket_start, commits, partitions (distinct topic-partitions), commits_per_second.
    """
    c = (commits.where(~F.col("tombstone")).withColumn("commit_time", _commit_time())
         .withColumn("bucket_start", _bucket("commit_time", bucket_seconds)))
    return c.groupBy("group", "bucket_start").agg(
        F.count(F.lit(1)).alias("commits"),
        F.countDistinct("topic", "partition").alias("partitions"),
    ).withColumn("commits_per_second", F.col("commits") / F.lit(bucket_seconds))


def records_summary(records: DataFrame) -> DataFrame:
    """Per topic-partition totals from a full `kaflite-log` scan.

    Columns: topic, partition, records, first_offset, last_offset, first_timestamp, last_timestamp,
    key_bytes, value_bytes, null_values (tombstones), codecs.
    """
    return records.groupBy("topic", "partition").agg(
        F.count(F.lit(1)).alias("records"), F.min("offset").alias("first_offset"),
        F.max("offset").alias("last_offset"), F.min("timestamp").alias("first_timestamp"),
        F.max("timestamp").alias("last_timestamp"),
        F.coalesce(F.sum(F.length("key")), F.lit(0)).alias("key_bytes"),
        F.coalesce(F.sum(F.length("value")), F.lit(0)).alias("value_bytes"),
        F.sum(F.when(F.col("value").isNull(), 1).otherwise(0)).alias("null_values"),
        F.array_sort(F.collect_set("compression")).alias("codecs"),
    )


# -------------------------------------------------------------------------------------------------------
# KIP-848 consumer groups (kaflite-offsets, kind=consumer_groups)



def _tps(col: str) -> Column:
    """[{topic, topic_id, partition}] -> ["topic-partition", ...] (readable in a table and a plot)."""
    return F.transform(col, lambda tp: F.concat_ws("-", tp["topic"], tp["partition"].cast("string")))


def consumer_group_timeline(records: DataFrame) -> DataFrame:
    """Every consumer-group record as an event of its group, in log order, with the epochs in force.

    `event`: group-epoch (3: the group epoch went up), member-joined / member-updated / member-left
    (5 / 5T: a member's first subscription record, a later one, its removal), target-assignment (6:
    the target assignment reached `assignment_epoch`), member-target (7), member-assignment (8: the
    member's epoch and state as it reconciles), regex-resolved / regex-removed (16 / 16T),
    group-deleted (3T) and the other tombstones. `group_epoch` and `assignment_epoch` are the latest
    written at or before the event; `next_group_epoch` the epoch bump the event leads to (a join or a
    leave is written just before its bump).
    Columns: group, time, log_partition, log_offset, record_type, event, member_id, group_epoch,
    assignment_epoch, next_group_epoch, member_epoch, previous_member_epoch, member_state, assigned,
    pending_revocation, target (as "topic-partition" strings), subscribed_topic_names,
    subscribed_topic_regex, client_id, regex, regex_topics.
    """
    order = ["log_partition", "log_offset"]
    upto = Window.partitionBy("group").orderBy(*order).rowsBetween(Window.unboundedPreceding, Window.currentRow)
    after = Window.partitionBy("group").orderBy(*order).rowsBetween(Window.currentRow, Window.unboundedFollowing)
    per_member = Window.partitionBy("group", "member_id", "record_type").orderBy(*order)
    event = F.lit(None).cast("string")
    for record_type, (live, tomb) in HISTORY_EVENTS.items():
        event = F.when(F.col("record_type") == record_type,
                       F.when(F.col("tombstone"), F.lit(tomb)).otherwise(F.lit(live))).otherwise(event)
    prev_tomb = F.lag("tombstone").over(per_member)
    joined = (F.col("record_type") == 5) & ~F.col("tombstone") & (prev_tomb.isNull() | prev_tomb)
    epoch_bump = F.when((F.col("record_type") == 3) & ~F.col("tombstone"), F.col("group_epoch"))
    return records.select(
        "group", F.col("log_timestamp").alias("time"), "log_partition", "log_offset", "record_type",
        F.when(joined, F.lit("member-joined")).otherwise(F.coalesce(event, F.col("record"))).alias("event"),
        "member_id",
        F.last(epoch_bump, ignorenulls=True).over(upto).alias("group_epoch"),
        F.last(F.when(~F.col("tombstone"), F.col("assignment_epoch")), ignorenulls=True).over(upto)
        .alias("assignment_epoch"),
        F.first(epoch_bump, ignorenulls=True).over(after).alias("next_group_epoch"),
        "member_epoch", "previous_member_epoch", "member_state",
        _tps("assigned").alias("assigned"), _tps("pending_revocation").alias("pending_revocation"),
        _tps("target").alias("target"), "subscribed_topic_names", "subscribed_topic_regex", "client_id",
        "regex", "regex_topics",
    )


def consumer_group_epochs(timeline: DataFrame) -> DataFrame:
    """One row per group epoch of each consumer group: what bumped it and how long the group took to
    get there (the consumer-group counterpart of `generation_timeline`).

    `joined`/`left`: members whose join/leave was written since the previous bump (a fence and a
    session timeout are leaves); `members`: members after the bump; `seconds_to_target`: until the
    target assignment reached this epoch (record 6); `members_reconciled` / `seconds_to_reconcile`:
    members whose assignment (8) reached this epoch in state STABLE, and when the last of them did.
    Columns: group, group_epoch, time, members, joined, left, assignment_time, seconds_to_target,
    members_reconciled, reconciled_time, seconds_to_reconcile, seconds_since_previous, log_offset.
    """
    bumps = timeline.where(F.col("event") == "group-epoch").select(
        "group", "group_epoch", "time", "log_offset")
    upto = Window.partitionBy("group").orderBy("log_partition", "log_offset").rowsBetween(
        Window.unboundedPreceding, Window.currentRow)
    counted = timeline.withColumn("_members", F.sum(
        F.when(F.col("event") == "member-joined", 1).when(F.col("event") == "member-left", -1).otherwise(0)
    ).over(upto))
    members = counted.where(F.col("event") == "group-epoch").select("group", "group_epoch", "log_offset",
                                                                   F.col("_members").alias("members"))
    changes = timeline.where(F.col("event").isin("member-joined", "member-left")).groupBy(
        "group", F.col("next_group_epoch").alias("group_epoch")).agg(
        F.array_sort(F.collect_set(F.when(F.col("event") == "member-joined", F.col("member_id")))).alias("joined"),
        F.array_sort(F.collect_set(F.when(F.col("event") == "member-left", F.col("member_id")))).alias("left"))
    targets = timeline.where(F.col("event") == "target-assignment").groupBy(
        "group", F.col("assignment_epoch").alias("group_epoch")).agg(F.min("time").alias("assignment_time"))
    reconciled = timeline.where((F.col("event") == "member-assignment") & (F.col("member_state") == "STABLE")).groupBy(
        "group", F.col("member_epoch").alias("group_epoch")).agg(
        F.countDistinct("member_id").alias("members_reconciled"), F.max("time").alias("reconciled_time"))
    w = Window.partitionBy("group").orderBy("group_epoch")
    out = (bumps.join(members, ["group", "group_epoch", "log_offset"], "left")
           .join(changes, ["group", "group_epoch"], "left")
           .join(targets, ["group", "group_epoch"], "left")
           .join(reconciled, ["group", "group_epoch"], "left"))
    empty = F.array().cast("array<string>")

    def secs(a: str, b: Column | str) -> Column:
        return (F.unix_micros(F.col(a)) - F.unix_micros(b if isinstance(b, Column) else F.col(b))) / 1e6

    return out.select(
        "group", "group_epoch", "time", F.coalesce("members", F.lit(0)).alias("members"),
        F.coalesce("joined", empty).alias("joined"), F.coalesce("left", empty).alias("left"),
        "assignment_time", secs("assignment_time", "time").alias("seconds_to_target"),
        F.coalesce("members_reconciled", F.lit(0)).alias("members_reconciled"), "reconciled_time",
        secs("reconciled_time", "time").alias("seconds_to_reconcile"),
        secs("time", F.lag("time").over(w)).alias("seconds_since_previous"), "log_offset",
    )


# -------------------------------------------------------------------------------------------------------
# Transactions: markers and transactional batches of the data partitions (kaflite-logend, level=batch) and
# the coordinator's `__transaction_state` (kaflite-transactions)


def transaction_state_timeline(txn_log: DataFrame) -> DataFrame:
    """Each `__transaction_state` record as a state transition of its transactional id, in log order (an id
    lives in one partition of the topic). `time` is the coordinator's last-update time (the record's
    append time if absent); a tombstone is the id's expiry (state Dead).
    Columns: transactional_id, time, state, previous_state, producer_id, producer_epoch, partitions
    ("topic-partition"), transaction_start_time, seconds_since_previous, timeout_ms, log_partition, log_offset.
    """
    w = Window.partitionBy("transactional_id").orderBy("log_partition", "log_offset")
    t = txn_log.withColumn("time", F.coalesce("last_update_timestamp", "log_timestamp"))
    return t.select(
        "transactional_id", "time", "state", F.lag("state").over(w).alias("previous_state"), "producer_id",
        "producer_epoch", _tps("partitions").alias("partitions"),
        F.col("start_timestamp").alias("transaction_start_time"),
        ((F.unix_micros("time") - F.unix_micros(F.lag("time").over(w))) / 1e6).alias("seconds_since_previous"),
        "timeout_ms", "log_partition", "log_offset",
    )


def transactional_ids(txn_log: DataFrame) -> DataFrame:
    """Which transactional id a producer id belongs to (the latest record naming it: under TV1 a producer
    id is one transactional id's until its epoch runs out). Columns: producer_id, transactional_id."""
    return (txn_log.where(~F.col("tombstone") & (F.col("producer_id") >= 0))
            .groupBy("producer_id").agg(F.max_by("transactional_id", "log_timestamp").alias("transactional_id")))


def partition_transactions(batches: DataFrame, txn_log: DataFrame | None = None) -> DataFrame:
    """Each transaction on each data partition: a producer's transactional batches after its previous
    marker there, up to the COMMIT or ABORT marker that closes them (`outcome` OPEN while none has).
    A marker that closes nothing on the partition is a row with no records. `seconds` runs from the first
    batch's base timestamp (the producer's clock with CreateTime) to the marker's (the broker's);
    `producer_epoch` is the first batch's, `marker_producer_epoch` the marker's (higher after a fence).
    `transactional_id` comes from `__transaction_state` (null without it, or for an expired id).
    Columns: topic, partition, transactional_id, producer_id, producer_epoch, marker_producer_epoch, outcome,
    first_offset, last_offset, marker_offset, first_time, marker_time, seconds, batches, records, bytes,
    coordinator_epoch.
    """
    is_marker = F.col("control_type").isNotNull()
    data = ~F.col("is_control")
    before = (Window.partitionBy("topic", "partition", "producer_id").orderBy("base_offset")
              .rowsBetween(Window.unboundedPreceding, -1))
    tx = (batches.where(F.col("is_transactional") & (F.col("producer_id") >= 0) & (data | is_marker))
          .withColumn("_txn", F.coalesce(F.sum(is_marker.cast("int")).over(before), F.lit(0))))

    def of_data(col: str) -> Column:
        return F.when(data, F.col(col))

    def of_marker(col: str) -> Column:
        return F.when(is_marker, F.col(col))

    g = tx.groupBy("topic", "partition", "producer_id", "_txn").agg(
        F.min(of_data("producer_epoch")).alias("producer_epoch"),
        F.max(of_marker("producer_epoch")).alias("marker_producer_epoch"),
        F.coalesce(F.max(of_marker("control_type")), F.lit("OPEN")).alias("outcome"),
        F.min(of_data("base_offset")).alias("first_offset"), F.max(of_data("last_offset")).alias("last_offset"),
        F.max(of_marker("base_offset")).alias("marker_offset"),
        F.min(of_data("base_timestamp")).alias("first_time"), F.max(of_marker("max_timestamp")).alias("marker_time"),
        F.count(of_data("base_offset")).alias("batches"),
        F.coalesce(F.sum(of_data("records")), F.lit(0)).cast("long").alias("records"),
        F.coalesce(F.sum(of_data("size_bytes")), F.lit(0)).cast("long").alias("bytes"),
        F.max(of_marker("coordinator_epoch")).alias("coordinator_epoch"),
    )
    if txn_log is not None:
        g = g.join(transactional_ids(txn_log), "producer_id", "left")
    else:
        g = g.withColumn("transactional_id", F.lit(None).cast("string"))
    return g.select(
        "topic", "partition", "transactional_id", "producer_id",
        F.coalesce("producer_epoch", "marker_producer_epoch").alias("producer_epoch"), "marker_producer_epoch",
        "outcome", "first_offset", "last_offset", "marker_offset", "first_time", "marker_time",
        ((F.unix_micros("marker_time") - F.unix_micros("first_time")) / 1e6).alias("seconds"),
        "batches", "records", "bytes", "coordinator_epoch",
    )


def transaction_summary(transactions: DataFrame, timeline: DataFrame | None = None) -> DataFrame:
    """Per transactional id (per producer id where it has none): whole transactions committed and aborted
    (the coordinator's CompleteCommit / CompleteAbort records; null without `__transaction_state`), and
    from the data partitions: partition transactions, open ones, records committed and aborted, bytes
    aborted (what read_committed consumers fetch and drop), mean and longest duration.
    Columns: transactional_id, producer_ids, committed, aborted, partition_transactions, open,
    records_committed, records_aborted, bytes_aborted, mean_seconds, max_seconds, first_time, last_time.
    """
    key = F.coalesce(F.col("transactional_id"), F.concat(F.lit("producer "), F.col("producer_id").cast("string")))

    def when_outcome(outcome: str, col: str) -> Column:
        return F.when(F.col("outcome") == outcome, F.col(col)).otherwise(0)

    s = transactions.withColumn("_key", key).groupBy("_key").agg(
        F.first("transactional_id", ignorenulls=True).alias("transactional_id"),
        F.array_sort(F.collect_set("producer_id")).alias("producer_ids"),
        F.count(F.lit(1)).alias("partition_transactions"),
        F.sum((F.col("outcome") == "OPEN").cast("int")).alias("open"),
        F.sum(when_outcome("COMMIT", "records")).alias("records_committed"),
        F.sum(when_outcome("ABORT", "records")).alias("records_aborted"),
        F.sum(when_outcome("ABORT", "bytes")).alias("bytes_aborted"),
        F.avg("seconds").alias("mean_seconds"), F.max("seconds").alias("max_seconds"),
        F.min("first_time").alias("first_time"),
        F.greatest(F.max("marker_time"), F.max("first_time")).alias("last_time"),
    )
    if timeline is not None:
        done = timeline.groupBy("transactional_id").agg(
            F.sum((F.col("state") == "CompleteCommit").cast("int")).alias("committed"),
            F.sum((F.col("state") == "CompleteAbort").cast("int")).alias("aborted"))
        s = s.join(done, "transactional_id", "left")
    else:
        s = s.withColumn("committed", F.lit(None).cast("long")).withColumn("aborted", F.lit(None).cast("long"))
    return s.select(
        "transactional_id", "producer_ids", "committed", "aborted", "partition_transactions", "open",
        "records_committed", "records_aborted", "bytes_aborted", "mean_seconds", "max_seconds", "first_time",
        "last_time",
    )
