"""kaflite: a Kafka-compatible broker in Python whose heart is a faithful group coordinator."""

__version__ = "0.1.0"

from kaflite import dataclass_code as _dataclass_code
from kaflite import native as _native

_dataclass_code.install()  # before any kaflite module defines a dataclass (kaflite/dataclass_code.py says why)
_native.install()  # before any compiled module is imported: the compiled build, if it matches the sources
