"""The BROKER_LOGGER config resource (KIP-412): the process's loggers under log4j's level names, described and
changed at runtime as Kafka's RuntimeLoggerManager does (every change checked first, applied only if all pass).
"""

from __future__ import annotations

import logging

import structlog

from kaflite.broker.config_api import (
    APPEND,
    DELETE,
    DYNAMIC_BROKER_LOGGER_CONFIG,
    OP_NAMES,
    SET,
    SUBTRACT,
    ConfigApiError,
    Entry,
)
from kaflite.protocol.errors import ErrorCode

log = structlog.get_logger("kaflite.configs")

# log4j's level names (BROKER_LOGGER) and the stdlib levels they stand for.
LOG4J_LEVELS = {"TRACE": 5, "DEBUG": logging.DEBUG, "INFO": logging.INFO, "WARN": logging.WARNING,
                "ERROR": logging.ERROR, "FATAL": logging.CRITICAL}
ROOT_LOGGER = "root"


def alter_loggers(node_id: int, name: str, ops: list[tuple[str, int, str | None]], validate_only: bool) -> None:
    """KIP-412 log levels, as Kafka's RuntimeLoggerManager: checked first, applied only if all pass."""
    try:
        node = int(name)
    except ValueError:
        raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Node id must be an integer, but it is: {name}") from None
    if node != node_id:
        raise ConfigApiError(ErrorCode.INVALID_REQUEST,
                             f"Unexpected node id. Expected {node_id}, but received {name}")
    for logger, op, value in ops:
        if op in (APPEND, SUBTRACT):
            raise ConfigApiError(ErrorCode.INVALID_REQUEST,
                                 f"{OP_NAMES[op]} operation is not allowed for the BROKER_LOGGER resource")
        if op not in (SET, DELETE):
            raise ConfigApiError(ErrorCode.INVALID_REQUEST, f"Unknown operation type {op} is not allowed "
                                 "for the BROKER_LOGGER resource")
        if not _logger_exists(logger):
            raise ConfigApiError(ErrorCode.INVALID_CONFIG, f"Logger {logger} does not exist!")
        if op == SET and value not in LOG4J_LEVELS:
            raise ConfigApiError(ErrorCode.INVALID_CONFIG, f"Cannot set the log level of {logger} to "
                                 f"{value} as it is not a supported log level. Valid log levels are "
                                 f"{', '.join(LOG4J_LEVELS)}")
        if op == DELETE and logger == ROOT_LOGGER:
            raise ConfigApiError(ErrorCode.INVALID_REQUEST,
                                 f"Removing the log level of the {ROOT_LOGGER} logger is not allowed")
    if validate_only:
        return
    for logger, op, value in ops:
        _logger(logger).setLevel(LOG4J_LEVELS[str(value)] if op == SET else logging.NOTSET)
        log.warning("log level changed", logger=logger, level=value if op == SET else None)


def logger_entries() -> list[Entry]:
    """BROKER_LOGGER: the root logger, kaflite's and every logger the process has created, each with
    log4j's name of its effective level (source DYNAMIC_BROKER_LOGGER_CONFIG, as Kafka answers)."""
    existing = {n for n, lg in logging.root.manager.loggerDict.items() if isinstance(lg, logging.Logger)}
    out = []
    for n in [ROOT_LOGGER, *sorted(existing | {"kaflite"})]:
        level = _logger(n).getEffectiveLevel()
        value = next((k for k, v in LOG4J_LEVELS.items() if v == level), logging.getLevelName(level))
        out.append(Entry(n, value, DYNAMIC_BROKER_LOGGER_CONFIG, "", None, False, ()))
    return out


def _logger_exists(name: str) -> bool:
    """Kafka's loggerExists; kaflite's own loggers are created on first use, so their names always exist."""
    return (name in (ROOT_LOGGER, "kaflite") or name.startswith("kaflite.")
            or isinstance(logging.root.manager.loggerDict.get(name), logging.Logger))


def _logger(name: str) -> logging.Logger:
    return logging.getLogger() if name == ROOT_LOGGER else logging.getLogger(name)
