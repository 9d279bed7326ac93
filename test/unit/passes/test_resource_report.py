"""The resource report from the real allocation: what a design lowered to the physical level
uses per tile (``placement.lowered.measure``), beside iron-place's estimate.

The estimate must equal the measurement on every tile of every example: where they differ,
one of the two misreads mlir-aie's stateful transform."""

import runpy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from test_pipeline_properties import programs

from iron_ir.dialects import aie
from iron_ir.dialects.iron import ProgramOp
from iron_ir.ir.diagnostics import OpError
from iron_ir.ir.context import make_context
from iron_ir.ir.parse import parse_module
from iron_ir.passes import place
from iron_ir.passes.placement import SequentialPlacer
from iron_ir.passes.placement.lowered import measure
from iron_ir.passes.placement.resources import RESOURCES

# The placed examples build AIE IR directly: they have no placement to estimate.
EXAMPLES = sorted(
    p
    for p in (Path(__file__).parents[3] / "examples").glob("*.py")
    if not p.stem.endswith("_placed")
)


def _assert_equal(usage, measured):
    for tile in sorted(set(usage) | set(measured)):
        estimate = usage[tile].used if tile in usage else dict.fromkeys(RESOURCES, 0)
        real = measured.get(tile, dict.fromkeys(RESOURCES, 0))
        assert estimate == real, f"Tile{tile}: estimate {estimate}, lowered {real}"


def _estimate_and_measurement(module):
    programs = [p for p in module.walk() if isinstance(p, ProgramOp)]
    placed = [place.place_and_account(p, SequentialPlacer()) for p in programs]
    measured, failure, _ = place.measured_usage(module)
    assert not failure
    assert measured is not None and len(measured) == len(placed)
    return [(usage, m) for (_, usage), m in zip(placed, measured)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_estimate_equals_the_lowered_design(path):
    program = runpy.run_path(str(path), run_name="example")["PROGRAM"]
    for usage, measured in _estimate_and_measurement(program.resolve_iron().module):
        _assert_equal(usage, measured)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(programs())
def test_estimate_equals_the_lowered_design_of_random_programs(text):
    """Random programs (chains, broadcasts, forwards, splits, joins, depths, layout dims, taps,
    task groups): where placement accepts one and it lowers, the figures agree."""
    module = parse_module(text, "random.mlir", ctx=make_context())
    programs_ = [p for p in module.walk() if isinstance(p, ProgramOp)]
    try:
        placed = [place.place_and_account(p, SequentialPlacer()) for p in programs_]
    except OpError:
        return  # over a resource: the placement's own tests cover the messages
    measured, failure, _ = place.measured_usage(module)
    if measured is None:
        assert "cannot lower the access pattern" in failure, failure
        return
    for (_, usage), real in zip(placed, measured):
        _assert_equal(usage, real)


PHYSICAL = """
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %t = aie.tile(0, 2)
    %a = aie.buffer(%t) {sym_name = "a"} : memref<16xi32>
    %b = aie.buffer(%t) {sym_name = "b"} : memref<8xi16>
    %m = aie.buffer(%mem) {sym_name = "m"} : memref<64xi8>
    %p = aie.lock(%t, 0) {init = 1 : i32}
    %c = aie.lock(%t, 1) {init = 0 : i32}
    %core = aie.core(%t) {
      aie.end
    } {stack_size = 512 : i32}
    %dma = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
    ^bb1:
      aie.use_lock(%p, AcquireGreaterEqual, 1)
      aie.dma_bd(%a : memref<16xi32>, 0, 16)
      aie.use_lock(%c, Release, 1)
      aie.next_bd ^bb1
    ^bb2:
      %1 = aie.dma_start(MM2S, 1, ^bb3, ^bb5)
    ^bb3:
      aie.dma_bd(%a : memref<16xi32>, 0, 16)
      aie.next_bd ^bb4
    ^bb4:
      aie.dma_bd(%b : memref<8xi16>, 0, 8)
      aie.next_bd ^bb3
    ^bb5:
      aie.end
    }
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.shim_dma_allocation @out(%shim, S2MM, 1)
    aie.runtime_sequence(%x: memref<64xi32>, %y: memref<64xi32>) {
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 16][1, 1, 1, 16][0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 32][1, 1, 1, 16][0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<64xi32>
      aiex.npu.dma_wait {symbol = @in}
      %t0 = aiex.dma_configure_task_for @out {
        aie.dma_bd(%y : memref<64xi32>, 0, 32) {bd_id = 2 : i32, next_bd_id = 3 : i32}
        aie.dma_bd(%y : memref<64xi32>, 32, 32) {bd_id = 3 : i32}
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t0)
      %t1 = aiex.dma_configure_task_for @in {
        aie.dma_bd(%x : memref<64xi32>, 0, 64) {bd_id = 4 : i32}
        aie.end
      }
      aiex.dma_start_task(%t1)
      aiex.dma_await_task(%t0)
      aiex.dma_free_task(%t1)
      %t2 = aiex.dma_configure_task_for @in {
        aie.dma_bd(%x : memref<64xi32>, 0, 64) {bd_id = 5 : i32}
        aie.end
      }
      aiex.dma_start_task(%t2)
      aiex.dma_free_task(%t2)
    }
  }
}
"""


def test_measure_counts_each_resource_of_a_physical_design():
    module = parse_module(PHYSICAL, "physical.mlir", ctx=make_context())
    module.verify()
    device = next(op for op in module.walk() if isinstance(op, aie.DeviceOp))
    used = measure(device)
    # stack 512 + 64 B + 16 B; two locks; three BDs; S2MM 0 and MM2S 1.
    assert used[(0, 2)] == {"memory": 592, "locks": 2, "bds": 3, "s2mm": 1, "mm2s": 1}
    assert used[(0, 1)] == {"memory": 64, "locks": 0, "bds": 0, "s2mm": 0, "mm2s": 0}
    # Runtime BDs: two memcpys outstanding (id 1 reprogrammed), then the @out task's two BDs
    # beside @in's one: three at once at most. Channels from the two allocations.
    assert used[(0, 0)] == {"memory": 0, "locks": 0, "bds": 3, "s2mm": 1, "mm2s": 1}


def test_report_puts_the_measurement_beside_the_estimate(capsys):
    text = (Path(__file__).parents[2] / "lit/passes/place/options.mlir").read_text()
    module = parse_module(text, "options.mlir", ctx=make_context())
    place.place_module(module, SequentialPlacer(), report=True)
    err = capsys.readouterr().err
    assert "resource report for npu1_2col (estimate | lowered / available):" in err
    assert "(0, 2)  compute tile   5120 | 5120 / 65536" in err
    assert "*" not in err and "not lowered" not in err
    # the placed module itself is untouched by the measuring lowering
    assert not any(isinstance(op, aie.DeviceOp) for op in module.walk())


def test_report_marks_a_tile_where_estimate_and_lowering_differ():
    text = (Path(__file__).parents[2] / "lit/passes/place/options.mlir").read_text()
    module = parse_module(text, "options.mlir", ctx=make_context())
    [(model, usage)] = [
        place.place_and_account(p, SequentialPlacer())
        for p in module.walk() if isinstance(p, ProgramOp)
    ]
    [measured], _, _ = place.measured_usage(module)
    measured[(0, 2)]["locks"] += 1
    rows = place.render_report(model, usage, measured).splitlines()
    assert any(r.startswith("(0, 2) *") and "4 | 5 / 16" in r for r in rows)
    assert not any(r.startswith("(0, 3) *") for r in rows)


def test_report_says_why_a_design_did_not_lower(capsys):
    text = (Path(__file__).parents[2] / "lit/passes/place/options.mlir").read_text()
    bad = text.replace(
        "sizes [1, 1, 1, 256] strides [0, 0, 0, 1] : memref<256xi32>",
        "sizes [1, 1, 1, 256] strides [0, 0, 0, 3000000] : memref<256xi32>",
    )
    module = parse_module(bad, "options.mlir", ctx=make_context())
    place.place_module(module, SequentialPlacer(), report=True)
    err = capsys.readouterr().err
    assert "(used / available)" in err
    assert "(not lowered: iron.fill @in: cannot lower the access pattern" in err
