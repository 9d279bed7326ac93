"""Element-wise kernels: vector x scalar multiply, add, multiply, row-wise bias add.

Integer models are bit-exact: products are formed exactly and narrowed by
keeping the low bits, which is both what C++ integer conversion does in the
scalar kernels and what the vector kernels' ``to_vector<T>(0)`` does in the
core's boot saturation mode (none).

bf16 models: a bf16 x bf16 product and a bf16 + bf16 sum are formed in fp32
(products exactly), then rounded to bf16 -- by the vector unit in the core's
rounding mode (boot mode: the low 16 bits are dropped) for ``*_vector``
kernels, to nearest even by a scalar C++ cast for ``*_scalar`` kernels.  If
the design changes the core's rounding mode (``set_rounding_conv_even``), the
hardware result can differ from these models by one bf16 ulp; register
``eltwise_bf16_model(op, rounding="nearest_even")`` for that case.
"""

from __future__ import annotations

import numpy as np

from iron_ir.sim.batching import Call, batchable
from iron_ir.sim.kernels._numerics import (
    BF16,
    BOOT_BF16_ROUNDING,
    c_int,
    expect_dtype,
    flat,
    need,
    to_bf16,
    wrap,
)
from iron_ir.sim.kernels.registry import KernelModelError, builtin_model

_SCALE_SRC = "aie_kernels/aie2/scale.cc"


def _scale_operands(kernel: str, a_in, c_out, count: int, dtype, vector: int | None):
    """The checks of a vector x scalar call; ``a_in`` and ``c_out`` as 1-D views."""
    expect_dtype(a_in, kernel, "a_in", dtype)
    expect_dtype(c_out, kernel, "c_out", dtype)
    if vector is not None and count % vector:
        raise KernelModelError(
            f"{kernel}: N={count} is not a multiple of the kernel's vector length {vector}; the "
            f"vectorized C++ only writes whole vectors and would leave the last {count % vector} "
            f"elements of c_out unwritten (use the *_scalar kernel for such sizes)"
        )
    a, c = flat(a_in, kernel, "a_in"), flat(c_out, kernel, "c_out")
    need(a, count, kernel, "a_in")
    need(c, count, kernel, "c_out")
    return a, c


def _scale(kernel: str, a_in, c_out, factor: int, count: int, dtype, vector: int | None) -> None:
    """``c_out[i] = factor * a_in[i]`` narrowed to ``dtype``; ``factor`` already as the C++ sees it."""
    a, c = _scale_operands(kernel, a_in, c_out, count, dtype, vector)
    _scale_batch((np.dtype(dtype), count), [(a, c, factor)])


def _scale_batch(group, calls) -> None:
    """Prepared ``(a, c, factor)`` calls: ``factor`` is the C++ value, or the buffer holding
    it (read now, as the call runs)."""
    dtype, count = group
    factors = [
        c_int(int(f[0]), dtype) if isinstance(f, np.ndarray) else f for _, _, f in calls
    ]
    if len(calls) == 1:
        (a, c, _), factor = calls[0], factors[0]
        c[:count] = wrap(a[:count].astype(np.int64) * factor, dtype)
        return
    stacked = np.concatenate([a[:count] for a, _, _ in calls]).reshape(len(calls), count)
    rows = wrap(stacked.astype(np.int64) * np.array(factors, dtype=np.int64)[:, None], dtype)
    for (_, c, _), row in zip(calls, rows):
        c[:count] = row


def _factor_source(kernel: str, factor):
    """The factor argument after its checks: the buffer it is read from, or its value."""
    if isinstance(factor, np.ndarray):
        f = flat(factor, kernel, "factor")
        need(f, 1, kernel, "factor")
        return f
    return int(factor)


def _scale_call(kernel: str, a_in, c_out, factor, n, dtype, vector) -> Call:
    # The int16 kernels narrow the int32 factor to int16 before multiplying.
    source = _factor_source(kernel, factor)
    if not isinstance(source, np.ndarray):
        source = c_int(source, dtype)
    count = int(n)
    a, c = _scale_operands(kernel, a_in, c_out, count, dtype, vector)
    reads = (a, source) if isinstance(source, np.ndarray) else (a,)
    return Call(_scale_batch, (np.dtype(dtype), count), (a, c, source), reads, (c,))


def _scale_model(kernel: str, dtype, vector: int | None):
    def prepare(a_in, c_out, factor, n) -> Call:
        return _scale_call(kernel, a_in, c_out, factor, n, dtype, vector)

    return batchable(prepare, kernel)


for _name, _dtype, _vector in (
    ("vector_scalar_mul_int16_scalar", np.int16, None),
    ("vector_scalar_mul_int16_vector", np.int16, 32),
    ("vector_scalar_mul_int32_scalar", np.int32, None),
    ("vector_scalar_mul_int32_vector", np.int32, 32),
    ("vector_scalar_mul_aie_scalar", np.int32, None),
    ("vector_scalar_mul_aie", np.int32, 16),
):
    builtin_model(_name, source=_SCALE_SRC)(_scale_model(_name, _dtype, _vector))


def _scale_bit_width_model(kernel: str, vectorized: bool):
    def prepare(a_in, c_out, factor, n) -> Call:
        expect_dtype(a_in, kernel, "a_in", np.int16, np.int32)
        # Builds of this kernel step 16 or 32 elements; 32 accepts only sizes all of them handle.
        vector = 32 if vectorized else None
        return _scale_call(kernel, a_in, c_out, factor, n, a_in.dtype.type, vector)

    return batchable(prepare, kernel)


# Built per BIT_WIDTH (16 or 32): the element type of a_in tells which.
builtin_model("vector_scalar_mul_vector", source=_SCALE_SRC)(
    _scale_bit_width_model("vector_scalar_mul_vector", vectorized=True)
)
builtin_model("vector_scalar_mul_scalar", source=_SCALE_SRC)(
    _scale_bit_width_model("vector_scalar_mul_scalar", vectorized=False)
)


@builtin_model("scale_int32", "scale_scalar_int32", source="aie_kernels/generic/scale.cc")
def scale_int32_by_3(a_in, c_out) -> None:
    """The generic scale kernels: 1024 int32 elements times the constant 3."""
    _scale("scale_int32", a_in, c_out, 3, 1024, np.int32, None)


def _int_eltwise(kernel: str, op, a_in, b_in, c_out, count: int) -> None:
    expect_dtype(a_in, kernel, "a_in", c_out.dtype)
    expect_dtype(b_in, kernel, "b_in", c_out.dtype)
    a, b, c = (flat(x, kernel, w) for x, w in ((a_in, "a_in"), (b_in, "b_in"), (c_out, "c_out")))
    for buf, what in ((a, "a_in"), (b, "b_in"), (c, "c_out")):
        need(buf, count, kernel, what)
    c[:count] = wrap(op(a[:count].astype(np.int64), b[:count].astype(np.int64)), c_out.dtype)


@builtin_model(
    "eltwise_add_i16_vector",
    "eltwise_add_i16_scalar",
    source="mlir-aie eltwise_vadd<int16, int16, DIM_M, DIM_N>",
)
def eltwise_add_i16(a_in, b_in, c_out) -> None:
    """int16 add over the whole tile (DIM_M x DIM_N = the size of c_out), wrapping."""
    expect_dtype(c_out, "eltwise_add_i16", "c_out", np.int16)
    _int_eltwise("eltwise_add_i16", np.add, a_in, b_in, c_out, c_out.size)


def eltwise_bf16_model(
    op: str,
    *,
    count: int | None = 1024,
    vector_width: int | None = 16,
    rounding: str = BOOT_BF16_ROUNDING,
):
    """Model of a bf16 ``add``/``mul`` kernel.

    ``count``: the compile-time element count (``None``: the kernel's trailing
    ``size`` argument).  ``vector_width``: elements per vector (16 on AIE2, 32
    on AIE2P) -- the vector part rounds with ``rounding``, a ``size`` tail that
    is not a whole vector goes through scalar C++ (nearest even); ``None``
    makes the whole kernel scalar.
    """
    if op not in ("add", "mul"):
        raise ValueError(f"op must be 'add' or 'mul', not {op!r}")
    ufunc = np.add if op == "add" else np.multiply
    kernel = f"eltwise_{op}_bf16"

    def prepare(a_in, b_in, c_out, *size) -> Call:
        if count is None:
            if len(size) != 1:
                raise KernelModelError(f"{kernel}: expects a trailing size argument")
            n = int(size[0])
        else:
            if size:
                raise KernelModelError(f"{kernel}: takes no size argument (N={count} is built in)")
            n = count
        for buf, what in ((a_in, "a_in"), (b_in, "b_in"), (c_out, "c_out")):
            expect_dtype(buf, kernel, what, BF16)
            need(buf, n, kernel, what)
        a, b, c = flat(a_in, kernel, "a_in"), flat(b_in, kernel, "b_in"), flat(c_out, kernel, "c_out")
        vector_part = 0 if vector_width is None else (n // vector_width) * vector_width
        return Call(_bf16_eltwise_batch, (ufunc, n, vector_part, rounding), (a, b, c), (a, b), (c,))

    return batchable(prepare, f"{kernel}_model")


def _bf16_eltwise_batch(group, calls) -> None:
    """Prepared ``(a, b, c)`` calls: the fp32 result, its whole vectors rounded in the vector
    unit's mode and the tail to nearest even."""
    ufunc, n, vector_part, rounding = group
    if len(calls) == 1:
        a, b, c = calls[0]
        exact = ufunc(a[:n].astype(np.float32), b[:n].astype(np.float32))
        c[:vector_part] = to_bf16(exact[:vector_part], rounding)
        c[vector_part:n] = to_bf16(exact[vector_part:], "nearest_even")
        return
    count = len(calls)
    a = np.concatenate([a[:n] for a, _, _ in calls]).reshape(count, n)
    b = np.concatenate([b[:n] for _, b, _ in calls]).reshape(count, n)
    exact = ufunc(a.astype(np.float32), b.astype(np.float32))
    vector = to_bf16(exact[:, :vector_part], rounding)
    tail = to_bf16(exact[:, vector_part:], "nearest_even")
    for (_, _, c), head, rest in zip(calls, vector, tail):
        c[:vector_part] = head
        c[vector_part:n] = rest


for _op, _src in (("add", "aie_kernels/generic/add.cc"), ("mul", "aie_kernels/generic/mul.cc")):
    builtin_model(f"eltwise_{_op}_bf16_scalar", source=_src)(eltwise_bf16_model(_op, vector_width=None))
    builtin_model(f"eltwise_{_op}_bf16_vector", source=_src)(eltwise_bf16_model(_op))
    builtin_model(f"eltwise_{_op}_bf16_vector_size", source=_src)(
        eltwise_bf16_model(_op, count=None)
    )


def _mul_or_add_model(vector_width: int | None):
    mul, add = (eltwise_bf16_model(op, vector_width=vector_width) for op in ("mul", "add"))

    def model(a_in, b_in, c_out, is_mul) -> None:
        (mul if int(is_mul) else add)(a_in, b_in, c_out)

    return model


builtin_model("eltwise_mul_add_bf16_scalar", source="aie_kernels/aie2/scale_shift.cc")(
    _mul_or_add_model(None)
)
builtin_model("eltwise_mul_add_bf16_vector", source="aie_kernels/aie2/scale_shift.cc")(
    _mul_or_add_model(16)
)


@builtin_model(
    "row_wise_bias_add_f32_f32", source="programming_examples/basic/row_wise_bias_add/kernel.cc"
)
def row_wise_bias_add(in_tile, bias, out_tile) -> None:
    """``out[i, j] = in[i, j] + bias[j]`` in fp32 for an m x n tile, n = len(bias) (exact)."""
    kernel = "row_wise_bias_add_f32_f32"
    for buf, what in ((in_tile, "in"), (bias, "bias"), (out_tile, "out")):
        expect_dtype(buf, kernel, what, np.float32)
    b = flat(bias, kernel, "bias")
    n = b.size
    if n % 32:
        raise KernelModelError(f"{kernel}: DIM_n={n} (the bias length) must be a multiple of 32")
    src, dst = flat(in_tile, kernel, "in"), flat(out_tile, kernel, "out")
    if src.size % n:
        raise KernelModelError(
            f"{kernel}: the input holds {src.size} elements, not whole rows of DIM_n={n}"
        )
    need(dst, src.size, kernel, "out")
    dst[: src.size] = (src.reshape(-1, n) + b).reshape(-1)


_SAXPY_SRC = (
    "programming_examples/getting_started/01_SAXPY/saxpy.cc (x, y, z) and "
    "aie_kernels/generic/axpy.cc (x, y, a, z, n)"
)
_SAXPY_N = 4096  # saxpy.cc loops over a fixed 4096 elements with a = 3


def _saxpy(kernel: str, args: tuple, vectorized: bool) -> None:
    """Two C++ sources export ``saxpy``/``saxpy_scalar``: the getting-started one takes
    ``(x, y, z)`` (a = 3, n = 4096), the kernel library's ``axpy.cc`` ``(x, y, a, z, n)``; the
    call's arity tells which object the core linked."""
    if len(args) == 3:
        (x, y, z), a, n = args, 3.0, _SAXPY_N
    elif len(args) == 5:
        x, y, a, z, n = args
        n = int(n)
    else:
        raise KernelModelError(
            f"{kernel}: expects (x, y, z) as in saxpy.cc or (x, y, a, z, vector_size) as in "
            f"axpy.cc, got {len(args)} arguments"
        )
    for name, buf in (("x", x), ("y", y), ("z", z)):
        expect_dtype(buf, kernel, name, BF16)
    xs, ys, zs = flat(x, kernel, "x"), flat(y, kernel, "y"), flat(z, kernel, "z")
    if vectorized and n % 64:
        raise KernelModelError(f"{kernel}: vector_size={n} is not a multiple of the 64 lanes")
    for name, buf in (("x", xs), ("y", ys), ("z", zs)):
        need(buf, n, kernel, name)
    # a is a bf16 on both paths (axpy.cc broadcasts bfloat16(a)); a bf16 product is exact in
    # fp32, the sum is one fp32 add, the store narrows (vector: the rounding register; scalar:
    # C++'s round-to-nearest-even cast).
    a_bf16 = np.float32(np.array(np.float32(a)).astype(BF16))
    total = a_bf16 * xs[:n].astype(np.float32) + ys[:n].astype(np.float32)
    zs[:n] = to_bf16(total, BOOT_BF16_ROUNDING if vectorized else "nearest_even")


@builtin_model("saxpy", source=_SAXPY_SRC)
def saxpy(*args) -> None:
    """``z = a x + y`` over bf16s, accumulated in fp32, narrowed by the vector unit."""
    _saxpy("saxpy", args, vectorized=True)


@builtin_model("saxpy_scalar", source=_SAXPY_SRC)
def saxpy_scalar(*args) -> None:
    """The scalar loop: ``z[i] = a * x[i] + y[i]`` with C++'s round-to-nearest-even cast."""
    _saxpy("saxpy_scalar", args, vectorized=False)
