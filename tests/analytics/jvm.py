"""JVM flags for the tests' Spark JVMs: the shared session's driver, `kaflite analyze`'s drivers and executors, the
standalone cluster's master and workers, the Spark Connect server.

Why: these JVMs live for a minute or two and spend most of their CPU in the JIT compiler. C1 alone (no C2) and
the serial collector halved the driver JVM's CPU in a `kaflite analyze --master local[2]` run (73 s to 37 s) on a
2-core machine, where the Spark tests were the suite's largest share; the same flags as the Java client agents'
(tests/integration/java_tools.py). Spark runs the same plans either way: nothing a test checks depends on them.
"""

from __future__ import annotations

JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"

#: For a Spark application's conf (`--conf` or the session builder): its driver's and its executors' JVMs.
SPARK_CONF = {"spark.driver.extraJavaOptions": JVM_OPTIONS, "spark.executor.extraJavaOptions": JVM_OPTIONS}
