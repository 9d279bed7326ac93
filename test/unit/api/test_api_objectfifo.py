"""ObjectFifo, its handles and the links split/join/forward create."""

import numpy as np
import pytest
from api_helpers import TILE, VEC, here, ops_of

from iron_ir import FifoError, IronTypeError, ObjectFifo, Program, Runtime, Worker
from iron_ir.device import AnyMemTile, NPU1Col1, Tile
from iron_ir.dialects.iron import FifoOp, LinkOp


def test_defaults_and_generated_names():
    a, b = ObjectFifo(TILE), ObjectFifo(TILE)
    assert a.name.startswith("of") and b.name.startswith("of") and a.name != b.name
    assert a.depth == 2 and a.shape == (16,) and a.dtype == np.int32
    assert a.dims_to_stream == [] and a.dims_from_stream_per_cons == []


def test_prod_is_memoised_and_cons_is_new_per_call():
    of = ObjectFifo(TILE, name="f")
    assert of.prod() is of.prod()
    c1, c2 = of.cons(), of.cons(depth=4, dims_from_stream=[(4, 4), (4, 1)])
    assert c1 is not c2
    assert (c1.depth, c2.depth) == (2, 4)
    assert c2.dims_from_stream == [(4, 4), (4, 1)]
    assert c1.handle_type == "cons" and of.prod().handle_type == "prod"


def test_consumer_inherits_default_dims_from_stream():
    of = ObjectFifo(TILE, name="f", dims_from_stream_per_cons=[(2, 8), (8, 1)])
    assert of.cons().dims_from_stream == [(2, 8), (8, 1)]


def test_producer_has_no_dims_from_stream():
    with pytest.raises(FifoError, match="producer handle has no dims_from_stream"):
        ObjectFifo(TILE, name="f").prod().dims_from_stream


def test_deprecated_keywords_warn_and_apply():
    with pytest.warns(DeprecationWarning, match="default_depth"):
        of = ObjectFifo(TILE, name="f", default_depth=3)
    assert of.depth == 3
    with pytest.warns(DeprecationWarning, match="default_dims_from_stream_per_cons"):
        of = ObjectFifo(TILE, name="g", default_dims_from_stream_per_cons=[(4, 1)])
    assert of.cons().dims_from_stream == [(4, 1)]


def test_obj_type_must_be_an_ndarray_type():
    with pytest.raises(IronTypeError) as err:
        ObjectFifo(int, name="bad")
    assert err.value.location == here(-1)
    assert "ObjectFifo 'bad'" in str(err.value) and "not a numpy ndarray type" in str(err.value)


def test_depth_must_be_positive():
    with pytest.raises(FifoError, match="ObjectFifo 'f': depth must be an int >= 1, got 0"):
        ObjectFifo(TILE, name="f", depth=0)


def test_depth_none_needs_handle_depth():
    of = ObjectFifo(TILE, name="f", depth=None)
    with pytest.raises(FifoError, match="needs a depth"):
        of.cons()
    assert of.cons(depth=3).depth == 3


def test_split_names_offsets_and_link():
    of = ObjectFifo(VEC, name="big")
    subs = of.cons().split([0, 16, 32, 48], obj_types=[TILE] * 4)
    assert [s.name for s in subs] == ["big_split0", "big_split1", "big_split2", "big_split3"]
    link = subs[0].prod().endpoint
    assert link.kind == "split" and link.tile is AnyMemTile
    assert link.dst_offsets == [0, 16, 32, 48] and link.src_offsets == []


def test_join_and_forward_default_names():
    joined = ObjectFifo(VEC, name="out").prod().join([0, 32], obj_types=[np.ndarray[(32,), np.dtype[np.int32]]] * 2)
    assert [j.name for j in joined] == ["out_join0", "out_join1"]
    assert joined[0].consumer_handles[0].endpoint.kind == "join"
    fwd = ObjectFifo(TILE, name="in").cons().forward(placement=Tile(0, 1))
    assert fwd.name == "in_fwd" and fwd.producer_handle.endpoint.tile == Tile(0, 1)


def test_split_on_producer_and_join_on_consumer_are_errors():
    of = ObjectFifo(VEC, name="f")
    with pytest.raises(FifoError, match="split\\(\\) is for consumer handles"):
        of.prod().split([0])
    with pytest.raises(FifoError, match="join\\(\\) is for producer handles"):
        of.cons().join([0])
    with pytest.raises(FifoError, match="2 names given for 1 offsets"):
        of.cons().split([0], names=["a", "b"])


def test_passing_the_fifo_itself_to_a_worker_is_an_error():
    of = ObjectFifo(TILE, name="f")
    # mlir-aie raises ValueError here
    with pytest.raises(ValueError, match="ObjectFifo 'f' itself; pass a handle"):
        Worker(lambda h: None, [of])


def test_second_producer_names_fifo_and_both_places():
    of = ObjectFifo(TILE, name="shared")
    prod = of.prod()
    Worker(lambda h: None, [prod])
    first = here(-1)
    with pytest.raises(FifoError) as err:
        Worker(lambda h: None, [prod])
    msg = str(err.value)
    assert err.value.location == here(-2)
    assert "ObjectFifo 'shared'" in msg and "producer handle is already used by worker" in msg
    assert first in msg and "exactly one producer" in msg


def test_acquire_outside_a_worker_is_an_error():
    with pytest.raises(FifoError, match="only possible inside a Worker's core function"):
        ObjectFifo(TILE, name="f").cons().acquire(1)


def _single_worker_program(core_fn, depth=2):
    of_in = ObjectFifo(TILE, name="in", depth=depth)
    of_out = ObjectFifo(TILE, name="out")
    w = Worker(core_fn, [of_in.cons(), of_out.prod()])
    rt = Runtime()
    with rt.sequence(VEC, VEC) as (a, b):
        rt.start(w)
        rt.fill(of_in.prod(), a)
        rt.drain(of_out.cons(), b, wait=True)
    return Program(NPU1Col1(), rt), of_in, of_out


def test_acquire_more_than_depth_names_worker_fifo_and_line():
    lines = {}

    def core(of_in, of_out):
        lines["acq"] = here(1)
        of_in.acquire(3)

    prog, _, _ = _single_worker_program(core)
    with pytest.raises(FifoError) as err:
        prog.resolve_iron()
    assert err.value.location == lines["acq"]
    assert "worker 'worker_0': acquire(3) on ObjectFifo 'in' exceeds the depth 2" in str(err.value)


def test_acquire_on_a_producer_handle_inside_a_consumer_worker():
    of = ObjectFifo(TILE, name="loop")
    lines = {}

    def consumer(of_cons):
        lines["acq"] = here(1)
        of.prod().acquire(1)

    def producer(of_prod):
        of_prod.acquire(1)

    w_prod = Worker(producer, [of.prod()])
    w_cons = Worker(consumer, [of.cons()])
    rt = Runtime()
    with rt.sequence(VEC):
        rt.start(w_prod, w_cons)
    with pytest.raises(FifoError) as err:
        Program(NPU1Col1(), rt).resolve_iron()
    assert err.value.location == lines["acq"]
    msg = str(err.value)
    assert "worker 'worker_1' calls acquire() on the prod handle of ObjectFifo 'loop'" in msg
    assert "belongs to worker 'worker_0'" in msg


def test_acquire_returns_one_buffer_or_a_list():
    got = {}

    def core(of_in, of_out):
        got["one"] = of_in.acquire(1)
        got["two"] = of_in.acquire(2)
        of_in.release(2)

    prog, _, _ = _single_worker_program(core, depth=2)
    prog.resolve_iron()
    assert not isinstance(got["one"], list) and len(got["two"]) == 2


def test_fifo_ops_carry_endpoints_depths_and_dims():
    of_in = ObjectFifo(TILE, name="in", dims_to_stream=[(4, 4), (4, 1)])
    c1, c2 = of_in.cons(depth=3), of_in.cons(dims_from_stream=[(2, 8), (8, 1)])

    def core(h):
        h.acquire(1)
        h.release(1)

    w1, w2 = Worker(core, [c1]), Worker(core, [c2])
    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.start(w1, w2)
        rt.fill(of_in.prod(), a, placement=Tile(0, 0))
    module = Program(NPU1Col1(), rt).resolve_iron()
    (fifo,) = ops_of(module, FifoOp)
    assert fifo.producer.text() == (
        "runtime @sequence depth 2 dims [<size = 4, stride = 4>, <size = 4, stride = 1>] "
        "on #iron.tile<0, 0>"
    )
    assert [c.text() for c in fifo.consumers] == [
        "worker @worker_0 depth 3",
        "worker @worker_1 depth 2 dims [<size = 2, stride = 8>, <size = 8, stride = 1>]",
    ]


def test_link_op_from_split():
    big = ObjectFifo(VEC, name="big")
    subs = big.cons().split([0, 16, 32, 48], obj_types=[TILE] * 4, placement=Tile(0, 1))
    outs = [s.cons() for s in subs]
    rt = Runtime()
    with rt.sequence(VEC, *[TILE] * 4) as (a, *bs):
        rt.fill(big.prod(), a)
        for h, b in zip(outs, bs):
            rt.drain(h, b, wait=True)
    module = Program(NPU1Col1(), rt).resolve_iron()
    (link,) = ops_of(module, LinkOp)
    assert link.sym_name.data == "big_split" and link.mode == "split"
    assert link.src_names == ["big"] and link.dst_names == [f"big_split{i}" for i in range(4)]
    assert [o.data for o in link.dst_offsets.data] == [0, 16, 32, 48]
    assert link.tile.col_row == (0, 1)


def test_unused_consumer_handle_is_reported():
    of = ObjectFifo(TILE, name="dangling")
    of.cons()
    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.fill(of.prod(), a)
    with pytest.raises(FifoError, match="ObjectFifo 'dangling': its consumer handle .* is not used"):
        Program(NPU1Col1(), rt).resolve_iron()


def test_worker_endpoint_must_be_started():
    of = ObjectFifo(TILE, name="f")
    Worker(lambda h: None, [of.cons()])
    rt = Runtime()
    with rt.sequence(VEC) as a:
        rt.fill(of.prod(), a)
    with pytest.raises(FifoError, match="never started; call rt.start"):
        Program(NPU1Col1(), rt).resolve_iron()
