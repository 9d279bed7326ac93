"""DMA transpose of a 512x512 i32 matrix (npu2_1col), as mlir-aie's dma_transpose design.

The host sends 64x32 tiles; the mem tile rearranges each tile while receiving it
(dims_from_stream of its consumer end) and forwards it to a worker whose `transpose_8x8` kernel
finishes the transpose; the host writes the 32x64 results back transposed (a TAP).
"""

import numpy as np

from iron_ir import Kernel, ObjectFifo, Program, Runtime, Worker
from iron_ir.controlflow import range_
from iron_ir.device import NPU2Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer
from iron_ir.taplib import TensorTiler2D

M = K = 512
m, k = 64, 32

matrix_ty = np.ndarray[(M, K), np.dtype[np.int32]]
tile_ty = np.ndarray[(m, k), np.dtype[np.int32]]

in_l3l2 = ObjectFifo(tile_ty, name="in_L3L2_fifo")
in_l2l1 = in_l3l2.cons(
    dims_from_stream=[(8, 8), (8, 64), (4, 512), (8, 1)]
).forward(name="in_L2L1_fifo")
out = ObjectFifo(tile_ty, name="out_fifo")

transpose = Kernel("transpose_8x8", "transpose.o", [tile_ty, tile_ty])


def core_fn(of_in, of_out, transpose_fn):
    for _ in range_(K // k):
        for _ in range_(M // m):
            elem_in = of_in.acquire(1)
            elem_out = of_out.acquire(1)
            transpose_fn(elem_in, elem_out)
            of_out.release(1)
            of_in.release(1)


worker = Worker(core_fn, [in_l2l1.cons(), out.prod(), transpose])

tap_in = TensorTiler2D.group_tiler((M, K), (m, k), (M // m, K // k))[0]
tap_out = TensorTiler2D.group_tiler(
    (K, M), (k, m), (K // k, M // m), tile_group_col_major=True, prune_step=False
)[0]

rt = Runtime()
with rt.sequence(matrix_ty, matrix_ty) as (a_in, b_out):
    rt.start(worker)
    rt.fill(in_l3l2.prod(), a_in, tap_in)
    rt.drain(out.cons(), b_out, tap_out, wait=True)

PROGRAM = Program(NPU2Col1(), rt)

INPUTS = [np.arange(M * K, dtype=np.int32).reshape(M, K)]


def reference(inputs):
    return [np.ascontiguousarray(inputs[0].T)]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
