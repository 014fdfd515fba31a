"""The Java client for the integration tests: kafka-clients from the PyPI package shigawire-apache-flink-libraries
(pyflink/lib/*.jar), and the agents and judges under java/ compiled once per module."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

JAVA_DIR = Path(__file__).parent / "java"
# jackson-*: kafka-clients' JSON library, which its OAUTHBEARER login module needs (unsecured JWTs, test_sasl.py).
JARS = ["kafka-clients.jar", "slf4j-api.jar", "lz4-java.jar", "snappy-java.jar", "zstd-jni.jar",
        "jackson-databind.jar", "jackson-core.jar", "jackson-annotations.jar"]
#: Quick to start: a JVM that lives for seconds spends most of its CPU in the JIT compiler (C1 alone, no C2) and in
#: a parallel collector's threads. Also for javac (as -J flags) and the judges run in single-source-file mode.
JIT_FLAGS = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"]
#: Small too: a few agents' JVMs run at once on a 2-core machine.
JVM_FLAGS = ["-Xmx128m", *JIT_FLAGS]
#: javac's flags for those JVMs.
JAVAC_FLAGS = [f"-J{f}" for f in JIT_FLAGS]
#: main class -> its compiled classes directory: each program is compiled once per session, not once per module.
_compiled: dict[str, Path] = {}


def kafka_clients_classpath() -> str | None:
    """kafka-clients and its compression jars, or None when the java extra is not installed."""
    spec = importlib.util.find_spec("pyflink")
    if spec is None or not spec.submodule_search_locations:
        return None
    lib = Path(next(iter(spec.submodule_search_locations))) / "lib"
    jars = [lib / j for j in JARS]
    return os.pathsep.join(str(j) for j in jars) if all(j.is_file() for j in jars) else None


def compiled_java_command(tmp_path_factory: pytest.TempPathFactory, main_class: str, why: str) -> list[str]:
    """java/<main_class>.java compiled with javac, as the command that starts one process of it; the test is
    skipped (saying `why` it needs Java) without a JDK or the jars."""
    java, javac = shutil.which("java"), shutil.which("javac")
    if java is None or javac is None:
        pytest.skip(f"no JDK (java + javac) on PATH: {why}")
    cp = kafka_clients_classpath()
    if cp is None:
        pytest.skip("kafka-clients jars not found: install the java extra (shigawire-apache-flink-libraries)")
    classes = _compiled.get(main_class)
    if classes is None or not classes.is_dir():
        classes = tmp_path_factory.mktemp(f"{main_class}-classes")
        subprocess.run([javac, *JAVAC_FLAGS, "-d", str(classes), "-cp", cp, str(JAVA_DIR / f"{main_class}.java")],
                       check=True, timeout=120, capture_output=True)
        _compiled[main_class] = classes
    return [java, *JVM_FLAGS, "-cp", os.pathsep.join([str(classes), cp]), main_class]
