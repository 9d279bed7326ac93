"""vector_reduce_max: the maximum of 1024 i32 values, split over 4 workers and joined back.

The input is split (through a mem tile) into four 256-element pieces; each worker reduces its
piece into a LocalBuffer accumulator; workers 1-3 send their partial maximum, joined (through the
mem tile) into a 3-element object that worker 0 reduces with its own to the final result.
Worker 0 keeps its partial: all four workers share one column, and the streams going south
through its tile (three partials and the result) may not outnumber its switch's four South
ports.
"""

import numpy as np

from iron_ir import LocalBuffer, ObjectFifo, Program, Runtime, Worker
from iron_ir.tracing.arith import maxsi
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

N = 1024
N_CORES = 4
CHUNK = N // N_CORES
MIN_I32 = np.iinfo(np.int32).min

in_ty = np.ndarray[(N,), np.dtype[np.int32]]
chunk_ty = np.ndarray[(CHUNK,), np.dtype[np.int32]]
one_ty = np.ndarray[(1,), np.dtype[np.int32]]
partials_ty = np.ndarray[(N_CORES - 1,), np.dtype[np.int32]]

of_in = ObjectFifo(in_ty, name="of_in")
chunks = of_in.cons().split(
    offsets=[CHUNK * i for i in range(N_CORES)],
    obj_types=[chunk_ty] * N_CORES,
    names=[f"memA{i}" for i in range(N_CORES)],
)
out_c = ObjectFifo(partials_ty, name="outC")
partials = out_c.prod().join(
    offsets=list(range(N_CORES - 1)),
    obj_types=[one_ty] * (N_CORES - 1),
    names=[f"memC{i}" for i in range(1, N_CORES)],
)
of_out = ObjectFifo(one_ty, name="of_out")


def chunk_max(of_chunk):
    acc = LocalBuffer(one_ty, initial_value=np.array([MIN_I32], dtype=np.int32))
    acc[0] = MIN_I32
    elem_in = of_chunk.acquire(1)
    for i in range_(CHUNK):
        acc[0] = maxsi(acc[0], elem_in[i])
    of_chunk.release(1)
    return acc


def reduce_chunk(of_chunk, of_partial):
    acc = chunk_max(of_chunk)
    elem_out = of_partial.acquire(1)
    elem_out[0] = acc[0]
    of_partial.release(1)


def core_first(of_chunk, of_partials, of_result):
    acc = chunk_max(of_chunk)
    elem_parts = of_partials.acquire(1)
    result = of_result.acquire(1)
    result[0] = acc[0]
    for i in range_(N_CORES - 1):
        result[0] = maxsi(result[0], elem_parts[i])
    of_partials.release(1)
    of_result.release(1)


workers = [Worker(core_first, [chunks[0].cons(), out_c.cons(), of_out.prod()])] + [
    Worker(reduce_chunk, [chunks[i].cons(), partials[i - 1].prod()]) for i in range(1, N_CORES)
]

rt = Runtime()
with rt.sequence(in_ty, one_ty) as (a_in, c_out):
    rt.start(*workers)
    rt.fill(of_in.prod(), a_in)
    rt.drain(of_out.cons(), c_out, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [((np.arange(N, dtype=np.int64) * 7919) % 100003 - 50000).astype(np.int32)]


def reference(inputs):
    return [np.array([inputs[0].max()], dtype=np.int32)]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
