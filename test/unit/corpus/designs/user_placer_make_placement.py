"""A placer written for mlir-aie: it subclasses aie.iron.placers.Placer and implements
make_placement(device, rt, workers, object_fifos), pinning the API objects itself. This one
puts everything in the device's last column: workers down its compute tiles, the shim ends on
its shim tile and the forward through its mem tile."""

import numpy as np

from aie.iron import ObjectFifo, Program, Runtime, Worker
from aie.iron.controlflow import range_
from aie.iron.device import NPU1Col2
from aie.iron.placers import AnyMemTile, AnyShimTile, Placer, Tile


class LastColumnPlacer(Placer):
    def make_placement(self, device, rt, workers, object_fifos):
        col = device.cols - 1
        computes = [t for t in device.get_compute_tiles() if t.col == col]
        for worker, tile in zip(workers, computes):
            worker.place(tile)
        for handle in object_fifos:
            for end in handle.all_of_endpoints():
                if end.tile == AnyShimTile:
                    end.place(Tile(col, 0))
                elif end.tile == AnyMemTile:
                    end.place(Tile(col, 1))


N, TILE = 256, 32
vec_ty = np.ndarray[(N,), np.dtype[np.int32]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int32]]

of_in = ObjectFifo(tile_ty, name="in")
of_mid = of_in.cons().forward(name="mid")
of_out = ObjectFifo(tile_ty, name="out")


def add_five(src, dst):
    for _ in range_(N // TILE):
        a, b = src.acquire(1), dst.acquire(1)
        for i in range_(TILE):
            b[i] = a[i] + 5
        src.release(1)
        dst.release(1)


worker = Worker(add_five, [of_mid.cons(), of_out.prod()])
rt = Runtime()
with rt.sequence(vec_ty, vec_ty) as (a, c):
    rt.start(worker)
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), c, wait=True)

PROGRAM = Program(NPU1Col2(), rt)
PLACER = LastColumnPlacer()
INPUTS = [np.arange(N, dtype=np.int32) * 3]


def reference(inputs):
    return [inputs[0] + 5]
