"""Whole-array GEMM on NPU2: C = A @ B, bf16, 256x256x256, 4x4 workers.

Worker (row, col) computes 32x32 tiles of C with the precompiled `zero_bf16` and
`matmul_bf16_bf16` kernels. A row of A is broadcast (through mem tile `row`) to the four
workers of a row, a column of B to the four workers of a column; each fifo into a core
re-lays out its tiles for the AIE MAC unit (dims_to_stream). The four C tiles of a column
are joined in its mem tile. The host streams one block-row of A and B per task group.
"""

import numpy as np
from ml_dtypes import bfloat16

from iron_ir import Kernel, ObjectFifo, Program, Runtime, Worker
from iron_ir.controlflow import range_
from iron_ir.device import NPU2, Tile
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer
from iron_ir.taplib import TensorAccessPattern

M = K = N = 256
m = k = n = 32
r, s, t = 4, 8, 4  # the bf16 mmul shape of mm.cc's AIE2 build (the simulator's default model)
ROWS = COLS = 4


def build(
    M: int = M, K: int = K, N: int = N, rows: int = ROWS, cols: int = COLS, device=None
) -> Program:
    """The design for any M x K x N (multiples of the 32x32x32 tile per worker) on
    ``rows`` x ``cols`` workers (``device``: NPU2 by default; 4 x 8 uses all of it)."""
    m_blocks = M // (rows * m)
    n_blocks = N // (cols * n)
    tiles_per_core = m_blocks * n_blocks
    A_ty = np.ndarray[(M, K), np.dtype[bfloat16]]
    B_ty = np.ndarray[(K, N), np.dtype[bfloat16]]
    C_ty = np.ndarray[(M, N), np.dtype[bfloat16]]
    a_ty = np.ndarray[(m, k), np.dtype[bfloat16]]
    b_ty = np.ndarray[(k, n), np.dtype[bfloat16]]
    c_ty = np.ndarray[(m, n), np.dtype[bfloat16]]
    c_col_ty = np.ndarray[(rows * m, n), np.dtype[bfloat16]]

    zero = Kernel("zero_bf16", f"mm_{m}x{k}x{n}.o", [c_ty])
    matmul = Kernel("matmul_bf16_bf16", f"mm_{m}x{k}x{n}.o", [a_ty, b_ty, c_ty])

    a_l3l2 = [ObjectFifo(a_ty, name=f"A_L3L2_{row}") for row in range(rows)]
    a_l2l1 = [
        a_l3l2[row].cons().forward(
            name=f"A_L2L1_{row}",
            dims_to_stream=[(m // r, r * k), (k // s, s), (r, k), (s, 1)],
            placement=Tile(row, 1),
        )
        for row in range(rows)
    ]
    b_l3l2 = [ObjectFifo(b_ty, name=f"B_L3L2_{col}") for col in range(cols)]
    b_l2l1 = [
        b_l3l2[col].cons().forward(
            name=f"B_L2L1_{col}",
            dims_to_stream=[(k // s, s * n), (n // t, t), (s, n), (t, 1)],
            placement=Tile(col, 1),
        )
        for col in range(cols)
    ]
    c_l2l3 = [
        ObjectFifo(
            c_col_ty,
            name=f"C_L2L3_{col}",
            dims_to_stream=[(rows * m // r, r * n), (r, t), (n // t, r * t), (t, 1)],
        )
        for col in range(cols)
    ]
    c_l1l2 = [
        c_l2l3[col].prod().join(
            [m * n * row for row in range(rows)],
            obj_types=[c_ty] * rows,
            names=[f"C_L1L2_{col}_{row}" for row in range(rows)],
            placement=Tile(col, 1),
        )
        for col in range(cols)
    ]

    def core_fn(of_a, of_b, of_c, zero, matmul):
        for _ in range_(tiles_per_core):
            elem_c = of_c.acquire(1)
            zero(elem_c)
            for _ in range_(K // k):
                elem_a = of_a.acquire(1)
                elem_b = of_b.acquire(1)
                matmul(elem_a, elem_b, elem_c)
                of_a.release(1)
                of_b.release(1)
            of_c.release(1)

    workers = [
        Worker(
            core_fn,
            [a_l2l1[row].cons(), b_l2l1[col].cons(), c_l1l2[col][row].prod(), zero, matmul],
            placement=Tile(col, 2 + row),
            stack_size=0xD00,
        )
        for row in range(rows)
        for col in range(cols)
    ]

    rt = Runtime()
    with rt.sequence(A_ty, B_ty, C_ty) as (A, B, C):
        rt.start(*workers)
        for bm in range(m_blocks):
            tg = rt.task_group()
            for row in range(rows):
                # A tile-row (bm * rows + row), all of K, once per block column of C.
                tap = TensorAccessPattern(
                    (M, K), (bm * rows + row) * m * K, [n_blocks, K // k, m, k], [0, k, K, 1]
                )
                rt.fill(a_l3l2[row].prod(), A, tap, task_group=tg, placement=Tile(row, 0))
            for col in range(cols):
                # B tile-column (bn * cols + col) for each block column bn, all of K.
                tap = TensorAccessPattern((K, N), col * n, [n_blocks, K // k, k, n], [cols * n, k * N, N, 1])
                rt.fill(b_l3l2[col].prod(), B, tap, task_group=tg, placement=Tile(col, 0))
            for col in range(cols):
                tap = TensorAccessPattern(
                    (M, N), bm * rows * m * N + col * n, [1, n_blocks, rows * m, n], [0, cols * n, N, 1]
                )
                rt.drain(c_l2l3[col].cons(), C, tap, wait=True, task_group=tg, placement=Tile(col, 0))
            rt.finish_task_group(tg)

    return Program(device if device is not None else NPU2(), rt)


PROGRAM = build()

_rng = np.random.default_rng(0)
INPUTS = [
    _rng.uniform(-1, 1, (M, K)).astype(bfloat16),
    _rng.uniform(-1, 1, (K, N)).astype(bfloat16),
]


def _truncate_to_bf16(x: np.ndarray) -> np.ndarray:
    """fp32 -> bf16 by dropping the low 16 bits (the core's rounding mode at boot)."""
    return (np.ascontiguousarray(x, np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32)


def reference(inputs):
    # Each matmul call adds one k-deep product into the bf16 C tile: fp32 accumulation of
    # s-term blocks, then C is stored back as bf16. So C is rounded once per k-block of K.
    a, b = (x.astype(np.float64) for x in inputs)
    c = np.zeros((M, N), np.float32)
    for k0 in range(0, K, k):
        for s0 in range(k0, k0 + k, s):
            c = (c + (a[:, s0 : s0 + s] @ b[s0 : s0 + s]).astype(np.float32)).astype(np.float32)
        c = _truncate_to_bf16(c)
    return [c.astype(bfloat16)]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
