"""Parsing text into a module: xDSL's parser, plus source locations and legacy spellings."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.ir import Operation, TypeAttribute
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Span

from iron_ir.ir.context import make_context
from iron_ir.ir.upgrade import LEGACY_OP_NAMES, upgrade_module

_NEWLINE = re.compile("\n")

# The text of a self-contained type: a name with up to three levels of `<...>` parameters
# (`i32`, `memref<1024xi32>`, `!aie.objectfifo<memref<64x32xi32>>`).
_TYPE_TEXT = re.compile(
    r"!?[A-Za-z_][\w.$]*(?:<(?:[^<>]|<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)*>)?"
)


class IRParser(Parser):
    """Records ``file:line:col`` on every parsed op, as MLIR's parser does, so verifier and
    pass errors can point at the op; accepts the op names of :data:`LEGACY_OP_NAMES`; and
    reports unknown ops and dialects by name.

    Types are parsed once per spelling: building a type (a memref above all) dominates parsing
    AIE IR and a design repeats a handful of types, so the type parsed from the same text
    before is reused (xDSL attributes are immutable values). Aliases (`!name` without a dialect
    prefix) are not reused: their meaning is the file's.
    """

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0):
        super().__init__(ctx, text, name)
        self._file = StringAttr(name)
        self._line_offset = line_offset
        self._line_starts = [0, *(m.end() for m in _NEWLINE.finditer(text))]
        self._text = text
        self._types: dict[str, TypeAttribute] = {}

    def parse_optional_type(self) -> TypeAttribute | None:
        start = self.pos
        match = _TYPE_TEXT.match(self._text, start)
        if match is None:
            return super().parse_optional_type()
        key = match.group()
        cached = self._types.get(key)
        if cached is not None:
            # xDSL's parser offers subclasses `_resume_from` to move on from a position.
            self._resume_from(match.end())
            return cached
        parsed = super().parse_optional_type()
        if (
            parsed is not None
            and (key[0] != "!" or "." in key.split("<", 1)[0])
            and self._text[start : self.pos].rstrip() == key
        ):
            self._types[key] = parsed
        return parsed

    def parse_operation(self) -> Operation:
        start = self.pos
        op = super().parse_operation()
        if isinstance(op.location, UnknownLoc):
            line = bisect_right(self._line_starts, start)
            col = start - self._line_starts[line - 1] + 1
            op.location = FileLineColLoc(
                self._file, IntAttr(line + self._line_offset), IntAttr(col)
            )
        return op

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        if allow_implicit_module and self.pos >= len(self.lexer.input.content):
            # Text with no op at all (only comments) is an empty module, as in MLIR.
            return ModuleOp([])
        try:
            return super().parse_module(allow_implicit_module)
        except VerifyException as error:
            # An attribute or type whose parameters are invalid is rejected while it is being
            # built, outside any parser check; report it where parsing stopped.
            self.raise_error(str(error))

    def _get_op_by_name(self, name: str) -> type[Operation]:
        current = LEGACY_OP_NAMES.get(name)
        if current is not None and (op_type := self.ctx.get_optional_op(current)):
            return op_type
        try:
            return super()._get_op_by_name(name)
        except ParseError:
            pass
        end = self.pos
        at = self.lexer.input.content.rfind(name, 0, end)
        span = Span(at, at + len(name), self.lexer.input) if at >= 0 else None
        dialect, dot, _ = name.partition(".")
        known = sorted(self.ctx.registered_dialect_names)
        if not dot:
            message = (
                f"unknown operation '{name}': an op name needs its dialect prefix "
                f"(e.g. 'aie.tile', 'arith.constant')"
            )
        elif dialect not in known:
            message = (
                f"unknown dialect '{dialect}' in operation '{name}'; known dialects: "
                f"{', '.join(known)} (--allow-unregistered-dialect accepts other dialects' "
                f"ops in generic form)"
            )
        else:
            message = f"unknown operation '{name}': dialect '{dialect}' has no such op"
        self.raise_error(message, span)


@lru_cache(maxsize=1)
def _default_context() -> Context:
    return make_context()


def parse_module(
    text: str,
    filename: str,
    *,
    ctx: Context | None = None,
    line_offset: int = 0,
    implicit_module: bool = True,
) -> ModuleOp:
    """Parse ``text`` (custom or generic form) and normalise older spellings.

    ``line_offset`` is added to reported line numbers (a chunk of a split file);
    ``implicit_module=False`` requires the text to be one ``builtin.module``.

    Raises ``ParseError`` for bad text and :class:`~iron_ir.ir.diagnostics.OpError` when an
    older spelling cannot be normalised. The module is not verified here.
    """
    parser = IRParser(ctx or _default_context(), text, filename, line_offset)
    module = parser.parse_module(implicit_module)
    upgrade_module(module)
    return module
