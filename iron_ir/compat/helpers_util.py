"""``aie.helpers.util`` under the import hook: numpy ndarray type helpers."""

from iron_ir.dtype import (
    dtype_to_mlir as np_dtype_to_mlir_type,
    ndarray_type_to_memref as np_ndarray_type_to_memref_type,
    np_ndarray_type_get_dtype,
    np_ndarray_type_get_shape,
    type_to_mlir as try_convert_np_type_to_mlir_type,
)

__all__ = [
    "np_dtype_to_mlir_type",
    "np_ndarray_type_get_dtype",
    "np_ndarray_type_get_shape",
    "np_ndarray_type_to_memref_type",
    "try_convert_np_type_to_mlir_type",
]
