"""kaflite.protocol."""
