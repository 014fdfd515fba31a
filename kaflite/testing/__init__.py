"""kaflite.testing."""
