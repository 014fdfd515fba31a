"""docs/compatibility.md is generated from the router, and every Kafka 4.2 API is either served or says why not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kaflite.compat import FEATURES, KAFKA_APIS, NOT_SERVED, SERVED_NOTES, render_markdown, served_versions
from kaflite.protocol.kafka_release import KAFKA_API_VERSIONS, KAFKA_RELEASE, NARROWED
from kaflite.protocol.messages import REQUEST_VERSIONS, REQUESTS

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def served() -> list[tuple[int, int, int]]:
    return served_versions()


def test_committed_compatibility_doc_is_generated(served: list[tuple[int, int, int]]) -> None:
    committed = (REPO / "docs" / "compatibility.md").read_text()
    assert committed == render_markdown(served), (
        "docs/compatibility.md is stale: python -m kaflite compat > docs/compatibility.md"
    )


def test_every_kafka_api_is_served_or_says_why_not(served: list[tuple[int, int, int]]) -> None:
    keys = {k for k, _, _ in served}
    assert keys <= KAFKA_APIS.keys(), keys - KAFKA_APIS.keys()
    assert REQUESTS.keys() <= KAFKA_APIS.keys(), "a codec for an API Kafka 4.2 does not have"
    both = keys & NOT_SERVED.keys()
    assert not both, f"served now: delete these from compat.NOT_SERVED: {sorted(both)}"
    neither = KAFKA_APIS.keys() - keys - NOT_SERVED.keys()
    assert not neither, f"neither served nor in compat.NOT_SERVED (say why): {sorted(neither)}"
    assert SERVED_NOTES.keys() <= keys, "a note for an API that is not served"
    assert all(reason.strip() for reason in NOT_SERVED.values())


def test_the_table_is_apiversions_own_list(served: list[tuple[int, int, int]]) -> None:
    """One row per Kafka API, and a served row shows exactly the advertised range."""
    rows = [line.split(" | ") for line in render_markdown(served).splitlines() if line.startswith("| ")]
    by_key = {int(r[1]): r[2] for r in rows if r[1].isdigit()}
    assert len(by_key) == len(KAFKA_APIS)
    by_key = {int(r[1]): r[2] for r in rows if r[1].isdigit()}
    for key, lo, hi in served:
        assert by_key[key] == (str(lo) if lo == hi else f"{lo}-{hi}")
    assert all(by_key[k] == "not served" for k in NOT_SERVED)


def test_kaflite_compat_prints_only_the_table() -> None:
    """One command regenerates the doc: the scratch broker's log lines stay off stdout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KAFLITE_")}
    r = subprocess.run([sys.executable, "-m", "kaflite", "compat"], env=env, cwd=REPO, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (REPO / "docs" / "compatibility.md").read_text()


def test_every_route_is_kafka_42s_range_or_says_why_not(served: list[tuple[int, int, int]]) -> None:
    """One release advertised: a served range is the codec's within Kafka 4.2's, and where it is less than Kafka
    4.2's the reason is a line of NARROWED. A route narrowed elsewhere without a line, or a line that no longer
    narrows anything, fails here."""
    assert KAFKA_RELEASE == "4.2"
    for key, lo, hi in served:
        k_lo, k_hi = KAFKA_API_VERSIONS[key]
        assert k_lo <= lo <= hi <= k_hi, (key, (lo, hi), "more than Kafka 4.2 advertises")
        if (lo, hi) == (k_lo, k_hi):
            assert key not in NARROWED, f"api {key} serves all of Kafka 4.2's range: delete its NARROWED line"
            continue
        assert key in NARROWED and NARROWED[key].reason.strip(), f"api {key} serves {lo}-{hi} < {k_lo}-{k_hi}: say why"
        bound = NARROWED[key]
        want = (k_lo if bound.min_version is None else bound.min_version,
                k_hi if bound.max_version is None else bound.max_version)
        assert want == (lo, hi), (key, bound, (lo, hi))
    assert NARROWED.keys() <= {k for k, _, _ in served}, "a NARROWED line for an API that is not served"


def test_the_router_caps_at_kafka_42_where_the_codecs_know_more(served: list[tuple[int, int, int]]) -> None:
    """The codecs are Kafka 4.3's (DescribeLogDirs v5): advertising them whole made kafka-python infer 4.3."""
    assert REQUEST_VERSIONS[35][1] > KAFKA_API_VERSIONS[35][1]
    assert dict((k, hi) for k, _, hi in served)[35] == KAFKA_API_VERSIONS[35][1]


def test_features_and_notes_are_what_the_router_serves(served: list[tuple[int, int, int]]) -> None:
    """The doc once said a transactional.id is refused while transactions were served: the features now come from
    the routes, and no hand-written note may claim a refusal."""
    keys = {k for k, _, _ in served}
    doc = render_markdown(served)
    for feature, apis in FEATURES:
        assert set(apis) <= KAFKA_APIS.keys()
        status = "served" if set(apis) <= keys else "not served" if not set(apis) & keys else "partly served"
        assert f"| {feature} | {status} |" in doc
    assert "| Transactions and exactly-once (transactional.id, read_committed) | served |" in doc
    for key, note in SERVED_NOTES.items():
        assert not any(word in note.lower() for word in ("refuse", "not served", "unsupported")), (key, note)
