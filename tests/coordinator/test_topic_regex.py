"""Topic regexes (CG-RX-1, CG-RX-3): RE2 full match, RE2/J error texts, and the `re` fallback.

Every test runs twice: with google-re2 (skipped if it is not installed) and with the fallback
forced (the module's `_re2` set to None). A differential test checks that both engines accept,
reject and match the same way.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaflite.coordinator import topic_regex
from kaflite.coordinator.topic_regex import InvalidRegularExpression, compile_topic_regex

HAVE_RE2 = topic_regex._re2 is not None


@pytest.fixture(params=["re2", "fallback"])
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "re2":
        if not HAVE_RE2:
            pytest.skip("google-re2 is not installed")
    else:
        monkeypatch.setattr(topic_regex, "_re2", None)
    yield request.param


def matching(pattern: str, names: list[str]) -> list[str]:
    match = compile_topic_regex(pattern)
    return [n for n in names if match(n)]


NAMES = ["topic", "topic-1", "topic-10", "Topic", "other", "other-topic", "t.x", "txx", "_internal", "a-b_c.d"]


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("^topic", ["topic"]),  # CG-RX-1: full match, so `^topic` is not a prefix test
        ("topic", ["topic"]),
        ("topic.*", ["topic", "topic-1", "topic-10"]),
        ("^topic-.*$", ["topic-1", "topic-10"]),
        ("(^topic)|(^other)", ["topic", "other"]),  # librdkafka joins several regexes like this
        (r"topic-\d", ["topic-1"]),
        (r"t\.x", ["t.x"]),
        ("t.x", ["t.x", "txx"]),
        ("(?i)topic", ["topic", "Topic"]),
        (r"[[:alpha:]]+", ["topic", "Topic", "other", "txx"]),
        (r"\Qt.x\E", ["t.x"]),
        (r"topic\z", ["topic"]),
        ("_.*", ["_internal"]),
        (r"[\w.-]+", NAMES),
        ("", []),
    ],
)
def test_CG_RX_1_full_match(pattern: str, expected: list[str]) -> None:
    assert matching(pattern, NAMES) == expected


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        ("[", "missing closing ]"),  # CG-VAL-4's example, RE2/J's words
        ("[abc", "missing closing ]"),
        ("(abc", "missing closing )"),
        ("abc)", "missing closing )"),
        (r"(a)\1", "invalid escape sequence"),  # backreference
        ("(?=a)b", "invalid or unsupported Perl syntax"),  # lookahead
        ("(?<!a)b", "invalid or unsupported Perl syntax"),  # lookbehind
        ("(?>a)", "invalid or unsupported Perl syntax"),  # atomic group
        ("(?(1)a|b)", "invalid or unsupported Perl syntax"),  # conditional
        ("(?x)a", "invalid or unsupported Perl syntax"),  # only i, m, s, U
        ("a*+", "invalid nested repetition operator"),  # possessive
        ("a++", "invalid nested repetition operator"),
        ("a**", "invalid nested repetition operator"),
        (r"a\Z", "invalid escape sequence"),
        ("a{1001}", "invalid repeat count"),
        ("a{2,1}", "invalid repeat count"),
        ("*a", "missing argument to repetition operator"),
        ("[z-a]", "invalid character class range"),
        ("[[:nope:]]", "invalid character class range"),
        ("a\\", "trailing backslash at end of expression"),
        (r"\e", "invalid escape sequence"),
        ("(?P<n>a)(?P<n>b)", "duplicate capture group name"),  # RE2/J 1.8 (Kafka's); C++ RE2 would accept
    ],
)
def test_CG_RX_3_invalid_patterns(pattern: str, reason: str) -> None:
    with pytest.raises(InvalidRegularExpression) as info:
        compile_topic_regex(pattern)
    assert str(info.value) == reason
    assert isinstance(info.value, ValueError)


@pytest.mark.usefixtures("engine")
def test_CG_RX_3_what_only_re2_has() -> None:
    assert matching("a{1000}", ["a" * 1000, "a" * 999]) == ["a" * 1000]
    assert matching("(?U)t.+", ["topic"]) == ["topic"]  # ungreedy still full-matches
    assert matching("a(?i)b|c", ["aB", "C", "Ab"]) == ["aB", "C"]  # flags last to the group's end
    assert matching("(?<name>t)opic", ["topic"]) == ["topic"]
    assert matching(r"[[:^digit:]]+", ["abc", "a1"]) == ["abc"]
    assert matching(r"\x{74}opic", ["topic"]) == ["topic"]
    assert matching(r"\164opic", ["topic"]) == ["topic"]  # octal
    assert matching(r"\pL+", ["topic", "t1"]) == ["topic"]
    assert matching("^*topic$*", ["topic"]) == ["topic"]


def test_compiled_patterns_are_cached() -> None:
    assert compile_topic_regex("cached-.*") is compile_topic_regex("cached-.*")


# Differential: both engines agree on validity, error text and matches.
TOKENS = [
    "a", "b", "t", ".", "-", "_", "*", "+", "?", "{2}", "{1,3}", "{,2}", "|", "(", ")", "(?:", "(?i)", "(?U)",
    "[", "]", "^", "$", "\\d", "\\w", "\\.", "\\z", "\\Q", "\\E", "[[:alpha:]]", "[^a]", "[a-c]", "\\1", "(?=",
    "*?", "\\", "{", "(?<", "(?P<n>", "\\pL", "[[:^alpha:]]", "\\x41", "\\01", "{1001}", "(?s)", "(?m)", "(?-i)",
    "(?i:", "\\b", "\\A", "}", ",", "\\Z",
]  # fmt: skip
SAMPLE_NAMES = ["", "a", "b", "ab", "ba", "aab", "t.a", "t-b", "A", "t_1", "abab", "a.b.c", "{2}", "tt", "a*"]


@pytest.mark.skipif(not HAVE_RE2, reason="google-re2 is not installed")
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=7))
def test_fallback_agrees_with_re2(tokens: list[str]) -> None:
    pattern = "".join(tokens)
    results = []
    for use_re2 in (True, False):
        try:
            match = topic_regex._compile(pattern, use_re2)
        except InvalidRegularExpression as exc:
            results.append(("error", str(exc)))
        else:
            results.append(("ok", [n for n in SAMPLE_NAMES if match(n)]))
    assert results[0] == results[1], pattern
