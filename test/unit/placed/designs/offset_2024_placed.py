# A placed design in the 2024 spelling (iron-ir's own): objectfifos by name through a mem tile,
# acquire(...).acquired_elem() / objectfifo_release, for_ loops closed by yield_([]),
# memref.load/store, a runtime parameter in a Buffer(...) set by NpuWriteRTPOp, the runtime
# sequence as @FuncOp.from_py_func with ipu_* ops, on "ipu".
# out[i] = factor * in[i] + 5 for 32 int32 values, 8 at a time; the host sets factor = 3.
from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.dialects.func import *
from aie.dialects.scf import *
from aie.dialects.extras import arith, memref
from aie.extras import types as T
from aie.util import mlir_mod_ctx

TOTAL, CHUNK = 32, 8


def build():
    with mlir_mod_ctx() as ctx:

        @device(AIEDevice.ipu)
        def device_body():
            shim = tile(0, 0)
            mem_tile = tile(0, 1)
            work = tile(0, 2)
            objectfifo("in0", shim, [mem_tile], 2, T.memref(CHUNK, T.i32()), [], [])
            objectfifo("in1", mem_tile, [work], 2, T.memref(CHUNK, T.i32()), [], [])
            objectfifo_link(["in0"], ["in1"])
            objectfifo("out0", work, [shim], 2, T.memref(CHUNK, T.i32()), [], [])
            rtp = Buffer(work, [16], T.i32(), "rtp")

            @core(work)
            def core_body():
                for _ in for_(TOTAL // CHUNK):
                    src = acquire(ObjectFifoPort.Consume, "in1", 1, T.memref(CHUNK, T.i32())).acquired_elem()
                    dst = acquire(ObjectFifoPort.Produce, "out0", 1, T.memref(CHUNK, T.i32())).acquired_elem()
                    factor = memref.load(rtp, [0])
                    for i in for_(CHUNK):
                        v = memref.load(src, [i])
                        w = arith.addi(arith.muli(v, factor), arith.constant(5, T.i32()))
                        memref.store(w, dst, [i])
                        yield_([])
                    objectfifo_release(ObjectFifoPort.Consume, "in1", 1)
                    objectfifo_release(ObjectFifoPort.Produce, "out0", 1)
                    yield_([])

            @FuncOp.from_py_func(T.memref(TOTAL, T.i32()), T.memref(TOTAL, T.i32()))
            def sequence(inTensor, outTensor):
                NpuWriteRTPOp("rtp", col=0, row=2, index=0, value=3)
                ipu_dma_memcpy_nd(metadata="out0", bd_id=0, mem=outTensor, lengths=[1, 1, 1, TOTAL])
                ipu_dma_memcpy_nd(metadata="in0", bd_id=1, mem=inTensor, lengths=[1, 1, 1, TOTAL])
                ipu_sync(column=0, row=0, direction=0, channel=0)

    print(ctx.module)


build()
