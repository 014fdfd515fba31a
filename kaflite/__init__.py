"""kaflite: a Kafka-compatible broker in Python whose heart is a faithful group coordinator.

Importing it changes nothing outside kaflite (no standard-library patches, no import hooks): the pytest plugin
imports it in every test session of every user (tests/test_import_inert.py)."""

__version__ = "0.1.0"
