"""Misuse of the placed API: one clear error at the design's line; verify() as MLIR's does."""

import numpy as np
import pytest

from iron_ir.errors import DeviceError, FifoError, IronError, IronTypeError
from iron_ir.placed import VerificationError, mlir_mod_ctx
from iron_ir.placed.aie import (
    AIEDevice,
    LockAction,
    ObjectFifoPort,
    core,
    device,
    external_func,
    lock,
    object_fifo,
    object_fifo_link,
    tile,
    use_lock,
)
from placed_helpers import build, here, module_of

TILE = np.ndarray[(16,), np.dtype[np.int32]]


def test_builders_outside_a_module_say_where_they_belong():
    with pytest.raises(IronError) as info:
        tile(0, 0)
    assert "with mlir_mod_ctx() as ctx:" in info.value.message
    assert info.value.location == here(-2)


def test_wrong_argument_kinds_name_the_argument_and_the_line():
    lines = {}

    def body():
        s = tile(0, 0)
        lines["fifo"] = here(1)
        object_fifo("in", s, "not a tile", 2, TILE)

    with pytest.raises(IronTypeError) as info:
        build(body)
    assert "object_fifo 'in' consumerTiles" in info.value.message
    assert info.value.location == lines["fifo"]

    def bad_type():
        object_fifo("in", tile(0, 0), tile(0, 2), 2, [16])

    with pytest.raises(IronTypeError, match="datatype"):
        build(bad_type)

    def bad_depth():
        object_fifo("in", tile(0, 0), tile(0, 2), "2", TILE)

    with pytest.raises(IronTypeError, match="depth must be an integer or a list"):
        build(bad_depth)

    def bad_port():
        c = tile(0, 2)
        of = object_fifo("in", tile(0, 0), c, 2, TILE)
        core(c)(lambda: of.acquire("Consume", 1))

    with pytest.raises(IronTypeError, match="ObjectFifoPort.Produce or ObjectFifoPort.Consume"):
        build(bad_port)

    def bad_count():
        c = tile(0, 2)
        of = object_fifo("in", tile(0, 0), c, 2, TILE)
        core(c)(lambda: of.release(ObjectFifoPort.Consume, 0))

    with pytest.raises(FifoError, match="positive integer"):
        build(bad_count)

    def bad_action():
        c = tile(0, 2)
        lk = lock(c)
        core(c)(lambda: use_lock(lk, "grab"))

    with pytest.raises(IronTypeError, match="LockAction"):
        build(bad_action)

    def bad_lock():
        c = tile(0, 2)
        core(c)(lambda: use_lock(c, LockAction.Release))

    with pytest.raises(IronTypeError, match="expected a lock"):
        build(bad_lock)

    def bad_link():
        object_fifo_link(3, "x")

    with pytest.raises(IronTypeError, match="object_fifo or its name"):
        build(bad_link)

    def bad_kernel():
        external_func("k", inputs=["i32"])

    with pytest.raises(IronTypeError, match="external_func 'k' inputs\\[0\\]"):
        build(bad_kernel)


def test_unknown_device():
    with mlir_mod_ctx():
        with pytest.raises(DeviceError, match="unknown device 'npu9'"):
            device("npu9")


def test_verify_returns_true_or_raises_at_the_op_line():
    assert module_of(lambda: tile(0, 2)).operation.verify() is True
    lines = {}

    def body():
        lines["tile"] = here(1)
        tile(7, 2)

    module = module_of(body, AIEDevice.npu1_1col)
    with pytest.raises(VerificationError) as info:
        module.operation.verify()
    assert info.value.location == lines["tile"]
    assert "'aie.tile' op column index (7) must be less than the number of columns" in info.value.message


def test_a_kernel_call_with_the_wrong_buffer_type_is_reported_at_the_call():
    lines = {}

    def body():
        k = external_func("k", inputs=[TILE])
        c = tile(0, 2)
        of = object_fifo("in", tile(0, 0), c, 2, np.ndarray[(8,), np.dtype[np.int32]])

        def core_body():
            x = of.acquire(ObjectFifoPort.Consume, 1)
            lines["call"] = here(1)
            k(x)

        core(c)(core_body)

    with pytest.raises(IronError) as info:
        build(body)
    assert "kernel 'k' argument 0 has type memref<8xi32>" in info.value.message
    assert info.value.location == lines["call"]
