"""Parsing text into a module: xDSL's parser, plus source locations and legacy spellings."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from xdsl.context import Context
from xdsl.dialects.builtin import (
    FileLineColLoc,
    IntAttr,
    ModuleOp,
    StringAttr,
    UnknownLoc,
    UnregisteredOp,
)
from xdsl.ir import Operation, TypeAttribute
from xdsl.parser import Parser
from xdsl.parser.core import ForwardDeclaredValue
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from iron_ir.ir import lexer
from iron_ir.ir.context import make_context
from iron_ir.ir.upgrade import LEGACY_OP_NAMES, upgrade_module

lexer.install()

_NEWLINE = re.compile("\n")
# Raised by xDSL and our builders when text parses but its values do not fit (an integer out of
# range, a parameter list of the wrong length).
_VALUE_ERRORS = (ValueError, OverflowError)
# An op's name at the start of its text: `%a, %b = name`, `%a:2 = "name"`, `name`.
# The text of the token at a position, for messages (a word, or one other character).
_TOKEN_TEXT = re.compile(r"[\w.$%^#@]+|\S|$")
_OP_NAME = re.compile(r'(?:%[^=]*=\s*)?"?([A-Za-z_][\w.$]*)')

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
        # Where the ops being parsed start and where their open regions' '{' are (innermost
        # last), to say which region a truncated or malformed input leaves open.
        self._op_starts: list[int] = []
        self._open_regions: list[int] = []
        self._forward_uses: dict[ForwardDeclaredValue, object] = {}
        self._text = text
        self._types: dict[str, TypeAttribute] = {}

    def _line_col(self, pos: int) -> tuple[int, int]:
        line = bisect_right(self._line_starts, pos)
        return line + self._line_offset, pos - self._line_starts[line - 1] + 1

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
        self._op_starts.append(start)
        try:
            op = super().parse_operation()
        except AssertionError as error:
            # Some of xDSL's attribute parsers (dense literals) consume an expected token with
            # an assert; for the user it is a syntax error at that token.
            token = self._current_token
            wanted = re.search(r"expected MLIRTokenKind\.(\w+)", str(error))
            kind = getattr(MLIRTokenKind, wanted.group(1), None) if wanted else None
            expected = f"expected '{kind.value}', " if isinstance(kind, MLIRTokenKind) else ""
            raise ParseError(token.span, f"{expected}found '{token.text}'") from None
        except _VALUE_ERRORS as error:
            # An op's parser built a value from out-of-range text (a number too large for its
            # field): the input's fault, reported at the op.
            name = _OP_NAME.match(self.lexer.input.content, start)
            what = f"'{name.group(1)}'" if name else "this op"
            raise ParseError(
                Span(start, self._current_token.span.start, self.lexer.input),
                f"invalid value in {what}: {error}",
            ) from None
        finally:
            self._op_starts.pop()
        if isinstance(op.location, UnknownLoc):
            line, col = self._line_col(start)
            op.location = FileLineColLoc(self._file, IntAttr(line), IntAttr(col))
        return op

    def _next_char(self) -> str:
        """The first character of the token the parser stands on ('' at the end)."""
        return self.lexer.input.content[self.pos : self.pos + 1]
    def _parse_dialect_type_or_attribute_body(
        self, attr_name: str, is_type: bool, is_opaque: bool, starting_opaque_pos
    ):
        try:
            return super()._parse_dialect_type_or_attribute_body(
                attr_name, is_type, is_opaque, starting_opaque_pos
            )
        except _VALUE_ERRORS as error:
            # Building the type or attribute from what was written failed (parameters missing
            # or out of range); name it where it is written.
            prefix = "!" if is_type else "#"
            end = self._current_token.span.start
            at = self.lexer.input.content.rfind(attr_name, 0, end)
            span = Span(max(at - 1, 0), end, self.lexer.input) if at >= 0 else None
            reason = (
                "wrong number of parameters" if str(error).startswith("zip()") else str(error)
            )
            self.raise_error(
                f"invalid {'type' if is_type else 'attribute'} '{prefix}{attr_name}': {reason}",
                span,
            )

    def parse_optional_region(self, arguments=None):
        if self._next_char() != "{":
            return super().parse_optional_region(arguments)
        self._open_regions.append(self.pos)
        try:
            return super().parse_optional_region(arguments)
        finally:
            self._open_regions.pop()

    def _parse_block(self):
        # xDSL expects a block label wherever a region's next op does not parse, and says
        # only " in block definition"; say what could come next and which region is open.
        label = self._current_token
        if label.kind is not MLIRTokenKind.CARET_IDENT and self._open_regions:
            self.raise_error(self._unclosed_region_message(), label.span)
        block = super()._parse_block()
        # xDSL records a block first seen as a branch target without its definition, so a
        # second definition of that label slips past its re-declaration check and crashes
        # (KeyError); record where it was defined.
        name = label.text[1:]
        if self.blocks.get(name, (None, None))[1] is None:
            self.blocks[name] = (block, label.span)
        return block

    def _unclosed_region_message(self) -> str:
        brace = self._open_regions[-1]
        line, col = self._line_col(brace)
        region = f"the region opened at {line}:{col}"
        owner = [p for p in self._op_starts if p < brace]
        if owner:
            name = _OP_NAME.match(self.lexer.input.content, owner[-1])
            if name is not None:
                region = f"the region of '{name.group(1)}' opened at {line}:{col}"
        if not self._next_char():
            return f"the input ends inside {region}: a '}}' is missing"
        found = _TOKEN_TEXT.match(self.lexer.input.content, self.pos).group(0)
        return (
            f"expected an operation, a block label ('^bb1:') or '}}' closing {region}, "
            f"found '{found}'"
        )

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        if allow_implicit_module and self.pos >= len(self.lexer.input.content):
            # Text with no op at all (only comments) is an empty module, as in MLIR.
            return ModuleOp([])
        try:
            module = super().parse_module(allow_implicit_module)
        except VerifyException as error:
            # An attribute or type whose parameters are invalid is rejected while it is being
            # built, outside any parser check; report it where parsing stopped.
            self.raise_error(str(error))
        except RecursionError:
            # The parser recurses once per nested region, type or attribute; report the depth
            # as an input limit where it was reached, not as a crash.
            raise ParseError(
                self._current_token.span,
                "nested too deeply: regions, types or attributes nest beyond what the parser "
                "can follow (Python's recursion limit)",
            ) from None
        self._check_no_stale_forward_references(module)
        return module

    def resolve_operand(self, operand, type):
        value = super().resolve_operand(operand, type)
        if isinstance(value, ForwardDeclaredValue):
            self._forward_uses.setdefault(value, operand)
        return value

    def _check_no_stale_forward_references(self, module: ModuleOp) -> None:
        # xDSL resolves a forward reference by rewriting its uses; an op whose own region
        # defines the value does not exist yet when that happens, so it keeps the placeholder
        # and verification later crashes. MLIR rejects such a use (it is not dominated).
        if not self._forward_uses:
            return
        for op in module.walk():
            for value in op.operands:
                if isinstance(value, ForwardDeclaredValue) and value in self._forward_uses:
                    use = self._forward_uses[value]
                    self.raise_error(
                        f"'%{use.operand_name}' is used before it is defined: its definition "
                        f"is inside a region of the op that uses it",
                        use.span,
                    )

    def _get_op_by_name(self, name: str) -> type[Operation]:
        current = LEGACY_OP_NAMES.get(name)
        if current is not None and (op_type := self.ctx.get_optional_op(current)):
            return op_type
        try:
            # xDSL's lookup: the dialect stack, then --allow-unregistered-dialect.
            op_type = super()._get_op_by_name(name)
        except ParseError:
            op_type = None
        dialect, dot, _ = name.partition(".")
        known = sorted(self.ctx.registered_dialect_names)
        end = self.pos
        at = self.lexer.input.content.rfind(name, 0, end)
        span = Span(at, at + len(name), self.lexer.input) if at >= 0 else None
        generic = at > 0 and self.lexer.input.content[at - 1] == '"'
        if op_type is not None and issubclass(op_type, UnregisteredOp):
            # --allow-unregistered-dialect admits ops of dialects iron-ir does not know, in
            # generic form; never an unknown op of a known dialect (as mlir-opt).
            if dot and dialect not in known and not generic:
                self.raise_error(
                    f"custom op '{name}' is unknown: an op of a dialect iron-ir does not know "
                    f'can only be written in generic form ("{name}"(...) : (...) -> (...))',
                    span,
                )
            if dot and dialect not in known:
                return op_type
        elif op_type is not None:
            return op_type
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
