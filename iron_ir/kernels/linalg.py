"""``aie.iron.kernels.linalg``: mm (``C += A B`` on one tile), mv (``c += A b``), zero.

A kernel from ``mm`` carries ``.zero`` (the ``zero_*`` symbol of the same object, to clear the
accumulator) and ``.mac_dims`` (the ``(r, s, t)`` mmul shape the kernel blocks its operands
in; a design's DMA layout follows it)."""

from __future__ import annotations

from typing import Any

import numpy as np

from iron_ir.api.kernel import ExternalFunction
from iron_ir.errors import IronError
from iron_ir.hostruntime.jit import In, InOut, Out
from iron_ir.kernels._common import (
    KernelContract,
    arch,
    extern,
    kernel_source,
    sibling,
    tensor,
)

_SUFFIX = {"int8": "i8", "int16": "i16", "int32": "i32", "float32": "f32", "bfloat16": "bf16"}
_MM_COMBOS = {("i8", "i8"), ("i8", "i16"), ("i8", "i32"), ("i16", "i16"), ("i16", "i32"), ("bf16", "bf16"), ("bf16", "f32")}


def _suffix(dtype: Any) -> str:
    name = np.dtype(dtype).name
    if name not in _SUFFIX:
        raise IronError(f"kernels: no kernel variant for element type {name}")
    return _SUFFIX[name]


def mac_dims(input_dtype: Any, output_dtype: Any, target: str | None = None) -> tuple[int, int, int]:
    """``(r, s, t)`` of mm.cc's mmul for these types on ``target`` (default: the current
    device's architecture)."""
    from iron_ir.sim.kernels.matmul import MATMUL_TILES

    key = (_suffix(input_dtype), _suffix(output_dtype))
    return MATMUL_TILES[target or arch()][key]


def mm_ref(a: Any, b: Any) -> np.ndarray:
    """``A @ B`` for row-major A (M x K) and B (K x N), accumulated in int64 / fp32."""
    a, b = np.asarray(a), np.asarray(b)
    if np.issubdtype(a.dtype, np.integer):
        return a.astype(np.int64) @ b.astype(np.int64)
    return a.astype(np.float32) @ b.astype(np.float32)


def mv_ref(a: Any, b: Any) -> np.ndarray:
    """``A @ b`` for A (M x K), b (K,), accumulated in int64."""
    return np.asarray(a).astype(np.int64) @ np.asarray(b).astype(np.int64)


def zero(tile_size: int, dtype: Any = np.int16, vectorized: bool = True) -> ExternalFunction:
    """``zero_{t}`` / ``zero_scalar_{t}(c)``: clears a ``tile_size``-element accumulator."""
    sfx = _suffix(dtype)
    return extern(
        f"zero_{sfx}" if vectorized else f"zero_scalar_{sfx}",
        kernel_source(arch(), "zero.cc"),
        [tensor(tile_size, dtype)],
        KernelContract((Out,), lambda: np.zeros(tile_size, dtype=dtype)),
    )


def mm(
    dim_m: int = 64,
    dim_k: int = 64,
    dim_n: int = 64,
    input_dtype: Any = np.int16,
    output_dtype: Any = np.int16,
    vectorized: bool = True,
    b_col_maj: bool = False,
    c_col_maj: bool = False,
) -> ExternalFunction:
    """``matmul_{in}_{out}(A, B, C)`` (``matmul_scalar_*`` when not vectorized) from mm.cc,
    compiled with ``-DDIM_M/K/N``; A is M x K, B K x N (N x K with ``b_col_maj``), C M x N."""
    key = (_suffix(input_dtype), _suffix(output_dtype))
    if key not in _MM_COMBOS:
        raise IronError(
            f"kernels.mm(): no mm.cc variant for input {np.dtype(input_dtype).name} and output "
            f"{np.dtype(output_dtype).name}; supported: "
            + ", ".join(f"{i}->{o}" for i, o in sorted(_MM_COMBOS))
        )
    sfx = f"{key[0]}_{key[1]}"
    flags = [f"-DDIM_M={dim_m}", f"-DDIM_K={dim_k}", f"-DDIM_N={dim_n}", f"-D{sfx}_ONLY"]
    if b_col_maj:
        flags.append("-DB_COL_MAJ")
    if c_col_maj:
        flags.append("-DC_COL_MAJ")
    c_ty = tensor((dim_n, dim_m) if c_col_maj else (dim_m, dim_n), output_dtype)
    fn = extern(
        f"matmul_{sfx}" if vectorized else f"matmul_scalar_{sfx}",
        kernel_source(arch(), "mm.cc"),
        [
            tensor((dim_m, dim_k), input_dtype),
            tensor((dim_n, dim_k) if b_col_maj else (dim_k, dim_n), input_dtype),
            c_ty,
        ],
        KernelContract((In, In, InOut), mm_ref, reduction=dim_k),
        compile_flags=flags,
        object_file_name=f"mm_{dim_m}x{dim_k}x{dim_n}.o",
    )
    fn.zero = sibling(fn, f"zero_{key[1]}" if vectorized else f"zero_scalar_{key[1]}", [c_ty])
    fn.mac_dims = mac_dims(input_dtype, output_dtype) if vectorized else (1, 1, 1)
    return fn


def mv(
    dim_m: int = 32,
    dim_k: int = 32,
    input_dtype: Any = np.int16,
    output_dtype: Any = np.int32,
    vectorized: bool = True,
) -> ExternalFunction:
    """``matvec_{vectorized,scalar}_i16_i32(A, b, c)`` from mv.cc: ``c += A b``."""
    if (_suffix(input_dtype), _suffix(output_dtype)) != ("i16", "i32"):
        raise IronError("kernels.mv(): mv.cc is built for int16 inputs and an int32 output only")
    c_ty = tensor(dim_m, np.int32)
    fn = extern(
        f"matvec_{'vectorized' if vectorized else 'scalar'}_i16_i32",
        kernel_source(arch(), "mv.cc"),
        [tensor((dim_m, dim_k), np.int16), tensor(dim_k, np.int16), c_ty],
        KernelContract((In, In, InOut), mv_ref, reduction=dim_k),
        compile_flags=[f"-DDIM_M={dim_m}", f"-DDIM_K={dim_k}"],
        object_file_name=f"mv_{dim_m}x{dim_k}.o",
    )
    fn.zero = sibling(fn, "zero_vectorized_i32" if vectorized else "zero_scalar_i32", [c_ty])
    return fn
