"""ErrorCode carries Kafka's own names (org.apache.kafka.common.protocol.Errors)."""

import os
from pathlib import Path

from kaflite.protocol.errors import ErrorCode, is_known, is_retriable

REPO = Path(__file__).resolve().parents[2]


def test_kafka_names_for_17_and_39() -> None:
    # The broker answers invalid topic names and replica assignments with these (admin.py, produce.py);
    # the earlier names stay as aliases of the same members.
    assert ErrorCode.INVALID_TOPIC_EXCEPTION == 17
    assert ErrorCode.INVALID_REPLICA_ASSIGNMENT == 39
    assert ErrorCode.INVALID_TOPIC is ErrorCode.INVALID_TOPIC_EXCEPTION
    assert ErrorCode.INVALID_REPLICATION_ASSIGNMENT is ErrorCode.INVALID_REPLICA_ASSIGNMENT
    assert ErrorCode(17).name == "INVALID_TOPIC_EXCEPTION"
    assert ErrorCode(39).name == "INVALID_REPLICA_ASSIGNMENT"


def test_every_kafka_code_from_minus_one_to_the_last_is_defined() -> None:
    # Kafka numbers its codes without gaps; a hole means a row was lost from the table.
    codes = sorted({int(e) for e in ErrorCode})
    assert codes == list(range(-1, codes[-1] + 1))
    assert codes[-1] >= 133  # SHARE_SESSION_LIMIT_REACHED, Kafka 4.1
    assert ErrorCode(133).name == "SHARE_SESSION_LIMIT_REACHED"


def test_kafka_names_are_canonical_earlier_names_stay_aliases() -> None:
    assert ErrorCode(6).name == "NOT_LEADER_OR_FOLLOWER"
    assert ErrorCode.NOT_LEADER_FOR_PARTITION is ErrorCode.NOT_LEADER_OR_FOLLOWER
    assert ErrorCode(10).name == "MESSAGE_TOO_LARGE"
    assert ErrorCode.MESSAGE_SIZE_TOO_LARGE is ErrorCode.MESSAGE_TOO_LARGE


def test_retriable_follows_kafkas_exception_hierarchy() -> None:
    assert is_retriable(ErrorCode.NOT_COORDINATOR) and ErrorCode.NOT_COORDINATOR.retriable
    assert is_retriable(ErrorCode.CORRUPT_MESSAGE)  # CorruptRecordException is a RetriableException
    assert not is_retriable(ErrorCode.UNKNOWN_MEMBER_ID) and not ErrorCode.UNKNOWN_MEMBER_ID.retriable
    assert not is_retriable(ErrorCode.NONE)
    assert not is_retriable(999) and not is_known(999) and is_known(-1)


def test_table_agrees_with_kafka_python_where_it_knows_the_code() -> None:
    """A second, independent copy of Kafka's table: numbers and retriable flags must agree, and
    kafka-python's names are Kafka's except where kaflite keeps them as aliases."""
    import inspect

    import kafka.errors as ke

    theirs = {c.errno: c for _, c in inspect.getmembers(ke, inspect.isclass)
              if issubclass(c, ke.BrokerResponseError) and c.errno is not None}
    assert len(theirs) > 100
    # kafka-python marks CORRUPT_MESSAGE non-retriable; Kafka's CorruptRecordException is retriable.
    retriable_differs = {ErrorCode.CORRUPT_MESSAGE}
    own_names = {-1: "UNKNOWN", 0: "NO_ERROR"}
    for code, cls in theirs.items():
        ours = ErrorCode(code)
        assert cls.message == own_names.get(code) or ErrorCode[cls.message] is ours, (code, cls.message)
        if ours not in retriable_differs:
            assert is_retriable(code) == cls.retriable, ours.name


def test_a_reference_to_a_missing_error_code_fails_the_type_check(tmp_path: Path) -> None:
    """The static check for handlers: ``make typecheck`` runs mypy over the whole package with the
    project's config (bodies of unannotated functions included), and ErrorCode lists every code
    Kafka defines, so a code that does not exist fails the build. Proven on a handler-like module
    with the same config: exactly the two missing codes are reported, the real one is not."""
    import subprocess
    import sys
    import tomllib

    config = REPO / "pyproject.toml"
    assert "kaflite" in tomllib.loads(config.read_text())["tool"]["mypy"]["files"]  # handlers included
    probe = tmp_path / "handler_probe.py"
    probe.write_text(
        "from kaflite.protocol.errors import ErrorCode\n\n\n"
        "def typed(x: int) -> int:\n"
        "    return ErrorCode.DOES_NOT_EXIST + x\n\n\n"
        "def untyped(response):\n"
        "    response.error_code = ErrorCode.INVALID_REPLICA_ASSIGNMENT\n"
        "    return ErrorCode.NO_SUCH_CODE\n")
    r = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir",
                        str(tmp_path / "cache"), str(probe)], cwd=REPO, capture_output=True, text=True,
                       timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert r.returncode == 1, r.stdout + r.stderr
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 2, r.stdout
    assert "DOES_NOT_EXIST" in errors[0] and ":5:" in errors[0]
    assert "NO_SUCH_CODE" in errors[1] and ":10:" in errors[1]
