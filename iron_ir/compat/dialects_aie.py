"""``aie.dialects.aie`` under the import hook: the ``T`` type helpers designs use
(``T.i32()``, ``T.bf16()``, ``T.memref(16, T.i32())``), as MLIR types for kernel signatures."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
)
from xdsl.ir import Attribute


class T:
    """MLIR type constructors, named as in mlir-aie's ``aie.extras.types``."""

    @staticmethod
    def i8() -> Attribute:
        return IntegerType(8)

    @staticmethod
    def i16() -> Attribute:
        return IntegerType(16)

    @staticmethod
    def i32() -> Attribute:
        return IntegerType(32)

    @staticmethod
    def i64() -> Attribute:
        return IntegerType(64)

    @staticmethod
    def ui8() -> Attribute:
        return IntegerType(8, Signedness.UNSIGNED)

    @staticmethod
    def bf16() -> Attribute:
        return BFloat16Type()

    @staticmethod
    def f16() -> Attribute:
        return Float16Type()

    @staticmethod
    def f32() -> Attribute:
        return Float32Type()

    @staticmethod
    def index() -> Attribute:
        return IndexType()

    @staticmethod
    def memref(*shape_and_type: int | Attribute, element_type: Attribute | None = None) -> Attribute:
        *shape, last = shape_and_type
        if element_type is None:
            element_type = last  # type: ignore[assignment]
        else:
            shape.append(last)
        return MemRefType(element_type, [int(d) for d in shape])  # type: ignore[arg-type]


__all__ = ["T"]
