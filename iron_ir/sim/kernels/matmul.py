"""Matrix-matrix and matrix-vector multiply-accumulate, and the zero kernels.

``matmul_<in>_<out>(A, B, C)`` computes ``C += A @ B`` on one tile.  Its
shape (the ``DIM_M``/``DIM_K``/``DIM_N`` macros) is recovered from the buffer
sizes: ``|A| = M*K``, ``|B| = K*N``, ``|C| = M*N`` determine M, K, N.  The
vectorized kernels expect *pre-tiled* operands: A as ``r x s`` blocks, B as
``s x t`` blocks and C as ``r x t`` blocks, each block row-major and the
blocks row-major, with ``(r, s, t)`` the ``aie::mmul`` shape the kernel was
built with (see ``MATMUL_TILES``; the defaults are AIE2's, register
``register_matmul_models("aie2p")`` for an NPU2 build).  The ``matmul_scalar_*``
kernels take plain row-major matrices.

Numerics.  Integer kernels are bit-exact: products accumulate in a 32-bit
accumulator (wrapping) and ``to_vector<T_out>()`` keeps the low bits in the
core's boot saturation mode, so the result is ``C + A @ B`` wrapped to the
output type -- the same as the scalar kernels, whose running sum has the
output type.  bf16 inputs: products are exact in fp32; the vector kernels add
one ``s``-term block at a time into an fp32 accumulator (modelled as an exact
block sum rounded to fp32, then an fp32 add; the hardware's internal adder
order differs, so fp32 outputs agree to a few fp32 ulp per block of K and bf16
outputs, rounded in the boot mode by truncation, to 1 bf16 ulp).  The scalar
bf16->bf16 kernel rounds its running sum to bf16 after every term, as the C++
does.
"""

from __future__ import annotations

import math
from functools import partial
from itertools import chain

import numpy as np

from iron_ir.sim.batching import Call, batchable
from iron_ir.sim.kernels._numerics import (
    BF16,
    BOOT_BF16_ROUNDING,
    expect_dtype,
    flat,
    need,
    to_bf16,
    wrap,
)
from iron_ir.sim.kernels.registry import (
    KernelModelError,
    builtin_model,
    register_model,
    registered_models,
    unregister_model,
)

_MM_SRC = "aie_kernels/aie2/mm.cc (aie_kernels/aie2p/mm.cc for NPU2)"

DTYPES = {
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "bf16": BF16,
    "f32": np.dtype(np.float32),
}

# (r, s, t) of the aie::mmul each build of mm.cc uses, per element-type pair.
MATMUL_TILES = {
    "aie2": {
        ("i8", "i8"): (4, 8, 8),
        ("i8", "i16"): (4, 8, 8),
        ("i8", "i32"): (4, 8, 8),
        ("i16", "i16"): (4, 4, 4),
        ("i16", "i32"): (4, 4, 4),
        ("bf16", "bf16"): (4, 8, 4),
        ("bf16", "f32"): (4, 8, 4),
    },
    "aie2p": {
        ("i8", "i8"): (8, 8, 8),
        ("i8", "i16"): (8, 8, 8),
        ("i8", "i32"): (8, 8, 8),
        ("i16", "i16"): (4, 4, 8),
        ("i16", "i32"): (4, 4, 8),
        ("bf16", "bf16"): (4, 8, 8),
        ("bf16", "f32"): (4, 8, 8),
    },
}


def matmul_dims(kernel: str, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> tuple[int, int, int]:
    """M, K, N from ``|A| = M*K``, ``|B| = K*N``, ``|C| = M*N``."""
    m = math.isqrt(a.size * c.size // b.size) if b.size else 0
    if m == 0 or a.size % m or c.size % m:
        raise KernelModelError(
            f"{kernel}: buffer sizes A={a.size}, B={b.size}, C={c.size} are not M*K, K*N, M*N "
            f"for any whole M, K, N"
        )
    k, n = a.size // m, c.size // m
    if k * n != b.size:
        raise KernelModelError(
            f"{kernel}: buffer sizes A={a.size}, B={b.size}, C={c.size} are not M*K, K*N, M*N "
            f"for any whole M, K, N"
        )
    return m, k, n


def untile(buf: np.ndarray, rows: int, cols: int, tr: int, tc: int, *, col_major: bool) -> np.ndarray:
    """The ``rows x cols`` matrix stored as ``tr x tc`` blocks (see module docstring).

    ``col_major``: the blocks are ordered column by column and each is stored
    transposed (``tc x tr``), as mm.cc's ``B_COL_MAJ``/``C_COL_MAJ`` builds expect.
    """
    if col_major:
        return buf.reshape(cols // tc, rows // tr, tc, tr).transpose(1, 3, 0, 2).reshape(rows, cols)
    return buf.reshape(rows // tr, cols // tc, tr, tc).transpose(0, 2, 1, 3).reshape(rows, cols)


def tile(matrix: np.ndarray, tr: int, tc: int, *, col_major: bool) -> np.ndarray:
    """Inverse of :func:`untile`: the flat storage of ``matrix``."""
    rows, cols = matrix.shape
    if col_major:
        return matrix.reshape(rows // tr, tr, cols // tc, tc).transpose(2, 0, 3, 1).reshape(-1)
    return matrix.reshape(rows // tr, tr, cols // tc, tc).transpose(0, 2, 1, 3).reshape(-1)


# Where each operand's elements go, as axis orders of the (call, *blocked storage shape)
# arrays of ``_blocked_shapes``: A to (K/s, call, M, s) for the blocked products, B to
# (K/s, call, s, N), C to (call, M, N); and C's (call, M, N) result back to its storage.
_A_ORDER = (2, 0, 1, 3, 4)
_B_ORDER = {False: (1, 0, 3, 2, 4), True: (2, 0, 4, 1, 3)}
_C_ORDER = {False: (0, 1, 3, 2, 4), True: (0, 2, 4, 1, 3)}
_C_TILES = {False: (0, 2, 1, 3), True: (2, 0, 3, 1)}


def _blocked_shapes(m, k, n, tiles, b_col_major, c_col_major):
    """The shapes of A's, B's and C's storage as blocks (see :func:`untile`)."""
    r, s, t = tiles
    nb = k // s
    b_shape = (n // t, nb, t, s) if b_col_major else (nb, n // t, s, t)
    c_shape = (n // t, m // r, t, r) if c_col_major else (m // r, n // t, r, t)
    return (m // r, nb, r, s), b_shape, c_shape


def _relayout(src, dst, count, per, offset, shape, order):
    """One numpy call that copies an operand of ``count`` calls laid end to end in ``src``
    (each call's ``per`` elements, the operand stored as ``shape`` at ``offset`` in them)
    into ``dst`` in the order ``order`` of the (call, *shape) axes.

    The trailing axes that keep their place move as one run, read and written as words of
    up to 8 bytes through views of both buffers: a copy between strided views, no index.
    When the last axis moves (a transposed layout) the run would be one element, and an
    index gather into ``dst`` is cheaper."""
    size, ndim = math.prod(shape), len(order)
    kept = 0
    while kept < ndim - 1 and order[ndim - 1 - kept] == ndim - 1 - kept:
        kept += 1
    if kept == 0:
        index = np.arange(count * per).reshape(count, per)[:, offset : offset + size]
        index = index.reshape(count, *shape).transpose(order).reshape(-1)
        return partial(src.take, index, out=dst, mode="clip")
    size_of = src.itemsize
    run = math.prod(shape[ndim - 1 - kept :]) * size_of
    common = math.gcd(run, offset * size_of, per * size_of)
    word = next(w for w in (8, 4, 2, 1) if common % w == 0)
    unit = np.dtype(f"u{word}")
    words = src.view(unit).reshape(count, -1)
    view = words[:, offset * size_of // word : (offset + size) * size_of // word]
    view = view.reshape(count, *shape[: ndim - 1 - kept], run // word)
    view = view.transpose(order[: ndim - kept] + (ndim - kept,))
    return partial(np.copyto, dst.view(unit).reshape(view.shape), view)


class _Bf16MatmulPlan:
    """What the bf16 vector matmul needs for ``count`` calls of one shape and layout at once,
    built once: the copies that re-lay the operands out, and scratch arrays.

    The operands' bits are joined, call after call (A, B and C, C's place zeros for an f32 C),
    moved by one strided copy per operand (see :func:`_relayout`) into the order the blocked
    products read, and widened exactly: A's blocks (K/s, count, M, s) and B's (K/s, count, s,
    N) cast to fp64, C (a bf16's bits are the high half of its fp32) shifted into the first of
    the fp32 ``terms`` of the sum, (K/s + 1, count, M, N), whose others are the block products.
    Every block product is one (M, s) @ (s, N) fp64 matmul, the same for any ``count``, then
    rounded to fp32 into its term; an fp32 reduction over the leading axis of the terms adds
    one slice after another: the fp32 accumulation in K order of the vector kernel. So a
    call's C comes out bit for bit the same whether it runs alone or in a batch.
    """

    __slots__ = (
        "a_blocks",
        "acc",
        "acc_high",
        "acc_terms",
        "b_blocks",
        "bits",
        "block_sums",
        "c_relayout",
        "c_wide",
        "high",
        "high_index",
        "out_index",
        "products",
        "relayout",
        "terms",
        "values",
        "wide",
        "widened",
    )

    def __init__(self, m, k, n, tiles, b_col_major, c_col_major, count):
        r, s, t = tiles
        nb = k // s
        mk, kn, mn = m * k, k * n, m * n
        per = mk + kn + mn
        a_shape, b_shape, c_shape = _blocked_shapes(m, k, n, tiles, b_col_major, c_col_major)
        self.bits = np.empty(count * per, dtype=np.uint16)
        ordered = np.empty(count * per, dtype=np.uint16)
        head = count * (mk + kn)
        self.relayout = (
            _relayout(self.bits, ordered[: count * mk], count, per, 0, a_shape, _A_ORDER),
            _relayout(
                self.bits, ordered[count * mk : head], count, per, mk, b_shape,
                _B_ORDER[b_col_major],
            ),
            _relayout(
                self.bits, ordered[head:], count, per, mk + kn, c_shape, _C_ORDER[c_col_major]
            ),
        )
        # C widened by a shift into the first term (fp32), A and B cast to fp64 straight from
        # their bf16 bits (one pass; the same exact values as through fp32).
        wide = np.empty((nb + 1) * count * mn, dtype=np.uint32)
        self.wide = partial(
            np.left_shift, ordered[head:], 16, out=wide[: count * mn], dtype=np.uint32
        )
        self.widened = ordered[:head].view(BF16)
        self.terms = wide.view(np.float32).reshape(nb + 1, count, m, n)
        self.products = self.terms[1:]
        self.values = np.empty(head, dtype=np.float64)
        self.a_blocks = self.values[: count * mk].reshape(nb, count, m, s)
        self.b_blocks = self.values[count * mk :].reshape(nb, count, s, n)
        self.block_sums = np.empty(self.products.shape, dtype=np.float64)
        # An f32 C: joined, then re-laid out into the first term.
        self.c_wide = np.empty(count * mn, dtype=np.float32)
        self.c_relayout = _relayout(
            self.c_wide, self.terms[0].reshape(-1), count, mn, 0, c_shape, _C_ORDER[c_col_major]
        )
        out_index = np.arange(mn).reshape(m // r, r, n // t, t).transpose(_C_TILES[c_col_major])
        calls = np.arange(count).reshape(-1, 1)
        self.out_index = (out_index.reshape(1, -1) + calls * mn).reshape(-1)
        # The high half of each fp32 word (little-endian: the second uint16) is its
        # truncated bf16.
        self.high_index = 2 * self.out_index + 1
        self.high = np.empty((count, mn), dtype=np.uint16)
        self.acc = np.empty(count * mn, dtype=np.float32)
        self.acc_terms = self.acc.reshape(count, m, n)
        self.acc_high = self.acc.view(np.uint16)


_PLANS: dict[tuple, _Bf16MatmulPlan] = {}


def _bf16_widen(group, operands: list) -> _Bf16MatmulPlan:
    """The plan of ``group`` for ``len(operands) // 3`` calls, holding ``operands`` (uint16
    arrays, three per call) re-laid out and widened: A and B in fp64, C in the first term."""
    count = len(operands) // 3
    key = (group, count)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _Bf16MatmulPlan(*group[:6], count)
    np.concatenate(operands, out=plan.bits)
    for move in plan.relayout:
        move()
    plan.wide()
    plan.values[...] = plan.widened
    return plan


def _bf16_sum(plan: _Bf16MatmulPlan) -> None:
    """The block products, rounded to fp32, and the fp32 sum of the terms in K order."""
    np.matmul(plan.a_blocks, plan.b_blocks, out=plan.block_sums)
    np.copyto(plan.products, plan.block_sums, casting="same_kind")
    np.add.reduce(plan.terms, axis=0, out=plan.acc_terms)


def _bf16_matmul_batch(group, calls) -> None:
    """``C += A @ B`` for prepared calls of one group with a bf16 C (each call the uint16 bits
    of its A, B and C), as the vector kernel accumulates it: each ``s``-deep block of
    products summed exactly (fp64 holds it) and rounded to fp32, the blocks added to the fp32
    accumulator in K order, the result rounded to bf16 (see :class:`_Bf16MatmulPlan`). The
    calls write distinct Cs (a batch is one wave of the kernel queue)."""
    plan = _bf16_widen(group, list(chain.from_iterable(calls)))
    _bf16_sum(plan)
    if group[6] == "truncate":
        if len(calls) == 1:
            plan.acc_high.take(plan.high_index, out=calls[0][2], mode="clip")
            return
        out = plan.high
        plan.acc_high.take(plan.high_index, out=out.reshape(-1), mode="clip")
    else:
        out = to_bf16(plan.acc.take(plan.out_index), group[6]).view(np.uint16)
        out = out.reshape(plan.high.shape)
    for (_, _, c), row in zip(calls, out):
        c[...] = row


_ZEROS: dict[int, np.ndarray] = {}


def _bf16_matmul_f32_batch(group, calls) -> None:
    """:func:`_bf16_matmul_batch` for an f32 C (each call A's and B's uint16 bits and C): C
    is joined and re-laid out into the first term instead of with A and B."""
    mn = group[0] * group[2]
    zeros = _ZEROS.get(mn)
    if zeros is None:
        zeros = _ZEROS[mn] = np.zeros(mn, dtype=np.uint16)
    plan = _bf16_widen(group, list(chain.from_iterable((a, b, zeros) for a, b, _ in calls)))
    np.concatenate([c for _, _, c in calls], out=plan.c_wide)
    plan.c_relayout()
    _bf16_sum(plan)
    if len(calls) == 1:
        plan.acc.take(plan.out_index, out=calls[0][2], mode="clip")
        return
    for (_, _, c), row in zip(calls, plan.acc.take(plan.out_index).reshape(len(calls), -1)):
        c[...] = row


def _untile_many(bufs, count, rows, cols, tr, tc, *, col_major):
    """:func:`untile` of ``count`` buffers laid end to end: (count, rows, cols)."""
    if col_major:
        blocks = bufs.reshape(count, cols // tc, rows // tr, tc, tr).transpose(0, 2, 4, 1, 3)
    else:
        blocks = bufs.reshape(count, rows // tr, cols // tc, tr, tc).transpose(0, 1, 3, 2, 4)
    return blocks.reshape(count, rows, cols)


def _tile_many(matrices, tr, tc, *, col_major):
    """:func:`tile` of each of (count, rows, cols) ``matrices``: (count, rows * cols)."""
    count, rows, cols = matrices.shape
    blocks = matrices.reshape(count, rows // tr, tr, cols // tc, tc)
    order = (0, 3, 1, 4, 2) if col_major else (0, 1, 3, 2, 4)
    return blocks.transpose(order).reshape(count, -1)


def _block_fp32_matmul(c0: np.ndarray, a: np.ndarray, b: np.ndarray, s: int) -> np.ndarray:
    """``c0 + a @ b`` with the blocked fp32 accumulation of :func:`_bf16_matmul_batch`, for
    row-major operands of any float type."""
    m, depth = a.shape
    n = b.shape[1]
    nb = depth // s
    a64 = a.astype(np.float64).reshape(m, nb, s).transpose(1, 0, 2)
    b64 = b.astype(np.float64).reshape(nb, s, n)
    blocks = np.matmul(a64, b64).astype(np.float32)
    acc = c0.astype(np.float32)
    for block in blocks:
        acc = acc + block
    return acc


def matmul_model(
    in_type: str,
    out_type: str,
    tiles: tuple[int, int, int] | None,
    *,
    b_col_major: bool = False,
    c_col_major: bool = False,
    bf16_rounding: str = BOOT_BF16_ROUNDING,
):
    """Model of ``matmul_<in>_<out>`` (``tiles=(r, s, t)``) or ``matmul_scalar_<in>_<out>`` (``None``)."""
    in_dt, out_dt = DTYPES[in_type], DTYPES[out_type]
    scalar = tiles is None
    kernel = f"matmul_{'scalar_' if scalar else ''}{in_type}_{out_type}"

    shapes: dict[tuple[int, int, int], tuple[int, int, int]] = {}

    ndarray, u16 = np.ndarray, np.uint16
    bf16_vector = in_dt == BF16 and not scalar

    def prepare(a_in, b_in, c_out) -> Call:
        if (
            type(a_in) is ndarray
            and type(b_in) is ndarray
            and type(c_out) is ndarray
            and a_in.dtype == in_dt
            and b_in.dtype == in_dt
            and c_out.dtype == out_dt
            and a_in.flags.c_contiguous
            and b_in.flags.c_contiguous
            and c_out.flags.c_contiguous
        ):
            a = a_in if a_in.ndim == 1 else a_in.reshape(-1)
            b = b_in if b_in.ndim == 1 else b_in.reshape(-1)
            c = c_out if c_out.ndim == 1 else c_out.reshape(-1)
        else:  # the checks one by one, for the message
            expect_dtype(a_in, kernel, "A", in_dt)
            expect_dtype(b_in, kernel, "B", in_dt)
            expect_dtype(c_out, kernel, "C", out_dt)
            a, b = flat(a_in, kernel, "A"), flat(b_in, kernel, "B")
            c = flat(c_out, kernel, "C")
        sizes = (a.size, b.size, c.size)
        group = shapes.get(sizes)
        if group is None:
            m, k, n = matmul_dims(kernel, a, b, c)
            r, s, t = (1, 1, 1) if scalar else tiles
            if m % r or k % s or n % t:
                raise KernelModelError(
                    f"{kernel}: M={m}, K={k}, N={n} must be multiples of the mmul shape "
                    f"r={r}, s={s}, t={t}"
                )
            group = shapes[sizes] = (m, k, n, tiles, b_col_major, c_col_major, bf16_rounding)
        if bf16_vector:
            if out_dt == BF16:
                bits = (a.view(u16), b.view(u16), c.view(u16))
                return Call(_bf16_matmul_batch, group, bits, (a, b), (c,))
            return Call(_bf16_matmul_f32_batch, group, (a.view(u16), b.view(u16), c), (a, b), (c,))
        return Call(run_each, group, (a, b, c), (a, b), (c,))

    def run_each(group, calls) -> None:
        m, k, n = group[:3]
        r, s, t = (1, 1, 1) if scalar else tiles
        if in_dt.kind in "iu" and len(calls) > 1:
            # Integer products and sums are exact (wrapping at 64 bits): one batched matmul.
            count = len(calls)
            cat = np.concatenate
            A = _untile_many(cat([a for a, _, _ in calls]), count, m, k, r, s, col_major=False)
            B = _untile_many(cat([b for _, b, _ in calls]), count, k, n, s, t, col_major=b_col_major)
            C = _untile_many(cat([c for _, _, c in calls]), count, m, n, r, t, col_major=c_col_major)
            i64 = np.int64
            result = wrap(C.astype(i64) + np.matmul(A.astype(i64), B.astype(i64)), out_dt)
            for (_, _, c), row in zip(calls, _tile_many(result, r, t, col_major=c_col_major)):
                c[:] = row
            return
        for a, b, c in calls:
            A = untile(a, m, k, r, s, col_major=False)
            B = untile(b, k, n, s, t, col_major=b_col_major)
            C = untile(c, m, n, r, t, col_major=c_col_major)
            if in_dt.kind in "iu":
                result = wrap(C.astype(np.int64) + A.astype(np.int64) @ B.astype(np.int64), out_dt)
            elif scalar and out_dt == BF16:
                running = np.zeros((m, n), dtype=np.float32)
                a32, b32 = A.astype(np.float32), B.astype(np.float32)
                for i in range(k):
                    running = to_bf16(running + np.outer(a32[:, i], b32[i, :]), "nearest_even")
                    running = running.astype(np.float32)
                result = to_bf16(C.astype(np.float32) + running, "nearest_even")
            elif scalar:
                running = np.zeros((m, n), dtype=np.float32)
                a32, b32 = A.astype(np.float32), B.astype(np.float32)
                for i in range(k):
                    running = (running + np.outer(a32[:, i], b32[i, :])).astype(np.float32)
                result = (C.astype(np.float32) + running).astype(np.float32)
            else:
                acc = _block_fp32_matmul(C, A, B, s)
                result = to_bf16(acc, bf16_rounding) if out_dt == BF16 else acc
            c[:] = tile(np.asarray(result, dtype=out_dt), r, t, col_major=c_col_major)

    return batchable(prepare, f"{kernel}_model")


def register_matmul_models(arch: str = "aie2", **options) -> None:
    """(Re)register the vectorized ``matmul_*`` models with ``arch``'s mmul shapes."""
    if arch not in MATMUL_TILES:
        raise ValueError(f"unknown architecture {arch!r}; one of {sorted(MATMUL_TILES)}")
    for (in_type, out_type), tiles in MATMUL_TILES[arch].items():
        name = f"matmul_{in_type}_{out_type}"
        if name in registered_models():
            unregister_model(name)
        register_model(
            name,
            matmul_model(in_type, out_type, tiles, **options),
            builtin=True,
            source=f"{_MM_SRC}, {arch} mmul shapes",
        )


for (_in, _out), _tiles in MATMUL_TILES["aie2"].items():
    builtin_model(f"matmul_{_in}_{_out}", source=_MM_SRC)(matmul_model(_in, _out, _tiles))
    builtin_model(f"matmul_scalar_{_in}_{_out}", source=_MM_SRC)(matmul_model(_in, _out, None))


def _zero_each(_group, buffers) -> None:
    # Byte views (see zero_model): zero bytes are +0 in every element type.
    for c in buffers:
        c.fill(0)


def zero_model(kernel: str, dtype: np.dtype):
    ndarray = np.ndarray

    def prepare(c_out) -> Call:
        if type(c_out) is ndarray and c_out.dtype == dtype and c_out.flags.c_contiguous:
            c = c_out
        else:
            expect_dtype(c_out, kernel, "c_out", dtype)
            c = flat(c_out, kernel, "c_out")
        # Filling a byte view costs a third of filling a bf16 buffer with its Python scalar.
        return Call(_zero_each, None, c.reshape(-1).view(np.uint8), (), (c,))

    return batchable(prepare, kernel)


for _type, _dt in DTYPES.items():
    for _name in (f"zero_{_type}", f"zero_scalar_{_type}", f"zero_vectorized_{_type}"):
        builtin_model(_name, source="aie_kernels/aie2/zero.cc via mm.cc / mv.cc")(
            zero_model(_name, _dt)
        )


def matvec_model(kernel: str, *, word_transposed: bool):
    """``c += A @ b`` for int16 A (M x K), b (K), int32 c (M), wrapping at 32 bits.

    ``word_transposed``: A is stored as the vectorized kernel reads it, the
    row-major matrix transposed at 32-bit granularity -- two int16 of a row
    stay together, pairs of columns are stored column after column.
    """

    def prepare(a_in, b_in, c_out) -> Call:
        expect_dtype(a_in, kernel, "A", np.int16)
        expect_dtype(b_in, kernel, "b", np.int16)
        expect_dtype(c_out, kernel, "c", np.int32)
        a, b, c = flat(a_in, kernel, "A"), flat(b_in, kernel, "b"), flat(c_out, kernel, "c")
        m, k = c.size, b.size
        need(a, m * k, kernel, "A")
        if word_transposed and (m % 16 or k % 8):
            raise KernelModelError(
                f"{kernel}: DIM_M={m} must be a multiple of 16 and DIM_K={k} of 8"
            )
        return Call(run, (m, k), (a[: m * k], b, c), (a, b), (c,))

    def run(group, calls) -> None:
        # Integer products and sums are exact (wrapping at 64 bits): one batched product.
        m, k = group
        count = len(calls)
        a = calls[0][0] if count == 1 else np.concatenate([a for a, _, _ in calls])
        if word_transposed:
            A = a.reshape(count, k // 2, m, 2).transpose(0, 2, 1, 3).reshape(count, m, k)
        else:
            A = a.reshape(count, m, k)
        i64 = np.int64
        b = (calls[0][1] if count == 1 else np.concatenate([b for _, b, _ in calls])).reshape(
            count, k, 1
        )
        c = calls[0][2] if count == 1 else np.concatenate([c for _, _, c in calls])
        products = np.matmul(A.astype(i64), b.astype(i64))[..., 0]
        rows = wrap(c.astype(i64).reshape(count, m) + products, np.int32)
        for (_, _, out), row in zip(calls, rows):
            out[:] = row

    return batchable(prepare, f"{kernel}_model")


builtin_model("matvec_vectorized_i16_i32", source="aie_kernels/aie2/mv.cc")(
    matvec_model("matvec_vectorized_i16_i32", word_transposed=True)
)
builtin_model("matvec_scalar_i16_i32", source="aie_kernels/aie2/mv.cc")(
    matvec_model("matvec_scalar_i16_i32", word_transposed=False)
)
