"""Kafka's JSON message definitions, read (``load_message``): a message's versions, flexible versions and
fields, its nested and common structs, each field's versions, nullability, tag and default. The generator
(``generate.py``) writes the codecs from these; ``tests/protocol/schema_oracle.py`` reads them too.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FIXED = {"bool": ("?", 1), "int8": ("b", 1), "int16": ("h", 2), "int32": ("i", 4),
         "int64": ("q", 8), "uint16": ("H", 2), "float64": ("d", 8)}
NO_FLEX = 10_000


def strip_comments(text: str) -> str:
    """Kafka's JSON allows // comments; drop them outside strings."""
    out = []
    for line in text.splitlines():
        in_str = False
        i = 0
        cut = len(line)
        while i < len(line):
            c = line[i]
            if c == '"' and (i == 0 or line[i - 1] != "\\"):
                in_str = not in_str
            elif c == "/" and not in_str and line[i:i + 2] == "//":
                cut = i
                break
            i += 1
        out.append(line[:cut])
    return "\n".join(out)


@dataclass(frozen=True)
class Versions:
    lo: int
    hi: int  # inclusive; NO_FLEX for "N+"

    @staticmethod
    def parse(s: str | None) -> Versions | None:
        if s is None or s == "none":
            return None
        s = s.strip()
        if s.endswith("+"):
            return Versions(int(s[:-1]), NO_FLEX)
        if "-" in s:
            a, b = s.split("-")
            return Versions(int(a), int(b))
        return Versions(int(s), int(s))

    def __contains__(self, v: int) -> bool:
        return self.lo <= v <= self.hi


def snake(name: str) -> str:
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    return s.lower()


@dataclass
class Field:
    name: str
    attr: str
    type: str  # primitive name, "[]X", or struct name
    versions: Versions
    nullable: Versions | None
    tagged: Versions | None
    tag: int | None
    default: str | None
    struct: Struct | None = None  # for struct and []struct types

    @property
    def is_array(self) -> bool:
        return self.type.startswith("[]")

    @property
    def elem(self) -> str:
        return self.type[2:] if self.is_array else self.type


@dataclass
class Struct:
    name: str
    fields: list[Field] = field(default_factory=list)


@dataclass
class Message:
    name: str
    kind: str  # request | response | data
    api_key: int | None
    valid: Versions
    flexible: Versions | None
    root: Struct
    structs: list[Struct]  # nested, in definition order (excluding root)
    source: str


def load_message(path: Path) -> Message:
    spec = json.loads(strip_comments(path.read_text()))
    common: dict[str, dict[str, Any]] = {c["name"]: c for c in spec.get("commonStructs", [])}
    structs: list[Struct] = []
    by_name: dict[str, Struct] = {}

    def build_struct(name: str, fields: list[dict[str, Any]]) -> Struct:
        st = Struct(name)
        if name in by_name:
            return by_name[name]
        by_name[name] = st
        structs.append(st)
        st.fields = [build_field(f) for f in fields]
        return st

    def build_field(f: dict[str, Any]) -> Field:
        typ = f["type"]
        elem = typ[2:] if typ.startswith("[]") else typ
        default = f.get("default")
        if default is not None and not isinstance(default, str):
            default = json.dumps(default)
        fld = Field(
            name=f["name"], attr=snake(f["name"]), type=typ,
            # Kafka's generator: a field with only "taggedVersions" exists in exactly those versions.
            versions=Versions.parse(f.get("versions", f.get("taggedVersions"))) or Versions(0, -1),
            nullable=Versions.parse(f.get("nullableVersions")),
            tagged=Versions.parse(f.get("taggedVersions")),
            tag=f.get("tag"), default=default,
        )
        if elem not in FIXED and elem not in ("string", "bytes", "records", "uuid"):
            if "fields" in f:
                fld.struct = build_struct(elem, f["fields"])
            elif elem in by_name:
                fld.struct = by_name[elem]
            else:
                fld.struct = build_struct(elem, common[elem]["fields"])
        return fld

    root = Struct(spec["name"])
    root.fields = [build_field(f) for f in spec["fields"]]
    return Message(
        name=spec["name"], kind=spec["type"], api_key=spec.get("apiKey"),
        valid=Versions.parse(spec["validVersions"]) or Versions(0, 0),
        flexible=Versions.parse(spec.get("flexibleVersions")),
        root=root, structs=structs, source=path.name,
    )
