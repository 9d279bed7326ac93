"""The pass registry and the named pipelines, each defined once.

``all_passes()`` and ``all_pipelines()`` return ``{name: factory}``, where ``factory()`` gives the
``ModulePass`` class; iron-opt registers exactly these. A named pipeline is a ``ModulePass``
that runs its passes in order, so ``-p iron-to-aie`` works like any pass, and the Python API
(:func:`compile_to_aie`, :func:`run_pipeline`) runs the very same sequence.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from iron_ir.passes.placement.registry import Placer

# name -> "module:ClassName"; imported only when the pass is asked for (iron-opt start-up).
_PASSES: dict[str, str] = {
    "iron-place": "iron_ir.passes.place:IronPlacePass",
    "iron-tile-to-dma-bd": "iron_ir.passes.tile_to_bd:IronTileToDmaBdPass",
    "convert-iron-to-aie": "iron_ir.passes.lower_objectfifo:ConvertIronToAIEPass",
    # the former name of convert-iron-to-aie, kept so existing pipelines keep working
    "iron-lower-objectfifo": "iron_ir.passes.lower_objectfifo:IronLowerObjectFifoPass",
    "iron-lint": "iron_ir.passes.lint:IronLintPass",
    # the physical level, with mlir-aie's pass names and options
    "aie-objectFifo-stateful-transform": (
        "iron_ir.passes.stateful_transform:AIEObjectFifoStatefulTransformPass"
    ),
    "aie-assign-lock-ids": "iron_ir.passes.assign_lock_ids:AIEAssignLockIDsPass",
    "aie-assign-bd-ids": "iron_ir.passes.assign_bd_ids:AIEAssignBDIDsPass",
    "aie-assign-buffer-addresses": (
        "iron_ir.passes.assign_buffer_addresses:AIEAssignBufferAddressesPass"
    ),
}

_XDSL_PASSES = ("canonicalize", "cse", "dce")

IRON_TO_AIE: tuple[str, ...] = (
    "iron-place",
    "iron-tile-to-dma-bd",
    "convert-iron-to-aie",
    "iron-lint",
)
"""The IRON dialect down to objectfifo-level AIE (``iron-to-aie``), linted (warnings only)."""


def _lazy(path: str) -> Callable[[], type[ModulePass]]:
    module, cls = path.split(":")
    return lambda: getattr(importlib.import_module(module), cls)


def all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    from xdsl.transforms import get_all_passes

    xdsl_passes = get_all_passes()
    passes = {name: _lazy(path) for name, path in _PASSES.items()}
    passes.update({name: xdsl_passes[name] for name in _XDSL_PASSES})
    return passes


def _pass_class(name: str) -> type[ModulePass]:
    return _lazy(_PASSES[name])()


@dataclass(frozen=True)
class _PlaceWith(ModulePass):
    """iron-place with a placer instance (any ``Placer``, registered or not)."""

    name = "iron-place"

    placer: Placer
    report: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from iron_ir.passes.place import place_module

        place_module(op, self.placer, report=self.report)


def iron_to_aie_passes(placer: Placer, *, report: bool = False) -> tuple[ModulePass, ...]:
    """The passes of ``iron-to-aie``, iron-place using ``placer``."""
    place, *rest = IRON_TO_AIE
    assert place == "iron-place"
    return (_PlaceWith(placer, report), *(_pass_class(name)() for name in rest))


def run_passes(
    module: ModuleOp, passes: Sequence[ModulePass], ctx: Context | None = None
) -> ModuleOp:
    """Run ``passes`` on ``module`` in place, verifying the IR after each one."""
    if ctx is None:
        from iron_ir.ir.context import make_context

        ctx = make_context()

    def verify(previous: ModulePass | None, op: ModuleOp, following: ModulePass | None) -> None:
        if previous is not None:
            op.verify()

    PassPipeline(tuple(passes), verify).apply(ctx, module)
    return module


def compile_to_aie(
    module: ModuleOp, placer: Placer, *, report: bool = False, ctx: Context | None = None
) -> ModuleOp:
    """Place every ``iron.program`` of ``module`` with ``placer`` (an instance: a registered
    placer or any ``Placer`` subclass), legalise its DMA patterns and lower it to the AIE
    dialect (``iron-to-aie``), verifying after each pass. Changes ``module`` in place and
    returns it."""
    return run_passes(module, iron_to_aie_passes(placer, report=report), ctx)


@dataclass(frozen=True)
class IronToAIEPipeline(ModulePass):
    """``iron-to-aie``: iron-place, iron-tile-to-dma-bd, convert-iron-to-aie, iron-lint.

    Options are iron-place's (``placer``, ``cores-per-col``, ``report``).
    """

    name = "iron-to-aie"

    placer: str = "sequential"
    cores_per_col: int | None = None
    report: bool = False

    def _placer(self) -> Placer:
        from iron_ir.passes.place import IronPlacePass

        return IronPlacePass(self.placer, self.cores_per_col).placer_instance()

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        compile_to_aie(op, self._placer(), report=self.report, ctx=ctx)


def all_pipelines() -> dict[str, Callable[[], type[ModulePass]]]:
    return {IronToAIEPipeline.name: lambda: IronToAIEPipeline}


def run_pipeline(module: ModuleOp, spec: str, ctx: Context | None = None) -> ModuleOp:
    """Run a textual pipeline (``"iron-place{placer=sequential},..."``) on ``module`` in place."""
    if ctx is None:
        from iron_ir.ir.context import make_context

        ctx = make_context()
    registry = {**all_passes(), **all_pipelines()}
    PassPipeline.parse_spec(registry, spec).apply(ctx, module)
    return module
