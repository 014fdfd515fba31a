"""A Spark session for `kaflite analyze`: local and loopback-only unless a cluster master is already set.

Why the care: on a developer machine the job must not open ports beyond 127.0.0.1 nor start the UI;
under `spark-submit --master ...` the same entry point must keep the cluster's master and settings.
"""

from __future__ import annotations

import os
import sys
from typing import Any

LOCAL_DEFAULTS: dict[str, str] = {
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",  # `kaflite analyze` logs its own progress lines
    "spark.driver.host": "127.0.0.1",
    "spark.driver.bindAddress": "127.0.0.1",
    "spark.sql.shuffle.partitions": "4",
    "spark.driver.memory": "2g",
    "spark.sql.session.timeZone": "UTC",
    "spark.python.worker.reuse": "true",
    "spark.sql.execution.arrow.pyspark.enabled": "true",
}
#: Settings every session needs, local or not.
COMMON: dict[str, str] = {
    "spark.sql.python.filterPushdown.enabled": "true",
    "spark.sql.session.timeZone": "UTC",
}


#: Settings that keep a driver on loopback: right for local[*] and a cluster on this machine, wrong for workers
#: on other hosts, which must connect back to the driver.
LOOPBACK_ONLY = ("spark.driver.host", "spark.driver.bindAddress")


def is_loopback_master(master: str) -> bool:
    """``local[...]``, or a cluster master on 127.0.0.1/localhost: then the driver can stay on loopback."""
    if master.startswith("local"):
        return True
    from urllib.parse import urlsplit

    return urlsplit(master).hostname in ("127.0.0.1", "localhost", "::1")


def master_is_set() -> bool:
    """True under spark-submit / a configured cluster: then we must not force ``.master()``."""
    from pyspark import SparkConf
    from pyspark.sql import SparkSession

    if SparkSession.getActiveSession() is not None:
        return True
    if os.environ.get("SPARK_MASTER") or os.environ.get("MASTER"):
        return True
    if "--master" in os.environ.get("PYSPARK_SUBMIT_ARGS", ""):
        return True
    # spark-submit starts the JVM first and passes its settings as system properties; SparkConf reads them
    return os.environ.get("PYSPARK_GATEWAY_PORT") is not None and SparkConf().contains("spark.master")


def get_session(app_name: str = "kaflite-analyze", *, master: str | None = None, remote: str | None = None,
                conf: dict[str, str] | None = None) -> Any:
    """The active session if there is one, else a new one: `master` (default ``local[*]``) bound to
    127.0.0.1 with the UI off, unless a cluster master is configured, in which case it is left alone.

    `remote` (``sc://host:port``) is a Spark Connect session instead: no driver JVM here, the server runs
    the job (and the data sources, in its own Python, which must import kaflite), so no local settings apply.
    """
    from pyspark.sql import SparkSession

    if remote is not None:
        builder = SparkSession.builder.remote(remote).appName(app_name)
        for k, v in {**COMMON, **(conf or {})}.items():
            builder = builder.config(k, v)
        return builder.getOrCreate()
    active = SparkSession.getActiveSession()
    if active is not None:
        for k, v in COMMON.items():
            active.conf.set(k, v)
        return active
    builder = SparkSession.builder.appName(app_name)
    if master is not None or not master_is_set():
        master = master or os.environ.get("KAFLITE_SPARK_MASTER", "local[*]")
        loopback = is_loopback_master(master)
        if loopback:
            os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        # local workers must run this interpreter (the venv that has kaflite), not whatever python3 is on PATH
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
        builder = builder.master(master)
        for k, v in LOCAL_DEFAULTS.items():
            if loopback or k not in LOOPBACK_ONLY:
                builder = builder.config(k, v)
    for k, v in {**COMMON, **(conf or {})}.items():
        builder = builder.config(k, v)
    return builder.getOrCreate()
