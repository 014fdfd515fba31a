"""The report's group timeline: the console's renderer (kaflite/webui/timeline.js) fed from the tables."""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest

from kaflite import webui
from kaflite.analytics.report import timeline_data

pd = pytest.importorskip("pandas", reason="pandas is not installed (pip install 'kaflite[spark]')")


def test_generations_and_epochs_become_bands_and_marks() -> None:
    t0 = datetime(2026, 1, 2, 3, 4, 5)
    generations = pd.DataFrame([
        {"group": "g", "generation": 1, "time": t0, "members": 1, "joined": ["a"], "left": [], "protocol": "range"},
        {"group": "g", "generation": 2, "time": t0.replace(second=6), "members": 2, "joined": ["b"], "left": [],
         "protocol": "range"},
    ])
    epochs = pd.DataFrame([
        {"group": "cg", "group_epoch": 1, "time": t0, "members": 1, "joined": ["m"], "left": [],
         "reconciled_time": t0.replace(second=7), "members_reconciled": 1},
        {"group": "cg", "group_epoch": 2, "time": t0.replace(second=9), "members": 0, "joined": [], "left": ["m"],
         "reconciled_time": pd.NaT, "members_reconciled": 0},
    ])
    data = timeline_data(generations, epochs)
    g, cg = {x["id"]: x for x in data["groups"]}["g"], {x["id"]: x for x in data["groups"]}["cg"]
    # Naive times are the Spark session's UTC.
    assert g["transitions"][0]["t"] == int(pd.Timestamp(t0).tz_localize("UTC").timestamp() * 1000)
    assert [(x["to"], x["generation"], x["members"]) for x in g["transitions"]] == [("Stable", 1, 1), ("Stable", 2, 2)]
    assert sorted((m["kind"], m.get("member")) for m in g["marks"]) == [
        ("assignment", None), ("assignment", None), ("join", "a"), ("join", "b")]
    assert [(x["to"], x["generation"]) for x in cg["transitions"]] == [("Reconciling", 1), ("Stable", 1), ("Empty", 2)]
    assert cg["transitions"][1]["t"] - cg["transitions"][0]["t"] == 2000
    assert {"kind": "leave", "member": "m", "label": "left", "t": cg["transitions"][2]["t"]} in cg["marks"]


def test_timeline_html_inlines_the_console_renderer_and_escapes_the_data() -> None:
    data = {"groups": [{"id": "</script><b>x", "transitions": [], "marks": []}]}
    html = webui.timeline_html(data, "tl")
    assert webui.asset("timeline.js").decode() in html  # the very file the console serves
    assert "</script><b>" not in html
    payload = re.search(r"render\(document.getElementById\(\"tl\"\), (.*)\);</script>", html)
    assert payload is not None and json.loads(payload.group(1)) == data


def test_transaction_states_become_a_lane_next_to_the_groups() -> None:
    t0 = datetime(2026, 1, 2, 3, 4, 5)
    empty = pd.DataFrame(columns=["group", "generation", "time", "members", "joined", "left", "protocol"])
    epochs = pd.DataFrame(columns=["group", "group_epoch", "time", "members", "joined", "left", "reconciled_time",
                                   "members_reconciled"])
    states = pd.DataFrame([
        {"transactional_id": "tx", "time": t0.replace(second=s), "state": st, "previous_state": prev,
         "producer_id": 7, "producer_epoch": 0, "partitions": parts, "log_offset": i,
         "transaction_start_time": pd.NaT if i == 0 else t0.replace(second=6 if i < 4 else 9)}
        for i, (s, st, prev, parts) in enumerate([
            (5, "Empty", None, []), (6, "Ongoing", "Empty", ["p-0"]), (7, "PrepareCommit", "Ongoing", ["p-0", "p-1"]),
            (8, "CompleteCommit", "PrepareCommit", []), (9, "Ongoing", "CompleteCommit", ["p-0"]),
            (10, "PrepareAbort", "Ongoing", ["p-0"]), (12, "CompleteAbort", "PrepareAbort", [])])
    ])
    (lane,) = timeline_data(empty, epochs, transaction_states=states)["groups"]
    assert (lane["id"], lane["type"]) == ("tx", "transaction")
    assert [x["to"] for x in lane["transitions"]] == ["Empty", "Ongoing", "PrepareCommit", "CompleteCommit", "Ongoing",
                                                     "PrepareAbort", "CompleteAbort"]
    assert lane["transitions"][2]["members"] == 2 and "p-0, p-1" in lane["transitions"][2]["reason"]
    assert [(m["kind"], m["label"]) for m in lane["marks"]] == [("commit", "committed after 2.000 s"),
                                                              ("abort", "aborted after 3.000 s")]
