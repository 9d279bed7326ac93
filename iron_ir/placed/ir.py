"""``aie.ir``: the part of MLIR's Python ``ir`` module placed designs use.

Designs written before ``mlir_mod_ctx`` (and some written since) build their module by hand::

    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            @device(AIEDevice.npu1_1col)
            def body(): ...
        print(module)

and spell types through the type classes (``IntegerType.get_signless(32)``,
``MemRefType.get((16,), i32)``). Here ``Module.create()`` makes the same
:class:`~iron_ir.placed.builder.PlacedModule` ``mlir_mod_ctx`` opens, ``InsertionPoint(block)``
builds into ``module.body`` (or any block the design holds), and the type classes return the
xDSL types every placed builder takes. ``Context`` and ``Location`` carry nothing: iron-ir
has one context, and every op is located at the design line that built it.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from typing import Any

from xdsl.dialects import builtin
from xdsl.ir import Attribute
from xdsl.ir import Block as XBlock
from xdsl.rewriter import InsertPoint

from iron_ir.errors import IronTypeError
from iron_ir.placed import builder
from iron_ir.placed.builder import Module as _PrintedModule
from iron_ir.placed.builder import PlacedModule, open_module
from iron_ir.placed.dma import ContextManagedBlock
from iron_ir.tracing.engine import tracing


class Context:
    """``with Context():`` — accepted for mlir's sake; iron-ir keeps one context."""

    def __init__(self, *args: Any, **kwargs: Any):
        self.allow_unregistered_dialects = False

    def __enter__(self) -> Context:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


class Location:
    """``Location.unknown()`` and friends: ops are located at the design's own lines."""

    def __init__(self, text: str = "loc(unknown)"):
        self._text = text

    @classmethod
    def unknown(cls, context: Any = None) -> Location:
        return cls()

    @classmethod
    def file(cls, filename: str, line: int, col: int, context: Any = None) -> Location:
        return cls(f'loc("{filename}":{line}:{col})')

    @classmethod
    def name(cls, name: str, childLoc: Any = None, context: Any = None) -> Location:  # noqa: N803
        return cls(f'loc("{name}")')

    def __enter__(self) -> Location:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def __str__(self) -> str:
        return self._text


_MODULES_BY_BODY: weakref.WeakValueDictionary[int, PlacedModule] = weakref.WeakValueDictionary()
"""Modules made by ``Module.create``/``Module.parse``, by their body block (designs hold the
block, ``module.body``, when they open an insertion point)."""


class Module(_PrintedModule):
    """mlir's ``ir.Module``: ``Module.create()`` starts an empty one, ``Module.parse(text)``
    one holding parsed ops; ``InsertionPoint(module.body)`` builds into it."""

    def __init__(self, placed: PlacedModule):
        super().__init__(placed.op)
        self.placed = placed
        _MODULES_BY_BODY[id(placed.op.body.block)] = placed

    @classmethod
    def create(cls, loc: Any = None) -> Module:
        return cls(PlacedModule())

    @classmethod
    def parse(cls, asm: str, context: Any = None) -> Module:
        from iron_ir.ir.parse import parse_module

        return cls(PlacedModule(parse_module(asm, "<Module.parse>")))


def _placed_of(block: XBlock) -> PlacedModule | None:
    """The module ``block`` belongs to (its top-level body or a block nested in it)."""
    top = block
    while (owner := top.parent_op()) is not None and owner.parent_block() is not None:
        top = owner.parent_block()  # pyright: ignore[reportAssignmentType]
    for module in builder._OPEN:
        if module.op.body.block is top:
            return module
    return _MODULES_BY_BODY.get(id(top))


class InsertionPoint:
    """``with InsertionPoint(block):`` — ops built inside go at the end of ``block`` (before
    its terminator); ``InsertionPoint.at_block_begin(block)`` puts them first."""

    def __init__(self, block: Any, *, _at_begin: bool = False):
        if isinstance(block, ContextManagedBlock):
            block = block.block
        if isinstance(block, Module):
            block = block.body
        if not isinstance(block, XBlock):
            raise IronTypeError(
                f"InsertionPoint(block): expected a block (module.body, or a block of a region "
                f"the design built), got {block!r}"
            )
        self.block = block
        self._at_begin = _at_begin
        self._stack: ExitStack | None = None

    @classmethod
    def at_block_begin(cls, block: Any) -> InsertionPoint:
        return cls(block, _at_begin=True)

    @classmethod
    def at_block_terminator(cls, block: Any) -> InsertionPoint:
        return cls(block)

    def __enter__(self) -> InsertionPoint:
        stack = ExitStack()
        module = _placed_of(self.block)
        if module is not None and open_module() is not module:
            stack.enter_context(_opened(module))
        if self._at_begin:
            tracer = builder.point("InsertionPoint")
            first = self.block.first_op
            at = InsertPoint.before(first) if first is not None else InsertPoint.at_end(self.block)
            stack.enter_context(tracer.at(at))
        elif module is None or self.block is not module.op.body.block:
            stack.enter_context(builder.inside(self.block, "InsertionPoint"))
        self._stack = stack
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self._stack is not None
        self._stack.close()
        self._stack = None


@contextmanager
def _opened(module: PlacedModule) -> Iterator[None]:
    """Build into ``module`` as ``mlir_mod_ctx`` does, for the span of an insertion point."""
    builder._OPEN.append(module)
    try:
        with tracing(module.tracer):
            yield
    finally:
        builder._OPEN.remove(module)


# --- types and attributes -----------------------------------------------------------------------


def _width(width: Any) -> int:
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise IronTypeError(f"an integer type's width is a positive integer, got {width!r}")
    return width


class IntegerType:
    @staticmethod
    def get_signless(width: int, context: Any = None) -> Attribute:
        return builtin.IntegerType(_width(width))

    @staticmethod
    def get_signed(width: int, context: Any = None) -> Attribute:
        return builtin.IntegerType(_width(width), builtin.Signedness.SIGNED)

    @staticmethod
    def get_unsigned(width: int, context: Any = None) -> Attribute:
        return builtin.IntegerType(_width(width), builtin.Signedness.UNSIGNED)


class IndexType:
    @staticmethod
    def get(context: Any = None) -> Attribute:
        return builtin.IndexType()


class F16Type:
    @staticmethod
    def get(context: Any = None) -> Attribute:
        return builtin.Float16Type()


class BF16Type:
    @staticmethod
    def get(context: Any = None) -> Attribute:
        return builtin.BFloat16Type()


class F32Type:
    @staticmethod
    def get(context: Any = None) -> Attribute:
        return builtin.Float32Type()


class F64Type:
    @staticmethod
    def get(context: Any = None) -> Attribute:
        return builtin.Float64Type()


class MemRefType:
    @staticmethod
    def get(shape: Sequence[int], element_type: Attribute, layout: Any = None,
            memory_space: Any = None, loc: Any = None) -> Attribute:
        if not isinstance(element_type, Attribute):
            raise IronTypeError(
                f"MemRefType.get(shape, element_type): the element type is a type such as "
                f"IntegerType.get_signless(32), got {element_type!r}"
            )
        dims = list(shape)
        if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in dims):
            raise IronTypeError(f"MemRefType.get: the shape is a list of sizes, got {shape!r}")
        return builtin.MemRefType(element_type, dims)  # pyright: ignore[reportArgumentType]


class TypeAttr:
    @staticmethod
    def get(value: Attribute, context: Any = None) -> Attribute:
        return value


class IntegerAttr:
    @staticmethod
    def get(type: Attribute, value: int) -> Attribute:  # noqa: A002 - mlir's keyword
        if isinstance(type, builtin.IndexType):
            return builtin.IntegerAttr(int(value), builtin.IndexType())
        return builtin.IntegerAttr(int(value), type)  # pyright: ignore[reportArgumentType]


class BoolAttr:
    @staticmethod
    def get(value: bool, context: Any = None) -> Attribute:
        return builtin.BoolAttr.from_bool(bool(value))


class StringAttr:
    @staticmethod
    def get(value: str, context: Any = None) -> Attribute:
        return builtin.StringAttr(value)


class FlatSymbolRefAttr:
    @staticmethod
    def get(value: str, context: Any = None) -> Attribute:
        return builtin.SymbolRefAttr(value)


class ArrayAttr:
    @staticmethod
    def get(values: Sequence[Attribute], context: Any = None) -> Attribute:
        return builtin.ArrayAttr(list(values))


class UnitAttr:
    @staticmethod
    def get(context: Any = None) -> Attribute:
        return builtin.UnitAttr()


Block = XBlock

__all__ = [
    "ArrayAttr",
    "BF16Type",
    "Block",
    "BoolAttr",
    "Context",
    "F16Type",
    "F32Type",
    "F64Type",
    "FlatSymbolRefAttr",
    "IndexType",
    "InsertionPoint",
    "IntegerAttr",
    "IntegerType",
    "Location",
    "MemRefType",
    "Module",
    "StringAttr",
    "TypeAttr",
    "UnitAttr",
]
