"""MLIR type constructors, as mlir-aie's ``aie.extras.types`` (imported as ``T``):
``T.i32()``, ``T.bf16()``, ``T.index()``, ``T.memref(16, 16, T.i32())``."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
)
from xdsl.ir import Attribute

from iron_ir.errors import IronTypeError


def bool() -> Attribute:  # noqa: A001 - mlir-aie's name
    return IntegerType(1)


def i(width: int) -> Attribute:
    return IntegerType(width)


def i1() -> Attribute:
    return IntegerType(1)


def i8() -> Attribute:
    return IntegerType(8)


def i16() -> Attribute:
    return IntegerType(16)


def i32() -> Attribute:
    return IntegerType(32)


def i64() -> Attribute:
    return IntegerType(64)


def ui8() -> Attribute:
    return IntegerType(8, Signedness.UNSIGNED)


def ui16() -> Attribute:
    return IntegerType(16, Signedness.UNSIGNED)


def ui32() -> Attribute:
    return IntegerType(32, Signedness.UNSIGNED)


def bf16() -> Attribute:
    return BFloat16Type()


def f16() -> Attribute:
    return Float16Type()


def f32() -> Attribute:
    return Float32Type()


def f64() -> Attribute:
    return Float64Type()


def index() -> Attribute:
    return IndexType()


def memref(*shape_and_type: int | Attribute, element_type: Attribute | None = None) -> MemRefType:
    """``memref(2, 2, T.i32())`` or ``memref(2, 2, element_type=T.i32())``."""
    shape = list(shape_and_type)
    if element_type is None:
        if not shape or not isinstance(shape[-1], Attribute):
            raise IronTypeError("T.memref(*shape, element_type): the element type is missing")
        element_type = shape.pop()  # pyright: ignore[reportAssignmentType]
    if not all(isinstance(d, int) and not isinstance(d, type(True)) for d in shape):
        raise IronTypeError(f"T.memref: the shape must be integers, got {shape!r}")
    return MemRefType(element_type, shape)  # pyright: ignore[reportArgumentType]
