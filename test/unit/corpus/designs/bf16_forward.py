"""bf16 data forwarded through a mem tile (a host tensor of ml_dtypes.bfloat16)."""

import numpy as np
from ml_dtypes import bfloat16

from aie.iron import ObjectFifo, Program, Runtime
from aie.iron.device import NPU2Col1

N = 256
vec_ty = np.ndarray[(N,), np.dtype[bfloat16]]
tile_ty = np.ndarray[(64,), np.dtype[bfloat16]]

of_in = ObjectFifo(tile_ty, name="in")
of_out = of_in.cons().forward(name="out")

rt = Runtime()
with rt.sequence(vec_ty, vec_ty) as (a, c):
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), c, wait=True)

PROGRAM = Program(NPU2Col1(), rt)
INPUTS = [(np.arange(N) / 8 - 3).astype(bfloat16)]


def reference(inputs):
    return [inputs[0]]
