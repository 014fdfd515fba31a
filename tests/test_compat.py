"""docs/compatibility.md is generated from the router, and every Kafka 4.2 API is either served or says why not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kaflite.compat import KAFKA_APIS, NOT_SERVED, SERVED_NOTES, render_markdown, served_versions
from kaflite.protocol.messages import REQUESTS

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
    rows = [line.split(" | ") for line in render_markdown(served).splitlines() if line.startswith("| ")][1:]
    assert len(rows) == len(KAFKA_APIS)
    by_key = {int(r[1]): r[2] for r in rows}
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
