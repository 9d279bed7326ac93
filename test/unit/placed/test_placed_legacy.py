"""The 2023-2024 spellings of placed designs (objectfifo by name, acquire/objectfifo_release,
call, FuncOp.from_py_func, ipu_* ops, AIEDevice.ipu): today's text, and a design of that shape
simulates to its numpy reference."""

from pathlib import Path

import numpy as np
import pytest

from iron_ir.cli.iron import main
from iron_ir.errors import FifoError, IronTypeError
from iron_ir.placed import types as T
from iron_ir.placed.aie import (
    AIEDevice,
    Buffer,
    ObjectFifoPort,
    acquire,
    call,
    core,
    external_func,
    objectfifo,
    objectfifo_release,
    tile,
)
from iron_ir.placed.aie import ObjectFifoType
from iron_ir.placed.func import FuncOp
from iron_ir.placed.ir import TypeAttr
from iron_ir.tracing import arith
from iron_ir.tracing.engine import range_
from iron_ir.placed.memref import load, store
from placed_helpers import build, here, run_design

DESIGN = Path(__file__).parent / "designs" / "offset_2024_placed.py"


def test_named_fifo_ops_and_call_print_todays_text():
    def body():
        shim, work = tile(0, 0), tile(0, 2)
        objectfifo("a", shim, [work], 2, TypeAttr.get(ObjectFifoType.get(T.memref(16, T.i32()))), [], [])
        objectfifo("b", work, [shim], [2, 2], T.memref(16, T.i32()), [(4, 1)], [])
        kernel = external_func("twice", inputs=[T.memref(16, T.i32()), T.memref(16, T.i32()), T.i32()])

        @core(work, "twice.o")
        def core_body():
            x = acquire(ObjectFifoPort.Consume, "a", 2, T.memref(16, T.i32())).acquired_elem()
            y = acquire(ObjectFifoPort.Produce, "b", 1, T.memref(16, T.i32())).acquiredElem()
            call(kernel, [x[0], y, 16])
            store(load(x[1], [3]), y, [0])
            for i in range_(4):
                store(arith.AddIOp(arith.IndexCastOp(T.i32(), i), arith.ConstantOp(T.i32(), 7)), y, [i])
            objectfifo_release(ObjectFifoPort.Consume, "a", 2)
            objectfifo_release(ObjectFifoPort.Produce, "b", 1)

    text = build(body, AIEDevice.ipu)
    assert "aie.device(npu1) {" in text
    assert "aie.objectfifo @b(%tile_0_2 dimensionsToStream [<size = 4, stride = 1>], {%shim_noc_tile_0_0}, [2 : i32, 2 : i32])" in text
    assert "aie.objectfifo.acquire @a(Consume, 2)" in text and "aie.objectfifo.subview.access %0[1]" in text
    assert "func.call @twice(%1, %4, %c16_i32) : (memref<16xi32>, memref<16xi32>, i32) -> ()" in text
    assert "memref.load %2[%c3]" in text and "memref.store" in text
    assert "aie.objectfifo.release @a(Consume, 2)" in text
    assert "arith.index_cast %arg0 : index to i32" in text and "arith.constant 7 : i32" in text


def test_the_2024_design_simulates_to_numpy(tmp_path, capsys):
    printed = run_design(DESIGN)
    assert printed.returncode == 0, printed.stderr
    assert "aie.runtime_sequence(%arg0: memref<32xi32>, %arg1: memref<32xi32>)" in printed.stdout
    assert "aiex.npu.rtp_write(@rtp, 0, 3)" in printed.stdout
    x = np.arange(32, dtype=np.int32) - 9
    np.savez(tmp_path / "in.npz", arg0=x)
    code = main(["run", str(DESIGN), "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz")])
    assert code == 0, capsys.readouterr()
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["arg1"], 3 * x + 5)


def test_misuse_names_the_line():
    lines = {}

    def in_core():
        work = tile(0, 2)

        @core(work)
        def body():
            FuncOp.from_py_func(T.memref(4, T.i32()))(lambda a: None)

    with pytest.raises(IronTypeError, match="runtime sequence, which sits in the @device body"):
        build(in_core)
    from iron_ir.placed import mlir_mod_ctx

    with mlir_mod_ctx():
        line = here(2)
        with pytest.raises(IronTypeError, match="runtime sequence") as info:
            FuncOp.from_py_func(T.memref(4, T.i32()))
    assert info.value.location == line

    def bad_count():
        work = tile(0, 2)
        objectfifo("a", tile(0, 0), [work], 2, T.memref(4, T.i32()), [], [])

        @core(work)
        def body():
            lines["acquire"] = here(1)
            acquire(ObjectFifoPort.Consume, "a", 0, T.memref(4, T.i32()))

    with pytest.raises(FifoError, match="positive integer") as info:
        build(bad_count)
    assert info.value.location == lines["acquire"]

    def bad_buffer():
        work = tile(0, 2)
        lines["buffer"] = here(1)
        Buffer(work, [16], "int32", "rtp")

    with pytest.raises(IronTypeError, match="element type is an MLIR type") as info:
        build(bad_buffer)
    assert info.value.location == lines["buffer"]

    def bad_call():
        work = tile(0, 2)

        @core(work)
        def body():
            lines["call"] = here(1)
            call("twice", [1])

    with pytest.raises(IronTypeError, match="declared with external_func") as info:
        build(bad_call)
    assert info.value.location == lines["call"]
