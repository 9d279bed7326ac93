"""Element types: MLIR types as numpy dtypes, and integer semantics at a type's width.

Integers are carried in core code as Python ints in their *signed* two's-complement reading
(``-2**(w-1) <= v < 2**(w-1)``), except ``i1``, which is 0 or 1. Unsigned operations reinterpret
with a mask. Floats are numpy scalars of their exact type (``np.float32``, ``ml_dtypes.bfloat16``,
``np.float16``) or Python floats for ``f64``, so every operation rounds as the type does.
"""

from __future__ import annotations


import ml_dtypes
import numpy as np
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

from iron_ir.sim.errors import DesignError, UnsupportedOpError

INDEX_WIDTH = 64


def int_width(t: Attribute) -> int:
    if isinstance(t, IndexType):
        return INDEX_WIDTH
    if isinstance(t, IntegerType):
        return t.width.data
    raise UnsupportedOpError(f"expected an integer or index type, got {t}")


def is_unsigned_int(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.signedness.data == Signedness.UNSIGNED


def is_float(t: Attribute) -> bool:
    return isinstance(t, (BFloat16Type, Float16Type, Float32Type, Float64Type))


def numpy_dtype(t: Attribute) -> np.dtype:
    """The numpy dtype that stores elements of MLIR type ``t``."""
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, IntegerType):
        w = t.width.data
        if w == 1:
            return np.dtype(np.bool_)
        if w not in (8, 16, 32, 64):
            raise UnsupportedOpError(
                f"integer type {t} has no numpy storage type (widths 1, 8, 16, 32, 64)"
            )
        kind = "uint" if t.signedness.data == Signedness.UNSIGNED else "int"
        return np.dtype(f"{kind}{w}")
    if isinstance(t, BFloat16Type):
        return np.dtype(ml_dtypes.bfloat16)
    if isinstance(t, Float16Type):
        return np.dtype(np.float16)
    if isinstance(t, Float32Type):
        return np.dtype(np.float32)
    if isinstance(t, Float64Type):
        return np.dtype(np.float64)
    raise UnsupportedOpError(f"element type {t} is not supported by the simulator")


def float_ctor(t: Attribute):
    """A callable turning a Python/numpy number into a scalar of float type ``t``."""
    if isinstance(t, Float64Type):
        return float
    return numpy_dtype(t).type


def memref_shape(t: MemRefType) -> tuple[int, ...]:
    shape = tuple(int(d) for d in t.get_shape())
    if any(d < 0 for d in shape):
        raise UnsupportedOpError(f"{t} has a dynamic dimension; the simulator needs static shapes")
    return shape


def alloc_memref(t: MemRefType) -> np.ndarray:
    shape = memref_shape(t)
    try:
        return np.zeros(shape, dtype=numpy_dtype(t.element_type))
    except ValueError as err:  # numpy: more elements than an array can index
        raise DesignError(f"{t} cannot be held in memory: {err}") from None


def wrap(value: int, width: int) -> int:
    """``value`` reduced to ``width`` bits, in the canonical reading (signed; i1 as 0/1)."""
    if width == 1:
        return value & 1
    half = 1 << (width - 1)
    return ((value + half) & ((half << 1) - 1)) - half


def signed(value: int, width: int) -> int:
    """The signed reading of a canonical value (only i1 differs: 1 reads as -1)."""
    return -value if width == 1 else value


def unsigned(value: int, width: int) -> int:
    return value & ((1 << width) - 1)


def to_canonical_int(value, t: Attribute) -> int:
    """A stored element (numpy scalar) as the canonical Python int of type ``t``."""
    return wrap(int(value), int_width(t))
