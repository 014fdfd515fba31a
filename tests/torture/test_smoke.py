"""A bounded subset of the torture kit (bench/torture/) in `make test`: each scenario at a small size against a
real `kaflite serve` child, its verdict line PASS (the full-disk one SKIPs without root). Sizes stay small so
the file takes well under a minute; the kit itself runs the large sizes (docs/reliability.md).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parents[2] / "bench" / "torture"


@pytest.mark.timeout(180)
@pytest.mark.parametrize("script,args", [
    ("fuzz.py", ["--frames", "200", "--max-seconds", "90"]),
    ("connections.py", ["--idle", "20", "--active", "20", "--max-kib", "1000000"]),  # RSS noise at 40 conns
    ("kill9.py", ["--cycles", "3", "--max-seconds", "120"]),
    ("disk.py", []),
])
def test_torture_scenario_passes(script: str, args: list[str]) -> None:
    out = subprocess.run([sys.executable, str(KIT / script), *args], capture_output=True, text=True, timeout=170,
                         cwd=KIT.parents[1])
    verdicts = [line for line in out.stdout.splitlines() if line.startswith(("PASS", "FAIL", "SKIP"))]
    assert out.returncode == 0 and verdicts and not verdicts[-1].startswith("FAIL"), (out.stdout[-2000:],
                                                                                       out.stderr[-2000:])
