"""bf16 GEMM on npu2, placed form: C = A @ B, 64x64x64 in 32x32 tiles on one core.

A and B tiles go shim -> mem tile -> core; the mem-tile hop re-lays each tile out for the MAC
unit (dimensionsToStream, r x s x t = 4 x 8 x 4). C tiles go core -> mem tile -> shim, the
last hop restoring row-major order. The runtime sequence streams one block-row of C at a time.
"""

import sys

import numpy as np
from ml_dtypes import bfloat16

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.helpers.dialects.ext.scf import _for as range_

M = K = N = 64
m = k = n = 32
r, s, t = 4, 8, 4


def gemm(dev):
    @device(dev)
    def device_body():
        A_ty = np.ndarray[(M, K), np.dtype[bfloat16]]
        B_ty = np.ndarray[(K, N), np.dtype[bfloat16]]
        C_ty = np.ndarray[(M, N), np.dtype[bfloat16]]
        a_ty = np.ndarray[(m, k), np.dtype[bfloat16]]
        b_ty = np.ndarray[(k, n), np.dtype[bfloat16]]
        c_ty = np.ndarray[(m, n), np.dtype[bfloat16]]

        zero = external_func("zero_bf16", inputs=[c_ty], link_with="mm_32x32x32.o")
        matmul = external_func("matmul_bf16_bf16", inputs=[a_ty, b_ty, c_ty], link_with="mm_32x32x32.o")

        shim = tile(0, 0)
        mem = tile(0, 1)
        compute = tile(0, 2)

        inA = object_fifo("inA", shim, mem, 2, a_ty)
        memA = object_fifo("memA", mem, compute, 2, a_ty, [(m // r, r * k), (k // s, s), (r, k), (s, 1)])
        object_fifo_link(inA, memA)
        inB = object_fifo("inB", shim, mem, 2, b_ty)
        memB = object_fifo("memB", mem, compute, 2, b_ty, [(k // s, s * n), (n // t, t), (s, n), (t, 1)])
        object_fifo_link(inB, memB)
        memC = object_fifo("memC", compute, mem, 2, c_ty)
        outC = object_fifo("outC", mem, shim, 2, c_ty, [(m // r, r * n), (r, t), (n // t, r * t), (t, 1)])
        object_fifo_link(memC, outC)

        @core(compute)
        def core_body():
            for _ in range_(sys.maxsize):
                for _ in range_((M // m) * (N // n)):
                    elem_c = memC.acquire(ObjectFifoPort.Produce, 1)
                    zero(elem_c)
                    for _ in range_(K // k):
                        elem_a = memA.acquire(ObjectFifoPort.Consume, 1)
                        elem_b = memB.acquire(ObjectFifoPort.Consume, 1)
                        matmul(elem_a, elem_b, elem_c)
                        memA.release(ObjectFifoPort.Consume, 1)
                        memB.release(ObjectFifoPort.Consume, 1)
                    memC.release(ObjectFifoPort.Produce, 1)

        @runtime_sequence(A_ty, B_ty, C_ty)
        def sequence(A, B, C):
            for row in range(M // m):
                a_task = shim_dma_single_bd_task(
                    inA, A, offset=row * m * K, sizes=[N // n, K // k, m, k], strides=[0, k, K, 1]
                )
                b_task = shim_dma_single_bd_task(
                    inB, B, offset=0, sizes=[N // n, K // k, k, n], strides=[n, k * N, N, 1]
                )
                c_task = shim_dma_single_bd_task(
                    outC, C, offset=row * m * N, sizes=[1, N // n, m, n], strides=[0, n, N, 1],
                    issue_token=True,
                )
                dma_start_task(a_task, b_task, c_task)
                dma_await_task(c_task)
                dma_free_task(a_task, b_task)


_rng = np.random.default_rng(0)
INPUTS = [_rng.uniform(-1, 1, (M, K)).astype(bfloat16), _rng.uniform(-1, 1, (K, N)).astype(bfloat16)]


def _truncate_to_bf16(x):
    return (np.ascontiguousarray(x, np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32)


def reference(inputs):
    # Each matmul call adds a k-deep product (fp32 sums of s-term blocks) into the bf16 tile.
    a, b = (x.astype(np.float64) for x in inputs)
    c = np.zeros((M, N), np.float32)
    for k0 in range(0, K, k):
        for s0 in range(k0, k0 + k, s):
            c = (c + (a[:, s0 : s0 + s] @ b[s0 : s0 + s]).astype(np.float32)).astype(np.float32)
        c = _truncate_to_bf16(c)
    return [c.astype(bfloat16)]


with mlir_mod_ctx() as ctx:
    gemm(AIEDevice.npu2)
    print(ctx.module)
