"""The abstract syntax of an mlir-tblgen ``assemblyFormat`` and its reader.

:mod:`iron_ir.dialects.aie.syntax` parses and prints ops from the elements built here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Lit:
    text: str


@dataclass
class Var:
    name: str


@dataclass
class TypeOf:
    name: str


@dataclass
class AttrDict:
    pass


@dataclass
class Regions:
    pass


@dataclass
class Custom:
    name: str
    args: list[str]


@dataclass
class Optional:
    elements: list[Any]
    anchor: str


Element = Lit | Var | TypeOf | AttrDict | Regions | Custom | Optional


def compile_format(fmt: str) -> list[Element]:
    """Parse an mlir-tblgen assembly format string (the subset mlir-aie uses)."""
    pos = 0

    def skip_ws() -> None:
        nonlocal pos
        while pos < len(fmt) and fmt[pos].isspace():
            pos += 1

    def ident() -> str:
        nonlocal pos
        start = pos
        while pos < len(fmt) and (fmt[pos].isalnum() or fmt[pos] in "_-"):
            pos += 1
        return fmt[start:pos]

    def var_name() -> str:
        nonlocal pos
        skip_ws()
        assert fmt[pos] == "$", fmt[pos:]
        pos += 1
        return ident()

    def expect(ch: str) -> None:
        nonlocal pos
        skip_ws()
        assert fmt[pos] == ch, f"expected {ch!r} at {fmt[pos:]!r}"
        pos += 1

    def elements(closing: str | None) -> tuple[list[Element], str | None]:
        nonlocal pos
        out: list[Element] = []
        anchor: str | None = None
        while True:
            skip_ws()
            if pos >= len(fmt):
                assert closing is None
                return out, anchor
            ch = fmt[pos]
            if closing is not None and ch == closing:
                pos += 1
                return out, anchor
            if ch == "`":
                end = fmt.index("`", pos + 1)
                out.append(Lit(fmt[pos + 1 : end]))
                pos = end + 1
            elif ch == "$":
                out.append(Var(var_name()))
                if pos < len(fmt) and fmt[pos] == "^":
                    pos += 1
                    anchor = out[-1].name  # pyright: ignore
            elif ch == "(":
                pos += 1
                inner, inner_anchor = elements(")")
                expect("?")
                assert inner_anchor is not None, "optional group without anchor"
                out.append(Optional(inner, inner_anchor))
            else:
                word = ident()
                if word == "attr-dict":
                    out.append(AttrDict())
                elif word == "regions":
                    out.append(Regions())
                elif word in ("type", "qualified"):
                    expect("(")
                    skip_ws()
                    if fmt.startswith("type", pos):
                        ident()
                        expect("(")
                        out.append(TypeOf(var_name()))
                        expect(")")
                    elif word == "type":
                        out.append(TypeOf(var_name()))
                    else:
                        out.append(Var(var_name()))
                    expect(")")
                elif word == "custom":
                    expect("<")
                    name = ident()
                    expect(">")
                    expect("(")
                    args: list[str] = []
                    while True:
                        skip_ws()
                        if fmt[pos] == ")":
                            pos += 1
                            break
                        if fmt[pos] == ",":
                            pos += 1
                            continue
                        if fmt.startswith("ref", pos):
                            ident()
                            expect("(")
                            skip_ws()
                            if fmt.startswith("type", pos):
                                ident()
                                expect("(")
                                args.append(var_name())
                                expect(")")
                            else:
                                args.append(var_name())
                            expect(")")
                        else:
                            args.append(var_name())
                    out.append(Custom(name, args))
                else:
                    raise AssertionError(f"unknown format element {word!r} in {fmt!r}")

    result, _ = elements(None)
    return result


__all__ = [
    "AttrDict",
    "Custom",
    "Element",
    "Lit",
    "Optional",
    "Regions",
    "TypeOf",
    "Var",
    "compile_format",
]
