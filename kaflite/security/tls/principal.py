"""``ssl.principal.mapping.rules``: Kafka's ``SslPrincipalMapper``, from a client certificate's distinguished
name to the principal's name. Pure (``re`` only): the config check parses the rules, the TLS layer applies them.

Rules are ``DEFAULT`` (the distinguished name as it is) or ``RULE:pattern/replacement/[LU]`` (when ``pattern``
matches the whole name, ``replacement`` with ``$1``... back references, lower- or upper-cased), comma-separated,
tried in order; the first that applies wins, and a name no rule applies to is refused.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# Kafka's RULE_PATTERN and RULE_SPLITTER, as written in SslPrincipalMapper.
_RULE = r"(DEFAULT)|RULE:((\\.|[^\\/])*)/((\\.|[^\\/])*)/([LU]?).*?|(.*?)"
_SPLITTER = re.compile(r"\s*(" + _RULE + r")\s*(,\s*|$)")
_PARSER = re.compile(_RULE)
_BACK_REFERENCE = re.compile(r"\$(\d+)")


class NoMatchingRule(ValueError):
    """No rule applies to the distinguished name: Kafka fails the authentication."""


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: re.Pattern[str] | None  # None: DEFAULT
    replacement: str = ""
    lower: bool = False
    upper: bool = False

    def apply(self, name: str) -> str | None:
        if self.pattern is None:
            return name
        if self.pattern.fullmatch(name) is None:
            return None
        result = self.pattern.sub(_python_replacement(self.replacement, self.pattern.groups), name)
        return result.lower() if self.lower else result.upper() if self.upper else result


def _python_replacement(replacement: str, groups: int) -> str:
    """Java's ``$n`` back references as ``re.sub``'s ``\\g<n>``; a reference past the groups is shortened as Kafka
    does (``$12`` with one group is group 1 then ``2``), and one to no group stays literal."""
    out, pos = [], 0
    for m in _BACK_REFERENCE.finditer(replacement):
        out.append(replacement[pos:m.start()].replace("\\", "\\\\"))
        digits = m.group(1)
        index = int(digits)
        while index > groups and index >= 10:
            index //= 10
        if digits.startswith("0") or index > groups:
            out.append(m.group(0))
        else:
            out.append(f"\\g<{index}>" + digits[len(str(index)):])
        pos = m.end()
    out.append(replacement[pos:].replace("\\", "\\\\"))
    return "".join(out)


@functools.lru_cache(maxsize=8)
def parse_rules(rules: str) -> tuple[_Rule, ...]:
    """The rules of ``ssl.principal.mapping.rules``; raises ValueError on one Kafka would refuse."""
    out = []
    for m in _SPLITTER.finditer(rules.strip()):
        rule = m.group(1)
        if m.start() == m.end():
            break
        parsed = _PARSER.match(rule)
        if parsed is None or parsed.end() != len(rule):
            raise ValueError(f"Invalid rule: {rule}")
        if parsed.group(1) is not None:
            out.append(_Rule(None))
        elif parsed.group(2) is not None:
            try:
                pattern = re.compile(parsed.group(2))
            except re.error as exc:
                raise ValueError(f"Invalid rule: {rule}: {exc}") from None
            out.append(_Rule(pattern, parsed.group(4), parsed.group(6) == "L", parsed.group(6) == "U"))
        elif parsed.group(7):
            raise ValueError(f"Invalid rule: {rule}")
    return tuple(out)


def principal_name(rules: str, distinguished_name: str) -> str:
    """The principal's name for this distinguished name; NoMatchingRule when no rule applies."""
    for rule in parse_rules(rules):
        name = rule.apply(distinguished_name)
        if name is not None:
            return name
    raise NoMatchingRule(f"No rules apply to {distinguished_name}, rules {rules}")
