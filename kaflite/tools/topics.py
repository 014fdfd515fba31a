"""``kaflite topics`` (kafka-topics.sh) and ``kaflite offsets`` (kafka-get-offsets.sh)."""

from __future__ import annotations

import argparse
import fnmatch
import re
import sys
from typing import Any, TextIO

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    CreatePartitionsRequest,
    CreateTopicsRequest,
    DeleteTopicsRequest,
    DescribeConfigsRequest,
    IncrementalAlterConfigsRequest,
)
from kaflite.tools import admin
from kaflite.tools.client import Client, KafkaError, ToolError, Topic, UsageError, client_for
from kaflite.tools.output import dump_json, uuid_text

TOPIC_RESOURCE = 2  # ConfigResource.Type.TOPIC
DYNAMIC_TOPIC_CONFIG = 1  # DescribeConfigs' config_source for a topic's own setting
SET = 0  # IncrementalAlterConfigs' operation


def _configs(values: list[str] | None) -> dict[str, str]:
    out = {}
    for kv in values or []:
        k, sep, v = kv.partition("=")
        if not sep or not k:
            raise UsageError(f"Invalid config '{kv}': expected name=value")
        out[k.strip()] = v
    return out


def topic_configs(client: Client, topics: list[str]) -> dict[str, dict[str, str]]:
    """Each topic's own settings (not the broker defaults), as kafka-topics.sh --describe's Configs."""
    if not topics:
        return {}
    r = DescribeConfigsRequest.DescribeConfigsResource
    resp = client.send(DescribeConfigsRequest(resources=[r(resource_type=TOPIC_RESOURCE, resource_name=t,
                                                           configuration_keys=None) for t in topics]))
    out: dict[str, dict[str, str]] = {}
    for res in resp.results:
        if res.error_code:
            raise KafkaError(res.error_code, f"DescribeConfigs of {res.resource_name!r}", res.error_message)
        out[res.resource_name] = {c.name: c.value for c in res.configs
                                  if c.config_source == DYNAMIC_TOPIC_CONFIG and not c.is_sensitive
                                  and c.value is not None}
    return out


def _selected(client: Client, args: argparse.Namespace) -> dict[str, Topic]:
    topics = client.metadata(None).topics
    if args.topic:
        topics = {n: t for n, t in topics.items() if n == args.topic or fnmatch.fnmatchcase(n, args.topic)}
        if not topics and not args.if_exists:
            raise ToolError(f"Topic '{args.topic}' does not exist as expected")
    if args.exclude_internal:
        topics = {n: t for n, t in topics.items() if not t.is_internal}
    return dict(sorted(topics.items()))


def cmd_list(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    names = list(_selected(client, args))
    if args.json:
        dump_json(names, out)
    else:
        out.writelines(n + "\n" for n in names)
    return 0


def cmd_describe(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    topics = _selected(client, args)
    configs = topic_configs(client, list(topics))
    docs: list[dict[str, Any]] = []
    for name, t in topics.items():
        parts = [t.partitions[p] for p in sorted(t.partitions)]
        rf = len(parts[0].replicas) if parts else 0
        docs.append({"topic": name, "topic_id": uuid_text(t.topic_id), "partition_count": len(parts),
                     "replication_factor": rf, "is_internal": t.is_internal, "configs": configs.get(name, {}),
                     "partitions": [{"partition": p.partition, "leader": p.leader, "leader_epoch": p.leader_epoch,
                                     "replicas": p.replicas, "isr": p.isr, "offline": p.offline}
                                    for p in parts]})
    if args.json:
        dump_json(docs, out)
        return 0
    for d in docs:
        cfg = ",".join(f"{k}={v}" for k, v in sorted(d["configs"].items()))
        out.write(f"Topic: {d['topic']}\tTopicId: {d['topic_id']}\tPartitionCount: {d['partition_count']}\t"
                  f"ReplicationFactor: {d['replication_factor']}\tConfigs: {cfg}\n")
        for p in d["partitions"]:
            def ids(xs: list[int]) -> str:
                return ",".join(str(x) for x in xs)
            leader = "none" if p["leader"] < 0 else p["leader"]
            line = (f"\tTopic: {d['topic']}\tPartition: {p['partition']}\tLeader: {leader}\t"
                    f"Replicas: {ids(p['replicas'])}\tIsr: {ids(p['isr'])}")
            if p["offline"]:
                line += f"\tOffline: {ids(p['offline'])}"
            out.write(line + "\n")
    return 0


def cmd_create(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    if not args.topic:
        raise UsageError("Missing required argument \"[topic]\"")
    c = CreateTopicsRequest.CreatableTopic
    cfg = [CreateTopicsRequest.CreatableTopicConfig(name=k, value=v) for k, v in _configs(args.config).items()]
    req = CreateTopicsRequest(topics=[c(name=args.topic, num_partitions=args.partitions or -1,
                                        replication_factor=args.replication_factor or -1, assignments=[],
                                        configs=cfg)], timeout_ms=int(args.timeout_ms))
    res = client.send(req).topics[0]
    existed = res.error_code == ErrorCode.TOPIC_ALREADY_EXISTS and args.if_not_exists
    if res.error_code and not existed:
        raise KafkaError(res.error_code, f"Error while executing topic command: topic '{args.topic}'",
                         res.error_message)
    if args.json:
        dump_json({"topic": args.topic, "created": not existed,
                   "partitions": None if existed else res.num_partitions,
                   "replication_factor": None if existed else res.replication_factor}, out)
    elif not existed:  # kafka-topics.sh --if-not-exists says nothing about a topic that is there
        out.write(f"Created topic {args.topic}.\n")
    return 0


def cmd_delete(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    names = list(_selected(client, args))
    if not names:
        return 0
    def build(version: int) -> DeleteTopicsRequest:
        return DeleteTopicsRequest(topic_names=names, topics=[DeleteTopicsRequest.DeleteTopicState(name=n)
                                                              for n in names], timeout_ms=int(args.timeout_ms))
    resp, _ = client.send_versioned(build)
    errors = {r.name: r for r in resp.responses if r.error_code}
    if args.json:
        dump_json([{"topic": r.name, "error": None if not r.error_code else KafkaError(r.error_code).args[0],
                    "message": r.error_message or None} for r in resp.responses], out)
    elif errors:  # with the broker's message: an internal topic's refusal says why
        name, r = next(iter(errors.items()))
        raise KafkaError(r.error_code, f"Error while executing topic command: topic '{name}'", r.error_message)
    return 1 if errors else 0


def cmd_alter(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    configs = _configs(args.config)
    if not args.partitions and not configs:
        raise UsageError("--alter needs --partitions or --config")
    names = list(_selected(client, args))
    done: dict[str, Any] = {}
    if args.partitions:
        t = CreatePartitionsRequest.CreatePartitionsTopic
        resp = client.send(CreatePartitionsRequest(topics=[t(name=n, count=args.partitions, assignments=None)
                                                           for n in names], timeout_ms=int(args.timeout_ms)))
        for r in resp.results:
            if r.error_code:
                raise KafkaError(r.error_code, f"Error while executing topic command: topic '{r.name}'",
                                 r.error_message)
        done["partitions"] = args.partitions
    if configs:
        res, cfg = IncrementalAlterConfigsRequest.AlterConfigsResource, IncrementalAlterConfigsRequest.AlterableConfig
        resp = client.send(IncrementalAlterConfigsRequest(resources=[
            res(resource_type=TOPIC_RESOURCE, resource_name=n,
                configs=[cfg(name=k, config_operation=SET, value=v) for k, v in configs.items()]) for n in names]))
        for r in resp.responses:
            if r.error_code:
                raise KafkaError(r.error_code, f"IncrementalAlterConfigs of '{r.resource_name}'", r.error_message)
        done["configs"] = configs
    if args.json:
        dump_json({"topics": names, **done}, out)
    return 0


def run_topics(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    with client_for(args) as client:
        action = {"list": cmd_list, "describe": cmd_describe, "create": cmd_create, "delete": cmd_delete,
                  "alter": cmd_alter}[args.topics_action]
        return action(client, args, out)


# -- kaflite offsets (kafka-get-offsets.sh) ----------------------------------------------------------------

TIME_SPECS = {"earliest": admin.EARLIEST, "latest": admin.LATEST, "max-timestamp": -3}


def run_offsets(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    spec = TIME_SPECS.get(str(args.time).lower())
    if spec is None:
        try:
            spec = int(args.time)
        except ValueError:
            raise UsageError(f"--time must be earliest, latest, max-timestamp or a timestamp in ms: {args.time}") \
                from None
    with client_for(args) as client:
        meta = client.metadata(None)
        topics = {n: t for n, t in meta.topics.items() if not t.is_internal or args.topic}
        if args.topic:
            pattern = re.compile(args.topic)
            topics = {n: t for n, t in topics.items() if pattern.fullmatch(n)}
            if not topics:
                raise ToolError(f"Could not match any topic-partitions with the specified filters: {args.topic}")
        wanted = None if not args.partitions else {int(p) for p in args.partitions.split(",")}
        pairs = [(n, p) for n, t in sorted(topics.items()) for p in sorted(t.partitions)
                 if wanted is None or p in wanted]
        listed = admin.list_offsets(client, dict.fromkeys(pairs, spec)) if pairs else {}
    rows: list[dict[str, Any]] = [{"topic": t, "partition": p, "offset": listed[(t, p)].offset,
                                   "timestamp": listed[(t, p)].timestamp, "error": listed[(t, p)].error}
                                  for t, p in pairs]
    if args.json:
        dump_json(rows, out)
        return 0
    for r in rows:
        if r["error"] is None:  # Kafka prints topic:partition:offset, and an empty offset when none matches
            out.write(f"{r['topic']}:{r['partition']}:{r['offset'] if r['offset'] >= 0 else ''}\n")
    return 0
