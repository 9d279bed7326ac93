"""Passthrough through a mem tile: DMA only, no worker.

The host fills fifo `in`; `forward()` copies every object through a mem tile into `in_fwd`, which
the host drains.
"""

import numpy as np

from iron_ir import ObjectFifo, Program, Runtime
from iron_ir.device import NPU1Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

N = 4096
LINE = 1024

vector_ty = np.ndarray[(N,), np.dtype[np.int32]]
line_ty = np.ndarray[(LINE,), np.dtype[np.int32]]

of_in = ObjectFifo(line_ty, name="in")
of_out = of_in.cons().forward()

rt = Runtime()
with rt.sequence(vector_ty, vector_ty) as (a_in, b_out):
    rt.fill(of_in.prod(), a_in)
    rt.drain(of_out.cons(), b_out, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.arange(N, dtype=np.int32)]


def reference(inputs):
    return [inputs[0].copy()]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
