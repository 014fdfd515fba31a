"""Kafka's command-line tools in Python (``kaflite groups|topics|consume|produce|offsets|dump-log``).

A client package: it speaks Kafka's protocol to any Kafka-compatible bootstrap through kaflite's own codecs
(kaflite.protocol) and never imports the broker, so the same commands work against Apache Kafka. Nothing here
is on ``kaflite serve``'s import path: kaflite.cli imports the parsers (stdlib only) and loads the rest on use.
"""
