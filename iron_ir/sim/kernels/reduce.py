"""Reductions to one element: add, min, max (int32 and bf16).

Bit-exact.  int32 sums wrap modulo 2**32 like the C++ (vector lanes add in a
different order than the scalar loop, which does not change a wrapped sum).
The vector kernels step through the input a whole vector at a time
(``i < input_size; i += 16``), so for a size that is not a multiple of the
vector length they also fold in the elements up to the next multiple; the
models do the same, and refuse a buffer too short for it.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from iron_ir.sim.kernels._numerics import BF16, operands, round_up, wrap
from iron_ir.sim.kernels.registry import builtin_model

_INT32_MAX = np.iinfo(np.int32).max
_INT32_MIN = np.iinfo(np.int32).min


def _operands(kernel: str, a_in, c_out, count: int, dtype):
    a, c = operands(kernel, dtype, (a_in, "a_in", count), (c_out, "c_out", 1))
    return a[:count], c


def _reduce_model(kernel: str, how: str, dtype, vector: int | None):
    def model(a_in, c_out, input_size) -> None:
        n = int(input_size)
        count = n if vector is None else round_up(max(n, 0), vector)
        values, c = _operands(kernel, a_in, c_out, count, dtype)
        if how == "add":
            c[0] = wrap(values.astype(np.int64).sum(), dtype)
            return
        # The running value starts at the identity the C++ seeds it with.
        if dtype == BF16:
            start = np.float32(-ml_dtypes.finfo(BF16).max)
            values = values.astype(np.float32)
        else:
            start = _INT32_MAX if how == "min" else _INT32_MIN
        pick = min if how == "min" else max
        c[0] = pick(values.min() if how == "min" else values.max(), start) if values.size else start

    model.__name__ = kernel
    return model


for _how, _src in (
    ("add", "aie_kernels/aie2/reduce_add.cc"),
    ("min", "aie_kernels/aie2/reduce_min.cc"),
    ("max", "aie_kernels/aie2/reduce_max.cc"),
):
    builtin_model(f"reduce_{_how}_vector", source=_src)(
        _reduce_model(f"reduce_{_how}_vector", _how, np.int32, 16)
    )
    builtin_model(f"reduce_{_how}_scalar", source=_src)(
        _reduce_model(f"reduce_{_how}_scalar", _how, np.int32, None)
    )

builtin_model("reduce_max_vector_bfloat16", source="aie_kernels/aie2/reduce_max.cc")(
    _reduce_model("reduce_max_vector_bfloat16", "max", BF16, 32)
)
builtin_model("reduce_max_scalar_bfloat16", source="aie_kernels/aie2/reduce_max.cc")(
    _reduce_model("reduce_max_scalar_bfloat16", "max", BF16, None)
)


def _compute_max_model(kernel: str, dtype):
    def model(a_in, b_in, c_out) -> None:
        a, c = _operands(kernel, a_in, c_out, 1, dtype)
        b, _ = _operands(kernel, b_in, c_out, 1, dtype)
        c[0] = a[0] if a[0] > b[0] else b[0]

    model.__name__ = kernel
    return model


builtin_model("compute_max", source="aie_kernels/aie2/reduce_max.cc")(
    _compute_max_model("compute_max", np.int32)
)
builtin_model("compute_max_bfloat16", source="aie_kernels/aie2/reduce_max.cc")(
    _compute_max_model("compute_max_bfloat16", BF16)
)
