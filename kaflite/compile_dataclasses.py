"""``python -m kaflite.compile_dataclasses``: write the dataclass code cache (kaflite/dataclass_code.py says why).

Run where kaflite's bytecode is compiled (`make run`, `make test`, the Docker image), after compileall.
"""

from __future__ import annotations

import sys

from kaflite.dataclass_code import FILE, build


def main() -> int:
    sys.stdout.write(f"kaflite: {build()} dataclass methods compiled into {FILE}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
