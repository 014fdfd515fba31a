"""Which build these tests run on: the sources, or the compiled build's tree (setup.py, kaflite/compiled.py).

`make test` runs tests/protocol and tests/storage a second time with `KAFLITE_TEST_BUILD=compiled`, on the tree of a
wheel built with KAFLITE_COMPILE=1 (PYTHONPATH=build/compiled, `-P`): there every compiled module must really be an
extension, and kaflite must come from that tree, not from the checkout, or that run would test the sources twice.
Anywhere else the sources run: no extension may stand beside a source (an editable install is never compiled)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import kaflite
from kaflite import compiled

CHECKOUT = Path(__file__).resolve().parents[2] / "kaflite"
EXPECTED = os.environ.get("KAFLITE_TEST_BUILD", "")


def _is_extension(module: str) -> bool:
    return (importlib.import_module(module).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def test_the_compiled_modules_are_all_extensions_or_all_sources() -> None:
    kinds = {m: _is_extension(m) for m in compiled.MODULES}
    assert len(set(kinds.values())) == 1, kinds
    status = compiled.status()
    assert (status == "compiled") is all(kinds.values()), status


def test_the_build_under_test_is_the_one_asked_for() -> None:
    here = Path(kaflite.__file__).resolve().parent
    if EXPECTED == "compiled":
        assert here != CHECKOUT, "the compiled run imported the checkout's sources"
        assert compiled.status() == "compiled"
        assert all(_is_extension(m) for m in compiled.MODULES)
    else:
        assert EXPECTED in ("", "interpreted"), EXPECTED
        assert not any(_is_extension(m) for m in compiled.MODULES), compiled.status()
        assert compiled.status().startswith("interpreted: kaflite.protocol._codec runs from its source")


def test_only_leaf_modules_are_compiled() -> None:
    """Nothing of the coordinator or the broker is compiled (any test may patch them), nor anything async."""
    assert all(m.startswith(("kaflite.protocol.", "kaflite.storage.")) for m in compiled.MODULES)
    for module in compiled.MODULES:
        source = (CHECKOUT / Path(*module.split(".")[1:])).with_suffix(".py").read_text()
        assert "import asyncio" not in source and "kaflite.coordinator" not in source, module


def test_a_start_says_which_build_serves(tmp_path: Path) -> None:
    """The `kaflite serving` line's `code=`: "compiled" from the compiled build's tree, else why the sources run."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}  # this run's kaflite, whichever tree it is
    proc = subprocess.Popen([sys.executable, "-P", "-m", "kaflite", "serve", "--port", "0", "--data-dir",
                             str(tmp_path / "data"), "--log-format", "json"], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline and "kaflite serving" not in line:
            line = proc.stdout.readline() if proc.stdout else ""
            if not line and proc.poll() is not None:
                break
        assert "kaflite serving" in line, line
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    code = json.loads(line)["code"]
    assert code == ("compiled" if EXPECTED == "compiled" else compiled.status())
