"""Resource accounting of iron-place against figures worked out by hand, and the errors and
report it produces.

The design (npu1_1col: shim (0, 0), mem tile (0, 1), compute tiles (0, 2)..(0, 5)):

* ``@in``  (1024 B objects) runtime -> link ``@fwd`` (depth 3 at the link);
* ``@mid`` (1024 B) link ``@fwd`` (depth 2) -> worker ``@a`` (depth 2);
* ``@ab``  (256 B) worker ``@a`` (depth 2) -> worker ``@b`` (depth 3): neighbours in the
  column, so shared memory (no DMA): the producer's 2 objects on the producer's tile, as
  mlir-aie sizes shared fifos;
* ``@wts`` (32 B) runtime (depth 1) -> broadcast to ``@a`` (depth 1) and ``@b`` (depth 2);
* ``@out`` (512 B) worker ``@b`` (depth 2) -> runtime;
* buffer ``@lut`` (128 B) used by ``@b``; barrier ``@bar`` waited on by ``@a``;
* ``@a`` has a 2048 B stack, ``@b`` the device default;
* the runtime fills ``@in`` and ``@wts`` in one task group and drains ``@out`` outside it.
"""

from __future__ import annotations

import pytest

from iron_ir.device import TileKind, get_device
from iron_ir.dialects.iron import ProgramOp
from iron_ir.ir.context import make_context
from iron_ir.ir.diagnostics import OpError
from iron_ir.ir.parse import parse_module
from iron_ir.passes.placement import SequentialPlacer, account, build_model, report
from iron_ir.passes.pipelines import run_pipeline

DESIGN = """
iron.program @acct device(npu1_1col) {
  iron.fifo @in : memref<256xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(link @fwd depth 3)
  iron.fifo @mid : memref<256xi32> producer(link @fwd depth 2) consumers(worker @a depth 2)
  iron.link @fwd [@in] -> [@mid] offsets([] [0]) on #iron.tile<any_mem>
  iron.fifo @ab : memref<64xi32> producer(worker @a depth 2) consumers(worker @b depth 3)
  iron.fifo @wts : memref<16xi16> producer(runtime @sequence depth 1 on #iron.tile<any_shim>) consumers(worker @a depth 1, worker @b depth 2)
  iron.fifo @out : memref<128xi32> producer(worker @b depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.barrier @bar initial 0
  %lut = iron.buffer @lut on #iron.tile<any_compute> : memref<32xi32>
  iron.worker @a on #iron.tile<any_compute> while_true stack_size 2048 {
    iron.barrier_wait @bar(1)
    %m = iron.acquire @mid(consume, 1) : memref<256xi32>
    %w = iron.acquire @wts(consume, 1) : memref<16xi16>
    %x = iron.acquire @ab(produce, 1) : memref<64xi32>
    iron.release @mid(consume, 1)
    iron.release @wts(consume, 1)
    iron.release @ab(produce, 1)
  }
  iron.worker @b on #iron.tile<any_compute> while_true {
    %x = iron.acquire @ab(consume, 1) : memref<64xi32>
    %w = iron.acquire @wts(consume, 1) : memref<16xi16>
    %o = iron.acquire @out(produce, 1) : memref<128xi32>
    %c0 = arith.constant 0 : index
    %v = memref.load %lut[%c0] : memref<32xi32>
    iron.release @ab(consume, 1)
    iron.release @wts(consume, 1)
    iron.release @out(produce, 1)
  }
  iron.runtime_sequence @sequence(%arg0: memref<1024xi32>, %arg1: memref<16xi16>, %arg2: memref<512xi32>) {
    iron.start [@a, @b]
    %tg = iron.task_group
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 1024] strides [0, 0, 0, 1] group(%tg) : memref<1024xi32>
    iron.fill @wts from %arg1 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] group(%tg) : memref<16xi16>
    iron.finish_task_group %tg
    iron.set_barrier @bar(1)
    iron.drain @out into %arg2 offset 0 sizes [1, 1, 1, 512] strides [0, 0, 0, 1] wait : memref<512xi32>
  }
}
"""

# Worked out by hand from the rules in docs/placers.md ("Resource checks").
EXPECTED = {
    (0, 0): {  # shim: no data memory; 2 locks per fifo end (in, wts, out); the task group
        # holding two transfers is the busiest; MM2S for the two fills, S2MM for the drain.
        "memory": 0, "locks": 6, "bds": 2, "s2mm": 1, "mm2s": 2,
    },
    (0, 1): {  # link fwd: the input (equal sizes) owns 3 x 1024; 2 locks; both sides walk the
        # input's 3 objects: 3 + 3 BDs; 1 in, 1 out.
        "memory": 3072, "locks": 2, "bds": 6, "s2mm": 1, "mm2s": 1,
    },
    (0, 2): {  # worker a: stack 2048 + mid 2 x 1024 + ab (shared) 2 x 256 + wts 1 x 32;
        # locks: barrier 1 + mid 2 + ab 2 + wts 2; BDs: mid 2 + wts 1; S2MM: mid, wts.
        "memory": 2048 + 2048 + 512 + 32, "locks": 7, "bds": 3, "s2mm": 2, "mm2s": 0,
    },
    (0, 3): {  # worker b: stack 1024 + lut 128 + wts 2 x 32 + out 2 x 512;
        # locks: wts 2 + out 2; BDs: wts 2 + out 2; S2MM: wts; MM2S: out.
        "memory": 1024 + 128 + 64 + 1024, "locks": 4, "bds": 4, "s2mm": 1, "mm2s": 1,
    },
}


def _program(text: str = DESIGN) -> ProgramOp:
    module = parse_module(text, "design.mlir")
    module.verify()
    return next(op for op in module.walk() if isinstance(op, ProgramOp))


def _usage(text: str = DESIGN):
    model = build_model(_program(text))
    return model, account(model, SequentialPlacer().place(model))


def test_hand_computed_usage_per_tile():
    _, usage = _usage()
    assert {tile: u.used for tile, u in usage.items()} == EXPECTED


def test_usage_names_each_user():
    _, usage = _usage()
    users = dict(usage[(0, 2)].users["memory"])
    assert users == {
        "stack of worker @a": 2048,
        "fifo @mid (consumer): 2 x 1024 B": 2048,
        "fifo @ab (2 x 256 B, shared memory)": 512,
        "fifo @wts (consumer): 1 x 32 B": 32,
    }
    assert dict(usage[(0, 3)].users["memory"])["buffer @lut"] == 128
    assert dict(usage[(0, 2)].users["locks"])["barrier @bar of worker @a"] == 1


def test_report_prints_the_same_figures_against_the_device_table():
    model, usage = _usage()
    text = report(model, usage)
    compute = get_device("npu1_1col").kinds[TileKind.COMPUTE]
    row = next(line for line in text.splitlines() if line.startswith("(0, 2)"))
    assert row.split() == [
        "(0,", "2)", "compute", "tile",
        "4640", "/", str(compute.data_memory_bytes),
        "7", "/", str(compute.locks),
        "3", "/", str(compute.bds),
        "2", "/", str(compute.dma_s2mm_channels),
        "0", "/", str(compute.dma_mm2s_channels),
    ]


def test_accounted_design_lowers_and_verifies():
    module = parse_module(DESIGN, "design.mlir")
    run_pipeline(module, "iron-to-aie", make_context())
    module.verify()


def _compile_error(text: str) -> str:
    module = parse_module(text, "design.mlir")
    with pytest.raises(OpError) as info:
        run_pipeline(module, "iron-place", make_context())
    return str(info.value)


def test_memory_overflow_names_tile_figures_and_users():
    compute = get_device("npu1_1col").kinds[TileKind.COMPUTE]
    # Enough 32-bit words for mid's two consumer objects to overflow worker a's tile alone.
    words = compute.data_memory_bytes // 8 + 256
    text = DESIGN.replace("memref<256xi32>", f"memref<{words}xi32>").replace(
        "memref<1024xi32>", f"memref<{4 * words}xi32>"
    ).replace("sizes [1, 1, 1, 1024]", f"sizes [1, 1, 1, {4 * words}]")
    need = 2048 + 2 * 4 * words + 512 + 32
    message = _compile_error(text)
    assert (
        f"compute tile Tile(0, 2) of npu1_1col needs {need} data memory (bytes) but has "
        f"{compute.data_memory_bytes}" in message
    )
    assert f"fifo @mid (consumer): 2 x {4 * words} B: {8 * words}" in message
    # the biggest user first
    assert "Try: lower the depth or object size of fifo @mid, @ab, @wts" in message


def test_dma_channel_overflow_on_a_compute_tile():
    # A third stream into worker a: the layout transform on a's end rules out shared memory,
    # so it takes a DMA channel, and a compute tile has two S2MM channels.
    extra = (
        "  iron.fifo @more : memref<16xi32> producer(worker @b depth 1) consumers(worker @a "
        "depth 1 dims [<size = 4, stride = 1>, <size = 4, stride = 4>])\n"
    )
    message = _compile_error(DESIGN.replace("  iron.barrier @bar", extra + "  iron.barrier @bar"))
    compute = get_device("npu1_1col").kinds[TileKind.COMPUTE]
    assert (
        f"compute tile Tile(0, 2) of npu1_1col needs 3 S2MM (stream to memory) DMA channels but "
        f"has {compute.dma_s2mm_channels}" in message
    ), message
    assert "fifo @mid (consumer): 1; fifo @wts (consumer): 1; fifo @more (consumer): 1" in message
    assert "Try: fan out through a mem tile" in message


def test_shim_bd_count_is_the_busiest_task_group():
    # Moving the drain into the task group makes three transfers outstanding at once.
    text = DESIGN.replace("    iron.finish_task_group %tg\n", "").replace(
        "strides [0, 0, 0, 1] wait : memref<512xi32>",
        "strides [0, 0, 0, 1] wait group(%tg) : memref<512xi32>\n    iron.finish_task_group %tg",
    )
    _, usage = _usage(text)
    assert usage[(0, 0)].used["bds"] == 3
