# A placed design in the 2025 spellings (iron-ir's own): one shim MM2S channel multiplexes two
# packets to two cores. The shim sends each with a header (npu_dma_memcpy_nd(packet=...)); the
# mem tile keeps the header in its buffer and forwards the buffer as it is, its own BD without
# a header, so the switch routes it by the header word in the data; each core copies its packet
# and sends it back to the one shim S2MM as a packet of its own. Spellings of that time:
# `aie.lock(...)` through aiex's star import, `_for(start=...)`, the column form of
# shim_dma_allocation, npu_dma_wait, a memref.global_, and `vector` imported unused.
import sys

import numpy as np

from aie.dialects import memref, vector  # noqa: F401
from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.helpers.dialects.ext.scf import _for as range_

N = 64  # int32 words per core

with mlir_mod_ctx() as ctx:

    @device(AIEDevice.npu1_1col)
    def body():
        part_ty = np.ndarray[(N,), np.dtype[np.int32]]
        whole_ty = np.ndarray[(2 * N,), np.dtype[np.int32]]
        headed_ty = np.ndarray[(N + 1,), np.dtype[np.int32]]
        copy = external_func("passThroughLine", [part_ty, part_ty, np.int32])
        memref.global_(
            "offsets", T.memref(2, T.i32()), sym_visibility="private",
            initial_value=np.array([0, N], dtype=np.int32), constant=True,
        )

        shim, mem_tile = tile(0, 0), tile(0, 1)
        workers = [tile(0, 2), tile(0, 3)]
        for pid in (1, 2):
            packetflow(pkt_id=pid, source=shim, source_port=WireBundle.DMA, source_channel=0,
                       dest=mem_tile, dest_port=WireBundle.DMA, dest_channel=0, keep_pkt_header=True)
        for i, worker in enumerate(workers):
            packetflow(pkt_id=i + 1, source=mem_tile, source_port=WireBundle.DMA, source_channel=0,
                       dest=worker, dest_port=WireBundle.DMA, dest_channel=0)
            packetflow(pkt_id=i + 3, source=worker, source_port=WireBundle.DMA, source_channel=0,
                       dest=shim, dest_port=WireBundle.DMA, dest_channel=0)

        for i, worker in enumerate(workers):
            got = buffer(worker, part_ty, name=f"got{i}")
            sent = buffer(worker, part_ty, name=f"sent{i}")
            got_free = aie.lock(worker, lock_id=0, init=1, sym_name=f"got_free{i}")
            got_full = aie.lock(worker, lock_id=1, init=0, sym_name=f"got_full{i}")
            sent_free = aie.lock(worker, lock_id=2, init=1, sym_name=f"sent_free{i}")
            sent_full = aie.lock(worker, lock_id=3, init=0, sym_name=f"sent_full{i}")

            def program(i=i, got=got, sent=sent, locks=(got_free, got_full, sent_free, sent_full)):
                got_free, got_full, sent_free, sent_full = locks

                @core(workers[i])
                def work():
                    for _ in range_(start=sys.maxsize):
                        use_lock(got_full, LockAction.AcquireGreaterEqual, value=1)
                        use_lock(sent_free, LockAction.AcquireGreaterEqual, value=1)
                        copy(got, sent, N)
                        use_lock(got_free, LockAction.Release, value=1)
                        use_lock(sent_full, LockAction.Release, value=1)

                @mem(workers[i])
                def dma(block):
                    dma_start(DMAChannelDir.S2MM, 0, dest=block[1], chain=block[2])
                    with block[1]:
                        use_lock(got_free, LockAction.AcquireGreaterEqual, value=1)
                        dma_bd(got)
                        use_lock(got_full, LockAction.Release, value=1)
                        next_bd(block[1])
                    with block[2]:
                        dma_start(DMAChannelDir.MM2S, 0, dest=block[3], chain=block[4])
                    with block[3]:
                        use_lock(sent_full, LockAction.AcquireGreaterEqual, value=1)
                        dma_bd(sent, packet=(0, i + 3))
                        use_lock(sent_free, LockAction.Release, value=1)
                        next_bd(block[3])
                    with block[4]:
                        EndOp()

            program()

        held = buffer(mem_tile, headed_ty, name="held")
        held_free = lock(mem_tile, lock_id=0, init=1, sym_name="held_free")
        held_full = lock(mem_tile, lock_id=1, init=0, sym_name="held_full")

        @memtile_dma(mem_tile)
        def forward(block):
            dma_start(DMAChannelDir.S2MM, 0, dest=block[1], chain=block[2])
            with block[1]:
                use_lock(held_free, LockAction.AcquireGreaterEqual, value=1)
                dma_bd(held)  # the header word, then the data
                use_lock(held_full, LockAction.Release, value=1)
                next_bd(block[1])
            with block[2]:
                dma_start(DMAChannelDir.MM2S, 0, dest=block[3], chain=block[4])
            with block[3]:
                use_lock(held_full, LockAction.AcquireGreaterEqual, value=1)
                dma_bd(held)  # no packet of its own: the header in the data routes it
                use_lock(held_free, LockAction.Release, value=1)
                next_bd(block[3])
            with block[4]:
                EndOp()

        shim_dma_allocation("into_mem", DMAChannelDir.MM2S, 0, 0)
        shim_dma_allocation("from_workers", DMAChannelDir.S2MM, 0, 0)

        @runtime_sequence(whole_ty, whole_ty)
        def sequence(x, y):
            for i in range(2):
                npu_dma_memcpy_nd(metadata="into_mem", bd_id=2 * i, mem=x, offsets=[0, 0, 0, i * N],
                                  sizes=[1, 1, 1, N], strides=[0, 0, 0, 1], packet=(0, i + 1))
                npu_dma_memcpy_nd(metadata="from_workers", bd_id=2 * i + 1, mem=y,
                                  offsets=[0, 0, 0, i * N], sizes=[1, 1, 1, N], strides=[0, 0, 0, 1],
                                  issue_token=True)
                npu_dma_wait("from_workers")

    assert ctx.module.operation.verify() == True
print(ctx.module)
