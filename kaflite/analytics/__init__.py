"""Offline analysis of a broker's log directory with PySpark (the optional ``kaflite[spark]`` extra).

The broker never imports this package. `decode` and `layout` are plain Python (unit-testable without
Spark); `sources` holds the PySpark data sources, `analyses` the DataFrame functions, `report` the
``kaflite analyze`` job. See docs/analytics.md.
"""
