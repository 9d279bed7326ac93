"""Passthrough with a Python-defined kernel (mlir-aie's passthrough_pykernel, npu2).

A worker copies each 4096-byte line from fifo `in` to fifo `out` by calling `passthrough_fn`, a
kernel written in Python and traced into a `func.func` with a body.
"""

import numpy as np

from iron_ir import ObjectFifo, Program, Runtime, Worker, func
from iron_ir.controlflow import range_
from iron_ir.device import NPU2
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

VECTOR_SIZE = 16384
LINE_SIZE = VECTOR_SIZE // 4

line_type = np.ndarray[(LINE_SIZE,), np.dtype[np.int8]]
vector_type = np.ndarray[(VECTOR_SIZE,), np.dtype[np.int8]]

of_in = ObjectFifo(line_type, name="in")
of_out = ObjectFifo(line_type, name="out")


@func
def passthrough_fn(input: line_type, output: line_type, lineWidth: np.int32):
    for i in range_(lineWidth):
        output[i] = input[i]


def core_fn(of_in, of_out, passthrough_fn):
    elem_out = of_out.acquire(1)
    elem_in = of_in.acquire(1)
    passthrough_fn(elem_in, elem_out, LINE_SIZE)
    of_in.release(1)
    of_out.release(1)


worker = Worker(core_fn, [of_in.cons(), of_out.prod(), passthrough_fn])

rt = Runtime()
with rt.sequence(vector_type, vector_type, vector_type) as (a_in, b_out, _):
    rt.start(worker)
    rt.fill(of_in.prod(), a_in)
    rt.drain(of_out.cons(), b_out, wait=True)

PROGRAM = Program(NPU2(), rt)

INPUTS = [(np.arange(VECTOR_SIZE) % 256 - 128).astype(np.int8)]


def reference(inputs):
    return [inputs[0].copy()]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
