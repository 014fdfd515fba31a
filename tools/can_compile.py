"""Exit 0 where `KAFLITE_COMPILE=1 pip wheel .` can compile kaflite's leaf modules (setup.py), else say why, exit 1.

`make run` serves the compiled build where it can and the sources otherwise; `make test` tests both builds where it
can. mypyc itself comes with the build (pyproject's build-system requires); what the machine must have is a C
compiler and Python's headers.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig


def why_not() -> str | None:
    compiler = os.environ.get("CC") or (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "no Python headers (Python.h; e.g. Debian's python3-dev)"
    return None


if __name__ == "__main__":
    reason = why_not()
    if reason is not None:
        print(f"kaflite: not compiled, the sources run: {reason}")
    sys.exit(0 if reason is None else 1)
