"""Placer plug-ins: registration by name and entry point, and the pass checking their answers."""

from importlib.metadata import EntryPoint

import pytest

from iron_ir.ir.diagnostics import OpError
from iron_ir.ir.parse import parse_module
from iron_ir.dialects.iron import ProgramOp
from iron_ir.passes import place
from iron_ir.passes.placement import (
    Placement,
    Placer,
    PlacementError,
    available_placers,
    get_placer,
    register_placer,
    registry,
)

DESIGN = """
iron.program @p device(npu1_2col) {
  iron.fifo @in : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<16xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
"""


def _program():
    module = parse_module(DESIGN, "design.mlir")
    return next(op for op in module.walk() if isinstance(op, ProgramOp))


class RightmostPlacer(Placer):
    name = "rightmost"

    def place(self, model):
        p = Placement()
        col = model.device.columns - 1
        for w in model.workers:
            p.workers[w.name] = (col, 5)
        for end in model.runtime_ends():
            p.runtime_ends[end.ref] = (col, 0)
        return p


def test_registered_placer_is_selectable_and_its_answer_applied():
    register_placer(RightmostPlacer)
    assert "rightmost" in available_placers()
    program = _program()
    place.place_program(program, get_placer("rightmost")())
    text = str(program)
    assert "iron.worker @w on #iron.tile<1, 5>" in text
    assert "on #iron.tile<1, 0>" in text


def test_entry_point_placers_are_loaded(monkeypatch):
    ep = EntryPoint(name="ep-rightmost", value=f"{__name__}:RightmostPlacer",
                    group="iron_ir.placers")
    monkeypatch.setattr(registry, "entry_points", lambda group: [ep])
    monkeypatch.setattr(registry, "_ENTRY_POINTS_LOADED", False)
    assert get_placer("ep-rightmost") is RightmostPlacer


def test_broken_entry_point_is_a_clear_error(monkeypatch):
    ep = EntryPoint(name="broken", value="no_such_module_xyz:Placer", group="iron_ir.placers")
    monkeypatch.setattr(registry, "entry_points", lambda group: [ep])
    monkeypatch.setattr(registry, "_ENTRY_POINTS_LOADED", False)
    with pytest.raises(PlacementError, match="placer plug-in 'broken'.*failed to load"):
        available_placers()


class ShimWorker(Placer):
    name = "bad"

    def place(self, model):
        p = Placement()
        for w in model.workers:
            p.workers[w.name] = (0, 0)
        for end in model.runtime_ends():
            p.runtime_ends[end.ref] = (0, 0)
        return p


class Crashing(Placer):
    name = "crashing"

    def place(self, model):
        raise KeyError("oops")


def test_a_placers_wrong_answer_is_rejected_naming_the_placer():
    with pytest.raises(OpError, match=r"placer ShimWorker\(\) put worker @w on Tile\(0, 0\), a shim NOC tile; it needs a compute tile"):
        place.place_program(_program(), ShimWorker())


def test_a_placer_crash_is_reported_as_the_placers():
    with pytest.raises(OpError, match=r"placer Crashing\(\) failed on program @p: KeyError"):
        place.place_program(_program(), Crashing())


def test_unknown_placer_suggests_a_close_name():
    with pytest.raises(PlacementError, match="Did you mean 'sequential'"):
        get_placer("sequentail")
