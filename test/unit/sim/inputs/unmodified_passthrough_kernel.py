# An mlir-aie style design, unmodified: argparse at import, prints the module.
import argparse
import sys

import numpy as np

from aie.iron import ObjectFifo, Program, Runtime, Worker, Kernel
from aie.iron.placers import SequentialPlacer
from aie.iron.device import NPU1Col1


def my_passthrough_kernel(vector_size):
    line_size = vector_size // 4
    line_type = np.ndarray[(line_size,), np.dtype[np.uint8]]
    vector_type = np.ndarray[(vector_size,), np.dtype[np.uint8]]
    of_in = ObjectFifo(line_type, name="in")
    of_out = ObjectFifo(line_type, name="out")
    passthrough_fn = Kernel("passThroughLine", "passThrough.cc.o", [line_type, line_type, np.int32])

    def core_fn(of_in, of_out, passThroughLine):
        elem_out = of_out.acquire(1)
        elem_in = of_in.acquire(1)
        passThroughLine(elem_in, elem_out, line_size)
        of_in.release(1)
        of_out.release(1)

    my_worker = Worker(core_fn, [of_in.cons(), of_out.prod(), passthrough_fn])
    rt = Runtime()
    with rt.sequence(vector_type, vector_type, vector_type) as (a_in, b_out, _):
        rt.start(my_worker)
        rt.fill(of_in.prod(), a_in)
        rt.drain(of_out.cons(), b_out, wait=True)
    return Program(NPU1Col1(), rt).resolve_program(SequentialPlacer())


p = argparse.ArgumentParser()
p.add_argument("-s", "--size", required=True, dest="size")
opts = p.parse_args(sys.argv[1:])
print(my_passthrough_kernel(int(opts.size)))
