"""``python -m kaflite`` — the same as the ``kaflite`` console script (works without installing it)."""

from kaflite.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
