"""Data-movement kernels: pass-through copies and blocked transposes.

Exact (they only move bytes).
"""

from __future__ import annotations

import numpy as np

from iron_ir.sim.kernels._numerics import flat, need, round_up
from iron_ir.sim.kernels.registry import KernelModelError, builtin_model

_PASSTHROUGH_SRC = "aie_kernels/generic/passThrough.cc"
# passThrough_aie moves one 512-bit vector (64 bytes) per iteration, so a
# count that is not a multiple of it copies up to the next whole vector.
_VECTOR_BYTES = 64


def _pass_through(kernel: str, src: np.ndarray, dst: np.ndarray, count: int) -> None:
    if src.dtype.itemsize != dst.dtype.itemsize or src.dtype.itemsize not in (1, 2, 4):
        raise KernelModelError(
            f"{kernel}: copies 8-, 16- or 32-bit elements (BIT_WIDTH); got {src.dtype} -> {dst.dtype}"
        )
    src_flat, dst_flat = flat(src, kernel, "in"), flat(dst, kernel, "out")
    moved = round_up(count, _VECTOR_BYTES // src.dtype.itemsize)
    need(src_flat, moved, kernel, "in")
    need(dst_flat, moved, kernel, "out")
    dst_flat[:moved] = src_flat[:moved].view(dst.dtype)


@builtin_model("passThroughLine", source=_PASSTHROUGH_SRC)
def pass_through_line(src: np.ndarray, dst: np.ndarray, line_width: int) -> None:
    _pass_through("passThroughLine", src, dst, int(line_width))


@builtin_model("passThroughTile", source=_PASSTHROUGH_SRC)
def pass_through_tile(src: np.ndarray, dst: np.ndarray, height: int, width: int) -> None:
    _pass_through("passThroughTile", src, dst, int(height) * int(width))


def block_transpose_model(block: int, dim_m: int | None = None, dim_n: int | None = None):
    """Model of ``transpose_{block}x{block}``: transposes every block x block sub-tile in place.

    The kernel is compiled with ``-DDIM_m=m -DDIM_n=n`` for a tile declared
    ``(m, n)`` and walks it as ``DIM_n`` rows of ``DIM_m`` elements, so a 2-D
    memref ``(m, n)`` is viewed as ``n x m``.  A 1-D memref carries no shape:
    pass ``dim_m``/``dim_n`` and register the result under the symbol.
    """
    kernel = f"transpose_{block}x{block}"

    def model(src: np.ndarray, dst: np.ndarray) -> None:
        m, n = dim_m, dim_n
        if m is None or n is None:
            if src.ndim != 2:
                raise KernelModelError(
                    f"{kernel}: cannot tell DIM_m/DIM_n from a {src.ndim}-D buffer of shape "
                    f"{src.shape}; register iron_ir.sim.kernels.basic.block_transpose_model"
                    f"({block}, dim_m=..., dim_n=...) under {kernel!r}"
                )
            m, n = src.shape
        if m % block or n % block:
            raise KernelModelError(
                f"{kernel}: DIM_m={m} and DIM_n={n} must both be multiples of {block}"
            )
        if src.dtype.itemsize != dst.dtype.itemsize:
            raise KernelModelError(f"{kernel}: in is {src.dtype} but out is {dst.dtype}")
        src_flat, dst_flat = flat(src, kernel, "in"), flat(dst, kernel, "out")
        need(src_flat, m * n, kernel, "in")
        need(dst_flat, m * n, kernel, "out")
        blocks = src_flat[: m * n].reshape(n // block, block, m // block, block)
        dst_flat[: m * n] = blocks.transpose(0, 3, 2, 1).reshape(-1).view(dst.dtype)

    model.__name__ = f"transpose_{block}x{block}_model"
    return model


for _block in (4, 8):
    builtin_model(
        f"transpose_{_block}x{_block}",
        source="programming_examples/basic/transposes/aie_kernels/transpose.cc "
        "(also aie_kernels/generic/transpose.cc)",
    )(block_transpose_model(_block))


@builtin_model(
    "passThrough", source="programming_examples/getting_started/00_memcpy/passThrough.cc"
)
def pass_through(src: np.ndarray, dst: np.ndarray, line_width: int) -> None:
    """The getting-started memcpy kernel: ``line_width`` int32 words, 16 (64 bytes) a step."""
    _pass_through("passThrough", src, dst, int(line_width))
