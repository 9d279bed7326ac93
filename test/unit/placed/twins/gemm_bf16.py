"""bf16 GEMM on npu2, high-level form: the twin of gemm_bf16_placed.py."""

import numpy as np
from ml_dtypes import bfloat16

from aie.iron import Kernel, ObjectFifo, Program, Runtime, Worker
from aie.iron.device import NPU2
from aie.iron.controlflow import range_
from aie.helpers.taplib import TensorAccessPattern

M = K = N = 64
m = k = n = 32
r, s, t = 4, 8, 4

A_ty = np.ndarray[(M, K), np.dtype[bfloat16]]
B_ty = np.ndarray[(K, N), np.dtype[bfloat16]]
C_ty = np.ndarray[(M, N), np.dtype[bfloat16]]
a_ty = np.ndarray[(m, k), np.dtype[bfloat16]]
b_ty = np.ndarray[(k, n), np.dtype[bfloat16]]
c_ty = np.ndarray[(m, n), np.dtype[bfloat16]]

zero = Kernel("zero_bf16", "mm_32x32x32.o", [c_ty])
matmul = Kernel("matmul_bf16_bf16", "mm_32x32x32.o", [a_ty, b_ty, c_ty])

inA = ObjectFifo(a_ty, name="inA")
memA = inA.cons().forward(name="memA", dims_to_stream=[(m // r, r * k), (k // s, s), (r, k), (s, 1)])
inB = ObjectFifo(b_ty, name="inB")
memB = inB.cons().forward(name="memB", dims_to_stream=[(k // s, s * n), (n // t, t), (s, n), (t, 1)])
memC = ObjectFifo(c_ty, name="memC")
outC = memC.cons().forward(name="outC", dims_to_stream=[(m // r, r * n), (r, t), (n // t, r * t), (t, 1)])


def core_fn(of_a, of_b, of_c, zero, matmul):
    for _ in range_((M // m) * (N // n)):
        elem_c = of_c.acquire(1)
        zero(elem_c)
        for _ in range_(K // k):
            elem_a = of_a.acquire(1)
            elem_b = of_b.acquire(1)
            matmul(elem_a, elem_b, elem_c)
            of_a.release(1)
            of_b.release(1)
        of_c.release(1)


worker = Worker(core_fn, [memA.cons(), memB.cons(), memC.prod(), zero, matmul])

rt = Runtime()
with rt.sequence(A_ty, B_ty, C_ty) as (A, B, C):
    rt.start(worker)
    for row in range(M // m):
        tg = rt.task_group()
        rt.fill(inA.prod(), A, TensorAccessPattern((M, K), row * m * K, [N // n, K // k, m, k], [0, k, K, 1]), task_group=tg)
        rt.fill(inB.prod(), B, TensorAccessPattern((K, N), 0, [N // n, K // k, k, n], [n, k * N, N, 1]), task_group=tg)
        rt.drain(outC.cons(), C, TensorAccessPattern((M, N), row * m * N, [1, N // n, m, n], [0, n, N, 1]), wait=True, task_group=tg)
        rt.finish_task_group(tg)

PROGRAM = Program(NPU2(), rt)

_rng = np.random.default_rng(0)
INPUTS = [_rng.uniform(-1, 1, (M, K)).astype(bfloat16), _rng.uniform(-1, 1, (K, N)).astype(bfloat16)]


def _truncate_to_bf16(x):
    return (np.ascontiguousarray(x, np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32)


def reference(inputs):
    a, b = (x.astype(np.float64) for x in inputs)
    c = np.zeros((M, N), np.float32)
    for k0 in range(0, K, k):
        for s0 in range(k0, k0 + k, s):
            c = (c + (a[:, s0 : s0 + s] @ b[s0 : s0 + s]).astype(np.float32)).astype(np.float32)
        c = _truncate_to_bf16(c)
    return [c.astype(bfloat16)]
