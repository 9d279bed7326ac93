"""numpy types ↔ MLIR types, as mlir-aie's ``aie.helpers.util`` maps them.

int8/16/32/64 → i8/i16/i32/i64 (signless), uint8/16/32/64 → ui8/ui16/ui32/ui64,
float16/32/64 → f16/f32/f64, bfloat16 → bf16; ``np.ndarray[(shape), np.dtype[T]]`` →
``memref<shape x T>``.
"""

from __future__ import annotations

import typing

import numpy as np
from ml_dtypes import bfloat16
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
    TensorType,
)
from xdsl.ir import Attribute

from iron_ir.errors import IronTypeError

_DTYPE_NAMES: dict[str, type] = {
    "bf16": bfloat16,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "u8": np.uint8,
    "u16": np.uint16,
    "u32": np.uint32,
    "u64": np.uint64,
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
}


def str_to_dtype(name: str) -> type:
    """``"i32"`` → ``np.int32``, ``"bf16"`` → ``bfloat16`` (mlir-aie's spellings)."""
    try:
        return _DTYPE_NAMES[name]
    except KeyError:
        raise IronTypeError(
            f"unknown dtype name {name!r}: expected one of {', '.join(_DTYPE_NAMES)}"
        ) from None


def dtype_to_str(dtype) -> str:
    """The inverse of :func:`str_to_dtype`; accepts a numpy scalar type or ``np.dtype``."""
    dt = np.dtype(dtype)
    for name, scalar in _DTYPE_NAMES.items():
        if np.dtype(scalar) == dt:
            return name
    raise IronTypeError(f"dtype {dt} has no IRON name: expected one of {', '.join(_DTYPE_NAMES)}")


def dtype_to_mlir(dtype) -> Attribute:
    """A numpy scalar type / dtype → the MLIR element type IRON uses."""
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise IronTypeError(f"{dtype!r} is not a numpy scalar type") from None
    if dt == np.dtype(bfloat16):
        return BFloat16Type()
    if dt.kind in "iu":
        sign = Signedness.UNSIGNED if dt.kind == "u" else Signedness.SIGNLESS
        return IntegerType(dt.itemsize * 8, sign)
    if dt.kind == "f":
        return {2: Float16Type(), 4: Float32Type(), 8: Float64Type()}[dt.itemsize]
    raise IronTypeError(f"numpy dtype {dt} has no MLIR element type in IRON")


def mlir_to_dtype(t: Attribute) -> np.dtype:
    """An MLIR element type → numpy dtype (the inverse of :func:`dtype_to_mlir`)."""
    if isinstance(t, BFloat16Type):
        return np.dtype(bfloat16)
    if isinstance(t, IntegerType):
        unsigned = t.signedness.data == Signedness.UNSIGNED
        return np.dtype(f"{'u' if unsigned else 'i'}{t.width.data // 8}")
    if isinstance(t, Float16Type | Float32Type | Float64Type):
        return np.dtype(f"f{t.bitwidth // 8}")
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    raise IronTypeError(f"MLIR type {t} has no numpy dtype")


def is_ndarray_type(t) -> bool:
    return typing.get_origin(t) is np.ndarray


def np_ndarray_type_get_shape(t) -> tuple[int, ...]:
    """The shape of ``np.ndarray[(shape), np.dtype[T]]``."""
    _check_ndarray_type(t)
    shape = typing.get_args(t)[0]
    if isinstance(shape, int):
        return (shape,)
    return tuple(int(d) for d in shape)


def np_ndarray_type_get_dtype(t) -> np.dtype:
    """The element dtype of ``np.ndarray[(shape), np.dtype[T]]``."""
    _check_ndarray_type(t)
    dtype_arg = typing.get_args(t)[1]
    scalar = typing.get_args(dtype_arg)[0] if typing.get_args(dtype_arg) else dtype_arg
    return np.dtype(scalar)


def _check_ndarray_type(t) -> None:
    args = typing.get_args(t)
    ok = is_ndarray_type(t) and len(args) == 2
    if ok:
        shape = args[0] if isinstance(args[0], tuple) else (args[0],)
        ok = all(isinstance(d, int | np.integer) and d > 0 for d in shape)
    if not ok:
        raise IronTypeError(
            f"{t!r} is not a numpy ndarray type: write np.ndarray[(n, ...), np.dtype[np.int32]] "
            "(a static shape of positive ints and a dtype)"
        )


def ndarray_type_to_memref(t) -> MemRefType:
    """``np.ndarray[(64, 32), np.dtype[np.int32]]`` → ``memref<64x32xi32>``."""
    return MemRefType(dtype_to_mlir(np_ndarray_type_get_dtype(t)), np_ndarray_type_get_shape(t))


def type_to_mlir(t) -> Attribute:
    """A kernel argument type: an ndarray type → memref, a numpy scalar type → its MLIR type."""
    if is_ndarray_type(t):
        return ndarray_type_to_memref(t)
    if isinstance(t, Attribute):
        return t
    return dtype_to_mlir(t)


def dense_elements(
    memref: MemRefType, value: np.ndarray, *, memref_typed: bool = False
) -> DenseIntOrFPElementsAttr:
    """``value``'s elements as a dense attribute for ``memref``: typed with the tensor of the
    memref's shape, as an ``aie.buffer``'s initial value is, or with the memref itself
    (``memref_typed``), as objectfifo init values are."""
    flat = np.asarray(value).reshape(-1)
    data = [int(v) for v in flat] if np.issubdtype(flat.dtype, np.integer) else [float(v) for v in flat]
    shaped = memref if memref_typed else TensorType(memref.get_element_type(), memref.get_shape())
    return DenseIntOrFPElementsAttr.from_list(shaped, data)
