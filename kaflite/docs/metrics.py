"""The table of ``docs/metrics.md``, rendered from ``kaflite.broker.metrics.METRICS`` (what ``GET /metrics``
serves). Not part of a running broker: ``python -m kaflite.docs.metrics`` prints it, and
``tests/broker/test_metrics.py`` fails while the file in ``docs/`` differs from it.
"""

from __future__ import annotations

from collections.abc import Iterable

from kaflite.broker.metrics import METRICS, MetricSpec


def metrics_markdown(specs: Iterable[MetricSpec] = METRICS) -> str:
    """The table of docs/metrics.md (generated from METRICS; a test keeps the file in step)."""
    rows = ["| Metric | Type | Labels | Kafka's metric | Meaning |", "|---|---|---|---|---|"]
    for s in specs:
        labels = ", ".join(f"`{x}`" for x in s.labels) or "-"
        kafka = f"`{s.kafka}`" if s.kafka else "kaflite's own"
        rows.append(f"| `{s.name}` | {s.type} | {labels} | {kafka} | {s.help} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":  # python -m kaflite.docs.metrics: the table of docs/metrics.md
    print(metrics_markdown(), end="")
