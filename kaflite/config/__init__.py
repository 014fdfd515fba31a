"""The broker's configuration, in Kafka's config names and defaults.

- ``settings``: the settings table (every setting's name, type, default, validator, doc) and the names derived
  from it (environment variables, dynamic settings, unit synonyms);
- ``values``: Kafka's value types and the validators the table names;
- ``kaflite_config``: ``KafliteConfig``, the one frozen config object, loaded from the command line, the
  environment and a properties file;
- ``properties``: Java properties files (``server.properties``);
- ``listeners``: Kafka's listener settings, parsed and checked.

Pure: nothing here binds a socket or reads a keystore (the broker does). ``docs/configuration.md`` is rendered
from the table by ``kaflite.docs.configuration``.
"""

from kaflite.config.kaflite_config import KafliteConfig, check_table
from kaflite.config.properties import iter_properties, parse_properties, read_text
from kaflite.config.settings import (
    AUTHORIZERS,
    DYNAMIC_NAMES,
    ENV_NAMES,
    ENV_PREFIX,
    KNOWN_NAMES,
    SETTINGS,
    SETTINGS_BY_NAME,
    SOURCE_DEFAULT,
    STANDARD_AUTHORIZER,
    SYNONYMS,
    SYNONYMS_BY_NAME,
    TOOL_VARIABLES,
    Setting,
    Synonym,
    canonical_dynamic,
    family,
    unknown_env_warning,
)
from kaflite.config.values import INT_MAX, LONG_MAX, ConfigError, to_text

__all__ = [
    "AUTHORIZERS",
    "DYNAMIC_NAMES",
    "ENV_NAMES",
    "ENV_PREFIX",
    "INT_MAX",
    "KNOWN_NAMES",
    "LONG_MAX",
    "SETTINGS",
    "SETTINGS_BY_NAME",
    "SOURCE_DEFAULT",
    "STANDARD_AUTHORIZER",
    "SYNONYMS",
    "SYNONYMS_BY_NAME",
    "TOOL_VARIABLES",
    "ConfigError",
    "KafliteConfig",
    "Setting",
    "Synonym",
    "canonical_dynamic",
    "check_table",
    "family",
    "iter_properties",
    "parse_properties",
    "read_text",
    "to_text",
    "unknown_env_warning",
]
