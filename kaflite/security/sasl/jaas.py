"""Kafka's JAAS configuration text (``sasl.jaas.config``): ``<LoginModule> <flag> (<name>=<value>)*;`` repeated.

Parsed as Kafka's ``JaasConfig`` reads it with Java's StreamTokenizer: values quoted with ``"`` or ``'`` (backslash
escapes inside), or bare words; ``//`` and ``/* */`` comments; a bare value that starts with a digit is a number to
the tokenizer and refused as Kafka refuses it (quote it). The messages are Kafka's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FLAGS = ("required", "requisite", "sufficient", "optional")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}


@dataclass(frozen=True, slots=True)
class LoginModuleEntry:
    """One entry: the login module's class name, its control flag and its options."""

    login_module: str
    flag: str
    options: dict[str, str] = field(default_factory=dict)


class JaasError(ValueError):
    """The text is not a JAAS configuration (the message is Kafka's)."""


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c in "-_$." or ord(c) >= 128


def _tokens(text: str) -> list[tuple[str, str]]:
    """(kind, value): kind is "word", "quoted", "number" or the punctuation character itself."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "\"'":
            value: list[str] = []
            i += 1
            while i < n and text[i] != c:
                if text[i] == "\\" and i + 1 < n:
                    i += 1
                    value.append(_ESCAPES.get(text[i], text[i]))
                else:
                    value.append(text[i])
                i += 1
            i += 1  # the closing quote (StreamTokenizer ends an unclosed quote at the end of input)
            out.append(("quoted", "".join(value)))
        elif _is_word_char(c):
            start = i
            while i < n and _is_word_char(text[i]):
                i += 1
            word = text[start:i]
            out.append(("number" if c.isdigit() or (c == "." and word[1:2].isdigit()) else "word", word))
        else:
            out.append((c, c))
            i += 1
    return out


def parse_jaas_config(text: str) -> list[LoginModuleEntry]:
    """Every login module entry of ``text``; raises JaasError with Kafka's message."""
    tokens = _tokens(text)
    entries: list[LoginModuleEntry] = []
    i = 0

    def sval(k: int) -> str | None:
        kind, value = tokens[k]
        return value if kind in ("word", "quoted") else None

    while i < len(tokens):
        module = sval(i)
        i += 1
        if i >= len(tokens):
            raise JaasError("Login module control flag not specified in JAAS config")
        flag = sval(i)
        if flag is None:
            raise JaasError("Login module control flag is not available in the JAAS config")
        if flag.lower() not in FLAGS:
            raise JaasError(f"Invalid login module control flag '{flag}' in JAAS config")
        i += 1
        options: dict[str, str] = {}
        while i < len(tokens) and tokens[i][0] != ";":
            key = sval(i)
            if i + 2 >= len(tokens) or tokens[i + 1][0] != "=" or sval(i + 2) is None:
                raise JaasError(f"Value not specified for key '{key}' in JAAS config")
            options[str(key)] = str(sval(i + 2))
            i += 3
        if i >= len(tokens):
            raise JaasError("JAAS config entry not terminated by semi-colon")
        i += 1  # the ';'
        entries.append(LoginModuleEntry(str(module), flag.lower(), options))
    if not entries:
        raise JaasError("Login module not specified in JAAS config")
    return entries


def module_options(text: str, login_module: str) -> dict[str, str]:
    """The options of the entry for ``login_module`` (a class name, or its last part), {} if there is none."""
    for entry in parse_jaas_config(text):
        if entry.login_module == login_module or entry.login_module.rsplit(".", 1)[-1] == login_module:
            return dict(entry.options)
    return {}
