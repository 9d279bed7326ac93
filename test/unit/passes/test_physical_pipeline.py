"""Every example lowers through iron-to-aie-physical to IR that prints, re-parses and verifies:
no objectfifo op left, every flow routed, every buffer placed, every lock and BD numbered."""

import runpy
from pathlib import Path

import pytest

from iron_ir.dialects import aie
from iron_ir.ir.context import make_context
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module
from iron_ir.cli.load import load_python
from iron_ir.passes.pipelines import compile_to_aie, lower_to_physical
from iron_ir.placers import SequentialPlacer

EXAMPLES = sorted((Path(__file__).parents[3] / "examples").glob("*.py"))


def physical_module(path: Path):
    if path.stem.endswith("_placed"):
        # A placed design builds objectfifo-level AIE itself: lower what it printed.
        return lower_to_physical(load_python(str(path), []).module)
    program = runpy.run_path(str(path), run_name="example")["PROGRAM"]
    module = program.resolve_iron().module
    return compile_to_aie(module, SequentialPlacer(), physical=True)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_lowers_to_the_physical_level(path):
    module = physical_module(path)
    text = print_module(module)
    again = parse_module(text, f"{path.stem}.physical.mlir", ctx=make_context())
    again.verify()
    assert print_module(again) == text
    ops = list(again.walk())
    leftover = [
        op.name
        for op in ops
        if isinstance(
            op,
            (aie.ObjectFifoCreateOp, aie.ObjectFifoLinkOp, aie.ObjectFifoAcquireOp, aie.FlowOp),
        )
    ]
    assert not leftover
    assert all(b.address is not None for b in ops if isinstance(b, aie.BufferOp))
    assert all(lock.lockID is not None for lock in ops if isinstance(lock, aie.LockOp))
    programs = (aie.MemOp, aie.MemTileDMAOp, aie.ShimDMAOp)
    for program in (op for op in ops if isinstance(op, programs)):
        assert all(bd.bd_id is not None for bd in program.walk() if isinstance(bd, aie.DMABDOp))
    assert any(isinstance(op, aie.SwitchboxOp) for op in ops)
