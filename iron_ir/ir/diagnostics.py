"""Diagnostics about IR, printed for people in MLIR's layout: ``file:line:col: error: message``,
the source line, a caret; notes after their diagnostic.

Parsed ops carry a ``FileLineColLoc`` (see :mod:`iron_ir.ir.parse`), so a diagnostic about an op
— a verifier failure, a failed upgrade, a pass that rejects its input, a lint warning — points at
the op's line. Ops created by passes have no location of their own; the nearest enclosing op that
has one is used instead.

Errors stop the work: raise :class:`OpError` (a ``DiagnosticException``). Warnings and remarks do
not: :func:`emit_warning` / :func:`emit_remark` hand them to the current handler
(:func:`diagnostic_handler`; iron-opt installs one, so ``--verify-diagnostics`` sees them), or
print them to stderr when there is none.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum

from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import (
    DiagnosticException,
    MultipleSpansParseError,
    ParseError,
    VerifyException,
)
from xdsl.utils.lexer import Span

_VERIFY_PREFIX = "Operation does not verify: "


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    REMARK = "remark"


@dataclass(frozen=True)
class Location:
    """Where a diagnostic points; ``width`` carets underline the culprit (a parse error's
    token), one caret otherwise; ``tildes`` extend the mark over a range (``^~~~``), as LLVM
    marks a range that starts at the location."""

    file: str
    line: int
    col: int
    width: int = 1
    tildes: int = 0


@dataclass
class Diagnostic:
    severity: Severity
    message: str
    """The whole message, as MLIR would show it (``'aie.tile' op ...`` for an op)."""
    location: Location | None = None
    notes: list[Diagnostic] = field(default_factory=list)
    op: Operation | None = field(default=None, compare=False, repr=False)
    """The op the diagnostic is about, when it is about one (iron-opt shows it, as mlir-opt's
    ``see current operation`` note)."""


@dataclass(frozen=True)
class Source:
    """The text a module was parsed from, to show the offending line."""

    name: str
    text: str
    first_line: int = 1
    """The line number of the text's first line (a chunk of a split file starts later)."""

    def line(self, number: int) -> str | None:
        lines = self.text.split("\n")
        if 0 <= number - self.first_line < len(lines):
            return lines[number - self.first_line].removesuffix("\r")
        return None


class OpError(DiagnosticException):
    """An error about one op; shown at that op's source location, followed by its notes.

    Raise it from passes and IR utilities (``raise OpError(op, "...")``) when the input IR is
    at fault; ``notes`` (from :func:`note`) point at related ops, as MLIR's
    ``emitOpError() .attachNote()`` does. It is a ``DiagnosticException``, so
    ``--verify-diagnostics`` sees it too.
    """

    def __init__(self, op: Operation, message: str, notes: Sequence[Diagnostic] = ()):
        super().__init__(message)
        self.op = op
        self.message = message
        self.notes = list(notes)


# ---- building diagnostics ------------------------------------------------------------------


def op_location(op: Operation) -> FileLineColLoc | None:
    """The op's own source location, or that of the nearest enclosing op that has one."""
    current: Operation | None = op
    while current is not None:
        if isinstance(current.location, FileLineColLoc):
            return current.location
        current = current.parent_op()
    return None


def _location_of(op: Operation) -> Location | None:
    loc = op_location(op)
    if loc is None:
        return None
    return Location(loc.filename.data, loc.line.data, loc.column.data)


def op_diagnostic(
    op: Operation,
    message: str,
    severity: Severity = Severity.ERROR,
    notes: Sequence[Diagnostic] = (),
) -> Diagnostic:
    """``'aie.tile' op <message>`` at the op, in MLIR's wording."""
    return Diagnostic(severity, f"'{op.name}' op {message}", _location_of(op), list(notes), op)


def plain_diagnostic(
    op: Operation,
    message: str,
    severity: Severity = Severity.WARNING,
    notes: Sequence[Diagnostic] = (),
) -> Diagnostic:
    """``<message>`` at the op without the ``'aie.tile' op`` prefix: MLIR's ``op->emitWarning``
    / ``op->emitError`` (only ``emitOpError`` names the op)."""
    return Diagnostic(severity, message, _location_of(op), list(notes), op)


def note(op: Operation | None, message: str) -> Diagnostic:
    """A note to attach to an error or warning, at ``op`` (or nowhere in particular)."""
    return Diagnostic(Severity.NOTE, message, None if op is None else _location_of(op))


def _span_location(span: Span) -> Location:
    location = span.get_location()
    line_end = span.input.get_end_of_line(span.start)
    width = max(min(span.end, line_end) - span.start, 1)
    return Location(location.file, location.line, location.col, width)


def parse_diagnostic(error: ParseError) -> Diagnostic:
    """A parse error at its token; the spans a ``MultipleSpansParseError`` refers to (a
    previous definition, ...) become notes."""
    notes = []
    if isinstance(error, MultipleSpansParseError):
        notes = [
            Diagnostic(
                Severity.NOTE,
                (message or error.ref_text or "see here").rstrip(":"),
                _span_location(span),
            )
            for span, message in error.refs
        ]
    return Diagnostic(Severity.ERROR, error.msg, _span_location(error.span), notes)


# ---- printing ------------------------------------------------------------------------------


def _render_one(
    diagnostic: Diagnostic, source: Source | None, show_line: bool, unlocated: str
) -> str:
    kind = diagnostic.severity.value
    loc = diagnostic.location
    if loc is None:
        return f"{unlocated}: {kind}: {diagnostic.message}\n"
    text = f"{loc.file}:{loc.line}:{loc.col}: {kind}: {diagnostic.message}\n"
    if show_line:
        if source is not None and source.name == loc.file:
            source_line = source.line(loc.line)
        else:
            # An op built from a design file (or another file than the one being read): show
            # the line from that file when it exists.
            source_line = _file_line(loc.file, loc.line)
        if source_line is not None:
            mark = "^" * loc.width + "~" * loc.tildes
            text += f"{source_line}\n{' ' * (loc.col - 1)}{mark}\n"
    return text


def render(diagnostic: Diagnostic, source: Source | None = None) -> str:
    """The diagnostic as MLIR prints it, notes included: each with its source line (when
    ``source`` holds it), except a note at the same place as the line above it."""
    unlocated = source.name if source is not None else "<unknown>"
    text = _render_one(diagnostic, source, True, unlocated)
    previous = diagnostic.location
    for attached in diagnostic.notes:
        text += _render_one(attached, source, attached.location != previous, unlocated)
        previous = attached.location
    return text


def format_at(
    filename: str, line: int, col: int, message: str, source_line: str | None, width: int = 1
) -> str:
    """One error in MLIR's layout (with the caret line xDSL also prints)."""
    text = f"{filename}:{line}:{col}: error: {message}\n"
    if source_line is not None:
        text += f"{source_line}\n{' ' * (col - 1)}{'^' * max(width, 1)}\n"
    return text


def parse_error_source(error: ParseError) -> Source:
    """The text the parser read (the chunk, for a split file), for showing its lines."""
    span = error.span
    content = span.input.content
    if isinstance(content, bytes):
        content = content.decode("utf-8", "replace")
    return Source(span.input.name, content, 1 + span.line_offset)


def format_parse_error(error: ParseError) -> str:
    return render(parse_diagnostic(error), parse_error_source(error))


def format_op_error(
    op: Operation, message: str, source: Source | None, severity: str = "error"
) -> str:
    """``'aie.tile' op <message>`` at the op's line, in MLIR's wording."""
    return render(op_diagnostic(op, message, Severity(severity)), source)


def _file_line(filename: str, line: int) -> str | None:
    try:
        with open(filename, encoding="utf-8", errors="replace") as stream:
            return Source(filename, stream.read()).line(line)
    except OSError:
        return None


# ---- emitting warnings and remarks -----------------------------------------------------------

DiagnosticHandler = Callable[[Diagnostic], None]

_HANDLER: ContextVar[DiagnosticHandler | None] = ContextVar("iron_ir_diagnostics", default=None)


@contextmanager
def diagnostic_handler(handler: DiagnosticHandler) -> Iterator[None]:
    """Send the diagnostics emitted inside the ``with`` block to ``handler``."""
    token = _HANDLER.set(handler)
    try:
        yield
    finally:
        _HANDLER.reset(token)


def emit(diagnostic: Diagnostic) -> None:
    handler = _HANDLER.get()
    if handler is None:
        sys.stderr.write(render(diagnostic))
    else:
        handler(diagnostic)


def emit_warning(op: Operation, message: str, notes: Sequence[Diagnostic] = ()) -> None:
    """A warning at ``op`` (legal IR that deserves attention); the work goes on."""
    emit(op_diagnostic(op, message, Severity.WARNING, notes))


def emit_remark(op: Operation, message: str, notes: Sequence[Diagnostic] = ()) -> None:
    """A remark at ``op`` (information, e.g. what a pass decided)."""
    emit(op_diagnostic(op, message, Severity.REMARK, notes))


# ---- verification ----------------------------------------------------------------------------


def verify_message(error: Exception) -> str:
    message = str(error.args[0]) if error.args else str(error)
    return message.removeprefix(_VERIFY_PREFIX)


def find_failing_op(root: Operation) -> tuple[Operation, Exception] | None:
    """The innermost op whose own verification fails, with the error it raises.

    Children are verified before their parents, so the first op that fails here is the one the
    error is about (a block-structure error is reported on the op owning the region).
    """
    for op in root.walk(region_first=True):
        try:
            op.verify()
        except Exception as error:  # noqa: BLE001 - see verify_ir: any verifier failure counts
            # A verifier may blame another op than its own (a parent checking its children);
            # such errors carry that op.
            return getattr(error, "op", op), error
    return None


def verify_ir(root: Operation) -> None:
    """``root.verify()``, where every verifier failure is a ``VerifyException``: some of
    xDSL's verifiers raise a plain ``Exception`` (``memref.load`` with too few indices) or a
    ``KeyError`` for invalid IR; that is the input's fault, reported at the op like any other
    verifier error (:func:`find_failing_op` finds it), never an internal error."""
    try:
        root.verify()
    except DiagnosticException:
        raise
    except RecursionError:
        raise VerifyException("the IR nests too deeply to verify") from None
    except Exception as error:  # noqa: BLE001
        raise VerifyException(str(error) or type(error).__name__) from error


def verify_module(module: ModuleOp) -> None:
    """Verify ``module``; on failure raise :class:`OpError` naming the failing op."""
    try:
        verify_ir(module)
    except VerifyException as error:
        culprit = find_failing_op(module)
        if culprit is None:
            raise OpError(module, verify_message(error)) from error
        op, op_error = culprit
        raise OpError(op, verify_message(op_error)) from error


def emit_at(op: Operation, message: str, severity: str = "warning") -> None:
    """A diagnostic that does not stop the pass (MLIR's ``emitWarning``, or an ``emitError``
    a pass recovers from), at ``op``: ``file:line:col: warning: 'op' message``."""
    emit(op_diagnostic(op, message, Severity(severity)))
