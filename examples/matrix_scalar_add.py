"""matrix_scalar_add: add 1 to every element of a 16x128 i32 matrix, tile by tile.

The host moves 8x16 tiles with TensorTiler2D access patterns, one task group per tile (a shim
tile has 16 buffer descriptors); the worker adds 1 with two nested range_ loops traced into
scf.for (no external kernel).
"""

import numpy as np

from iron_ir import ObjectFifo, Program, Runtime, Worker
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer
from iron_ir.taplib import TensorTiler2D

IMAGE_H, IMAGE_W = 16, 128
TILE_H, TILE_W = 8, 16

matrix_ty = np.ndarray[(IMAGE_H, IMAGE_W), np.dtype[np.int32]]
tile_ty = np.ndarray[(TILE_H, TILE_W), np.dtype[np.int32]]

of_in = ObjectFifo(tile_ty, name="in0")
of_out = ObjectFifo(tile_ty, name="out0")


def core_fn(of_in, of_out):
    elem_in = of_in.acquire(1)
    elem_out = of_out.acquire(1)
    for i in range_(TILE_H):
        for j in range_(TILE_W):
            elem_out[i, j] = elem_in[i, j] + 1
    of_in.release(1)
    of_out.release(1)


worker = Worker(core_fn, [of_in.cons(), of_out.prod()])

tiles = TensorTiler2D.simple_tiler((IMAGE_H, IMAGE_W), (TILE_H, TILE_W))

rt = Runtime()
with rt.sequence(matrix_ty, matrix_ty) as (a_in, c_out):
    rt.start(worker)
    for tap in tiles:
        tg = rt.task_group()
        rt.fill(of_in.prod(), a_in, tap, task_group=tg)
        rt.drain(of_out.cons(), c_out, tap, task_group=tg, wait=True)
        rt.finish_task_group(tg)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.arange(IMAGE_H * IMAGE_W, dtype=np.int32).reshape(IMAGE_H, IMAGE_W)]


def reference(inputs):
    return [inputs[0] + 1]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
