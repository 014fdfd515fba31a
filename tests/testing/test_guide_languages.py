"""docs/testing.md's (and docs/brokers.md's) Java (JUnit 5) and Node (node:test + kafkajs) examples, run as those
suites run.

Each starts ``kaflite serve`` itself, as a Java or Node project would, with this venv's ``kaflite``
first on PATH. Both skip, never fail, where their toolchain is missing: the Java one needs a JDK,
the java extra's kafka-clients jars and Debian's ``junit5`` (JUnit's console launcher); the Node one
needs node/npm and kafkajs (``npm ci`` in tests/integration/js on first use).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.java_tools import JAVAC_FLAGS, JIT_FLAGS
from tests.integration.java_tools import kafka_clients_classpath as _classpath
from tests.integration.test_kafkajs import JS_DIR, _ensure_node_modules

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
JAVA_EXAMPLES = sorted((EXAMPLES / "java").glob("*.java"))  # BillingIT (testing.md), FailoverIT (brokers.md)
NODE_EXAMPLE = EXAMPLES / "node" / "billing.test.mjs"
JUNIT = Path("/usr/share/java")  # Debian's junit5 package
JUNIT_API = ["junit-jupiter-api.jar", "apiguardian-api.jar", "opentest4j.jar"]
JUNIT_LAUNCHER = JUNIT / "junit-platform-console-standalone.jar"
RUN_TIMEOUT_S = 180  # the examples bound each of their own waits by 30 s


def _env() -> dict[str, str]:
    """This venv's ``kaflite`` console script first on PATH, as an installed kaflite would be."""
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(argv, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"{argv[0]} did not finish in {RUN_TIMEOUT_S}s\n{e.stdout!s}\n{e.stderr!s}")


@pytest.mark.parametrize("example", JAVA_EXAMPLES, ids=[p.stem for p in JAVA_EXAMPLES])
def test_the_java_example_passes(tmp_path: Path, example: Path) -> None:
    javac, java = shutil.which("javac"), shutil.which("java")
    if javac is None or java is None:
        pytest.skip("no `javac`/`java` on PATH: the JUnit example needs a JDK 11+")
    cp = _classpath()
    if cp is None:
        pytest.skip("kafka-clients jars not found: install the java extra")
    api = [JUNIT / j for j in JUNIT_API]
    if not JUNIT_LAUNCHER.is_file() or not all(j.is_file() for j in api):
        pytest.skip(f"JUnit 5 not found under {JUNIT}: apt-get install junit5")
    classes = tmp_path / "classes"
    compiled = _run([javac, *JAVAC_FLAGS, "-d", str(classes), "-cp", os.pathsep.join([cp, *map(str, api)]),
                     str(example)], tmp_path)
    assert compiled.returncode == 0, compiled.stderr
    proc = _run([java, *JIT_FLAGS, "-jar", str(JUNIT_LAUNCHER), "--disable-banner", "--disable-ansi-colors",
                 "--details=tree", "-cp", os.pathsep.join([str(classes), cp]), "--select-class", example.stem],
                tmp_path)
    assert proc.returncode == 0, f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    assert "[         1 tests successful      ]" in proc.stdout, proc.stdout


def test_the_node_example_passes(tmp_path: Path) -> None:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("no `node`/`npm` on PATH: the node:test example needs Node 18+")
    _ensure_node_modules(npm)
    # As in a user's project: the test file next to a node_modules that holds kafkajs.
    shutil.copy(NODE_EXAMPLE, tmp_path / NODE_EXAMPLE.name)
    (tmp_path / "node_modules").symlink_to(JS_DIR / "node_modules", target_is_directory=True)
    proc = _run([node, "--test", NODE_EXAMPLE.name], tmp_path)
    assert proc.returncode == 0, f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    assert "# pass 1" in proc.stdout and "# fail 0" in proc.stdout, proc.stdout
