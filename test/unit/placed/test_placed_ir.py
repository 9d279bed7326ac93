"""aie.ir (MLIR's Python ir module, the part placed designs use): Context/Location,
Module.create/parse, InsertionPoint, the type classes; a design of that shape simulates."""

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import builtin

from iron_ir.cli.iron import main
from iron_ir.errors import IronTypeError
from iron_ir.placed import ir
from iron_ir.placed.aie import AIEDevice, device, tile
from placed_helpers import here, run_design

DESIGN = Path(__file__).parent / "designs" / "add_rows_ir_placed.py"


def test_types_are_the_ones_the_builders_take():
    assert ir.IntegerType.get_signless(32) == builtin.i32
    assert ir.IntegerType.get_unsigned(8) == builtin.IntegerType(8, builtin.Signedness.UNSIGNED)
    assert ir.IntegerType.get_signed(16) == builtin.IntegerType(16, builtin.Signedness.SIGNED)
    assert ir.MemRefType.get((3, 4), ir.BF16Type.get()) == builtin.MemRefType(builtin.bf16, [3, 4])
    assert ir.IndexType.get() == builtin.IndexType() and ir.F32Type.get() == builtin.f32
    assert ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 7) == builtin.IntegerAttr(7, 32)
    assert ir.TypeAttr.get(builtin.i8) == builtin.i8
    with pytest.raises(IronTypeError, match="positive integer"):
        ir.IntegerType.get_signless(0)
    with pytest.raises(IronTypeError, match="element type"):
        ir.MemRefType.get((4,), "i32")


def test_module_create_and_insertion_points_build_where_mlir_would():
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @device(AIEDevice.npu1_1col)
            def body():
                tile(0, 2)
        dev = module.body.first_op
        with ir.InsertionPoint.at_block_begin(dev.regions[0].blocks[0]):
            tile(0, 0)
        with ir.InsertionPoint(dev.regions[0].blocks[0]):
            tile(0, 1)
    text = str(module)
    assert module.operation.verify() is True
    lines = [l.strip() for l in text.splitlines() if "aie.tile" in l]
    assert lines == [
        "%shim_noc_tile_0_0 = aie.tile(0, 0)", "%tile_0_2 = aie.tile(0, 2)", "%mem_tile_0_1 = aie.tile(0, 1)"
    ]
    assert text.splitlines()[-2].strip() == "}" and "aie.end" not in text.split("aie.tile(0, 1)")[1].split("}")[0]


def test_a_parsed_module_takes_more_ops():
    module = ir.Module.parse("module {\n  aie.device(npu1_1col) {\n    %t = aie.tile(0, 2)\n  }\n}\n")
    with ir.InsertionPoint(module.body.first_op.regions[0].blocks[0]):
        tile(0, 3)
    assert "aie.tile(0, 3)" in str(module)


def test_insertion_point_of_a_non_block_names_the_line():
    line = here(2)
    with pytest.raises(IronTypeError, match="expected a block") as info:
        ir.InsertionPoint("module body")
    assert info.value.location == line


def test_the_ir_shaped_design_simulates_to_numpy(tmp_path, capsys):
    printed = run_design(DESIGN)
    assert printed.returncode == 0, printed.stderr
    x = np.arange(48, dtype=np.int16) * 3
    np.savez(tmp_path / "in.npz", arg0=x)
    code = main(["run", str(DESIGN), "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz")])
    assert code == 0, capsys.readouterr()
    expected = x.reshape(6, 8) + np.arange(6, dtype=np.int16)[:, None]
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["arg1"].reshape(6, 8), expected)
