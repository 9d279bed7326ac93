"""Deferred kernel calls (``iron_ir.sim.batching``): waves never hold two conflicting calls, and
a batch gives, bit for bit, what the calls give one after another."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from iron_ir.ir.parse import parse_module
from iron_ir.sim.batching import Call, KernelQueue, entry, pure_kernel_caller, waves
from iron_ir.sim.kernels import lookup_model
from iron_ir.sim.kernels import matmul as mm
from iron_ir.sim.kernels._numerics import BF16, bf16_to_f32, to_bf16

BUFFERS = 5
_sets = st.sets(st.integers(0, BUFFERS - 1), max_size=3)


def _wave_of(calls) -> dict:
    found = {}
    for n, wave in enumerate(waves([entry(c) for c in calls])):
        for payloads in wave.values():
            for payload in payloads:
                assert payload not in found
                found[payload] = n
    return found


def _noop(group, payloads):
    pass


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_sets, _sets), max_size=12))
def test_waves_order_every_conflicting_pair(specs):
    buffers = [np.zeros(4) for _ in range(BUFFERS)]
    calls = [
        Call(_noop, None, i, tuple(buffers[k] for k in r), tuple(buffers[k] for k in w))
        for i, (r, w) in enumerate(specs)
    ]
    wave = _wave_of(calls)
    assert sorted(wave) == list(range(len(calls)))
    for j, (rj, wj) in enumerate(specs):
        after = [
            wave[i]
            for i, (ri, wi) in enumerate(specs[:j])
            if (rj | wj) & wi or wj & ri  # reads/writes what i writes, or writes what i reads
        ]
        # After every call it conflicts with, and no later than it must be.
        assert wave[j] == (max(after) + 1 if after else 0)


def test_views_of_one_buffer_conflict_and_groups_split_a_wave():
    buf, other = np.zeros(8), np.zeros(8)
    calls = [
        Call(_noop, "g", 0, (), (buf[:4],)),
        Call(_noop, "g", 1, (buf[4:],), ()),  # reads another half of the same buffer
        Call(_noop, "g", 2, (), (other,)),
        Call(_noop, "h", 3, (), (other.reshape(2, 4)[1],)),
    ]
    assert _wave_of(calls) == {0: 0, 1: 1, 2: 0, 3: 1}
    first = waves([entry(c) for c in calls])[0]
    assert first == {(_noop, "g"): [0, 2]}


def _bf16_bits(rng, size, special: bool):
    if special:  # any bit pattern: NaN, inf, denormals, huge and tiny exponents
        return rng.integers(0, 1 << 16, size, dtype=np.uint16).view(BF16)
    return rng.standard_normal(size).astype(np.float32).astype(BF16)


def _blocked_reference(a, b, c, m, k, n, tiles, b_col, c_col, rounding):
    """The documented numerics, call by call: A and B widened exactly, each ``s``-deep block
    product one fp64 (M, s) @ (s, N) matmul, C and the blocks added in fp32 in K order, the
    sum narrowed to C's type."""
    r, s, t = tiles
    nb = k // s
    wide = lambda x: bf16_to_f32(x).astype(np.float64)
    A = mm.untile(wide(a), m, k, r, s, col_major=False)
    B = mm.untile(wide(b), k, n, s, t, col_major=b_col)
    products = np.matmul(
        np.ascontiguousarray(A.reshape(m, nb, s).transpose(1, 0, 2)), B.reshape(nb, s, n)
    )
    start = bf16_to_f32(c) if c.dtype == BF16 else c
    acc = mm.untile(start, m, n, r, t, col_major=c_col).astype(np.float32)
    for p in products:
        acc = acc + p.astype(np.float32)
    out = to_bf16(acc, rounding) if c.dtype == BF16 else acc
    c[...] = mm.tile(out, r, t, col_major=c_col)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([(4, 8, 4), (4, 8, 8)]),
    st.integers(1, 2),
    st.integers(1, 3),
    st.integers(1, 2),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["truncate", "nearest_even"]),
    st.booleans(),
    st.integers(1, 5),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_batched_bf16_matmul_is_the_calls_one_by_one(
    tiles, mr, ks, nt, b_col, c_col, rounding, f32_c, count, special, seed
):
    """Bit for bit the documented numerics, for batches of any size (1: a call alone), both
    layouts, both roundings, bf16 and f32 C, and any bit pattern (NaN, inf, exponents whose
    products no fp64 block sum holds exactly)."""
    r, s, t = tiles
    m, k, n = mr * r, ks * s, nt * t
    rng = np.random.default_rng(seed)
    ops = []
    for _ in range(count):
        a, b = _bf16_bits(rng, m * k, special), _bf16_bits(rng, k * n, special)
        c = _bf16_bits(rng, m * n, special)
        ops.append((a, b, bf16_to_f32(c) if f32_c else c))
    group = (m, k, n, tiles, b_col, c_col, rounding)
    alone = [(a, b, c.copy()) for a, b, c in ops]
    batched = [(a, b, c.copy()) for a, b, c in ops]
    u16 = np.uint16
    with np.errstate(all="ignore"):  # as the simulator runs models
        for call in alone:
            _blocked_reference(*call, *group)
        if f32_c:
            mm._bf16_matmul_f32_batch(group, [(a.view(u16), b.view(u16), c) for a, b, c in batched])
        else:
            mm._bf16_matmul_batch(group, [tuple(x.view(u16) for x in call) for call in batched])
    for (_, _, want), (_, _, got) in zip(alone, batched):
        np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from([(2, 8, 2), (4, 8, 6), (3, 5, 3), (1, 2, 1)]),
    st.integers(1, 3),
    st.integers(1, 3),
    st.integers(1, 3),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([1, 2, 16, 17]),
    st.integers(0, 2**32 - 1),
)
def test_batched_bf16_matmul_moves_any_block_shape(
    tiles, mr, ks, nt, b_col, c_col, f32_c, count, seed
):
    """mmul shapes no mm.cc build uses, so the operands' runs are 4- and 2-byte words (and
    one element when a layout is transposed), and batches as large as a wave of 16 cores:
    still the documented numerics (finite values: for these shapes the oracle's and the
    batch's NaN payloads may differ)."""
    test_batched_bf16_matmul_is_the_calls_one_by_one.hypothesis.inner_test(
        tiles, mr, ks, nt, b_col, c_col, "truncate", f32_c, count, False, seed
    )


def _assert_batch_is_in_order(model, calls) -> None:
    """``(a, b, c)`` calls queued and flushed as one batch leave in each ``c`` what calling the
    model one call at a time leaves."""
    batched = [(a, b, c.copy()) for a, b, c in calls]
    queue = KernelQueue()
    for call in batched:
        queue.add(model.prepare(*call))
    queue.flush()
    for call in calls:
        model(*call)
    assert queue.batched == len(calls)
    for (_, _, want), (_, _, got) in zip(calls, batched):
        np.testing.assert_array_equal(got, want)


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["i8_i32", "i16_i16", "i16_i32", "scalar_i16_i32"]),
    st.integers(1, 2),
    st.integers(1, 2),
    st.integers(2, 4),
    st.integers(0, 2**32 - 1),
)
def test_batched_integer_matmul_is_the_calls_one_by_one(types, mr, nt, count, seed):
    model = lookup_model(f"matmul_{types}", None)
    in_t, out_t = types.split("_")[-2:]
    r, s, t = mm.MATMUL_TILES["aie2"].get((in_t, out_t), (1, 1, 1))
    m, k, n = mr * r * 2, s * 2, nt * t * 2
    rng = np.random.default_rng(seed)
    info = np.iinfo(mm.DTYPES[in_t])
    calls = [
        (
            rng.integers(info.min, info.max, m * k).astype(mm.DTYPES[in_t]),
            rng.integers(info.min, info.max, k * n).astype(mm.DTYPES[in_t]),
            rng.integers(-1000, 1000, m * n).astype(mm.DTYPES[out_t]),
        )
        for _ in range(count)
    ]
    _assert_batch_is_in_order(model, calls)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=10))
def test_queue_runs_dependent_calls_as_in_order(seed, chain):
    """Calls whose C feeds a later call's A (and several into one C), some zeroing, through
    the queue: the same buffers as calling the models in order."""
    rng = np.random.default_rng(seed)
    matmul, zero = lookup_model("matmul_bf16_bf16", None), lookup_model("zero_bf16", None)
    start = [rng.standard_normal(1024).astype(np.float32).astype(BF16) for _ in range(4)]
    program = [(src, dst) for src, dst in chain]

    def run(deferred: bool):
        bufs = [b.copy() for b in start]
        queue = KernelQueue()
        for src, dst in program:
            if src == dst:
                args, model = (bufs[dst],), zero
            else:
                args, model = (bufs[src], bufs[(src + 1) % 4], bufs[dst]), matmul
            if deferred:
                queue.add(model.prepare(*args))
            else:
                model(*args)
        queue.flush()
        return bufs, queue

    want, _ = run(False)
    got, queue = run(True)
    assert queue.calls == len(program)
    for w, g in zip(want, got):
        np.testing.assert_array_equal(g.view(np.uint16), w.view(np.uint16))


def test_a_core_touching_memory_does_not_defer():
    text = """
    func.func private @k(memref<8xi32>)
    func.func @helper(%m: memref<8xi32>) {
      %c0 = arith.constant 0 : index
      %v = memref.load %m[%c0] : memref<8xi32>
      return
    }
    func.func @calls_kernel(%m: memref<8xi32>) {
      func.call @k(%m) : (memref<8xi32>) -> ()
      return
    }
    """
    mod = parse_module(f"module {{{text}}}", "t.mlir")
    funcs = {op.sym_name.data: op for op in mod.ops}
    assert pure_kernel_caller(funcs["calls_kernel"], funcs)
    assert not pure_kernel_caller(funcs["helper"], funcs)
    # Through a call of a defined function.
    caller = parse_module(
        "module {" + text + """
    func.func @outer(%m: memref<8xi32>) {
      func.call @helper(%m) : (memref<8xi32>) -> ()
      return
    }}""",
        "t.mlir",
    )
    funcs = {op.sym_name.data: op for op in caller.ops}
    assert not pure_kernel_caller(funcs["outer"], funcs)


@settings(max_examples=10, deadline=None)
@given(st.booleans(), st.integers(1, 2), st.integers(1, 2), st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_batched_matvec_is_the_calls_one_by_one(vectorized, mm16, kk8, count, seed):
    name = f"matvec_{'vectorized' if vectorized else 'scalar'}_i16_i32"
    model = lookup_model(name, None)
    m, k = 16 * mm16, 8 * kk8
    rng = np.random.default_rng(seed)
    calls = [
        (
            rng.integers(-(2**15), 2**15, m * k).astype(np.int16),
            rng.integers(-(2**15), 2**15, k).astype(np.int16),
            rng.integers(-(2**31), 2**31, m).astype(np.int32),
        )
        for _ in range(count)
    ]
    _assert_batch_is_in_order(model, calls)


def _eltwise_args(name, rng, n):
    if name.startswith("vector_scalar_mul"):
        dtype = np.int16 if "int16" in name else np.int32
        a = rng.integers(-30000, 30000, n).astype(dtype)
        factor = rng.integers(-(2**31), 2**31 - 1)
        if rng.integers(2):  # the factor from a buffer (an RTP), read as the call runs
            factor = np.array([factor], dtype=np.int32)
        return (a, np.zeros(n, dtype), factor, n)
    a, b = (_bf16_bits(rng, n, bool(rng.integers(2))) for _ in range(2))
    size = (n,) if name.endswith("_size") else ()
    return (a, b, np.zeros(n, BF16), *size)


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(
        [
            "vector_scalar_mul_int16_vector",
            "vector_scalar_mul_int32_scalar",
            "vector_scalar_mul_vector",
            "eltwise_add_bf16_vector",
            "eltwise_mul_bf16_scalar",
            "eltwise_mul_bf16_vector_size",
        ]
    ),
    st.integers(1, 4),
    st.integers(2, 5),
    st.integers(0, 2**32 - 1),
)
def test_batched_eltwise_is_the_calls_one_by_one(name, vectors, count, seed):
    model = lookup_model(name, None)
    rng = np.random.default_rng(seed)
    if name.startswith("eltwise") and not name.endswith("_size"):
        n = 1024  # built into the kernel
    else:
        n = 32 * vectors + (0 if name.endswith("vector") else int(rng.integers(0, 3)))
    calls = [_eltwise_args(name, rng, n) for _ in range(count)]
    outputs = [args[1] if name.startswith("vector_scalar") else args[2] for args in calls]
    queue = KernelQueue()
    with np.errstate(all="ignore"):
        for args in calls:
            queue.add(model.prepare(*args))
        queue.flush()
        batched = [o.copy() for o in outputs]
        for args in calls:
            model(*args)
    assert queue.batches == 1 and queue.batched == count
    for got, want in zip(batched, outputs):
        np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


def test_queue_remembers_the_waves_of_a_pending_list_by_its_entries():
    """A flush of the same entries (the simulator reuses a call's entry) reuses their waves;
    the same entries in another order are another list, with waves of their own; a run that
    changes the payload list it is given does not change what is remembered."""
    x, y, z = np.zeros(4), np.zeros(4), np.zeros(4)
    log = []

    def run(group, payloads):
        log.append(list(payloads))
        payloads.clear()

    e0 = entry(Call(run, "g", 0, (), (x,)))
    e1 = entry(Call(run, "g", 1, (x,), (y,)))
    e2 = entry(Call(run, "g", 2, (), (z,)))
    queue = KernelQueue()

    def flush(entries):
        log.clear()
        queue.pending = list(entries)
        queue.flush()
        return list(log)

    assert flush([e0, e1, e2]) == [[0, 2], [1]]
    assert flush([e0, e1, e2]) == [[0, 2], [1]]
    assert len(queue.plans) == 1
    # e1 reads x before e0 writes it: e0 waits for e1.
    assert flush([e1, e0, e2]) == [[1, 2], [0]]
    assert len(queue.plans) == 2


def test_queue_log_keeps_what_each_flush_ran():
    """With ``log`` a list, every flush appends the entries it ran, in order; by default the
    queue keeps none."""
    zero = lookup_model("zero_bf16", None)
    bufs = [np.ones(64, dtype=BF16) for _ in range(3)]
    queue = KernelQueue()
    assert queue.log is None
    queue.add(zero.prepare(bufs[0]))
    queue.flush()
    queue.log = []
    queue.add(zero.prepare(bufs[1]))
    queue.add(zero.prepare(bufs[2]))
    queue.flush()
    queue.flush()  # nothing pending: nothing logged
    assert [len(ran) for ran in queue.log] == [2]
    assert [e[4].writes[0] is b for e, b in zip(queue.log[0], bufs[1:])] == [True, True]
    assert all(not b.astype(np.float32).any() for b in bufs)
