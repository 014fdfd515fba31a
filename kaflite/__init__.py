"""kaflite: a Kafka-compatible broker in Python whose heart is a faithful group coordinator."""

__version__ = "0.1.0"
