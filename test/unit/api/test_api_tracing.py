"""Tracing worker bodies and @func kernels: loops, indexing, arithmetic, kernel calls."""

import numpy as np
import pytest
from api_helpers import VEC, here, ops_of
from ml_dtypes import bfloat16
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr

from iron_ir import (
    Buffer,
    ExternalFunction,
    Kernel,
    LocalBuffer,
    ObjectFifo,
    Program,
    Runtime,
    TraceError,
    Worker,
    WorkerError,
    func as iron_func,
)
from iron_ir.tracing.arith import constant, maxsi, select
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1, Tile
from iron_ir.dialects.iron import AcquireOp, BufferOp, ReleaseOp, WorkerOp


def trace(core_fn, obj_type=np.ndarray[(16,), np.dtype[np.int32]], extra_args=(), **worker_kw):
    """Resolve a one-worker program (fifo in -> worker -> fifo out) and return its module."""
    host = np.ndarray[(64,), np.dtype[np.dtype(obj_type.__args__[1].__args__[0]).type]]
    of_in = ObjectFifo(obj_type, name="in")
    of_out = ObjectFifo(obj_type, name="out")
    w = Worker(core_fn, [of_in.cons(), of_out.prod(), *extra_args], **worker_kw)
    rt = Runtime()
    with rt.sequence(host, host) as (a, b):
        rt.start(w)
        rt.fill(of_in.prod(), a)
        rt.drain(of_out.cons(), b, wait=True)
    return Program(NPU1Col1(), rt).resolve_iron()


def test_range_becomes_nested_scf_for_with_index_constants():
    def core(of_in, of_out):
        x = of_in.acquire(1)
        y = of_out.acquire(1)
        for i in range_(4):
            for j in range_(1, 16, 3):
                y[j] = x[i]
        of_in.release(1)
        of_out.release(1)

    module = trace(core)
    outer, inner = ops_of(module, scf.ForOp)
    assert inner.parent_op() is outer
    bounds = [[op.owner.value.value.data for op in (f.lb, f.ub, f.step)] for f in (outer, inner)]
    assert bounds == [[0, 4, 1], [1, 16, 3]]
    assert all(isinstance(v.owner, arith.ConstantOp) for v in (outer.lb, inner.step))
    assert len(ops_of(module, memref.LoadOp)) == 1 and len(ops_of(module, memref.StoreOp)) == 1


def test_worker_body_acquire_release_ports_and_while_true():
    def core(of_in, of_out):
        of_in.acquire(1)
        of_out.acquire(1)
        of_out.release(1)
        of_in.release(1)

    module = trace(core, stack_size=0x600)
    (worker,) = ops_of(module, WorkerOp)
    assert worker.while_true is not None and worker.stack_size.data == 1536
    acq = ops_of(module, AcquireOp)
    assert [(a.fifo_name, a.port.data) for a in acq] == [("in", "consume"), ("out", "produce")]
    assert [r.fifo_name for r in ops_of(module, ReleaseOp)] == ["out", "in"]


def test_two_dimensional_indexing_and_int_arithmetic():
    def core(of_in, of_out):
        x = of_in.acquire(1)
        y = of_out.acquire(1)
        for i in range_(4):
            for j in range_(4):
                y[i, j] = (x[i, j] * 3 + 1 - x[j, i]) // 2 % 7
        of_in.release(1)
        of_out.release(1)

    module = trace(core, obj_type=np.ndarray[(4, 4), np.dtype[np.int32]])
    names = [op.name for op in module.module.walk() if op.name.startswith("arith.") and op.name != "arith.constant"]
    assert names == ["arith.muli", "arith.addi", "arith.subi", "arith.floordivsi", "arith.remsi"]
    (load, _) = ops_of(module, memref.LoadOp)
    assert len(load.indices) == 2


def test_float_and_bf16_arithmetic_and_comparisons():
    def core(of_in, of_out):
        x = of_in.acquire(1)
        y = of_out.acquire(1)
        y[0] = select(x[0] > 0.5, x[1] * 2.0 - x[2] / x[3], x[4] + 1)
        of_in.release(1)
        of_out.release(1)

    module = trace(core, obj_type=np.ndarray[(8,), np.dtype[bfloat16]])
    names = [op.name for op in module.module.walk() if op.name.startswith("arith.") and op.name != "arith.constant"]
    assert names == ["arith.cmpf", "arith.mulf", "arith.divf", "arith.subf", "arith.addf", "arith.select"]
    (cmp,) = ops_of(module, arith.CmpfOp)
    assert cmp.predicate.value.data == 2  # ogt
    consts = [c for c in ops_of(module, arith.ConstantOp)]
    assert any(str(c.value.type) == "bf16" for c in consts)


def test_integer_comparisons_use_signed_predicates():
    def core(of_in, of_out):
        x = of_in.acquire(1)
        y = of_out.acquire(1)
        y[0] = select(x[0] < x[1], x[0], x[1])
        y[1] = maxsi(x[2], 5)
        of_in.release(1)
        of_out.release(1)

    module = trace(core)
    (cmp,) = ops_of(module, arith.CmpiOp)
    assert cmp.predicate.value.data == 2  # slt
    assert len(ops_of(module, arith.MaxSIOp)) == 1


def test_python_if_on_a_traced_value_is_an_error_at_the_users_line():
    lines = {}

    def core(of_in, of_out):
        x = of_in.acquire(1)
        lines["if"] = here(1)
        if x[0] > 1:
            pass

    with pytest.raises(TraceError) as err:
        trace(core)
    assert err.value.location == lines["if"] and "no Python truth value" in str(err.value)


def test_mixing_element_types_is_an_error():
    def core(of_in, of_out):
        x = of_in.acquire(1)
        y = of_out.acquire(1)
        y[0] = x[0] + constant(1, np.int16)

    with pytest.raises(TraceError, match="a i16 value is used where a i32 value is expected"):
        trace(core)


def test_index_out_of_bounds_is_an_error():
    def core(of_in, of_out):
        of_in.acquire(1)[16]

    with pytest.raises(TraceError, match="index 16 is outside a dimension of size 16"):
        trace(core)


def test_kernel_call_scalar_becomes_constant_of_declared_type():
    t = np.ndarray[(16,), np.dtype[np.int32]]
    k = Kernel("scale", "scale.o", [t, t, np.int16])

    def core(of_in, of_out, k):
        k(of_in.acquire(1), of_out.acquire(1), 7)

    module = trace(core, extra_args=[k])
    (decl,) = [f for f in ops_of(module, func.FuncOp)]
    assert decl.sym_visibility.data == "private" and decl.attributes["link_with"].data == "scale.o"
    (call,) = ops_of(module, func.CallOp)
    const = call.arguments[2].owner
    assert const.value == IntegerAttr(7, 16)


def test_kernel_call_with_wrong_arity_or_type():
    t = np.ndarray[(16,), np.dtype[np.int32]]
    k = Kernel("k", "k.o", [t, np.int32])

    def too_few(of_in, of_out, k):
        k(of_in.acquire(1))

    with pytest.raises(TraceError, match="kernel 'k' takes 2 arguments"):
        trace(too_few, extra_args=[k])

    def wrong_type(of_in, of_out, k):
        x = of_in.acquire(1)
        k(x, x[0] * 1 == 1)

    with pytest.raises(TraceError, match="kernel 'k' argument 1 has type i1 but the kernel declares i32"):
        trace(wrong_type, extra_args=[k])


def test_loop_index_passed_to_an_integer_kernel_argument_is_cast():
    t = np.ndarray[(16,), np.dtype[np.int32]]
    k = Kernel("k", "k.o", [t, np.int32])

    def core(of_in, of_out, k):
        x = of_in.acquire(1)
        for i in range_(3):
            k(x, i)

    module = trace(core, extra_args=[k])
    (cast,) = ops_of(module, arith.IndexCastOp)
    assert isinstance(cast.input.type, IndexType)


def test_external_function_keeps_its_sources_as_data():
    t = np.ndarray[(16,), np.dtype[np.int32]]
    k = ExternalFunction("add_one", source_string="void add_one(int*a){}", arg_types=[t],
                         include_dirs=["/inc"], compile_flags=["-O2"])
    assert k.bin_name == "add_one.o"

    def core(of_in, of_out, k):
        k(of_in.acquire(1))

    module = trace(core, extra_args=[k])
    (decl,) = ops_of(module, func.FuncOp)
    assert decl.attributes["iron.source_string"].data == "void add_one(int*a){}"
    assert [s.data for s in decl.attributes["iron.include_dirs"].data] == ["/inc"]
    assert [s.data for s in decl.attributes["iron.compile_flags"].data] == ["-O2"]


def test_external_function_needs_exactly_one_source():
    with pytest.raises(TypeError, match="exactly one of source_file or source_string"):
        ExternalFunction("f", arg_types=[])


def test_python_kernel_is_traced_into_a_func_with_a_body():
    t = np.ndarray[(16,), np.dtype[np.int32]]

    @iron_func
    def copy(a: t, b: t, n: np.int32):
        for i in range_(n):
            b[i] = a[i]

    @iron_func
    def ext(a: t):
        pass

    def core(of_in, of_out, copy, ext):
        x, y = of_in.acquire(1), of_out.acquire(1)
        copy(x, y, 16)
        ext(x)

    module = trace(core, extra_args=[copy, ext])
    copy_op, ext_op = ops_of(module, func.FuncOp)
    assert copy_op.sym_name.data == "copy" and copy_op.sym_visibility is None
    assert isinstance(copy_op.body.block.last_op, func.ReturnOp)
    assert len(ops_of(module, arith.IndexCastOp)) == 1
    assert ext_op.sym_visibility.data == "private" and not ext_op.body.blocks


def test_func_needs_annotations():
    with pytest.raises(TypeError, match="parameters \\['a'\\] need type annotations"):
        @iron_func
        def f(a):
            pass


def test_rtp_buffer_read_and_local_buffer():
    rtp = Buffer(np.ndarray[(4,), np.dtype[np.int32]], name="rtp", use_write_rtp=True)

    def core(of_in, of_out, rtp):
        acc = LocalBuffer(np.ndarray[(1,), np.dtype[np.int32]], initial_value=np.array([5]))
        y = of_out.acquire(1)
        acc[0] = rtp[1]
        y[0] = acc[0]

    module = trace(core, extra_args=[rtp])
    rtp_op, local = ops_of(module, BufferOp)
    assert rtp_op.sym_name.data == "rtp" and rtp_op.use_write_rtp is not None
    assert local.sym_name.data == "worker_0_buf_0" and local.owner.root_reference.data == "worker_0"
    assert list(local.initial_value.get_values()) == [5]
    loads = ops_of(module, memref.LoadOp)
    assert loads[0].memref is rtp_op.buffer


def test_local_buffer_outside_a_worker_is_an_error():
    with pytest.raises(WorkerError, match="LocalBuffer can only be created inside a Worker's core function"):
        LocalBuffer(np.ndarray[(4,), np.dtype[np.int32]])


def test_worker_without_core_fn_and_explicit_tile():
    of = ObjectFifo(np.ndarray[(16,), np.dtype[np.int32]], name="f")
    w = Worker(None, [of.cons()], placement=Tile(0, 3), while_true=False)
    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.start(w)
        rt.fill(of.prod(), a)
    (worker,) = ops_of(Program(NPU1Col1(), rt).resolve_iron(), WorkerOp)
    assert worker.tile.col_row == (0, 3) and worker.while_true is None
    assert not list(worker.body.block.ops)


def test_worker_on_a_tile_that_is_not_a_compute_tile():
    of = ObjectFifo(np.ndarray[(16,), np.dtype[np.int32]], name="f")
    w = Worker(None, [of.cons()], placement=Tile(0, 1))
    location = here(-1)
    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.start(w)
        rt.fill(of.prod(), a)
    with pytest.raises(Exception) as err:
        Program(NPU1Col1(), rt).resolve_iron()
    assert err.value.location == location
    assert "placed on Tile(0, 1), a mem tile, but needs a compute tile" in str(err.value)


def test_a_buffer_shared_by_two_workers_is_an_error():
    buf = Buffer(np.ndarray[(4,), np.dtype[np.int32]], name="shared_buf")
    of = ObjectFifo(np.ndarray[(16,), np.dtype[np.int32]], name="f", depth=1)

    def reader(h, buf):
        h.acquire(1)[0] = buf[0]

    def writer(h, buf):
        buf[0] = h.acquire(1)[0]

    w1, w2 = Worker(reader, [of.prod(), buf]), Worker(writer, [of.cons(), buf])
    rt = Runtime()
    with rt.sequence(VEC):
        rt.start(w1, w2)
    with pytest.raises(Exception) as err:
        Program(NPU1Col1(), rt).resolve_iron()
    assert "buffer 'shared_buf' is used by worker 'worker_0'" in str(err.value)
    assert "and by worker 'worker_1'" in str(err.value)


def test_kernel_arg_types_must_be_numpy_types():
    with pytest.raises(TypeError, match="kernel 'k': arg_types\\[1\\]"):
        Kernel("k", "k.o", [np.ndarray[(4,), np.dtype[np.int32]], dict])


def test_worker_tile_keyword_is_placement():
    of = ObjectFifo(np.ndarray[(16,), np.dtype[np.int32]], name="f")
    w = Worker(None, [of.cons()], tile=Tile(0, 4))
    assert w.tile == Tile(0, 4)


def test_break_out_of_a_traced_loop_keeps_the_loop_well_formed():
    def core(of_in, of_out):
        x = of_in.acquire(1)
        for i in range_(8):
            x[i] = 0
            break
        of_in.release(1)

    module = trace(core)
    (loop,) = ops_of(module, scf.ForOp)
    assert [op.name for op in loop.body.block.ops] == ["arith.constant", "memref.store", "scf.yield"]
    assert isinstance(ops_of(module, ReleaseOp)[0].parent_op(), WorkerOp)


def test_buffer_address_bank_and_allocation_scheme_are_kept():
    buf = Buffer(np.ndarray[(4,), np.dtype[np.int32]], name="b", address=0x400, mem_bank=1)

    def core(of_in, of_out, buf):
        of_out.acquire(1)[0] = buf[0]

    module = trace(core, extra_args=[buf], allocation_scheme="bank-aware")
    (op,) = ops_of(module, BufferOp)
    assert op.attributes["address"].value.data == 1024 and op.attributes["mem_bank"].value.data == 1
    (worker,) = ops_of(module, WorkerOp)
    assert worker.attributes["allocation_scheme"].data == "bank-aware"
    text = str(module)
    assert "{address = 1024 : i32, mem_bank = 1 : i32}" in text
    assert 'attributes {allocation_scheme = "bank-aware"}' in text
