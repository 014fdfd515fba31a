"""The code of one message module of ``kaflite/protocol/messages``: one Kafka JSON message definition
(``kafka_schema.Message``) turned into straight-line Python -- one decode and one encode function per
distinct wire layout (versions that encode alike share one function), precompiled ``struct.Struct`` runs
for consecutive fixed-size fields, and ``__slots__`` classes. ``generate.py`` runs it over every schema
and writes the package."""

from __future__ import annotations

from typing import Any

from kafka_schema import FIXED, NO_FLEX, Field, Message, Struct

NULL_ARRAY = "b'\\xff\\xff\\xff\\xff'"
NULL_ARRAY_FLEX = "b'\\x00'"


def default_expr(f: Field) -> str:
    """The Python expression for a field's schema default (evaluated per instance)."""
    d = f.default
    if f.is_array:
        return "None" if d == "null" else "[]"
    if f.struct is not None:
        return "None" if d == "null" else f"{f.struct.name}()"
    t = f.type
    if d == "null":
        return "None"
    if t in ("int8", "int16", "int32", "int64", "uint16"):
        if d is None or d == "":
            return "0"
        return str(int(d, 16) if d.lower().startswith("0x") else int(d))
    if t == "float64":
        return repr(float(d)) if d else "0.0"
    if t == "bool":
        return "True" if d == "true" else "False"
    if t == "string":
        return repr(d or "")
    if t == "bytes":
        return "b''"
    if t == "records":
        return "None"
    if t == "uuid":
        return "ZERO_UUID"
    raise ValueError(f"no default for {f.name}: {t}")


def is_mutable_default(expr: str) -> bool:
    return expr == "[]" or expr.endswith("()")


def reader(t: str, flex: bool, nullable: bool) -> str:
    """The ``_codec`` function that reads a string or bytes value (``_r_nn_*`` refuse a null)."""
    name = ("c" if flex else "") + ("str" if t == "string" else "bytes")
    return f"_r_{name}" if nullable else f"_r_nn_{name}"


def min_size(f: Field, v: int, flex: bool, elem: bool = False) -> int:
    """The fewest bytes one value of ``f`` (one element, with ``elem``) takes on the wire at ``v``;
    at least 1, so an array count is never larger than the bytes left."""
    t = f.elem
    if f.is_array and not elem:
        return 1 if flex else 4
    if t in FIXED:
        return FIXED[t][1]
    if t == "uuid":
        return 16
    if t in ("string",):
        return 1 if flex else 2
    if t in ("bytes", "records"):
        return 1 if flex else 4
    assert f.struct is not None
    if not elem and f.nullable is not None and v in f.nullable:
        return 1
    total = 1 if flex else 0  # the tag section's count
    for sub in f.struct.fields:
        if v in sub.versions and not (flex and sub.tagged is not None and v in sub.tagged):
            total += min_size(sub, v, flex)
    return max(total, 1)


class Emitter:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.structs_used: dict[str, str] = {}  # struct format -> constant name

    def s(self, fmt: str) -> str:
        """Name of a module-level precompiled Struct for ``fmt``."""
        if fmt not in self.structs_used:
            self.structs_used[fmt] = f"_S{len(self.structs_used)}"
        return self.structs_used[fmt]


def layout_key(st: Struct, v: int, flex: bool) -> tuple[Any, ...]:
    """What distinguishes the wire layout of ``st`` at version ``v``."""
    key: list[Any] = [flex]
    for f in st.fields:
        present = v in f.versions
        tagged = flex and f.tagged is not None and v in f.tagged
        nullable = f.nullable is not None and v in f.nullable
        sub = layout_key(f.struct, v, flex) if f.struct is not None and present else None
        key.append((f.attr, present, tagged, nullable, sub))
    return tuple(key)


class Generator:
    def __init__(self, msg: Message) -> None:
        self.msg = msg
        self.em = Emitter()
        self.funcs: list[str] = []
        self.field_types: list[str] = []
        # (struct name, layout key) -> function suffix
        self.layouts: dict[tuple[str, tuple[Any, ...]], int] = {}
        # Per generated function: a fresh number for each array's locals (a0, x0, a1, x1...), so
        # that no local is reused with another type (mypy types a name once per function).
        self.local_n = 0

    def fresh(self) -> int:
        self.local_n += 1
        return self.local_n - 1

    def flex(self, v: int) -> bool:
        return self.msg.flexible is not None and v in self.msg.flexible

    # -- decode ------------------------------------------------------------------------------

    def fn_name(self, kind: str, st: Struct | None, v: int) -> str:
        assert st is not None, "only struct fields have codec functions"
        flex = self.flex(v)
        key = (st.name, layout_key(st, v, flex))
        if key not in self.layouts:
            self.layouts[key] = len([k for k in self.layouts if k[0] == st.name])
            idx = self.layouts[key]
            outer = self.local_n  # a nested struct's functions are generated mid-way through ours
            self.local_n = 0
            self.gen_decode(st, v, flex, f"_dec_{st.name}_{idx}")
            self.local_n = 0
            self.gen_encode(st, v, flex, f"_enc_{st.name}_{idx}")
            self.local_n = outer
        return f"_{kind}_{st.name}_{self.layouts[key]}"

    def read_value(self, f: Field, v: int, flex: bool, target: str, ind: str, out: list[str]) -> None:
        """Emit code that reads one (non-array-of-fixed) value of ``f`` into ``target``."""
        t = f.elem
        nullable = f.nullable is not None and v in f.nullable
        if f.is_array:
            self.read_array(f, v, flex, target, ind, out)
            return
        if t in FIXED:
            fmt, size = FIXED[t]
            out.append(f"{ind}{target} = {self.em.s('>' + fmt)}.unpack_from(buf, pos)[0]; pos += {size}")
        elif t in ("string", "bytes"):
            # Kafka's readers: a null where the schema does not allow one at this version is an error
            out.append(f"{ind}{target}, pos = {reader(t, flex, nullable)}(buf, pos)")
        elif t == "records":
            fn = "_r_crecords" if flex else "_r_records"
            out.append(f"{ind}{target}, pos = {fn}(buf, pos)")
            if not nullable:
                out.append(f"{ind}if {target} is None:")
                out.append(f"{ind}    _null()")
        elif t == "uuid":
            out.append(f"{ind}{target} = bytes(buf[pos:pos + 16]); pos += 16")
        else:
            sub = self.fn_name("dec", f.struct, v)
            if nullable:
                out.append(f"{ind}if {self.em.s('>b')}.unpack_from(buf, pos)[0] < 0:")
                out.append(f"{ind}    pos += 1; {target} = None")
                out.append(f"{ind}else:")
                out.append(f"{ind}    {target}, pos = {sub}(buf, pos + 1)")
            else:
                out.append(f"{ind}{target}, pos = {sub}(buf, pos)")

    def read_array(self, f: Field, v: int, flex: bool, target: str, ind: str, out: list[str]) -> None:
        k = self.fresh()
        a, ap, x = f"a{k}", f"ap{k}", f"x{k}"
        if flex:
            out.append(f"{ind}n, pos = _r_uvarint(buf, pos); n -= 1")
        else:
            out.append(f"{ind}n = {self.em.s('>i')}.unpack_from(buf, pos)[0]; pos += 4")
        # No more elements than the bytes left can hold (Kafka's readers check the same before
        # allocating), so a forged count costs nothing; a null only where the schema allows one.
        size = min_size(f, v, flex, elem=True)
        too_many = "n > len(buf) - pos" if size == 1 else f"n * {size} > len(buf) - pos"
        i2 = ind + "    "
        if f.nullable is not None and v in f.nullable:
            out.append(f"{ind}if n < 0:")
            out.append(f"{ind}    {target} = None")
            out.append(f"{ind}else:")
            out.append(f"{i2}if {too_many}:")
            out.append(f"{i2}    _bad_array(n, buf, pos)")
        else:
            out.append(f"{ind}if n < 0 or {too_many}:")
            out.append(f"{ind}    _bad_array(n, buf, pos)")
            i2 = ind
        t = f.elem
        if t in FIXED and t != "bool":
            fmt, size = FIXED[t]
            unpack = f"list(_struct.unpack_from('>%d{fmt}' % n, buf, pos))"
            out.append(f"{i2}{target} = {unpack}; pos += n * {size}")
            return
        # The element type is what the reader returns (elements are never null, as in Kafka's readers).
        if t in ("string", "bytes"):
            elem = "str" if t == "string" else "bytes"
        elif t in ("uuid", "bool"):
            elem = "bytes" if t == "uuid" else "bool"
        else:
            assert f.struct is not None
            elem = f.struct.name
        out.append(f"{i2}{a}: list[{elem}] = []; {ap} = {a}.append")
        out.append(f"{i2}for _ in range(n):")
        i3 = i2 + "    "
        if t in ("string", "bytes"):
            out.append(f"{i3}{x}, pos = {reader(t, flex, False)}(buf, pos); {ap}({x})")
        elif t == "uuid":
            out.append(f"{i3}{ap}(bytes(buf[pos:pos + 16])); pos += 16")
        elif t == "bool":
            out.append(f"{i3}{ap}(buf[pos] != 0); pos += 1")
        else:
            sub = self.fn_name("dec", f.struct, v)
            out.append(f"{i3}{x}, pos = {sub}(buf, pos); {ap}({x})")
        out.append(f"{i2}{target} = {a}")

    def gen_decode(self, st: Struct, v: int, flex: bool, name: str) -> None:
        out = [f"def {name}(buf: memoryview, pos: int) -> tuple[{st.name}, int]:",
               f"    o = _new({st.name})"]
        tagged: list[Field] = []
        for f in st.fields:
            if v not in f.versions:
                out.append(f"    o.{f.attr} = {default_expr(f)}")
                continue
            if flex and f.tagged is not None and v in f.tagged:
                out.append(f"    o.{f.attr} = {default_expr(f)}")
                tagged.append(f)
                continue
            self.read_value(f, v, flex, f"o.{f.attr}", "    ", out)
        if flex:
            if tagged:
                out.append("    nt, pos = _r_uvarint(buf, pos)")
                out.append("    for _ in range(nt):")
                out.append("        tag, pos = _r_uvarint(buf, pos)")
                out.append("        size, pos = _r_uvarint(buf, pos)")
                out.append("        end = pos + size")
                out.append("        if end > len(buf):")
                out.append("            raise DecodeError('a tagged field runs past the end of the frame')")
                first = True
                for f in tagged:
                    kw = "if" if first else "elif"
                    first = False
                    out.append(f"        {kw} tag == {f.tag}:")
                    self.read_value(f, v, flex, f"o.{f.attr}", "            ", out)
                out.append("        pos = end")
            else:
                out.append("    pos = _skip_tags(buf, pos)")
        out.append("    return o, pos")
        self.funcs.append("\n".join(out))

    # -- encode ------------------------------------------------------------------------------

    def write_value(self, f: Field, v: int, flex: bool, expr: str, ind: str, out: list[str],
                    w: str = "w") -> None:
        t = f.elem
        nullable = f.nullable is not None and v in f.nullable
        if f.is_array:
            self.write_array(f, v, flex, expr, ind, out, w)
            return
        if t in FIXED:
            fmt, _ = FIXED[t]
            out.append(f"{ind}{w}({self.em.s('>' + fmt)}.pack({expr}))")
        elif t == "string":
            fn = "_w_cstr" if flex else "_w_str"
            out.append(f"{ind}{fn}({w}, {expr})")
        elif t == "records" and not nullable:
            # Java writes empty records for a non-nullable field left unset (ShareFetch v1+)
            fn = "_w_cbytes" if flex else "_w_bytes"
            out.append(f"{ind}{fn}({w}, b'' if {expr} is None else {expr})")
        elif t in ("bytes", "records"):
            fn = "_w_cbytes" if flex else "_w_bytes"
            out.append(f"{ind}{fn}({w}, {expr})")
        elif t == "uuid":
            out.append(f"{ind}{w}({expr})")
        else:
            sub = self.fn_name("enc", f.struct, v)
            if nullable:
                out.append(f"{ind}if {expr} is None:")
                out.append(f"{ind}    {w}(b'\\xff')")
                out.append(f"{ind}else:")
                out.append(f"{ind}    {w}(b'\\x01'); {sub}({expr}, {w})")
            else:
                out.append(f"{ind}{sub}({expr}, {w})")

    def write_array(self, f: Field, v: int, flex: bool, expr: str, ind: str, out: list[str],
                    w: str = "w") -> None:
        k = self.fresh()
        a, x = f"a{k}", f"x{k}"
        out.append(f"{ind}{a} = {expr}")
        out.append(f"{ind}if {a} is None:")
        out.append(f"{ind}    {w}({NULL_ARRAY_FLEX if flex else NULL_ARRAY})")
        out.append(f"{ind}else:")
        i2 = ind + "    "
        if flex:
            out.append(f"{i2}{w}(_uvarint(len({a}) + 1))")
        else:
            out.append(f"{i2}{w}({self.em.s('>i')}.pack(len({a})))")
        t = f.elem
        if t in FIXED:
            fmt, _ = FIXED[t]
            out.append(f"{i2}{w}(_struct.pack('>%d{fmt}' % len({a}), *{a}))")
            return
        out.append(f"{i2}for {x} in {a}:")
        i3 = i2 + "    "
        if t == "string":
            out.append(f"{i3}{'_w_cstr' if flex else '_w_str'}({w}, {x})")
        elif t == "bytes":
            out.append(f"{i3}{'_w_cbytes' if flex else '_w_bytes'}({w}, {x})")
        elif t == "uuid":
            out.append(f"{i3}{w}({x})")
        else:
            sub = self.fn_name("enc", f.struct, v)
            out.append(f"{i3}{sub}({x}, {w})")

    def gen_encode(self, st: Struct, v: int, flex: bool, name: str) -> None:
        out = [f"def {name}(o: {st.name}, w: Writer) -> None:"]
        tagged: list[Field] = []
        body = 0
        for f in st.fields:
            if v not in f.versions:
                continue
            if flex and f.tagged is not None and v in f.tagged:
                tagged.append(f)
                continue
            self.write_value(f, v, flex, f"o.{f.attr}", "    ", out)
            body += 1
        if flex:
            if tagged:
                out.append("    tags: list[bytes] = []")
                for i, f in enumerate(sorted(tagged, key=lambda x: x.tag or 0)):
                    dflt = default_expr(f)
                    cond = f"o.{f.attr} != {dflt}" if dflt not in ("None",) else f"o.{f.attr} is not None"
                    if f.is_array:
                        cond = f"o.{f.attr}" if dflt == "[]" else f"o.{f.attr} is not None"
                    out.append(f"    if {cond}:")
                    # annotated once: mypy takes a second annotation of a local for a redefinition
                    out.append(f"        tb{': list[Buffer]' if i == 0 else ''} = []; tw = tb.append")
                    self.write_value(f, v, flex, f"o.{f.attr}", "        ", out, w="tw")
                    out.append("        tv = b''.join(tb)")
                    out.append(f"        tags.append(_uvarint({f.tag}) + _uvarint(len(tv)) + tv)")
                out.append("    w(_uvarint(len(tags)))")
                out.append("    for t in tags:")
                out.append("        w(t)")
            else:
                out.append("    w(b'\\x00')")
        elif body == 0:
            out.append("    pass")
        self.funcs.append("\n".join(out))

    # -- classes -----------------------------------------------------------------------------

    def gen_class(self, st: Struct, top: bool) -> str:
        m = self.msg
        # Python classes also where the module is compiled (kaflite/compiled.py) (their functions compiled): native,
        # they would lose __slots__, the class constants, the nested-class aliases and `_new`'s object.__new__.
        out = ["@mypyc_attr(native_class=False)", f"class {st.name}:"]
        doc = f"{m.name} v{m.valid.lo}-{m.valid.hi}" if top else f"A {st.name} inside {m.name}."
        out.append(f'    """{doc} (generated from {m.source})."""')
        out.append("")
        slots = ", ".join(repr(f.attr) for f in st.fields)
        out.append(f"    __slots__ = ({slots}{',' if len(st.fields) == 1 else ''})")
        # Each field's annotation as an object, set below the classes (the nested ones are all defined there):
        # what kaflite.protocol.error_responses reads, also where this module is compiled (its __init__ then
        # keeps no annotations).
        out.append("    FIELD_TYPES: ClassVar[dict[str, Any]]")
        if top:
            if m.api_key is not None:
                out.append(f"    API_KEY = {m.api_key}")
            out.append(f"    MIN_VERSION = {m.valid.lo}")
            out.append(f"    MAX_VERSION = {m.valid.hi}")
            out.append(f"    FLEXIBLE_MIN = {m.flexible.lo if m.flexible else NO_FLEX}")
            # Nested structs as class-level aliases: ``Msg.Sub(...)`` builds one and ``Msg.Sub`` is
            # also a type for annotations (a ``type[Sub]`` attribute would not be).
            for s in self.msg.structs:
                out.append(f"    {s.name}: TypeAlias = {s.name}")
        out.append("")
        params = []
        body = []
        for f in st.fields:
            d = default_expr(f)
            ann = self.py_type(f)
            if is_mutable_default(d) and f.nullable is not None:
                # None is a value here (a null array/struct on the wire), so "not given" needs a sentinel
                params.append(f"{f.attr}: {ann} = _UNSET")
                body.append(f"        self.{f.attr} = {d} if {f.attr} is _UNSET else {f.attr}")
            elif is_mutable_default(d):
                params.append(f"{f.attr}: {ann} | None = None")
                body.append(f"        self.{f.attr} = {d} if {f.attr} is None else {f.attr}")
            else:
                params.append(f"{f.attr}: {ann} = {d}")
                body.append(f"        self.{f.attr} = {f.attr}")
        types = ", ".join(f"{p.split(':', 1)[0]!r}: {p.split(': ', 1)[1].split(' = ', 1)[0]}" for p in params)
        self.field_types.append(f"{st.name}.FIELD_TYPES = {{{types}}}")
        if params:
            out.append(f"    def __init__(self, *, {', '.join(params)}) -> None:")
            out.extend(body)
        else:
            out.append("    def __init__(self) -> None:")
            out.append("        pass")
        out.append("")
        out.append("    def __repr__(self) -> str:")
        out.append("        return _repr(self)")
        out.append("")
        # Any: NotImplemented for another type, which compiled code (kaflite/compiled.py) would not pass as a bool
        out.append("    def __eq__(self, other: object) -> Any:")
        out.append("        return _eq(self, other)")
        out.append("")
        out.append("    __hash__ = None  # type: ignore[assignment]")
        if top:
            out.append("")
            out.append("    def encode(self, version: int) -> bytes:")
            out.append("        return b''.join(self.encode_parts(version))")
            out.append("")
            out.append("    def encode_parts(self, version: int) -> list[Buffer]:")
            out.append('        """The encoding as a list of buffers: large payloads (records) are not copied."""')
            out.append("        parts: list[Buffer] = []")
            out.append(f"        _ENC_{st.name}[version](self, parts.append)")
            out.append("        return parts")
            out.append("")
            out.append("    @classmethod")
            out.append(f"    def decode(cls, buf: Buffer, version: int) -> {st.name}:")
            out.append("        return cls.decode_from(buf, 0, version)[0]")
            out.append("")
            out.append("    @classmethod")
            out.append("    def decode_from(cls, buf: Buffer, pos: int, version: int)"
                       f" -> tuple[{st.name}, int]:")
            out.append("        mv = memoryview(buf)")
            out.append("        try:")
            out.append(f"            o, end = _DEC_{st.name}[version](mv, pos)")
            out.append("        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:"
                       "  # a short or garbled body")
            out.append(f"            raise DecodeError(f'malformed {st.name} v{{version}}: {{e}}') from e")
            out.append("        if end > len(mv):")
            out.append(f"            raise DecodeError(f'{st.name} v{{version}} runs past the end of the frame')")
            out.append("        return o, end")
        return "\n".join(out)

    def py_type(self, f: Field) -> str:
        base = {"bool": "bool", "int8": "int", "int16": "int", "int32": "int", "int64": "int",
                "uint16": "int", "float64": "float", "string": "str", "bytes": "bytes",
                "records": "Buffer", "uuid": "bytes"}.get(f.elem, f.struct.name if f.struct else "object")
        t = f"list[{base}]" if f.is_array else base
        if f.nullable is not None or f.default == "null" or f.elem == "records":
            t = f"{t} | None"
        return t

    def generate(self) -> str:
        m = self.msg
        v_lo, v_hi = m.valid.lo, m.valid.hi
        tables = []
        dec = [self.fn_name("dec", m.root, v) for v in range(v_lo, v_hi + 1)]
        enc = [f.replace("_dec_", "_enc_", 1) for f in dec]
        pad = ["_unsupported"] * v_lo
        r = m.root.name
        tables.append(f"_DEC_{r}: list[Callable[[memoryview, int], tuple[{r}, int]]] = [{', '.join(pad + dec)}]")
        tables.append(f"_ENC_{r}: list[Callable[[{r}, Writer], None]] = [{', '.join(pad + enc)}]")
        classes = [self.gen_class(s, False) for s in m.structs] + [self.gen_class(m.root, True)]
        consts = [f"{name} = _struct.Struct({fmt!r})" for fmt, name in self.em.structs_used.items()]
        header = [
            f'"""Generated from Kafka\'s {m.source} by tools/codegen/generate.py. Do not edit."""',
            "",
            "from __future__ import annotations",
            "",
            "import struct as _struct",
            "from collections.abc import Callable",
            "from typing import Any, ClassVar, TypeAlias",
            "",
            "from kaflite.protocol._codec import (  # noqa: F401",
            "    _UNSET, ZERO_UUID, Buffer, DecodeError, _bad_array, _eq, _new, _null, _r_bytes, _r_cbytes,",
            "    _r_crecords, _r_cstr, _r_nn_bytes, _r_nn_cbytes, _r_nn_cstr, _r_nn_str, _r_records, _r_str,",
            "    _r_uvarint, _repr, _skip_tags, _unsupported, _uvarint,",
            "    Writer, _w_bytes, _w_cbytes, _w_cstr, _w_str, mypyc_attr,",
            ")",
            "",
        ]
        return "\n".join(header + consts + ["", ""] + ["\n\n\n".join(classes)] + ["", ""] + self.field_types
                         + ["", ""] + ["\n\n\n".join(self.funcs)] + ["", ""] + tables) + "\n"
