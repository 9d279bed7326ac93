"""A DMA transpose through a 1:1 link on a compute tile (the shape of mlir-aie's
dma_transpose: ``of_in.cons().forward(AnyComputeTile)``): the fill reads the matrix column by
column, the link tile forwards it, the drain writes it back row-major."""

import numpy as np

from aie.iron import ObjectFifo, Program, Runtime
from aie.iron.device import AnyComputeTile, NPU1Col1
from aie.iron.placers import SequentialPlacer
from aie.helpers.taplib import TensorTiler2D

M, K = 16, 32
matrix_ty = np.ndarray[(M, K), np.dtype[np.int32]]

of_in = ObjectFifo(matrix_ty, name="in")
of_out = of_in.cons().forward(AnyComputeTile, name="out")

rt = Runtime()
with rt.sequence(matrix_ty, matrix_ty) as (a_in, c_out):
    rt.fill(of_in.prod(), a_in, TensorTiler2D.simple_tiler((M, K), tile_col_major=True)[0])
    rt.drain(of_out.cons(), c_out, wait=True)

PROGRAM = Program(NPU1Col1(), rt)
INPUTS = [np.arange(M * K, dtype=np.int32).reshape(M, K)]


def reference(inputs):
    return [inputs[0].T.reshape(M, K)]


if __name__ == "__main__":
    print(PROGRAM.resolve_program(SequentialPlacer()))
