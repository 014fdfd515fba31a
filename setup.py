"""The build script behind pyproject.toml's setuptools backend: the compiled wheel.

`KAFLITE_COMPILE=1 pip wheel .` builds a wheel whose leaf modules (kaflite/compiled.py's `MODULES`: the codec's
primitives, request headers, framing, record batches, segment I/O) are C extensions compiled by mypyc, beside their
`.py`: Python's import system loads the extension, so an install of that wheel runs compiled with no further step.
Without `KAFLITE_COMPILE=1` (a plain `pip install .`) nothing is compiled, and an editable install is never
compiled: what runs there is the sources being edited. This is how mypy (`MYPY_USE_MYPYC=1`) and black ship their
compiled wheels. `make run` serves such a wheel's tree where a C compiler exists (`make test` tests it too); the
Docker image installs one.

Compiling needs a C compiler and Python's headers; `KAFLITE_COMPILE=1` without them fails the build rather than
make a wheel that silently is not what was asked for.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kaflite.compiled import MODULES  # (inert: kaflite/__init__.py imports nothing, compiled.py importlib only)

ext_modules = []
if os.environ.get("KAFLITE_COMPILE", "0") not in ("", "0") and "editable_wheel" not in sys.argv:
    from mypyc.build import mypycify

    # --config-file=: pyproject's [tool.mypy] is for checking the whole package, not for compiling six modules.
    # The build environment holds the build requirements only: kaflite's dependencies (cramjam, fastcrc) are
    # typed as Any there, which costs nothing where the compiled code only calls them.
    ext_modules = mypycify(["--config-file=", "--ignore-missing-imports",
                            *(os.path.join(*m.split(".")) + ".py" for m in MODULES)],
                           opt_level="3", group_name="kaflite_compiled")

setup(ext_modules=ext_modules)
