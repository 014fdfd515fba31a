"""kaflite.broker."""
