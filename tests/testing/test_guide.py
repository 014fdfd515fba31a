"""docs/testing.md's examples (and the README's quick start, and docs/brokers.md's failover recipes): they pass
as a user's project would run them, and the docs show them verbatim (regenerate with
``python -m tests.testing.test_guide``). The Java and Node examples run in test_guide_languages.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path

# Imported here, outside the inner runs: pytester drops the modules an in-process run imported,
# and importing the broker and the clients again for every run costs seconds.
import aiokafka  # noqa: F401
import confluent_kafka  # noqa: F401
import kafka  # noqa: F401
import pytest

import kaflite.testing.broker
import kaflite.testing.process  # noqa: F401

pytest_plugins = ["pytester"]

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "docs" / "testing.md"
README = REPO / "README.md"
BROKERS = REPO / "docs" / "brokers.md"
DOCS = (GUIDE, README, BROKERS)
EXAMPLES = REPO / "docs" / "examples"
_BLOCK = re.compile(r"(<!-- example: (?P<path>[\w/.-]+) -->\n```(?:python|java|js|go)\n)(?P<code>.*?)(```)", re.S)


def render_guide(text: str) -> str:
    """The guide with every ``<!-- example: path -->`` block replaced by that file's content."""
    return _BLOCK.sub(lambda m: m.group(1) + (REPO / m.group("path")).read_text() + m.group(4), text)


def test_every_example_is_in_the_docs_verbatim() -> None:
    shown = set()
    for doc in DOCS:
        text = doc.read_text()
        shown |= {m.group("path") for m in _BLOCK.finditer(text)}
        assert text == render_guide(text), f"{doc.name} is stale: python -m tests.testing.test_guide"
    # The Go recipe (docs/brokers.md) is shown verbatim too; make test cannot run it (no Go toolchain in CI).
    files = [*EXAMPLES.glob("test_*.py"), *EXAMPLES.glob("java/*.java"), *EXAMPLES.glob("node/*.mjs"),
             *EXAMPLES.glob("go/*.go")]
    assert shown == {str(p.relative_to(REPO)) for p in files}


def test_the_guide_examples_pass(pytester: pytest.Pytester) -> None:
    """As in a user's project: the plugin comes from the installed entry point, no conftest."""
    for path in sorted(EXAMPLES.glob("test_*.py")):
        pytester.makepyfile(**{path.stem: path.read_text()})
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=len(list(EXAMPLES.glob("test_*.py"))))


if __name__ == "__main__":
    for doc in DOCS:
        doc.write_text(render_guide(doc.read_text()))
    sys.exit(0)
