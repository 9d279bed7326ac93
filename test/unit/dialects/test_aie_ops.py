"""Building aie IR from Python: constructors, name hints, helpers, printing and verifying."""

from pathlib import Path

import pytest
from xdsl.builder import Builder, ImplicitBuilder
from xdsl.dialects.builtin import IntegerAttr, MemRefType, ModuleOp, i8, i16, i32
from xdsl.ir import Block, Region
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import TileKind, get_device
from iron_ir.dialects.aie import (
    AIE,
    AIEDevice,
    BDDimLayoutArrayAttr,
    BufferOp,
    CoreOp,
    DeviceOp,
    DMABDOp,
    DMAChannelDir,
    EndOp,
    FlowOp,
    LockOp,
    MemOp,
    ObjectFifoAcquireOp,
    ObjectFifoCreateOp,
    ObjectFifoLinkOp,
    ObjectFifoPort,
    ObjectFifoReleaseOp,
    ObjectFifoSubviewAccessOp,
    RuntimeSequenceOp,
    ShimDMAAllocationOp,
    SwitchboxOp,
    TileOp,
    WireBundle,
    enum_keyword,
)
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

# mlir-aie's own output for three designs, kept beside the lit tests that check it.
REFERENCE = Path(__file__).resolve().parents[2] / "lit" / "reference" / "Inputs"


def _device(name: str = "npu2") -> tuple[ModuleOp, DeviceOp, Builder]:
    device = DeviceOp(name)
    module = ModuleOp([device])
    # The body ends in the implicit aie.end: new ops go before it.
    return module, device, Builder(InsertPoint.before(device.body.last_op))


def test_every_op_and_attribute_is_registered():
    names = {op.name for op in AIE.operations}
    assert len(names) == 63
    for name in ("aie.device", "aie.tile", "aie.objectfifo", "aie.dma_bd", "aie.runtime_sequence",
                 "aie.trace.reg", "aie.trace.host_config", "aie.logical_tile",
                 "aie.objectfifo.register_process"):
        assert name in names
    attrs = {a.name for a in AIE.attributes}
    assert {"aie.bd_dim_layout", "aie.bd_dim_layout_array", "aie.bd_pad_layout_array",
            "aie.packet_info", "aie.objectfifo", "aie.objectfifosubview"} <= attrs


def test_built_design_prints_like_iron():
    module, device, b = _device("npu2")
    tile = b.insert(TileOp(0, 2))
    shim = b.insert(TileOp(0, 0))
    elem = MemRefType(i8, [4096])
    b.insert(ObjectFifoCreateOp("in", shim, [tile], 2, elem))
    b.insert(ObjectFifoCreateOp("out", tile, [shim], 2, elem))
    core = b.insert(CoreOp(tile))
    with ImplicitBuilder(Builder(InsertPoint.before(core.body.block.last_op))):
        acquire = ObjectFifoAcquireOp("in", ObjectFifoPort.Consume, 1, elem)
        ObjectFifoSubviewAccessOp(acquire, 0)
        ObjectFifoReleaseOp("in", ObjectFifoPort.Consume, 1)
    sequence = b.insert(RuntimeSequenceOp([MemRefType(i8, [16384])]))
    assert sequence.sequence_name == "sequence"
    module.verify()
    assert print_module(module) == (
        "module {\n"
        "  aie.device(npu2) {\n"
        "    %tile_0_2 = aie.tile(0, 2)\n"
        "    %shim_noc_tile_0_0 = aie.tile(0, 0)\n"
        "    aie.objectfifo @in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) "
        ": !aie.objectfifo<memref<4096xi8>> \n"
        "    aie.objectfifo @out(%tile_0_2, {%shim_noc_tile_0_0}, 2 : i32) "
        ": !aie.objectfifo<memref<4096xi8>> \n"
        "    %core_0_2 = aie.core(%tile_0_2) {\n"
        "      %0 = aie.objectfifo.acquire @in(Consume, 1) : !aie.objectfifosubview<memref<4096xi8>>\n"
        "      %1 = aie.objectfifo.subview.access %0[0] : !aie.objectfifosubview<memref<4096xi8>> "
        "-> memref<4096xi8>\n"
        "      aie.objectfifo.release @in(Consume, 1)\n"
        "      aie.end\n"
        "    }\n"
        "    aie.runtime_sequence(%arg0: memref<16384xi8>) {\n"
        "    }\n"
        "  }\n"
        "}\n"
    )


def test_objectfifo_constructor_options():
    module, device, b = _device("npu1")
    mem = b.insert(TileOp(0, 1))
    t2 = b.insert(TileOp(0, 2))
    t3 = b.insert(TileOp(0, 3))
    fifo = b.insert(ObjectFifoCreateOp(
        "of", mem, [t2, t3], [2, 2, 3], MemRefType(i32, [64]),
        dims_to_stream=[(8, 8), (8, 1)],
        dims_from_stream_per_consumer=[None, [(64, 1)]],
        via_DMA=True, repeat_count=3,
    ))
    module.verify()
    assert fifo.depth(0) == 2 and fifo.depth(2) == 3
    assert fifo.fifo_name == "of"
    assert fifo.dimensionsToStream.pairs() == [(8, 8), (8, 1)]
    assert "{%tile_0_2, %tile_0_3 dimensionsFromStream [<size = 64, stride = 1>]}, " \
        "[2 : i32, 2 : i32, 3 : i32]) {repeat_count = 3 : i32, via_DMA = true}" in print_module(module)


def test_link_and_tile_helpers():
    module, device, b = _device("npu1_1col")
    shim = b.insert(TileOp(0, 0))
    mem = b.insert(TileOp(0, 1))
    core = b.insert(TileOp(0, 2))
    b.insert(ObjectFifoCreateOp("a", shim, [mem], 2, MemRefType(i32, [32])))
    b.insert(ObjectFifoCreateOp("b", mem, [core], 2, MemRefType(i32, [32])))
    link = b.insert(ObjectFifoLinkOp(["a"], ["b"], [], [0]))
    module.verify()
    assert link.in_names == ["a"] and link.out_names == ["b"]
    assert "aie.objectfifo.link [@a] -> [@b]([] [0])" in print_module(module)
    assert device.spec is get_device("npu1_1col")
    assert (shim.col_row, shim.kind) == ((0, 0), TileKind.SHIM_NOC)
    assert mem.kind is TileKind.MEM and core.kind is TileKind.COMPUTE
    assert [t.asm_result_names()[0] for t in (shim, mem, core)] == [
        "shim_noc_tile_0_0", "mem_tile_0_1", "tile_0_2"]


def test_name_hints_of_tile_elements():
    module, device, b = _device("npu1")
    tile = b.insert(TileOp(1, 2))
    assert b.insert(CoreOp(tile)).asm_result_names() == ["core_1_2"]
    assert b.insert(MemOp(tile)).asm_result_names() == ["mem_1_2"]
    assert b.insert(SwitchboxOp(tile)).asm_result_names() == ["switchbox_1_2"]
    assert b.insert(BufferOp(tile, MemRefType(i32, [4]))).asm_result_names() == ["buffer_1_2"]
    assert b.insert(BufferOp(tile, MemRefType(i32, [4]), "buf")).asm_result_names() == ["buf"]
    assert b.insert(LockOp(tile, 0)).asm_result_names() == ["lock_1_2"]
    assert b.insert(LockOp(tile, 1, sym_name="l")).asm_result_names() == ["l"]
    module.verify()


def test_versal_tile_kinds_name_hints():
    module, device, b = _device("xcvc1902")
    pl = b.insert(TileOp(0, 0))
    noc = b.insert(TileOp(2, 0))
    assert pl.asm_result_names() == ["shim_pl_tile_0_0"]
    assert noc.asm_result_names() == ["shim_noc_tile_2_0"]


def test_dma_program_built_in_python():
    module, device, b = _device("npu1")
    tile = b.insert(TileOp(0, 2))
    buf = b.insert(BufferOp(tile, MemRefType(i16, [64]), "buf"))
    body = Region([Block(), Block(), Block()])
    start, bd_block, end = body.blocks
    from iron_ir.dialects.aie import DMAStartOp, NextBDOp

    start.add_op(DMAStartOp(DMAChannelDir.MM2S, 0, bd_block, end))
    bd_block.add_ops([DMABDOp(buf, 0, 64, [(4, 16), (16, 1)], bd_id=0), NextBDOp(bd_block)])
    end.add_op(EndOp())
    b.insert(MemOp(tile, body))
    module.verify()
    text = print_module(module)
    assert "aie.dma_bd(%buf : memref<64xi16>, 0, 64, [<size = 4, stride = 16>, " \
        "<size = 16, stride = 1>]) {bd_id = 0 : i32}" in text


def test_verifier_rejects_built_ir_with_a_clear_message():
    module, device, b = _device("npu1")
    tile = b.insert(TileOp(0, 1))
    b.insert(CoreOp(tile))
    with pytest.raises(VerifyException, match="failed to verify that op exists in a core tile: tile \\(0, 1\\) is a mem tile"):
        module.verify()


def test_flow_and_shim_allocation_constructors():
    module, device, b = _device("npu2")
    shim = b.insert(TileOp(0, 0))
    tile = b.insert(TileOp(0, 2))
    b.insert(FlowOp(shim, WireBundle.DMA, 0, tile, WireBundle.DMA, 0))
    b.insert(ShimDMAAllocationOp("in_shim_alloc", shim, DMAChannelDir.MM2S, 0))
    module.verify()
    text = print_module(module)
    assert "aie.flow(%shim_noc_tile_0_0, DMA : 0, %tile_0_2, DMA : 0)" in text
    assert "aie.shim_dma_allocation @in_shim_alloc(%shim_noc_tile_0_0, MM2S, 0)" in text


def test_enum_storage_is_mlir_aie_i32():
    device = DeviceOp(AIEDevice.npu1_2col)
    assert device.device == IntegerAttr(6, i32)
    assert enum_keyword(AIEDevice, 6) == "npu1_2col"
    assert BDDimLayoutArrayAttr.from_pairs([(2, 3)]).pairs() == [(2, 3)]


@pytest.mark.parametrize(
    "name", ["passthrough_pykernel_npu2", "vector_scalar_mul_npu1_1col", "dma_transpose_npu2_1col"]
)
def test_reference_modules_round_trip(name):
    path = REFERENCE / f"{name}.mlir"
    text = path.read_text()
    module = parse_module(text, str(path))
    module.verify()
    assert print_module(module) == text
    generic = print_module(module, generic=True)
    again = parse_module(generic, "generic")
    again.verify()
    assert print_module(again) == text
