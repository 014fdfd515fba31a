"""The old place of ``kaflite.security.tls.principal``, kept only for ``broker/connection.py`` (edited by others
while the TLS helpers moved): delete it once it imports ``kaflite.security.tls.principal``."""

from kaflite.security.tls.principal import NoMatchingRule

__all__ = ["NoMatchingRule"]
