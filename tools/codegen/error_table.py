"""Kafka's error table -> ``kaflite/protocol/errors.py`` (the ErrorCode enum and its retriable set).

The source is ``kafka_errors.csv`` (name, code, retriable), derived from Kafka's
``org.apache.kafka.common.protocol.Errors``; ``generate.py`` writes and checks the module with the codecs.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ERRORS_CSV = Path(__file__).resolve().parent / "kafka_errors.csv"
ERRORS_OUT = ROOT / "kaflite" / "protocol" / "errors.py"
# kaflite's earlier names for some codes, kept working as aliases; Kafka's name stays canonical
# (an IntEnum's first name for a value is the one ``.name`` and ``ErrorCode(n)`` give).
ERROR_ALIASES = {
    "NOT_LEADER_FOR_PARTITION": "NOT_LEADER_OR_FOLLOWER",  # Kafka's name before 2.6 (KIP-392)
    "MESSAGE_SIZE_TOO_LARGE": "MESSAGE_TOO_LARGE",
    "INVALID_TOPIC": "INVALID_TOPIC_EXCEPTION",
    "INVALID_REPLICATION_ASSIGNMENT": "INVALID_REPLICA_ASSIGNMENT",
}


def load_errors(path: Path) -> list[tuple[str, int, bool]]:
    """(name, code, retriable) rows of the error table; ``#`` lines are comments."""
    rows: list[tuple[str, int, bool]] = []
    lines = [ln for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    if not lines or lines[0] != "name,code,retriable":
        raise ValueError(f"{path}: expected the header 'name,code,retriable'")
    for ln in lines[1:]:
        name, code, retriable = (x.strip() for x in ln.split(","))
        if retriable not in ("true", "false"):
            raise ValueError(f"{path}: retriable must be true or false: {ln!r}")
        rows.append((name, int(code), retriable == "true"))
    names = [r[0] for r in rows]
    codes = [r[1] for r in rows]
    if len(set(names)) != len(names) or len(set(codes)) != len(codes):
        raise ValueError(f"{path}: duplicate names or codes")
    return rows


def render_errors(path: Path) -> str:
    """``kaflite/protocol/errors.py``: the ErrorCode enum, its aliases and the retriable set."""
    rows = load_errors(path)
    by_name = {name: code for name, code, _ in rows}
    out = ['"""Kafka\'s error codes by Kafka\'s names (the numbers are the wire contract). Generated: do not edit.',
           "",
           "Written by ``tools/codegen/generate.py`` from ``tools/codegen/kafka_errors.csv``, Kafka's",
           "``org.apache.kafka.common.protocol.Errors`` table with each code's retriable flag.",
           '"""', "", "from __future__ import annotations", "", "from enum import IntEnum", "", "",
           "class ErrorCode(IntEnum):",
           '    """Every error code Kafka 4.x defines; a misspelt or missing one fails the type check."""', ""]
    out += [f"    {name} = {code}" for name, code, _ in rows]
    out += ["", "    # kaflite's earlier names: aliases of the same members (Kafka's name is canonical)"]
    for alias, target in ERROR_ALIASES.items():
        if target not in by_name:
            raise ValueError(f"alias {alias} names {target}, which the table lacks")
        out.append(f"    {alias} = {by_name[target]}")
    out += ["", "    @property", "    def retriable(self) -> bool:",
            '        """Kafka\'s clients retry this error on their own (a RetriableException)."""',
            "        return self in RETRIABLE", "", "",
            "#: The errors whose Kafka exception is a RetriableException.",
            "RETRIABLE: frozenset[ErrorCode] = frozenset({"]
    out += [f"    ErrorCode.{name}," for name, _, retriable in rows if retriable]
    out += ["})", "", "_KNOWN: frozenset[int] = frozenset(int(e) for e in ErrorCode)", "", "",
            "def is_retriable(code: int) -> bool:",
            '    """Whether a client retries ``code`` by itself; an unknown code is not retriable (Kafka\'s',
            '    clients turn it into the non-retriable UnknownServerException)."""',
            "    return code in _KNOWN and ErrorCode(code) in RETRIABLE", "",
            "", "def is_known(code: int) -> bool:",
            '    """Whether Kafka defines ``code`` (clients map anything else to UNKNOWN_SERVER_ERROR)."""',
            "    return code in _KNOWN", ""]
    return "\n".join(out)
