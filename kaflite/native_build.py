"""`python -m kaflite.native_build [--force | --status]`: compile kaflite.native.MODULES with mypyc.

kaflite/native.py says why and how a start uses the build.

The sources are copied to a scratch directory and compiled there (mypyc builds in place), and the
extensions and the copies they were compiled from are moved into `NATIVE_DIR` as a whole, the manifest
last: a build cut short leaves the previous one or none, never a mix. Kept out of native.py, which every
start imports, for its imports (setuptools, mypyc, subprocess).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from glob import glob
from importlib.machinery import EXTENSION_SUFFIXES

from kaflite import native
from kaflite.native import FORMAT, MANIFEST, MODULES, NATIVE_DIR, PACKAGE_DIR, check

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="kaflite-native", ext_modules=mypycify({paths!r}, opt_level="3", multi_file=True))
"""
MYPY_CONFIG = "[mypy]\npython_version = {version}\nignore_missing_imports = True\n"


def missing_tools() -> str | None:
    """Why a build cannot run here, or None."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy: pip install 'kaflite[native]')"
    compiler = os.environ.get("CC") or (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "no Python headers (Python.h; e.g. Debian's python3-dev)"
    return None


def build(native_dir: str = NATIVE_DIR, package_dir: str = PACKAGE_DIR, *, force: bool = False,
          say: Callable[[str], None] = print) -> bool:
    """Compile the modules unless the build already matches the sources; True when it does afterwards.

    One build at a time per `native_dir` (`make run` started while `make test` builds, say): the second waits
    for the first's lock, then finds its build up to date, rather than racing it for the staging directory."""
    os.makedirs(os.path.dirname(native_dir), exist_ok=True)
    with open(native_dir + ".lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say("kaflite: another build of the compiled modules is running; waiting for it")
            fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(native_dir, package_dir, force=force, say=say)  # the lock goes with the file's close


def _build(native_dir: str, package_dir: str, *, force: bool, say: Callable[[str], None]) -> bool:
    found, _ = check(native_dir, package_dir)
    if found == "compiled" and not force:
        say(f"kaflite: compiled build up to date ({native_dir})")
        return True
    why_not = missing_tools()
    if why_not is not None:
        say(f"kaflite: not compiled, runs interpreted: {why_not}")
        return False
    why = "--force" if found == "compiled" else found
    say(f"kaflite: compiling {len(MODULES)} modules with mypyc ({why}); about a minute or two, once per change")
    started = time.monotonic()
    suffix = EXTENSION_SUFFIXES[0]
    with tempfile.TemporaryDirectory(prefix="kaflite-native-") as scratch:
        shutil.copytree(package_dir, os.path.join(scratch, "kaflite"),
                        ignore=shutil.ignore_patterns("__pycache__", "_native", "*.so", "*.pyc"))
        relatives = [os.path.join(*m.split(".")) for m in MODULES]
        with open(os.path.join(scratch, "setup.py"), "w") as f:
            f.write(SETUP.format(paths=[r + ".py" for r in relatives]))
        with open(os.path.join(scratch, "mypy.ini"), "w") as f:
            f.write(MYPY_CONFIG.format(version=f"{sys.version_info[0]}.{sys.version_info[1]}"))
        out = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", "2"], cwd=scratch,
                             capture_output=True, text=True)
        groups = [os.path.basename(p) for p in glob(os.path.join(scratch, "*__mypyc" + suffix))]
        built = all(os.path.exists(os.path.join(scratch, r + suffix)) for r in relatives)
        if out.returncode != 0 or not built or len(groups) != 1:
            tail = "\n".join((out.stdout + out.stderr).splitlines()[-30:])
            say(f"kaflite: mypyc failed (exit {out.returncode}), runs interpreted:\n{tail}")
            return False
        staging = native_dir + ".new"
        shutil.rmtree(staging, ignore_errors=True)
        lines = [FORMAT, f"suffix {suffix}", f"group {groups[0][: -len(suffix)]} {groups[0]}"]
        shutil.copy2(os.path.join(scratch, groups[0]), _target(staging, groups[0]))
        for module, relative in zip(MODULES, relatives, strict=True):
            shutil.copy2(os.path.join(scratch, relative + suffix), _target(staging, relative + suffix))
            shutil.copy2(os.path.join(scratch, relative + ".py"),
                         _target(staging, os.path.join("sources", relative + ".source")))
            lines.append(f"module {module} {relative}")
        with open(os.path.join(staging, MANIFEST), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    old = native_dir + ".old"
    shutil.rmtree(old, ignore_errors=True)
    if os.path.exists(native_dir):
        os.rename(native_dir, old)
    os.rename(staging, native_dir)
    shutil.rmtree(old, ignore_errors=True)
    found, _ = check(native_dir, package_dir)
    if found != "compiled":  # a source edited while it compiled
        say(f"kaflite: built, but {found}")
        return False
    say(f"kaflite: compiled {len(MODULES)} modules in {time.monotonic() - started:.0f} s into {native_dir}")
    return True


def _target(root: str, relative: str) -> str:
    path = os.path.join(root, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return path


def main(argv: list[str] | None = None) -> int:
    """Build (exit 0 also when it cannot: kaflite then runs interpreted, and this says why), or `--status`:
    what a start of this process's environment loads."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--status"]:
        print(f"kaflite: {native.status}")
        return 0
    if set(args) <= {"--force"}:
        build(force="--force" in args)
        return 0
    print("usage: python -m kaflite.native_build [--force | --status]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
