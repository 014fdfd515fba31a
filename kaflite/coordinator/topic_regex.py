"""Topic regex subscriptions (KIP-848 `SubscribedTopicRegex`): RE2 full match, as Kafka's RE2/J does.

CG-RX-1: a regex selects every topic whose *whole* name it matches, so `^topic` selects `topic`
and not `topic-1`. CG-RX-3: we use PyPI `google-re2` when it imports (same engine family, linear
time, so a member's regex cannot stall the coordinator). Without it, a fallback on `re` first
rewrites the pattern: it rejects what RE2 rejects (backreferences, lookaround, atomic groups,
possessive quantifiers, conditionals, `\\Z`, repeat counts > 1000) and translates what only RE2 has
(`\\z`, `[[:alpha:]]`, `\\Q...\\E`, `(?U)`, flags in mid-pattern, `(?<name>`, octal and `\\x{...}`).
Topic names are ASCII (`[a-zA-Z0-9._-]`), so the fallback matches ASCII-only (`re.ASCII`), and
`\\pL`-style classes are reduced to their ASCII members.

Errors carry RE2/J's wording, because Kafka answers `INVALID_REGULAR_EXPRESSION(128)` with
``SubscribedTopicRegex `[` is not a valid regular expression: missing closing ].`` (CG-VAL-4).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from types import ModuleType

try:
    import re2

    _re2: ModuleType | None = re2
except ImportError:  # pragma: no cover - the tests force the fallback by setting _re2 to None
    _re2 = None


class InvalidRegularExpression(ValueError):
    """A pattern RE2 rejects; `str()` is the reason in RE2/J's words (e.g. "missing closing ]")."""


def compile_topic_regex(pattern: str) -> Callable[[str], bool]:
    """Return `name -> bool`, true iff the regex matches the whole topic name.

    Compiled patterns are cached (groups share regexes and are re-resolved every few seconds).
    Raises InvalidRegularExpression for a pattern RE2/J would reject.
    """
    return _compile(pattern, _re2 is not None)


@functools.lru_cache(maxsize=256)
def _compile(pattern: str, use_re2: bool) -> Callable[[str], bool]:
    if use_re2 and _re2 is not None:
        return _compile_re2(_re2, pattern)
    return _compile_fallback(pattern)


# RE2 (C++) error codes -> the RE2/J descriptions Kafka puts in its error message.
_RE2_TO_RE2J = {
    "missing ]": "missing closing ]",
    "missing )": "missing closing )",
    "unexpected )": "missing closing )",
    "trailing \\": "trailing backslash at end of expression",
    "no argument for repetition operator": "missing argument to repetition operator",
    "invalid repetition size": "invalid repeat count",
    "bad repetition operator": "invalid nested repetition operator",
    "invalid perl operator": "invalid or unsupported Perl syntax",
    "invalid named capture group": "invalid named capture",
    "invalid escape sequence": "invalid escape sequence",
    "invalid character class": "invalid character class",
    "invalid character class range": "invalid character class range",
    "invalid UTF-8": "invalid UTF-8",
}


def _compile_re2(engine: ModuleType, pattern: str) -> Callable[[str], bool]:
    options = engine.Options()
    options.log_errors = False  # RE2 would log every rejected pattern to stderr
    try:
        engine.compile(pattern, options)  # the syntax check, with RE2's reason when it fails
    except engine.error as exc:
        raw = exc.args[0] if exc.args else ""
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
        code = text.split(": ", 1)[0]
        raise InvalidRegularExpression(_RE2_TO_RE2J.get(code, code)) from None
    if pattern.count("(?P<") + pattern.count("(?<") >= 2:
        _reject_duplicate_names(pattern)
    # A one-pattern FullMatchSet answers yes/no without building a match object: ~0.5 us a name
    # instead of ~3 us through `compiled.fullmatch` (resolution runs over every topic name).
    matcher = engine.Set.FullMatchSet(options)
    matcher.Add(pattern)
    matcher.Compile()
    match = matcher.Match

    def matches(name: str) -> bool:
        return match(name) is not None

    return matches


def _reject_duplicate_names(pattern: str) -> None:
    """RE2/J (Kafka's engine) rejects `(?P<n>a)(?P<n>b)`; C++ RE2 accepts it; `re` sees it too."""
    try:
        _compile_fallback(pattern)
    except InvalidRegularExpression as exc:
        if str(exc) == _DUPLICATE_NAME:
            raise
        # Anything else: the fallback is only a second opinion on names, and RE2 accepted the pattern.


# ---------------------------------------------------------------------------------------------
# The `re` fallback (CG-RX-3)
# ---------------------------------------------------------------------------------------------

_MISSING_BRACKET = "missing closing ]"
_MISSING_PAREN = "missing closing )"
_BAD_ESCAPE = "invalid escape sequence"
_BAD_PERL = "invalid or unsupported Perl syntax"
_BAD_RANGE = "invalid character class range"
_BAD_REPEAT_SIZE = "invalid repeat count"
_NESTED_REPEAT = "invalid nested repetition operator"
_NO_REPEAT_ARG = "missing argument to repetition operator"
_BAD_NAME = "invalid named capture"
_DUPLICATE_NAME = "duplicate capture group name"

_Ranges = tuple[tuple[int, int], ...]

# POSIX classes (RE2: ASCII only).
_POSIX: dict[str, _Ranges] = {
    "alnum": ((0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)),
    "alpha": ((0x41, 0x5A), (0x61, 0x7A)),
    "ascii": ((0x00, 0x7F),),
    "blank": ((0x09, 0x09), (0x20, 0x20)),
    "cntrl": ((0x00, 0x1F), (0x7F, 0x7F)),
    "digit": ((0x30, 0x39),),
    "graph": ((0x21, 0x7E),),
    "lower": ((0x61, 0x7A),),
    "print": ((0x20, 0x7E),),
    "punct": ((0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)),
    "space": ((0x09, 0x0D), (0x20, 0x20)),
    "upper": ((0x41, 0x5A),),
    "word": ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)),
    "xdigit": ((0x30, 0x39), (0x41, 0x46), (0x61, 0x66)),
}

# Unicode classes for `\p`, reduced to ASCII (all a topic name can contain); others: empty.
_UNICODE: dict[str, _Ranges] = {
    "Any": ((0x00, 0x10FFFF),),
    "L": _POSIX["alpha"],
    "Lu": _POSIX["upper"],
    "Ll": _POSIX["lower"],
    "Latin": _POSIX["alpha"],
    "N": _POSIX["digit"],
    "Nd": _POSIX["digit"],
    "P": ((0x21, 0x23), (0x25, 0x2A), (0x2C, 0x2F), (0x3A, 0x3B), (0x3F, 0x40), (0x5B, 0x5D), (0x5F, 0x5F),
          (0x7B, 0x7B), (0x7D, 0x7D)),
    "Common": ((0x00, 0x40), (0x5B, 0x60), (0x7B, 0x7F)),
}
_UNICODE_EMPTY = frozenset({"C", "Cc", "Z", "Zs", "S", "Sm", "M", "Greek", "Cyrillic", "Han", "Arabic", "Hebrew"})

_OCTAL = "01234567"
_OCTAL_DIGITS = frozenset(_OCTAL)
_HEX = re.compile(r"\{([0-9A-Fa-f]{1,8})\}|([0-9A-Fa-f]{2})")
_ESCAPES_OUTSIDE = frozenset("AbBdDsSwWafnrtv")
_ESCAPES_IN_CLASS = frozenset("dDsSwWafnrtv")
_REPEAT = re.compile(r"\{(\d+)(,(\d*))?\}")
_NAME = re.compile(r"[A-Za-z0-9_]+")


def _char(code: int) -> str:
    """One character as a `re` escape, safe anywhere (inside or outside a class)."""
    return f"\\x{code:02x}" if code < 0x100 else f"\\U{code:08x}"


def _class_body(ranges: _Ranges, negate: bool = False) -> str:
    if negate:
        out, start = [], 0
        for lo, hi in ranges:
            if lo > start:
                out.append((start, lo - 1))
            start = hi + 1
        if start <= 0x10FFFF:
            out.append((start, 0x10FFFF))
        ranges = tuple(out)
    return "".join(_char(lo) if lo == hi else f"{_char(lo)}-{_char(hi)}" for lo, hi in ranges)


class _Wrapper(str):
    """The `(?flags:` that scopes a mid-pattern `(?flags)` (see _Translator.repeat)."""

    __slots__ = ()


class _Translator:
    """One left-to-right pass turning an RE2 pattern into an equivalent `re` pattern, or raising."""

    def __init__(self, pattern: str) -> None:
        self.p = pattern
        self.i = 0
        self.out: list[str] = []
        # Per open group: the inline-flag wrappers opened in it, and the flags to restore at `)`.
        self.frames: list[tuple[list[str], bool, bool, int]] = []
        self.wrappers: list[str] = []
        self.ungreedy = False
        self.multiline = False
        # "none" (nothing to repeat), "atom", "repeat", "repeat-flags" (a repeat, then `(?flags)`).
        self.last = "none"
        self.atom_start = 0  # where the last atom starts in `out`, to group it if repeated twice

    def emit_atom(self, text: str) -> None:
        self.atom_start = len(self.out)
        self.out.append(text)
        self.last = "atom"

    def fail(self, reason: str) -> InvalidRegularExpression:
        return InvalidRegularExpression(reason)

    def run(self) -> str:
        p, n = self.p, len(self.p)
        while self.i < n:
            c = p[self.i]
            if c == "\\":
                self.escape()
            elif c == "[":
                self.char_class()
            elif c == "(":
                self.open_group()
            elif c == ")":
                if not self.frames:
                    raise self.fail(_MISSING_PAREN)
                self.out.append(")" * len(self.wrappers) + ")")
                self.wrappers, self.ungreedy, self.multiline, self.atom_start = self.frames.pop()
                self.i += 1
                self.last = "atom"
            elif c == "|":
                closing = ")" * len(self.wrappers)
                self.out.append(closing + "|" + "".join(self.wrappers))
                self.i += 1
                self.last = "none"
            elif c in "*+?":
                self.repeat(c)
            elif c == "{":
                m = _REPEAT.match(p, self.i)
                if m is None:
                    self.emit_atom("\\{")
                    self.i += 1
                    continue
                low = int(m.group(1))
                high = low if m.group(2) is None else (int(m.group(3)) if m.group(3) else -1)
                if low > 1000 or high > 1000 or (high != -1 and high < low):
                    raise self.fail(_BAD_REPEAT_SIZE)
                self.i = m.end()
                self.repeat(m.group(0))
            elif c == "$":
                # Empty-width ops are grouped: RE2 lets them be repeated (`^*`), `re` does not.
                self.emit_atom("(?:$)" if self.multiline else r"(?:\Z)")
                self.i += 1
            elif c == "^":
                self.emit_atom("(?:^)")
                self.i += 1
            elif c == "}":
                self.emit_atom("\\}")
                self.i += 1
            else:
                self.emit_atom(c)
                self.i += 1
        if self.frames:
            raise self.fail(_MISSING_PAREN)
        self.out.append(")" * len(self.wrappers))
        return "".join(self.out)

    def repeat(self, op: str) -> None:
        if self.last == "none":
            raise self.fail(_NO_REPEAT_ARG)
        if self.last == "repeat":
            raise self.fail(_NESTED_REPEAT)
        if op in "*+?":
            self.i += 1
        lazy = self.i < len(self.p) and self.p[self.i] == "?"
        if lazy:
            self.i += 1
        nxt = self.p[self.i : self.i + 1]
        if (nxt and nxt in "*+?") or (nxt == "{" and _REPEAT.match(self.p, self.i)):
            raise self.fail(_NESTED_REPEAT)  # `a**`, possessive `a*+`, `a?{2}`
        # After `a(?i)` the repeat is a's (RE2 pushes nothing for flags): put it before the wrappers.
        at = len(self.out)
        while at and isinstance(self.out[at - 1], _Wrapper):
            at -= 1
        if self.last == "repeat-flags":
            # `a*(?i)*`: RE2 repeats the repeat (its check for `**` is only textual); `re` needs a group.
            self.out.insert(at, ")")
            self.out.insert(self.atom_start, "(?:")
            at += 2
        self.out.insert(at, op + ("?" if lazy != self.ungreedy else ""))
        self.last = "repeat"

    def open_group(self) -> None:
        p = self.p
        if not p.startswith("(?", self.i):
            self.frames.append((self.wrappers, self.ungreedy, self.multiline, len(self.out)))
            self.wrappers = []
            self.out.append("(")
            self.i += 1
            self.last = "none"
            return
        rest = p[self.i + 2 : self.i + 3]
        if rest == "P" or rest == "<":
            start = self.i + (4 if rest == "P" else 3)
            if (rest == "P" and p[self.i + 3 : self.i + 4] != "<") or p[start - 1 : start] != "<":
                raise self.fail(_BAD_PERL)  # (?P=name), (?P>name), lookbehind (?<= (?<!
            if p[start : start + 1] in ("=", "!", ""):
                raise self.fail(_BAD_PERL)
            end = p.find(">", start)
            if end < 0 or not _NAME.fullmatch(p, start, end):
                raise self.fail(_BAD_NAME)
            name = p[start:end]
            if name[0].isdigit():  # RE2 allows it, `re` does not: rename, the name is never used.
                name = "_" + name
            self.frames.append((self.wrappers, self.ungreedy, self.multiline, len(self.out)))
            self.wrappers = []
            self.out.append(f"(?P<{name}>")
            self.i = end + 1
            self.last = "none"
            return
        # Flags: (?flags) or (?flags:...), flags from i m s U with at most one '-'.
        j = self.i + 2
        on: set[str] = set()
        off: set[str] = set()
        negated = saw = False
        while j < len(p) and p[j] not in ":)":
            f = p[j]
            if f == "-" and not negated:
                negated, saw = True, False
            elif f in "imsU":
                (off if negated else on).add(f)
                saw = True
            else:
                raise self.fail(_BAD_PERL)  # lookahead, atomic (?>, conditional (?(, comment (?#, (?x)
            j += 1
        if j >= len(p) or (negated and not saw):
            raise self.fail(_BAD_PERL)
        flags = "".join(sorted(on - {"U"}))
        unflags = "".join(sorted(off - {"U"}))
        py = flags + ("-" + unflags if unflags else "")
        ungreedy = (self.ungreedy or "U" in on) and "U" not in off
        multiline = (self.multiline or "m" in on) and "m" not in off
        if p[j] == ":":
            self.frames.append((self.wrappers, self.ungreedy, self.multiline, len(self.out)))
            self.wrappers = []
            self.out.append(f"(?{py}:")
            self.last = "none"
        elif py:
            # `re` only takes global flags at the start: scope them over the rest of this group.
            self.wrappers.append(f"(?{py}:")
            self.out.append(_Wrapper(f"(?{py}:"))
        if p[j] == ")" and self.last == "repeat":
            self.last = "repeat-flags"
        self.ungreedy, self.multiline = ungreedy, multiline
        self.i = j + 1

    def escape(self, in_class: bool = False) -> tuple[str, int | None]:
        """Translate one escape; returns (text, code point if it is one character)."""
        p, i = self.p, self.i
        if i + 1 >= len(p):
            raise self.fail("trailing backslash at end of expression")
        c = p[i + 1]
        text: str
        code: int | None = None
        if c in _OCTAL:
            # RE2: \0 and \1-\7 followed by an octal digit are octal; a lone \1-\7 is a backreference.
            if c != "0" and p[i + 2 : i + 3] not in _OCTAL_DIGITS:
                raise self.fail(_BAD_ESCAPE)
            j = i + 2
            while j < len(p) and j < i + 4 and p[j] in _OCTAL:
                j += 1
            code = int(p[i + 1 : j], 8)
            text, self.i = _char(code), j
        elif c in "89":
            raise self.fail(_BAD_ESCAPE)
        elif c == "x":
            m = _HEX.match(p, i + 2)
            if m is None or int(m.group(1) or m.group(2), 16) > 0x10FFFF:
                raise self.fail(_BAD_ESCAPE)
            code = int(m.group(1) or m.group(2), 16)
            text, self.i = _char(code), m.end()
        elif c in "pP":
            if p[i + 2 : i + 3] == "{":
                end = p.find("}", i + 3)
                if end < 0:
                    raise self.fail(_BAD_RANGE)
                name, self.i = p[i + 3 : end], end + 1
            elif i + 2 < len(p):
                name, self.i = p[i + 2], i + 3
            else:
                raise self.fail(_BAD_RANGE)
            negate = c == "P"
            if name.startswith("^"):
                name, negate = name[1:], not negate
            if name in _UNICODE:
                ranges = _UNICODE[name]
            elif name in _UNICODE_EMPTY:
                ranges = ()
            else:
                raise self.fail(_BAD_RANGE)
            body = _class_body(ranges, negate)
            text = body if in_class else (f"[{body}]" if body else r"[^\x00-\U0010ffff]")
        elif in_class:
            if c not in _ESCAPES_IN_CLASS and (c.isalnum() or ord(c) > 0x7F):
                raise self.fail(_BAD_ESCAPE)
            if c in _ESCAPES_IN_CLASS:
                text = "\\" + c
            else:
                code = ord(c)
                text = _char(code)
            self.i = i + 2
        elif c == "Q":
            end = p.find("\\E", i + 2)
            literal = p[i + 2 :] if end < 0 else p[i + 2 : end]
            self.i = len(p) if end < 0 else end + 2
            text = "".join(_char(ord(ch)) for ch in literal)
            for ch in literal:  # a following repeat applies to the last character only
                self.emit_atom(_char(ord(ch)))
            return text, None
        elif c == "z":
            text, self.i = r"(?:\Z)", i + 2
        elif c == "C":
            text, self.i = r"[\x00-\U0010ffff]", i + 2
        elif c in _ESCAPES_OUTSIDE:
            text, self.i = (f"(?:\\{c})" if c in "AbB" else "\\" + c), i + 2
        elif c.isalnum() or ord(c) > 0x7F:
            raise self.fail(_BAD_ESCAPE)  # \Z, \e, \u, \N, \G, \K, ...
        else:
            code = ord(c)
            text, self.i = _char(code), i + 2
        if not in_class:
            self.emit_atom(text)
        return text, code

    def char_class(self) -> None:
        p, n = self.p, len(self.p)
        self.i += 1
        parts = ["["]
        if self.i < n and p[self.i] == "^":
            parts.append("^")
            self.i += 1
        first = True
        while True:
            if self.i >= n:
                raise self.fail(_MISSING_BRACKET)
            c = p[self.i]
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            if c == "[" and p.startswith("[:", self.i):
                end = p.find(":]", self.i + 2)
                if end >= 0:
                    name = p[self.i + 2 : end]
                    negate = name.startswith("^")
                    name = name[1:] if negate else name
                    if name not in _POSIX:
                        raise self.fail(_BAD_RANGE)
                    parts.append(_class_body(_POSIX[name], negate))
                    self.i = end + 2
                    continue
            lo_text, lo = self.class_atom()
            if lo is not None and p.startswith("-", self.i) and self.i + 1 < n and p[self.i + 1] != "]":
                self.i += 1
                hi_text, hi = self.class_atom()
                if hi is None:
                    raise self.fail(_BAD_ESCAPE)  # `[a-\d]`: a range ends at one character
                if hi < lo:
                    raise self.fail(_BAD_RANGE)
                parts.append(f"{lo_text}-{hi_text}")
            else:
                parts.append(lo_text)
        parts.append("]")
        self.emit_atom("".join(parts))

    def class_atom(self) -> tuple[str, int | None]:
        c = self.p[self.i]
        if c == "\\":
            return self.escape(in_class=True)
        self.i += 1
        return _char(ord(c)), ord(c)


# `re` messages for what the translation passes through -> RE2/J's words.
_RE_TO_RE2J = (
    ("multiple repeat", _NESTED_REPEAT),
    ("nothing to repeat", _NO_REPEAT_ARG),
    ("unterminated character set", _MISSING_BRACKET),
    ("missing ), unterminated subpattern", _MISSING_PAREN),
    ("unbalanced parenthesis", _MISSING_PAREN),
    ("bad character range", _BAD_RANGE),
    ("redefinition of group name", _DUPLICATE_NAME),
    ("bad escape", _BAD_ESCAPE),
)


def _compile_fallback(pattern: str) -> Callable[[str], bool]:
    translated = _Translator(pattern).run()
    try:
        compiled = re.compile(translated, re.ASCII)
    except re.error as exc:
        for prefix, reason in _RE_TO_RE2J:
            if exc.msg.startswith(prefix):
                raise InvalidRegularExpression(reason) from None
        raise InvalidRegularExpression(exc.msg) from None
    fullmatch = compiled.fullmatch

    def matches(name: str) -> bool:
        return fullmatch(name) is not None

    return matches
