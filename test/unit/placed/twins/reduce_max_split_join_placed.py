"""Split/join reduce, placed form: the host's vector is split in a mem tile over four cores
(object_fifo_link with destination offsets); each core reduces its quarter to its maximum
with reduce_max_vector; the four maxima are joined in the mem tile (source offsets) and
drained to the host."""

import sys

import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.helpers.dialects.ext.scf import _for as range_
from aie.helpers.util import np_ndarray_type_get_shape

N = 4096
CORES = 4
CHUNK = N // CORES


def reduce_max(dev):
    @device(dev)
    def device_body():
        in_ty = np.ndarray[(N,), np.dtype[np.int32]]
        chunk_ty = np.ndarray[(CHUNK,), np.dtype[np.int32]]
        one_ty = np.ndarray[(1,), np.dtype[np.int32]]
        out_ty = np.ndarray[(CORES,), np.dtype[np.int32]]

        reduce = external_func(
            "reduce_max_vector", inputs=[chunk_ty, one_ty, np.int32], link_with="reduce_max.cc.o"
        )

        shim = tile(0, 0)
        mem = tile(0, 1)
        cores = [tile(0, 2 + i) for i in range(CORES)]

        of_in = object_fifo("in", shim, mem, 2, in_ty)
        ins = [object_fifo(f"in{i}", mem, cores[i], 2, chunk_ty) for i in range(CORES)]
        chunk = int(np.prod(np_ndarray_type_get_shape(chunk_ty)))
        object_fifo_link(of_in, ins, [], [chunk * i for i in range(CORES)])

        outs = [object_fifo(f"out{i}", cores[i], mem, 2, one_ty) for i in range(CORES)]
        of_out = object_fifo("out", mem, shim, 2, out_ty)
        object_fifo_link(outs, of_out, list(range(CORES)), [])

        for i in range(CORES):

            @core(cores[i])
            def core_body():
                for _ in range_(sys.maxsize):
                    elem_out = outs[i].acquire(ObjectFifoPort.Produce, 1)
                    elem_in = ins[i].acquire(ObjectFifoPort.Consume, 1)
                    reduce(elem_in, elem_out, CHUNK)
                    ins[i].release(ObjectFifoPort.Consume, 1)
                    outs[i].release(ObjectFifoPort.Produce, 1)

        @runtime_sequence(in_ty, out_ty)
        def sequence(A, C):
            in_task = shim_dma_single_bd_task(of_in, A, sizes=[1, 1, 1, N])
            out_task = shim_dma_single_bd_task(of_out, C, sizes=[1, 1, 1, CORES], issue_token=True)
            dma_start_task(in_task, out_task)
            dma_await_task(out_task)
            dma_free_task(in_task)


INPUTS = [np.random.default_rng(3).integers(-(2**20), 2**20, N, dtype=np.int32)]


def reference(inputs):
    return [inputs[0].reshape(CORES, CHUNK).max(axis=1)]


with mlir_mod_ctx() as ctx:
    reduce_max(AIEDevice.npu1_1col)
    print(ctx.module)
