"""Errors about IR, printed for people: ``file:line:col: error: message``, the line, a caret.

Parsed ops carry a ``FileLineColLoc`` (see :mod:`iron_ir.ir.parse`), so an error about an op —
a verifier failure, a failed upgrade, a pass that rejects its input — points at the op's line.
Ops created by passes have no location of their own; the nearest enclosing op that has one is
used instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import (
    DiagnosticException,
    MultipleSpansParseError,
    ParseError,
    VerifyException,
)

_VERIFY_PREFIX = "Operation does not verify: "


class OpError(DiagnosticException):
    """An error about one op; shown at that op's source location.

    Raise it from passes and IR utilities (``raise OpError(op, "...")``) when the input IR is
    at fault. It is a ``DiagnosticException``, so ``--verify-diagnostics`` prints it too.
    """

    def __init__(self, op: Operation, message: str):
        super().__init__(message)
        self.op = op
        self.message = message


@dataclass(frozen=True)
class Source:
    """The text a module was parsed from, to show the offending line."""

    name: str
    text: str

    def line(self, number: int) -> str | None:
        lines = self.text.split("\n")
        if 1 <= number <= len(lines):
            return lines[number - 1].removesuffix("\r")
        return None


def format_at(
    filename: str,
    line: int,
    col: int,
    message: str,
    source_line: str | None,
    width: int = 1,
    severity: str = "error",
) -> str:
    """One diagnostic in MLIR's layout (with the caret line xDSL also prints)."""
    text = f"{filename}:{line}:{col}: {severity}: {message}\n"
    if source_line is not None:
        text += f"{source_line}\n{' ' * (col - 1)}{'^' * max(width, 1)}\n"
    return text


def format_parse_error(error: ParseError) -> str:
    text = _format_span(error.span, error.msg, "error")
    if isinstance(error, MultipleSpansParseError):
        # The other places the error is about ("originally declared here"), as MLIR's notes.
        for span, message in error.refs:
            text += _format_span(span, (message or error.ref_text or "here").rstrip(":"), "note")
    return text


def _format_span(span, message: str, severity: str) -> str:
    location = span.get_location()
    line_start = span.input.get_start_of_line(span.start)
    line_end = span.input.get_end_of_line(span.start)
    source_line = span.input.content[line_start:line_end]
    if isinstance(source_line, bytes):
        source_line = source_line.decode("utf-8", "replace")
    width = min(span.end, line_end) - span.start
    return format_at(
        location.file,
        location.line,
        location.col,
        message,
        source_line.removesuffix("\r"),
        width,
        severity,
    )


def op_location(op: Operation) -> FileLineColLoc | None:
    """The op's own source location, or that of the nearest enclosing op that has one."""
    current: Operation | None = op
    while current is not None:
        if isinstance(current.location, FileLineColLoc):
            return current.location
        current = current.parent_op()
    return None


def format_op_error(
    op: Operation, message: str, source: Source | None, severity: str = "error"
) -> str:
    """``'aie.tile' op <message>`` at the op's line, in MLIR's wording.

    Without ``source``, the line is read from the file the location names, when it exists.
    """
    text = f"'{op.name}' op {message}"
    location = op_location(op)
    if location is None:
        name = source.name if source is not None else "<unknown>"
        return f"{name}: {severity}: {text}\n"
    line = location.line.data
    filename = location.filename.data
    if source is not None and source.name == filename:
        source_line = source.line(line)
    else:
        source_line = _file_line(filename, line)
    return format_at(filename, line, location.column.data, text, source_line, severity=severity)


def _file_line(filename: str, line: int) -> str | None:
    try:
        with open(filename, encoding="utf-8", errors="replace") as stream:
            return Source(filename, stream.read()).line(line)
    except OSError:
        return None


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
        except (VerifyException, ValueError) as error:
            # A verifier may blame another op than its own (a parent checking its children);
            # such errors carry that op.
            return getattr(error, "op", op), error
    return None


def verify_module(module: ModuleOp) -> None:
    """Verify ``module``; on failure raise :class:`OpError` naming the failing op."""
    try:
        module.verify()
    except VerifyException as error:
        culprit = find_failing_op(module)
        if culprit is None:
            raise OpError(module, verify_message(error)) from error
        op, op_error = culprit
        raise OpError(op, verify_message(op_error)) from error


def emit(op: Operation, message: str, severity: str = "warning") -> None:
    """Print a diagnostic that does not stop the pass (MLIR's ``emitWarning``, or an
    ``emitError`` a pass recovers from) to stderr: ``file:line:col: warning: 'op' message``."""
    import sys

    text = f"'{op.name}' op {message}"
    location = op_location(op)
    where = (
        f"{location.filename.data}:{location.line.data}:{location.column.data}"
        if location is not None
        else "<unknown>"
    )
    sys.stderr.write(f"{where}: {severity}: {text}\n")
