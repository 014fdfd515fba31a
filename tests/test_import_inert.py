"""Importing kaflite changes nothing outside kaflite (issue 32): the pytest plugin imports it in every test session
of every user, so a patch of the standard library or an import hook would act on code that is not kaflite's.

Each check runs in a fresh interpreter: the standard library and the import system as they are before kaflite,
then after importing kaflite, its pytest plugin and the broker (all a start or a test session imports)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SNAPSHOT = """
import builtins, dataclasses, importlib, json, sys, typing

def snapshot():
    def ids(module):
        return {k: id(v) for k, v in vars(module).items()}
    return {"dataclasses": ids(dataclasses), "builtins": ids(builtins), "typing": ids(typing),
            "meta_path": [id(f) for f in sys.meta_path], "path_hooks": [id(h) for h in sys.path_hooks]}

before = snapshot()
import kaflite, kaflite.testing.plugin, kaflite.broker.server, kaflite.cli
after = snapshot()
print(json.dumps([before, after]))
"""


def test_importing_kaflite_its_plugin_and_its_broker_patches_nothing_outside_kaflite() -> None:
    out = subprocess.run([sys.executable, "-c", SNAPSHOT], cwd=REPO, capture_output=True, text=True, timeout=120,
                         check=True).stdout
    before, after = json.loads(out.strip().splitlines()[-1])
    for part in ("dataclasses", "builtins", "typing"):
        changed = {k for k in before[part].keys() | after[part].keys() if before[part].get(k) != after[part].get(k)}
        # (google-re2's pybind11 keeps its registry in builtins under this name: a dependency's, not kaflite's)
        assert {k for k in changed if not k.startswith("__pybind11_internals_")} == set(), (part, changed)
    assert after["meta_path"] == before["meta_path"]
    assert after["path_hooks"] == before["path_hooks"]

