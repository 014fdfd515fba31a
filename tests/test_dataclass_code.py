"""kaflite.dataclass_code: the code `@dataclass` generates for kaflite's classes comes from a cache written at
install time (issue 14 item 3: a start in under 100 ms), and the cache can only save time, never change a class.

Each check runs in a fresh interpreter with its own cache file (the repo's own is left alone).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SCRIPT = """
import dataclasses, json, sys
from pathlib import Path
from kaflite import dataclass_code as d
d.FILE = Path(sys.argv[1])
if sys.argv[2] == "build":
    print(json.dumps({"built": d.build()}))
    raise SystemExit
from kaflite.config import KafliteConfig
import kaflite.broker.server
kaflite_hits, kaflite_misses = d.hits, d.misses

@dataclasses.dataclass(frozen=True)
class Elsewhere:  # this test's module, not kaflite's: compiled as always, not counted
    x: int = 1

a, b = KafliteConfig(port=1), KafliteConfig(port=1)
try:
    a.port = 2
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({"hits": kaflite_hits, "misses": kaflite_misses, "after": [d.hits, d.misses],
                  "equal": a == b, "differs": a != KafliteConfig(port=2), "frozen": frozen,
                  "repr": repr(a).startswith("KafliteConfig(node_id=1, host='127.0.0.1', port=1"),
                  "elsewhere": repr(Elsewhere()) == "Elsewhere(x=1)"}))
"""


def run(cache: Path, mode: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(cache), mode], cwd=REPO, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    result: dict[str, object] = json.loads(out.splitlines()[-1])
    return result


def test_a_built_cache_serves_every_dataclass_of_the_serve_path(tmp_path: Path) -> None:
    cache = tmp_path / "dataclass-code.marshal"
    built = run(cache, "build")["built"]
    assert isinstance(built, int) and built > 100 and cache.stat().st_size > 0
    got = run(cache, "use")
    assert got["misses"] == 0 and isinstance(got["hits"], int) and got["hits"] > 100
    assert got["after"] == [got["hits"], got["misses"]], "another module's dataclass went through the cache"
    assert got["equal"] and got["differs"] and got["frozen"] and got["repr"] and got["elsewhere"]


def test_without_a_cache_or_with_a_foreign_one_classes_are_compiled_as_usual(tmp_path: Path) -> None:
    for content in (None, b"not marshal at all", b"\xfb\x00\x00\x00"):
        cache = tmp_path / "dataclass-code.marshal"
        if content is None:
            cache.unlink(missing_ok=True)
        else:
            cache.write_bytes(content)
        got = run(cache, "use")
        assert got["hits"] == 0 and isinstance(got["misses"], int) and got["misses"] > 100
        assert got["equal"] and got["differs"] and got["frozen"] and got["repr"] and got["elsewhere"]
