"""``kaflite consume`` / ``kaflite produce``: kcat's quick use (-t -p -o -c -e -K -f) over Fetch and Produce.

No consumer group: like ``kcat -C``, the consumer reads the partitions it is given from the offsets it is
given and commits nothing, so looking at a topic never disturbs the groups that read it.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from typing import Any, TextIO

from kaflite.protocol.messages import FetchRequest, ProduceRequest
from kaflite.protocol.records import (
    HEADER_SIZE,
    LOG_OVERHEAD,
    NewRecord,
    Record,
    build_batch,
    decode_records,
    read_header,
)
from kaflite.tools import admin
from kaflite.tools.client import KafkaError, UsageError, client_for
from kaflite.tools.output import dump_json

READ_COMMITTED = 1
BATCH_RECORDS = 1000  # per batch: well under Kafka's default max.message.bytes (1 MiB) for ordinary lines
BATCH_BYTES = 256 * 1024


def _text(b: bytes | None) -> str:
    return "" if b is None else b.decode("utf-8", "replace")


def _json_bytes(b: bytes | None) -> str | None:
    """JSON keeps text as text; bytes that are not UTF-8 go as base64 with a ``base64:`` prefix."""
    if b is None:
        return None
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        return "base64:" + base64.b64encode(b).decode()


def format_record(fmt: str, topic: str, partition: int, r: Record) -> str:
    """kcat's -f tokens: %t topic, %p partition, %o offset, %k key, %s value, %T timestamp, %h headers,
    %K key length, %S value length, %% percent, \\n \\t escapes."""
    out: list[str] = []
    i = 0
    while i < len(fmt):
        c = fmt[i]
        if c == "\\" and i + 1 < len(fmt):
            out.append({"n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(fmt[i + 1], fmt[i + 1]))
            i += 2
            continue
        if c == "%" and i + 1 < len(fmt):
            t = fmt[i + 1]
            i += 2
            if t == "t":
                out.append(topic)
            elif t == "p":
                out.append(str(partition))
            elif t == "o":
                out.append(str(r.offset))
            elif t == "k":
                out.append(_text(r.key))
            elif t == "s":
                out.append(_text(r.value))
            elif t == "T":
                out.append(str(r.timestamp))
            elif t == "K":
                out.append(str(-1 if r.key is None else len(r.key)))
            elif t == "S":
                out.append(str(-1 if r.value is None else len(r.value)))
            elif t == "h":
                out.append(",".join(f"{k}={_text(v)}" for k, v in r.headers))
            else:
                out.append("%" + t)
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _records(blob: memoryview, fetch_offset: int, aborted: list[tuple[int, int]]) -> tuple[list[Record], int]:
    """The records of the whole batches of a fetched blob, and the offset after the last whole batch.

    read_committed as Kafka's consumer does it: a transactional batch of a producer listed in the response's
    aborted transactions (from its first offset on) is dropped, until that producer's marker; control batches
    (the markers) are never shown but are stepped over. A partial batch at the end (a fetch cut at max bytes)
    is left for the next fetch."""
    pending = sorted(aborted, key=lambda a: a[1])
    active: set[int] = set()
    out: list[Record] = []
    pos, end, next_offset = 0, len(blob), fetch_offset
    while end - pos >= HEADER_SIZE:
        h = read_header(blob, pos)
        size = h.batch_length + LOG_OVERHEAD
        if pos + size > end:
            break
        while pending and pending[0][1] <= h.last_offset:
            active.add(pending.pop(0)[0])
        if h.is_control:
            active.discard(h.producer_id)
        elif not (h.is_transactional and h.producer_id in active):
            out += [r for r in decode_records(blob[pos:pos + size]) if r.offset >= fetch_offset]
        next_offset = max(next_offset, h.last_offset + 1)
        pos += size
    return out, next_offset


def _start_offset(spec: str, earliest: int, latest: int) -> int:
    """-o: beginning | end | N (absolute) | -N (N from the end), as kcat."""
    if spec in ("beginning", "earliest"):
        return earliest
    if spec in ("end", "latest"):
        return latest
    try:
        n = int(spec)
    except ValueError:
        raise UsageError(f"invalid offset {spec!r}: beginning, end, N or -N") from None
    return max(earliest, latest + n) if n < 0 else n


def run_consume(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    fmt = args.format or ("%k" + args.key_delimiter + "%s\\n" if args.key_delimiter else "%s\\n")
    _start_offset(args.offset, 0, 0)  # a malformed -o is bad usage, found before any request
    with client_for(args) as client:
        topic = client.topic_partitions([args.topic])[args.topic]
        parts = [args.partition] if args.partition is not None else sorted(topic.partitions)
        tps = [(args.topic, p) for p in parts]
        earliest = admin.offsets_or_fail(client, dict.fromkeys(tps, admin.EARLIEST))
        latest = admin.offsets_or_fail(client, dict.fromkeys(tps, admin.LATEST))
        position = {tp: _start_offset(args.offset, earliest[tp], latest[tp]) for tp in tps}
        at_end: set[tuple[str, int]] = set()
        count = 0
        docs: list[dict[str, Any]] = []
        deadline = None if args.timeout is None else time.monotonic() + args.timeout
        while True:
            by_leader = client.leaders(tps)
            progressed = False
            for leader, pairs in by_leader.items():
                fp = FetchRequest.FetchPartition
                req = FetchRequest(replica_id=-1, max_wait_ms=200 if not args.exit else 0, min_bytes=1,
                                   max_bytes=args.max_bytes, isolation_level=READ_COMMITTED,
                                   topics=[FetchRequest.FetchTopic(topic=args.topic, partitions=[
                                       fp(partition=p, fetch_offset=position[(t, p)],
                                          partition_max_bytes=args.max_bytes) for t, p in pairs])])
                resp = client.send(req, node=leader)
                if resp.error_code:
                    raise KafkaError(resp.error_code, "Fetch")
                for t in resp.responses:
                    for pd in t.partitions:
                        tp = (args.topic, pd.partition_index)
                        if pd.error_code:
                            raise KafkaError(pd.error_code, f"Fetch of {tp[0]}-{tp[1]}")
                        aborted = [(a.producer_id, a.first_offset) for a in pd.aborted_transactions or []]
                        records, next_offset = _records(memoryview(pd.records or b""), position[tp], aborted)
                        if next_offset > position[tp]:
                            progressed = True
                        for r in records:
                            if args.json:
                                doc = {"topic": tp[0], "partition": tp[1], "offset": r.offset,
                                       "timestamp": r.timestamp, "key": _json_bytes(r.key),
                                       "value": _json_bytes(r.value),
                                       "headers": [[k, _json_bytes(v)] for k, v in r.headers]}
                                if args.json_array:
                                    docs.append(doc)
                                else:
                                    out.write(json.dumps(doc) + "\n")
                            else:
                                out.write(format_record(fmt, tp[0], tp[1], r))
                            count += 1
                            if args.count is not None and count >= args.count:
                                return _finish(docs, args, out)
                        position[tp] = max(position[tp], next_offset)
                        end = pd.last_stable_offset if pd.last_stable_offset >= 0 else pd.high_watermark
                        if position[tp] >= end:
                            if tp not in at_end and not args.quiet:
                                err.write(f"% Reached end of topic {tp[0]} [{tp[1]}] at offset {position[tp]}\n")
                            at_end.add(tp)
                        else:
                            at_end.discard(tp)
            out.flush()
            if args.exit and len(at_end) == len(tps):
                return _finish(docs, args, out)
            if deadline is not None and time.monotonic() > deadline:
                return _finish(docs, args, out)
            if not progressed and args.exit:
                time.sleep(0.05)


def _finish(docs: list[dict[str, Any]], args: argparse.Namespace, out: TextIO) -> int:
    if args.json and args.json_array:
        dump_json(docs, out)
    out.flush()
    return 0


# -- produce ----------------------------------------------------------------------------------------------


def murmur2(data: bytes) -> int:
    """Kafka's default partitioner hash (Utils.murmur2), so keyed records land where Kafka's clients put them."""
    length = len(data)
    m, r = 0x5BD1E995, 24
    h = (0x9747B28C ^ length) & 0xFFFFFFFF
    for i in range(length // 4):
        k = int.from_bytes(data[i * 4:i * 4 + 4], "little")
        k = (k * m) & 0xFFFFFFFF
        k ^= k >> r
        k = (k * m) & 0xFFFFFFFF
        h = ((h * m) & 0xFFFFFFFF) ^ k
    rest = length % 4
    tail = length - rest
    if rest == 3:
        h ^= data[tail + 2] << 16
    if rest >= 2:
        h ^= data[tail + 1] << 8
    if rest >= 1:
        h ^= data[tail]
        h = (h * m) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * m) & 0xFFFFFFFF
    h ^= h >> 15
    return h


def partition_for(key: bytes | None, partitions: int, counter: int) -> int:
    if key is None:
        return counter % partitions
    return (murmur2(key) & 0x7FFFFFFF) % partitions


def run_produce(args: argparse.Namespace, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout,
                err: TextIO = sys.stderr) -> int:
    """Lines are read to the end of stdin, then sent in rounds of one batch per partition (Kafka takes one
    batch per partition per request), each batch at most BATCH_RECORDS records or BATCH_BYTES bytes."""
    headers = []
    for h in args.header or []:
        k, _, v = h.partition("=")
        headers.append((k, v.encode()))
    produced = 0
    results: dict[int, dict[str, Any]] = {}
    with client_for(args) as client:
        topic = client.topic_for_produce(args.topic)
        n = len(topic.partitions)
        pending: dict[int, list[NewRecord]] = {}
        pending_bytes: dict[int, int] = {}

        def flush(partitions: list[int]) -> None:
            now = int(time.time() * 1000)
            for leader, pairs in client.leaders([(args.topic, p) for p in partitions]).items():
                pd = ProduceRequest.PartitionProduceData
                data = [pd(index=p, records=build_batch(pending[p], timestamp_ms=now)) for _, p in pairs]
                req = ProduceRequest(acks=args.acks, timeout_ms=int(args.timeout_ms), topic_data=[
                    ProduceRequest.TopicProduceData(name=args.topic, partition_data=data)])
                resp = client.send(req, node=leader)
                for t in resp.responses:
                    for pr in t.partition_responses:
                        if pr.error_code:
                            raise KafkaError(pr.error_code, f"Produce to {args.topic}-{pr.index}", pr.error_message)
                        r = results.setdefault(pr.index, {"topic": args.topic, "partition": pr.index,
                                                          "base_offset": pr.base_offset, "count": 0})
                        r["count"] += len(pending[pr.index])
            for p in partitions:
                pending.pop(p, None)
                pending_bytes.pop(p, None)

        for i, raw in enumerate(stdin):
            line = raw.rstrip("\n").removesuffix("\r")
            if not line and not args.allow_empty:
                continue
            key: bytes | None = None
            value: bytes | None = line.encode()
            if args.key_delimiter and args.key_delimiter in line:
                k, _, v = line.partition(args.key_delimiter)
                key, value = k.encode(), (None if not v and args.null_empty else v.encode())
            p = args.partition if args.partition is not None else partition_for(key, n, i)
            pending.setdefault(p, []).append(NewRecord(key, value, headers))
            pending_bytes[p] = pending_bytes.get(p, 0) + len(line) + 16
            produced += 1
            if len(pending[p]) >= BATCH_RECORDS or pending_bytes[p] >= BATCH_BYTES:
                flush([p])
        if pending:
            flush(sorted(pending))
    batches = [results[p] for p in sorted(results)]  # per partition: the first base offset and the count
    if args.json:
        dump_json({"produced": produced, "partitions": batches}, out)
    elif not args.quiet:
        for r in batches:
            err.write(f"% Produced {r['count']} record(s) to {r['topic']} [{r['partition']}] "
                      f"from offset {r['base_offset']}\n")
    return 0

