"""The old place of ``kaflite.config.listeners``, kept only for ``broker/connection.py`` and ``broker/server.py``
(edited by others while the config package was made): delete it once they import ``kaflite.config.listeners``."""

from kaflite.config.listeners import ANONYMOUS, Listener, listeners_of

__all__ = ["ANONYMOUS", "Listener", "listeners_of"]
