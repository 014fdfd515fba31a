"""The renderers of the ``docs/*.md`` files generated from code tables: not part of a running broker.

``kaflite config --markdown`` prints ``configuration``'s, ``python -m kaflite.docs.metrics`` ``metrics``'s; a test
fails while a file in ``docs/`` differs from its renderer's output.
"""
