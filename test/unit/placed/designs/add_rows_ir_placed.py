# A placed design in the older hand-built-module shape (iron-ir's own): aie.ir's Context,
# Location, Module.create and InsertionPoint around @device, and the element types spelled with
# IntegerType/MemRefType. Each row of 8 int16 values gets its own index added: out[r][i] = in[r][i] + r.
import sys

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.helpers.dialects.ext.scf import _for as range_
from aie.ir import *
from aie.dialects import arith

ROWS, WIDTH = 6, 8


def build():
    with Context() as ctx, Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):

            @device(AIEDevice.npu1_1col)
            def device_body():
                i16 = IntegerType.get_signless(16)
                row_ty = MemRefType.get((WIDTH,), i16)
                all_ty = MemRefType.get((ROWS * WIDTH,), i16)
                shim = tile(0, 0)
                work = tile(0, 3)
                of_in = object_fifo("rows_in", shim, work, 2, row_ty)
                of_out = object_fifo("rows_out", work, shim, 2, row_ty)

                @core(work)
                def core_body():
                    for r in range_(ROWS):
                        src = of_in.acquire(ObjectFifoPort.Consume, 1)
                        dst = of_out.acquire(ObjectFifoPort.Produce, 1)
                        for i in range_(WIDTH):
                            dst[i] = src[i] + arith.index_cast(i16, r)
                        of_in.release(ObjectFifoPort.Consume, 1)
                        of_out.release(ObjectFifoPort.Produce, 1)

                @runtime_sequence(all_ty, all_ty)
                def sequence(inp, out):
                    npu_dma_memcpy_nd(metadata=of_in, bd_id=1, mem=inp, sizes=[1, 1, 1, ROWS * WIDTH])
                    npu_dma_memcpy_nd(metadata=of_out, bd_id=0, mem=out, sizes=[1, 1, 1, ROWS * WIDTH])
                    dma_wait(of_out)

        assert module.operation.verify()
        return module


print(build())
