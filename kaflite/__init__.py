"""kaflite: a Kafka-compatible broker in Python whose heart is a faithful group coordinator."""

__version__ = "0.1.0"

from kaflite import dataclass_code as _dataclass_code

_dataclass_code.install()  # before any kaflite module defines a dataclass (kaflite/dataclass_code.py says why)
