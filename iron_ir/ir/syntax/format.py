"""The elements of an op's declarative assembly format, read from mlir-tblgen's format language.

The language is MLIR's (``OpDefinitions.md``, "Declarative Assembly Format"): literals in
backquotes, ``$name`` variables, ``type(...)``, ``qualified(...)``, ``functional-type(a, b)``,
``attr-dict``, ``attr-dict-with-keyword``, ``operands``, ``regions``, ``successors``,
``custom<Name>(args)`` with ``ref(...)`` arguments, and optional groups
``( ... $anchor^ ... )?`` with an optional else group ``( ... ) : ( ... )?``.
"""

from __future__ import annotations

from dataclasses import dataclass


class FormatError(ValueError):
    """A format string that cannot be read (a mistake in an op definition, not in user input)."""


@dataclass(frozen=True)
class Literal:
    """A keyword or punctuation, printed and parsed as written."""

    text: str


@dataclass(frozen=True)
class Space:
    """`` ` ` `` (print a space) or ```` `` ```` (print nothing, suppress the next space)."""

    text: str


@dataclass(frozen=True)
class Var:
    """``$name``: an operand, attribute or property, region or successor of the op."""

    name: str
    qualified: bool = False


@dataclass(frozen=True)
class TypeOf:
    """``type($name)``, ``type(operands)`` or ``type(results)``."""

    name: str
    qualified: bool = False


@dataclass(frozen=True)
class FunctionalType:
    """``functional-type(inputs, results)``: ``(i32, i32) -> i64``."""

    inputs: TypeOf
    results: TypeOf


@dataclass(frozen=True)
class AttrDict:
    with_keyword: bool


@dataclass(frozen=True)
class Operands:
    pass


@dataclass(frozen=True)
class Regions:
    pass


@dataclass(frozen=True)
class Successors:
    pass


@dataclass(frozen=True)
class CustomArg:
    element: Var | TypeOf
    ref: bool


@dataclass(frozen=True)
class Custom:
    """``custom<Name>(args)``: syntax written by a :class:`~iron_ir.ir.syntax.CustomDirective`."""

    name: str
    args: tuple[CustomArg, ...]


@dataclass(frozen=True)
class Group:
    """``( then... )?`` printed when ``anchor`` is present, else ``else_`` (``: ( ... )``)."""

    then: tuple[Element, ...]
    anchor: Var | TypeOf
    else_: tuple[Element, ...] = ()


Element = (
    Literal
    | Space
    | Var
    | TypeOf
    | FunctionalType
    | AttrDict
    | Operands
    | Regions
    | Successors
    | Custom
    | Group
)


def read_format(text: str) -> tuple[Element, ...]:
    """The elements of format string ``text``."""
    return _Reader(text).read()


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    # -- characters ------------------------------------------------------------------------

    def fail(self, message: str) -> FormatError:
        return FormatError(f"{message} at column {self.pos + 1} of format {self.text!r}")

    def skip_ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_ws()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise self.fail(f"expected {char!r}")
        self.pos += 1

    def accept(self, char: str) -> bool:
        if self.peek() == char:
            self.pos += 1
            return True
        return False

    def word(self) -> str:
        self.skip_ws()
        start = self.pos
        while self.pos < len(self.text) and (
            self.text[self.pos].isalnum() or self.text[self.pos] in "_-"
        ):
            self.pos += 1
        if start == self.pos:
            raise self.fail("expected a name")
        return self.text[start : self.pos]

    def var_name(self) -> str:
        self.expect("$")
        return self.word()

    # -- grammar ---------------------------------------------------------------------------

    def read(self) -> tuple[Element, ...]:
        elements: list[Element] = []
        while self.peek():
            elements.append(self.element(in_group=False)[0])
        return tuple(elements)

    def element(self, in_group: bool) -> tuple[Element, bool]:
        """One element, and whether it is marked as its group's anchor (``^``)."""
        char = self.peek()
        if char == "`":
            end = self.text.find("`", self.pos + 1)
            if end < 0:
                raise self.fail("unterminated literal")
            body = self.text[self.pos + 1 : end]
            self.pos = end + 1
            if body in ("", " ", "\\n"):
                return Space("\n" if body == "\\n" else body), False
            return Literal(body), False
        if char == "$":
            element: Element = Var(self.var_name())
        elif char == "(":
            self.pos += 1
            return self.group(), False
        else:
            element = self.directive()
        anchored = self.accept("^")
        if anchored and not in_group:
            raise self.fail("an anchor '^' outside an optional group")
        return element, anchored

    def directive(self) -> Element:
        name = self.word()
        if name == "attr-dict":
            return AttrDict(with_keyword=False)
        if name == "attr-dict-with-keyword":
            return AttrDict(with_keyword=True)
        if name == "operands":
            return Operands()
        if name == "regions":
            return Regions()
        if name == "successors":
            return Successors()
        if name == "type":
            return self.type_arg(qualified=False)
        if name == "qualified":
            self.expect("(")
            if self.peek() == "$":
                inner: Element = Var(self.var_name(), qualified=True)
            else:
                if self.word() != "type":
                    raise self.fail("qualified() takes a variable or a type()")
                inner = self.type_arg(qualified=True)
            self.expect(")")
            return inner
        if name == "functional-type":
            self.expect("(")
            inputs = self.typeable()
            self.expect(",")
            results = self.typeable()
            self.expect(")")
            return FunctionalType(inputs, results)
        if name == "custom":
            self.expect("<")
            directive = self.word()
            self.expect(">")
            self.expect("(")
            args: list[CustomArg] = []
            while not self.accept(")"):
                if args:
                    self.expect(",")
                ref = False
                if self.peek() != "$":
                    save = self.pos
                    if self.word() == "ref":
                        ref = True
                        self.expect("(")
                    else:
                        self.pos = save
                arg = self.custom_arg()
                if ref:
                    self.expect(")")
                args.append(CustomArg(arg, ref))
            return Custom(directive, tuple(args))
        raise self.fail(f"unknown directive {name!r}")

    def custom_arg(self) -> Var | TypeOf:
        if self.peek() == "$":
            return Var(self.var_name())
        word = self.word()
        if word == "type":
            return self.type_arg(qualified=False)
        if word == "qualified":
            self.expect("(")
            self.word()
            inner = self.type_arg(qualified=True)
            self.expect(")")
            return inner
        raise self.fail(f"a custom directive takes variables and type()s, not {word!r}")

    def type_arg(self, qualified: bool) -> TypeOf:
        self.expect("(")
        inner = self.typeable()
        self.expect(")")
        return TypeOf(inner.name, qualified)

    def typeable(self) -> TypeOf:
        if self.peek() == "$":
            return TypeOf(self.var_name())
        word = self.word()
        if word not in ("operands", "results"):
            raise self.fail(f"expected a variable, 'operands' or 'results', not {word!r}")
        return TypeOf(word)

    def group(self) -> Group:
        then: list[Element] = []
        anchor: Var | TypeOf | None = None
        while not self.accept(")"):
            if not self.peek():
                raise self.fail("unterminated optional group")
            element, anchored = self.element(in_group=True)
            if anchored:
                if anchor is not None:
                    raise self.fail("an optional group with two anchors")
                if not isinstance(element, Var | TypeOf):
                    raise self.fail("the anchor of an optional group must be a variable or type()")
                anchor = element
            then.append(element)
        else_: list[Element] = []
        if self.accept(":"):
            self.expect("(")
            while not self.accept(")"):
                if not self.peek():
                    raise self.fail("unterminated else group")
                else_.append(self.element(in_group=True)[0])
        self.expect("?")
        if anchor is None:
            raise self.fail("an optional group without an anchor '^'")
        if not any(not isinstance(e, Space) for e in then):
            raise self.fail("an optional group with nothing to parse")
        return Group(tuple(then), anchor, tuple(else_))
