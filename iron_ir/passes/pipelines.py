"""The pass registry and the named pipelines.

``all_passes()`` and ``all_pipelines()`` return ``{name: factory}``, where ``factory()`` gives the
``ModulePass`` class; iron-opt registers exactly these. A named pipeline is a ``ModulePass``
that runs its passes in order, so ``-p iron-to-aie`` works like any pass and the Python API can
run the same thing (:func:`run_pipeline`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

if TYPE_CHECKING:  # the placers load with the passes, not at iron-opt start-up
    from iron_ir.passes.placement.registry import Placer

# name -> "module:ClassName"; imported only when the pass is asked for (iron-opt start-up).
_PASSES: dict[str, str] = {
    "iron-place": "iron_ir.passes.place:IronPlacePass",
    "iron-tile-to-dma-bd": "iron_ir.passes.tile_to_bd:IronTileToDmaBdPass",
    "iron-lower-objectfifo": "iron_ir.passes.lower_objectfifo:IronLowerObjectFifoPass",
}

_XDSL_PASSES = ("canonicalize", "cse", "dce")


def _lazy(path: str) -> Callable[[], type[ModulePass]]:
    module, cls = path.split(":")
    return lambda: getattr(importlib.import_module(module), cls)


def all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    from xdsl.transforms import get_all_passes

    xdsl_passes = get_all_passes()
    passes = {name: _lazy(path) for name, path in _PASSES.items()}
    passes.update({name: xdsl_passes[name] for name in _XDSL_PASSES})
    return passes


@dataclass(frozen=True)
class IronToAIEPipeline(ModulePass):
    """``iron-to-aie``: iron-place, iron-tile-to-dma-bd, iron-lower-objectfifo.

    Options are iron-place's (``placer``, ``cores-per-col``, ``report``).
    """

    name = "iron-to-aie"

    placer: str = "sequential"
    cores_per_col: int | None = None
    report: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from iron_ir.passes.placement import get_placer

        placer = get_placer(self.placer).from_options({"cores_per_col": self.cores_per_col})
        # The pass manager running this pipeline verifies its input and output.
        _lower_programs(op, placer, self.report, ctx)


def compile_to_aie(
    module: ModuleOp, placer: Placer, *, report: bool = False, ctx: Context | None = None
) -> ModuleOp:
    """Place every ``iron.program`` of ``module`` with ``placer`` (an instance: a registered
    placer or any ``Placer`` subclass), legalise its DMA patterns and lower it to the AIE
    dialect, then verify the result (after every pass too inside
    :func:`iron_ir.ir.verification.verifying_each`). ``module`` must verify; it is changed in
    place and returned."""
    if ctx is None:
        from iron_ir.ir.context import make_context

        ctx = make_context()
    _lower_programs(module, placer, report, ctx)
    module.verify()
    return module


def _lower_programs(module: ModuleOp, placer: Placer, report: bool, ctx: Context) -> None:
    """The iron-to-aie passes on a verified module, verifying between them only under
    ``verify_each`` (the caller verifies the result)."""
    import sys

    from iron_ir.dialects.iron import ProgramOp
    from iron_ir.ir.verification import verify_each
    from iron_ir.passes.lower_objectfifo import IronLowerObjectFifoPass
    from iron_ir.passes.place import place_program
    from iron_ir.passes.tile_to_bd import IronTileToDmaBdPass

    for program in [p for p in module.walk() if isinstance(p, ProgramOp)]:
        text = place_program(program, placer)
        if report:
            print(text, file=sys.stderr)
    if verify_each():
        module.verify()
    tile_to_bd, lower = IronTileToDmaBdPass(), IronLowerObjectFifoPass()
    tile_to_bd.apply(ctx, module)
    if verify_each():
        module.verify()
    lower.apply(ctx, module)


def all_pipelines() -> dict[str, Callable[[], type[ModulePass]]]:
    return {IronToAIEPipeline.name: lambda: IronToAIEPipeline}


def run_pipeline(module: ModuleOp, spec: str, ctx: Context | None = None) -> ModuleOp:
    """Run a textual pipeline (``"iron-place{placer=sequential},..."``) on ``module`` in place,
    verifying its input and its result (and between passes under ``verifying_each``)."""
    if ctx is None:
        from iron_ir.ir.context import make_context

        ctx = make_context()
    from iron_ir.ir.verification import verify_between_passes

    registry = {**all_passes(), **all_pipelines()}
    PassPipeline.parse_spec(registry, spec, verify_between_passes).apply(ctx, module)
    return module
