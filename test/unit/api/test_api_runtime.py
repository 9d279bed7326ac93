"""Runtime: sequence, start, fill/drain with taps, task groups, inline ops, barriers."""

import numpy as np
import pytest
from api_helpers import TILE, VEC, here, ops_of

from iron_ir import (
    GlobalBuffer,
    IronError,
    IronTypeError,
    ObjectFifo,
    Program,
    Runtime,
    RuntimeSequenceError,
    TraceError,
    Worker,
    WorkerRuntimeBarrier,
)
from iron_ir.device import NPU1Col1, Tile
from iron_ir.errors import IronWarning
from iron_ir.dialects.iron import (
    BarrierOp,
    DrainOp,
    FillOp,
    FinishTaskGroupOp,
    RtpWriteOp,
    RuntimeSequenceOp,
    SetBarrierOp,
    StartOp,
    TaskGroupOp,
)
from iron_ir.taplib import TensorAccessPattern, TensorTiler2D


def passthrough(**fill_kw):
    of_in = ObjectFifo(TILE, name="in")
    of_out = of_in.cons().forward()
    return of_in, of_out


def test_sequence_arguments_and_default_taps():
    of_in, of_out = passthrough()
    rt = Runtime()
    with rt.sequence(VEC, np.ndarray[(8, 8), np.dtype[np.int32]]) as (a, b):
        rt.fill(of_in.prod(), a)
        rt.drain(of_out.cons(), b, wait=True)
    module = Program(NPU1Col1(), rt).resolve_iron()
    (seq,) = ops_of(module, RuntimeSequenceOp)
    assert [str(arg.type) for arg in seq.body.block.args] == ["memref<64xi32>", "memref<8x8xi32>"]
    (fill,), (drain,) = ops_of(module, FillOp), ops_of(module, DrainOp)
    assert (fill.offset.data, fill.size_list, fill.stride_list) == (0, [1, 1, 1, 64], [0, 0, 0, 1])
    assert (drain.size_list, drain.stride_list) == ([1, 1, 8, 8], [0, 0, 8, 1])
    assert fill.wait is None and drain.wait is not None
    assert fill.host is seq.body.block.args[0]


def test_single_type_sequence_yields_one_value():
    rt = Runtime()
    with rt.sequence(VEC) as a:
        assert a.shape == (64,) and a.dtype == np.int32


def test_tap_from_taplib_is_used():
    of_in, of_out = passthrough()
    tiles = TensorTiler2D.simple_tiler((8, 8), (4, 4))
    rt = Runtime()
    with rt.sequence(np.ndarray[(8, 8), np.dtype[np.int32]]) as a:
        for tap in tiles:
            rt.fill(of_in.prod(), a, tap)
        rt.drain(of_out.cons(), a, wait=True)
    fills = ops_of(Program(NPU1Col1(), rt).resolve_iron(), FillOp)
    assert [f.offset.data for f in fills] == [0, 4, 32, 36]
    assert fills[0].size_list == [1, 1, 4, 4] and fills[0].stride_list == [0, 0, 8, 1]


def test_tap_reaching_past_the_sequence_type_warns_once_at_its_line():
    # mlir-aie emits such a tap (the host allocates the larger buffer): a warning, not an error.
    of_in, of_out = passthrough()
    rt = Runtime()
    with rt.sequence(np.ndarray[(32,), np.dtype[np.int32]], VEC) as (a, b):
        for offset in (16, 32):
            tap = TensorAccessPattern((2, 32), offset, [1, 1, 1, 16], [0, 0, 0, 1])
            rt.fill(of_in.prod(), a, tap)
        line = here(-1)
        rt.drain(of_out.cons(), b, wait=True)
    with pytest.warns(IronWarning) as record:
        module = Program(NPU1Col1(), rt).resolve_program()
    (warning,) = [w for w in record if "taps reach" in str(w.message)]
    message = str(warning.message)
    assert message.startswith(f"{line}: rt.fill() on ObjectFifo 'in'")
    assert "reach element 47" in message and "memref<32xi32> (32 elements)" in message
    assert "at least 48 elements" in message
    assert f"{warning.filename}:{warning.lineno}" == line
    assert "aie.dma_bd(%arg0 : memref<32xi32>, 32, 16" in str(module)


def test_fill_on_a_fifo_whose_producer_is_a_worker():
    of = ObjectFifo(TILE, name="made_by_worker")
    Worker(lambda h: None, [of.prod()])
    rt = Runtime()
    with rt.sequence(VEC) as a:
        with pytest.raises(RuntimeSequenceError) as err:
            rt.fill(of.prod(), a)
        assert err.value.location == here(-1)
    msg = str(err.value)
    assert "rt.fill() on ObjectFifo 'made_by_worker'" in msg and "already belongs to worker" in msg


def test_fill_needs_a_producer_handle_and_a_sequence_value():
    of = ObjectFifo(TILE, name="f")
    rt = Runtime()
    with rt.sequence(VEC) as a:
        with pytest.raises(RuntimeSequenceError, match="needs its producer handle"):
            rt.fill(of.cons(), a)
        with pytest.raises(RuntimeSequenceError, match="must be one of the values"):
            rt.fill(of.prod(), np.zeros(64))
        with pytest.raises(IronTypeError, match="takes an ObjectFifo handle"):
            rt.fill(of, a)


def test_runtime_calls_outside_the_sequence():
    rt = Runtime()
    with pytest.raises(RuntimeSequenceError, match="inside `with rt.sequence"):
        rt.start()
    with rt.sequence(VEC):
        pass
    with pytest.raises(RuntimeSequenceError, match="already used"):
        with rt.sequence(VEC):
            pass


def test_host_element_type_of_the_same_width_is_accepted_with_a_warning():
    of_in = ObjectFifo(np.ndarray[(16,), np.dtype[np.int8]], name="in")
    of_out = of_in.cons().forward()
    u8 = np.ndarray[(64,), np.dtype[np.uint8]]
    rt = Runtime()
    with rt.sequence(u8, u8) as (a, b):
        with pytest.warns(IronWarning, match="host buffer holds uint8 but the fifo holds int8") as w:
            rt.fill(of_in.prod(), a)
        assert w[0].filename == __file__ and f"{__file__}:{w[0].lineno}:" in str(w[0].message)
        rt.drain(of_out.cons(), b, wait=True)
    text = str(Program(NPU1Col1(), rt).resolve_program())
    assert "memref<64xui8>" in text and "!aie.objectfifo<memref<16xi8>>" in text


def test_host_element_type_of_another_width_needs_whole_elements():
    of = ObjectFifo(np.ndarray[(3,), np.dtype[np.int16]], name="f")
    rt = Runtime()
    with rt.sequence(np.ndarray[(64,), np.dtype[np.int32]]) as a:
        with pytest.raises(RuntimeSequenceError) as err:
            rt.fill(of.prod(), a)
        assert err.value.location == here(-1)
    assert "a fifo object is 6 bytes of int16, not a whole number of int32 elements" in str(err.value)
    ok = ObjectFifo(np.ndarray[(4,), np.dtype[np.int16]], name="g")
    with pytest.warns(IronWarning, match="holds int32 but the fifo holds int16"):
        rt2 = Runtime()
        with rt2.sequence(np.ndarray[(64,), np.dtype[np.int32]]) as a:
            rt2.fill(ok.prod(), a)


def test_task_groups_become_ops_in_order():
    of_in, of_out = passthrough()
    rt = Runtime()
    with rt.sequence(VEC, VEC) as (a, b):
        for _ in range(2):
            tg = rt.task_group()
            rt.fill(of_in.prod(), a, task_group=tg, placement=Tile(0, 0))
            rt.drain(of_out.cons(), b, task_group=tg, wait=True)
            rt.finish_task_group(tg)
    module = Program(NPU1Col1(), rt).resolve_iron()
    (seq,) = ops_of(module, RuntimeSequenceOp)
    assert [op.name for op in seq.body.block.ops] == [
        "iron.task_group", "iron.fill", "iron.drain", "iron.finish_task_group",
    ] * 2
    groups = ops_of(module, TaskGroupOp)
    fills, finishes = ops_of(module, FillOp), ops_of(module, FinishTaskGroupOp)
    assert [f.group for f in fills] == [g.group for g in groups]
    assert [f.group for f in finishes] == [g.group for g in groups]


def test_task_group_rules():
    of_in, of_out = passthrough()
    rt = Runtime()
    with pytest.raises(RuntimeSequenceError, match="never finished"):
        with rt.sequence(VEC) as a:
            rt.task_group()
    rt = Runtime()
    with rt.sequence(VEC) as a:
        tg = rt.task_group()
        rt.finish_task_group(tg)
        with pytest.raises(RuntimeSequenceError, match="already finished"):
            rt.finish_task_group(tg)


def test_strict_task_groups_raise_from_resolve_program_as_in_mlir_aie():
    of_in, of_out = passthrough()
    rt = Runtime()
    with rt.sequence(VEC, VEC) as (a, b):
        tg = rt.task_group()
        rt.fill(of_in.prod(), a, task_group=tg)
        rt.drain(of_out.cons(), b, wait=True)  # no task group: mixing is prohibited
        line = here(-1)
        rt.finish_task_group(tg)
    program = Program(NPU1Col1(), rt)
    try:
        program.resolve_program()
    except ValueError as err:  # what a design's try/except around resolve_program catches
        caught = err
    assert isinstance(caught, RuntimeSequenceError) and caught.location == line
    assert "strict_task_groups=True" in str(caught) and "rt.drain() on ObjectFifo" in str(caught)
    relaxed = Runtime(strict_task_groups=False)
    of_in, of_out = passthrough()
    with relaxed.sequence(VEC, VEC) as (a, b):
        tg = relaxed.task_group()
        relaxed.fill(of_in.prod(), a, task_group=tg)
        relaxed.drain(of_out.cons(), b, wait=True)
        relaxed.finish_task_group(tg)
    assert "aiex.dma_await_task" in str(Program(NPU1Col1(), relaxed).resolve_program())


def test_api_errors_are_the_builtin_exceptions_mlir_aie_raises():
    assert issubclass(IronError, ValueError)
    assert issubclass(IronTypeError, TypeError) and issubclass(IronTypeError, ValueError)
    rt = Runtime()
    with rt.sequence(VEC):
        with pytest.raises(ValueError, match="takes Workers"):
            rt.start("not a worker")


def test_start_records_workers_once():
    of = ObjectFifo(TILE, name="f")
    w = Worker(None, [of.cons()])
    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.start(w)
        with pytest.raises(RuntimeSequenceError, match="already started"):
            rt.start(w)
        rt.fill(of.prod(), a)
    (start,) = ops_of(Program(NPU1Col1(), rt).resolve_iron(), StartOp)
    assert start.worker_names == ["worker_0"] and rt.workers == [w]


def test_inline_ops_rtp_writes_and_barriers():
    rtp = GlobalBuffer(np.ndarray[(4,), np.dtype[np.int32]], name="rtp", use_write_rtp=True)
    barrier = WorkerRuntimeBarrier(name="go")
    of = ObjectFifo(TILE, name="f")

    def core(h, rtp, barrier):
        barrier.wait_for_value(1)
        h.acquire(1)[0] = rtp[2]

    w = Worker(core, [of.prod(), rtp, barrier])
    out = of.cons()

    def set_rtps(buf):
        buf[2] = 42

    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.inline_ops(set_rtps, [rtp])
        rt.set_barrier(barrier, 1)
        rt.start(w)
        rt.drain(out, a, wait=True)
    module = Program(NPU1Col1(), rt).resolve_iron()
    (write,) = ops_of(module, RtpWriteOp)
    assert write.buffer_name == "rtp" and write.index.data == 2
    assert write.value.owner.value.value.data == 42
    (bar,) = ops_of(module, BarrierOp)
    (setb,) = ops_of(module, SetBarrierOp)
    assert bar.sym_name.data == "go" and setb.barrier_name == "go" and setb.value.data == 1


def test_rtp_write_needs_use_write_rtp():
    buf = GlobalBuffer(np.ndarray[(4,), np.dtype[np.int32]], name="plain")
    of = ObjectFifo(TILE, name="f")

    def core(h, buf):
        h.acquire(1)[0] = buf[0]

    w = Worker(core, [of.prod(), buf])
    out = of.cons()

    def set_rtps(b):
        b[0] = 1

    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.inline_ops(set_rtps, [buf])
        rt.start(w)
        rt.drain(out, a, wait=True)
    with pytest.raises(TraceError, match="buffer 'plain' is written in the runtime sequence but was not created with use_write_rtp=True"):
        Program(NPU1Col1(), rt).resolve_iron()


def test_barrier_value_range():
    with pytest.raises(Exception, match="in \\[0, 63\\]"):
        WorkerRuntimeBarrier(initial_value=64)
    rt = Runtime()
    with rt.sequence(VEC):
        with pytest.raises(RuntimeSequenceError, match="must be an int in \\[0, 63\\]"):
            rt.set_barrier(WorkerRuntimeBarrier(), 99)
