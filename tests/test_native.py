"""The compiled build (kaflite/native.py): used only when it was compiled from exactly the sources there are."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from kaflite import native
from kaflite.native import FORMAT, MANIFEST, MODULES, check, source_path
from kaflite.native_build import build

SUFFIX = EXTENSION_SUFFIXES[0]


def fake_build(tmp_path: Path) -> tuple[str, str]:
    """A package with every compiled module's source, and a build dir whose manifest lists them (no extensions:
    `check` reads sources and manifest only)."""
    package, built = tmp_path / "kaflite", tmp_path / "native"
    lines = [FORMAT, f"suffix {SUFFIX}", f"group abc__mypyc abc__mypyc{SUFFIX}"]
    for module in MODULES:
        relative = os.path.join(*module.split("."))
        source = Path(source_path(module, str(package)))
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(f"NAME = {module!r}\n")
        copy = built / "sources" / (relative + ".source")
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(f"NAME = {module!r}\n")
        lines.append(f"module {module} {relative}")
    (built / MANIFEST).write_text("\n".join(lines) + "\n")
    return str(built), str(package)


def test_a_build_of_exactly_these_sources_is_used(tmp_path: Path) -> None:
    built, package = fake_build(tmp_path)
    found, paths = check(built, package)
    assert found == "compiled"
    assert paths["abc__mypyc"] == os.path.join(built, f"abc__mypyc{SUFFIX}")
    assert paths["kaflite.broker.connection"] == os.path.join(built, "kaflite", "broker", "connection" + SUFFIX)
    assert set(paths) == {*MODULES, "abc__mypyc"}


def test_an_edited_source_makes_the_whole_build_unused(tmp_path: Path) -> None:
    built, package = fake_build(tmp_path)
    edited = Path(source_path("kaflite.coordinator.shard", package))
    edited.write_text(edited.read_text() + "# edited\n")
    found, paths = check(built, package)
    assert found.startswith("kaflite.coordinator.shard changed since the compiled build") and paths == {}


def test_a_missing_partial_or_foreign_build_is_unused(tmp_path: Path) -> None:
    built, package = fake_build(tmp_path)
    assert check(str(tmp_path / "nowhere"), package)[0].startswith("no compiled build")
    manifest = Path(built) / MANIFEST
    lines = manifest.read_text().splitlines()
    manifest.write_text("\n".join(lines[:-1]) + "\n")  # one module short
    assert check(built, package)[0] == "the compiled build lacks modules: build it again"
    manifest.write_text("\n".join([*lines, "module kaflite.cli kaflite/cli"]) + "\n")  # one compiled no longer
    assert check(built, package)[0] == "the compiled build has modules no longer compiled: build it again"
    manifest.write_text("\n".join([FORMAT, "suffix .cpython-399-other.so", *lines[2:]]) + "\n")
    assert check(built, package)[0].startswith("the compiled build is from another kaflite or Python")
    os.remove(os.path.join(built, "sources", "kaflite", "protocol", "frames.source"))
    manifest.write_text("\n".join(lines) + "\n")
    assert check(built, package)[0] == "kaflite.protocol.frames: source or its compiled copy missing"


def test_without_a_compiler_the_build_says_so_and_leaves_nothing(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "no-such-compiler-kaflite")
    said: list[str] = []
    assert build(str(tmp_path / "native"), native.PACKAGE_DIR, force=True, say=said.append) is False
    assert said == ["kaflite: not compiled, runs interpreted: no C compiler (no-such-compiler-kaflite)"]
    assert not (tmp_path / "native").exists()


def test_a_second_build_waits_for_the_first_then_finds_it_up_to_date(tmp_path: Path) -> None:
    built, package = fake_build(tmp_path)
    said: list[str] = []
    spoke = threading.Event()
    result: list[bool] = []

    def say(line: str) -> None:
        said.append(line)
        spoke.set()

    with open(built + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the first build, still running
        second = threading.Thread(target=lambda: result.append(build(built, package, say=say)))
        second.start()
        assert spoke.wait(30)
        assert said == ["kaflite: another build of the compiled modules is running; waiting for it"]
        second.join(0.2)  # it must not get on while the lock is held
        assert second.is_alive() and result == []
    second.join(30)
    assert result == [True]
    assert said[1:] == [f"kaflite: compiled build up to date ({built})"]


def files_loaded(env: dict[str, str]) -> list[str]:
    code = ("import kaflite.broker.connection, kaflite.coordinator.shard, kaflite.broker.flushed, kaflite.native as n; "
            "print(n.status); print(kaflite.broker.connection.__file__); print(kaflite.coordinator.shard.__file__); "
            "print(kaflite.broker.flushed.__file__)")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=True)
    return out.stdout.splitlines()


def test_kaflite_native_0_runs_the_sources() -> None:
    status, *files = files_loaded({**os.environ, "KAFLITE_NATIVE": "0"})
    assert status == "interpreted (KAFLITE_NATIVE=0)"
    assert all(f.endswith(".py") for f in files), files


@pytest.mark.skipif(not native.compiled(), reason=f"the compiled build is not in use here: {native.status}")
def test_where_the_build_matches_the_compiled_modules_load_from_it_and_the_rest_from_source() -> None:
    env = {k: v for k, v in os.environ.items() if k != "KAFLITE_NATIVE"}
    status, connection, shard, flushed = files_loaded(env)
    assert status == "compiled"
    assert connection.startswith(native.NATIVE_DIR) and connection.endswith(SUFFIX)
    assert shard.startswith(native.NATIVE_DIR) and shard.endswith(SUFFIX)
    assert flushed == source_path("kaflite.broker.flushed")  # not compiled: a Future subclass
