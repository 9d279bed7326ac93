"""The module a placed design builds, and where each op goes.

``with mlir_mod_ctx() as ctx:`` opens a :class:`PlacedModule`: an xDSL ``ModuleOp`` and one
:class:`~iron_ir.tracing.engine.Tracer` of the tracing engine shared with the high-level API.
Every builder of this package inserts through that engine (``emit``), so an op lands at the
current point — the body of the innermost ``@device``/``@core``/``@runtime_sequence``/...
being built, or a loop body traced inside it — and carries the design's file:line.
``ctx.module`` is mlir's ``ir.Module`` face: ``print(ctx.module)`` gives mlir-aie's text and
``ctx.module.operation.verify()`` returns ``True`` or raises :class:`VerificationError`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from iron_ir.errors import IronError, IronTypeError, location_attr, user_location
from iron_ir.tracing.engine import TracedValue, Tracer, current_tracer, tracing


class VerificationError(IronError):
    """``ctx.module.operation.verify()`` found an op that breaks a rule; located at the
    design line that built the op."""


class PlacedModule:
    """One module under construction: the ``program`` its tracer serves. High-level kernels
    (``Kernel``, ``ExternalFunction``, ``@func``) called from a placed core are declared here
    once, beside the device-level op whose body calls them first."""

    def __init__(self, module: ModuleOp | None = None):
        self.op = module if module is not None else ModuleOp([])
        self.tracer = Tracer(self.op.body.block, owner=self, program=self)
        self._kernels: dict[int, FuncOp] = {}

    def declare_kernel(self, kernel: Any) -> FuncOp:
        op = self._kernels.get(id(kernel))
        if op is None:
            op = kernel.declaration(self)
            tracer = current_tracer() or self.tracer
            if _at_symbol_level(tracer.point):
                tracer.insert(op)
            else:
                _insert_beside_user(tracer.point, op)
            self._kernels[id(kernel)] = op
        return op

    def adopt_kernel(self, kernel: Any, op: FuncOp) -> None:
        """``op`` (already emitted) declares ``kernel``."""
        self._kernels[id(kernel)] = op


def _at_symbol_level(point: InsertPoint) -> bool:
    """The point is directly in the module or a device body, where functions live."""
    owner = point.block.parent_op()
    return owner is None or owner.name in ("builtin.module", "aie.device")


def _insert_beside_user(point: InsertPoint, op: Operation) -> None:
    """Insert ``op`` before the device-level op whose body ``point`` is in (a core calling a
    kernel first declares it just above itself)."""
    anchor = point.block.parent_op()
    assert anchor is not None
    while not _at_symbol_level(InsertPoint.before(anchor)):
        parent = anchor.parent_op()
        assert parent is not None
        anchor = parent
    Rewriter.insert_op(op, InsertPoint.before(anchor))
    op.location = location_attr(user_location())


_OPEN: list[PlacedModule] = []


def open_module() -> PlacedModule | None:
    """The innermost ``mlir_mod_ctx`` being built (None outside one)."""
    return _OPEN[-1] if _OPEN else None


def require_module(what: str) -> PlacedModule:
    module = open_module()
    if module is None:
        raise IronError(
            f"{what} builds an op, which needs a module: call it inside `with mlir_mod_ctx() "
            "as ctx:` (from aie.extras.context import mlir_mod_ctx)"
        )
    return module


def enclosing_op(*names: str) -> Operation | None:
    """The innermost op named one of ``names`` around the current insertion point (None when
    there is none, or no insertion point)."""
    tracer = current_tracer()
    owner = tracer.point.block.parent_op() if tracer is not None else None
    while owner is not None and owner.name not in names:
        owner = owner.parent_op()
    return owner


def point(what: str) -> Tracer:
    """The tracer ops of ``what`` go through (the module's, or a kernel body's being traced)."""
    require_module(what)
    tracer = current_tracer()
    assert tracer is not None
    return tracer


def emit(op: Operation, what: str | None = None) -> Operation:
    """Insert ``op`` at the current point, located at the design's line."""
    return point(what or f"'{op.name}'").insert(op)


@contextmanager
def inside(block: Block, what: str) -> Iterator[None]:
    """Build into ``block``: before its terminator when it has one, else at its end."""
    tracer = point(what)
    last = block.last_op
    at = (
        InsertPoint.before(last)
        if last is not None and last.has_trait(_terminator_trait())
        else InsertPoint.at_end(block)
    )
    with tracer.at(at):
        yield


def _terminator_trait():
    from xdsl.traits import IsTerminator

    return IsTerminator


# --- values -------------------------------------------------------------------------------------


class IntView(int):
    """An integer attribute as a design reads it: ``int(t.col)`` and ``t.col.value`` both work."""

    @property
    def value(self) -> int:
        return int(self)


class StrView(str):
    """A string attribute as a design reads it: ``of.sym_name.value``."""

    @property
    def value(self) -> str:
        return str(self)


class OpHandle:
    """A built op, seen from the design: its ``result`` is what other builders take."""

    def __init__(self, op: Operation):
        self.op = op

    @property
    def operation(self) -> Operation:
        return self.op

    @property
    def result(self) -> SSAValue:
        return self.op.results[0]

    @property
    def results(self) -> list[SSAValue]:
        return list(self.op.results)

    def __repr__(self) -> str:
        return f"<{self.op.name} built by the design>"


def ssa(value: Any, what: str) -> SSAValue:
    """The SSA value a builder argument stands for (a handle, a traced value or a value)."""
    if isinstance(value, OpHandle):
        return value.result
    if isinstance(value, TracedValue):
        return value.value
    if isinstance(value, SSAValue):
        return value
    if isinstance(value, Operation) and len(value.results) == 1:
        return value.results[0]
    raise IronTypeError(f"{what}: expected a value built in this module, got {value!r}")


# --- the module face ----------------------------------------------------------------------------


class ModuleOperation:
    """``module.operation``: ``verify()`` as MLIR's Python bindings do it."""

    def __init__(self, module: Module):
        self._module = module

    def verify(self) -> bool:
        """``True`` when every op verifies; otherwise :class:`VerificationError` at the line
        of the design that built the failing op (MLIR's bindings raise ``MLIRError``)."""
        from iron_ir.ir.diagnostics import OpError, op_location, verify_module

        try:
            verify_module(self._module.op)
        except OpError as err:
            location = op_location(err.op)
            where = (
                f"{location.filename.data}:{location.line.data}" if location is not None else None
            )
            raise VerificationError(
                f"Verification failed: '{err.op.name}' op {err.message}", where
            ) from None
        return True

    def __str__(self) -> str:
        return str(self._module)


class Module:
    """mlir's ``ir.Module``: ``str()`` is mlir-aie's text; ``.operation.verify()``."""

    def __init__(self, op: ModuleOp):
        self.op = op

    @property
    def operation(self) -> ModuleOperation:
        return ModuleOperation(self)

    @property
    def body(self) -> Block:
        return self.op.body.block

    def __str__(self) -> str:
        from iron_ir.ir.printed import note_printed
        from iron_ir.ir.printer import print_module

        text = print_module(self.op)
        note_printed(self.op, text)
        return text

    def __repr__(self) -> str:
        return "<iron-ir module built by a placed design>"


@dataclass
class MLIRContext:
    """What ``mlir_mod_ctx()`` yields: ``ctx.module`` (and ``str(ctx)``, the module's text)."""

    context: Any
    module: Module

    def __str__(self) -> str:
        return str(self.module)


@contextmanager
def mlir_mod_ctx(
    src: str | None = None,
    context: Any = None,
    location: Any = None,
    allow_unregistered_dialects: bool = False,
) -> Iterator[MLIRContext]:
    """Open a module for a placed design; ops built inside the ``with`` go into it. ``src``
    starts from a module parsed from text (its ops are kept, new ones follow)."""
    if src is not None:
        from iron_ir.ir.parse import parse_module

        module = PlacedModule(parse_module(src, "<mlir_mod_ctx src>"))
    else:
        module = PlacedModule()
    _OPEN.append(module)
    try:
        with tracing(module.tracer):
            yield MLIRContext(context, Module(module.op))
    finally:
        _OPEN.remove(module)
