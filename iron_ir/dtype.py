"""numpy ↔ MLIR type helpers (``str_to_dtype``, ``dtype_to_str``, ndarray types → memrefs)."""

from iron_ir.api.dtype import (
    dtype_to_mlir,
    dtype_to_str,
    mlir_to_dtype,
    ndarray_type_to_memref,
    np_ndarray_type_get_dtype,
    np_ndarray_type_get_shape,
    str_to_dtype,
    type_to_mlir,
)

__all__ = [
    "dtype_to_mlir",
    "dtype_to_str",
    "mlir_to_dtype",
    "ndarray_type_to_memref",
    "np_ndarray_type_get_dtype",
    "np_ndarray_type_get_shape",
    "str_to_dtype",
    "type_to_mlir",
]
