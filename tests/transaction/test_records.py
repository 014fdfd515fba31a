"""TX-LOG-*: `__transaction_state` key/value bytes (Kafka's TransactionLogKey/Value), versions, tombstones."""

from __future__ import annotations

import pytest

from kaflite.protocol.messages import TransactionLogKey, TransactionLogValue
from kaflite.transaction.records import (
    UnknownValueVersion,
    decode_transaction_log_key,
    decode_transaction_log_value,
    partitions_of,
    transaction_log_key,
    transaction_log_value,
    transaction_state_topic_configs,
)
from kaflite.transaction.state import TransactionState

S = TransactionState


def test_tx_log_1_key_bytes() -> None:
    assert transaction_log_key("t") == b"\x00\x00" + b"\x00\x01t"
    assert decode_transaction_log_key(b"\x00\x00\x00\x02ab") == "ab"
    assert TransactionLogKey.MIN_VERSION == TransactionLogKey.MAX_VERSION == 0


def test_tx_log_1_key_of_an_unknown_version_is_not_ours() -> None:
    assert decode_transaction_log_key(b"\x00\x01\x00\x01t") is None


def test_tx_log_1_value_v0_empty_has_null_partitions() -> None:
    v = transaction_log_value(7, 0, 60_000, S.EMPTY, (), 1000, -1)
    assert v == (b"\x00\x00"  # value version 0
                 + (7).to_bytes(8, "big") + b"\x00\x00"  # producer id, epoch
                 + (60_000).to_bytes(4, "big") + b"\x00"  # timeout, status Empty
                 + b"\xff\xff\xff\xff"  # partitions null
                 + (1000).to_bytes(8, "big") + b"\xff" * 8)  # last update, start -1
    d = decode_transaction_log_value(v)
    assert d.transaction_partitions is None and d.transaction_status == 0


def test_tx_log_1_value_v0_partitions_grouped_by_topic() -> None:
    v = transaction_log_value(7, 3, 100, S.ONGOING, [("b", 1), ("a", 2), ("b", 0)], 5, 4)
    body = (b"\x00\x00" + (7).to_bytes(8, "big") + b"\x00\x03" + (100).to_bytes(4, "big") + b"\x01"
            + b"\x00\x00\x00\x02"
            + b"\x00\x01a" + b"\x00\x00\x00\x01" + b"\x00\x00\x00\x02"
            + b"\x00\x01b" + b"\x00\x00\x00\x02" + b"\x00\x00\x00\x00" + b"\x00\x00\x00\x01"
            + (5).to_bytes(8, "big") + (4).to_bytes(8, "big"))
    assert v == body
    assert partitions_of(decode_transaction_log_value(v)) == {("a", 2), ("b", 0), ("b", 1)}


def test_tx_log_1_complete_has_empty_not_null_partitions() -> None:
    d = decode_transaction_log_value(transaction_log_value(7, 0, 100, S.COMPLETE_COMMIT, (), 5, 4))
    assert d.transaction_partitions == [] and d.transaction_status == 4


def test_tx_log_1_value_v1_flexible_with_tags_is_read() -> None:
    body = (b"\x00\x01" + (9).to_bytes(8, "big") + b"\x00\x02" + (100).to_bytes(4, "big") + b"\x01"
            + b"\x02" + b"\x03t1" + b"\x02" + b"\x00\x00\x00\x00" + b"\x00"  # compact [{t1,[0]}], no tags
            + (5).to_bytes(8, "big") + (4).to_bytes(8, "big")
            + b"\x02" + b"\x00\x08" + (8).to_bytes(8, "big") + b"\x02\x02\x00\x02")  # tag 0 prev pid 8, tag 2 TV 2
    d = decode_transaction_log_value(body)
    assert (d.producer_id, d.producer_epoch, d.previous_producer_id, d.client_transaction_version) == (9, 2, 8, 2)
    assert partitions_of(d) == {("t1", 0)}
    # And our encoder writes the same bytes at v1 (tags in order, TV tag only when != 0).
    again = TransactionLogValue.decode(body[2:], 1)
    assert b"\x00\x01" + again.encode(1) == body


def test_tx_log_2_unknown_value_version_fails_loudly() -> None:
    with pytest.raises(UnknownValueVersion):
        decode_transaction_log_value(b"\x00\x05" + b"\x00" * 40)


def test_tx_sm_2_fence_and_dead_are_never_written() -> None:
    for state in (S.PREPARE_EPOCH_FENCE, S.DEAD):
        with pytest.raises(ValueError):
            transaction_log_value(7, 0, 100, state, (), 5, -1)


def test_tx_co_1_topic_configs() -> None:
    cfg = transaction_state_topic_configs()
    assert cfg["cleanup.policy"] == "compact" and cfg["compression.type"] == "uncompressed"
    assert cfg["segment.bytes"] == "104857600" and cfg["preallocate"] == "true"


@pytest.mark.parametrize("version", [0, 1])
@pytest.mark.parametrize("state", [s for s in S if s not in (S.DEAD, S.PREPARE_EPOCH_FENCE)])
def test_tx_log_1_round_trip(state: TransactionState, version: int) -> None:
    parts = [] if state in (S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT) else [("a", 0), ("b", 7)]
    v = transaction_log_value(2**40, 32766, 900_000, state, parts, 1_700_000_000_000, 1_699_999_999_000, version)
    assert int.from_bytes(v[:2], "big") == version
    d = decode_transaction_log_value(v)
    assert (d.producer_id, d.producer_epoch, d.transaction_timeout_ms, d.transaction_status) == (
        2**40, 32766, 900_000, state.id)
    assert partitions_of(d) == set(parts)
    assert (d.transaction_last_update_timestamp_ms, d.transaction_start_timestamp_ms) == (
        1_700_000_000_000, 1_699_999_999_000)
    assert (d.previous_producer_id, d.next_producer_id, d.next_producer_epoch, d.client_transaction_version) == (
        -1, -1, -1, 0)
    if version == 1:
        assert v.endswith(b"\x00")  # no tagged fields written
