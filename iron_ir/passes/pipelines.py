"""The pass registry and the named pipelines, each defined once.

``all_passes()`` and ``all_pipelines()`` (from :mod:`iron_ir.passes.catalog`, which names them
without importing any) return ``{name: factory}``, where ``factory()`` gives the ``ModulePass``
class; iron-opt registers exactly these. A named pipeline is a ``ModulePass``
that runs its passes in order, so ``-p iron-to-aie`` works like any pass, and the Python API
(:func:`compile_to_aie`, :func:`run_pipeline`) runs the very same sequence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from iron_ir.ir.diagnostics import verify_ir
from iron_ir.passes import catalog
from iron_ir.passes.catalog import all_passes, all_pipelines
from iron_ir.ir.verification import verify_between_passes, verify_each

if TYPE_CHECKING:  # the placers load with the passes, not at iron-opt start-up
    from iron_ir.passes.placement.registry import Placer


IRON_TO_AIE: tuple[str, ...] = (
    "iron-place",
    "iron-tile-to-dma-bd",
    "convert-iron-to-aie",
    "iron-lint",
)
"""The IRON dialect down to objectfifo-level AIE (``iron-to-aie``), linted (warnings only)."""

AIE_TO_PHYSICAL: tuple[str, ...] = (
    "aie-assign-lock-ids",
    "aie-objectFifo-stateful-transform",
    "aie-assign-bd-ids",
    "aie-assign-buffer-addresses",
    "aie-create-pathfinder-flows",
)
"""Objectfifo-level AIE down to the physical level (``aie-to-physical``), in aiecc's order."""


def _pass_class(name: str) -> type[ModulePass]:
    return catalog.pass_factory(name)()


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


@dataclass(frozen=True)
class PhysicalOptions:
    """The options of the physical passes that the physical pipelines pass on."""

    alloc_scheme: str = ""
    dynamic_objFifos: bool = False
    packet_sw_objFifos: bool = False


def physical_passes(options: PhysicalOptions = PhysicalOptions()) -> tuple[ModulePass, ...]:
    """The passes of ``aie-to-physical``, configured with ``options``."""
    configured = {
        "aie-objectFifo-stateful-transform": {
            "dynamic_objFifos": options.dynamic_objFifos,
            "packet_sw_objFifos": options.packet_sw_objFifos,
        },
        "aie-assign-buffer-addresses": {"alloc_scheme": options.alloc_scheme},
    }
    return tuple(_pass_class(name)(**configured.get(name, {})) for name in AIE_TO_PHYSICAL)


def run_passes(
    module: ModuleOp,
    passes: Sequence[ModulePass],
    ctx: Context | None = None,
    *,
    verify_result: bool = True,
) -> ModuleOp:
    """Run ``passes`` on ``module`` (which must verify) in place, then verify the result;
    between the passes only under :func:`iron_ir.ir.verification.verifying_each`."""
    if ctx is None:
        from iron_ir.ir.context import make_context

        ctx = make_context()

    def verify(previous: ModulePass | None, op: ModuleOp, following: ModulePass | None) -> None:
        if previous is None:
            return
        if (following is None and verify_result) or (following is not None and verify_each()):
            verify_ir(op)

    PassPipeline(tuple(passes), verify).apply(ctx, module)
    return module


def compile_to_aie(
    module: ModuleOp,
    placer: Placer,
    *,
    report: bool = False,
    ctx: Context | None = None,
    physical: PhysicalOptions | bool = False,
) -> ModuleOp:
    """Place every ``iron.program`` of ``module`` with ``placer`` (an instance: a registered
    placer or any ``Placer`` subclass), legalise its DMA patterns and lower it to the AIE
    dialect (``iron-to-aie``), verifying the result (after every pass too under
    ``verifying_each``); with ``physical`` (True or the :class:`PhysicalOptions`) on down to
    the physical level (``iron-to-aie-physical``). Changes ``module`` in place and returns
    it."""
    passes = iron_to_aie_passes(placer, report=report)
    if physical:
        options = physical if isinstance(physical, PhysicalOptions) else PhysicalOptions()
        passes += physical_passes(options)
    return run_passes(module, passes, ctx)


def lower_to_physical(
    module: ModuleOp, options: PhysicalOptions = PhysicalOptions(), ctx: Context | None = None
) -> ModuleOp:
    """Objectfifo-level AIE (any ``aie.device`` of ``module``) to the physical level
    (``aie-to-physical``), in place."""
    return run_passes(module, physical_passes(options), ctx)


def lower_placed_for_resources(module: ModuleOp, ctx: Context | None = None) -> ModuleOp:
    """A placed IRON ``module`` lowered through the rest of ``iron-to-aie-physical`` except
    linting and routing (neither changes what a tile uses), in place: what the resource report
    measures."""
    rest = [name for name in IRON_TO_AIE[1:] if name != "iron-lint"]
    rest += [name for name in AIE_TO_PHYSICAL if name != "aie-create-pathfinder-flows"]
    return run_passes(module, [_pass_class(name)() for name in rest], ctx)


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
        # The pass manager running this pipeline verifies its input and its output.
        passes = iron_to_aie_passes(self._placer(), report=self.report)
        run_passes(op, passes, ctx, verify_result=False)


@dataclass(frozen=True)
class IronToAIEPhysicalPipeline(ModulePass):
    """``iron-to-aie-physical``: iron-to-aie, then aie-to-physical.

    Options: iron-place's (``placer``, ``cores-per-col``, ``report``) and the physical passes'
    (``alloc-scheme``, ``dynamic-objFifos``, ``packet-sw-objFifos``).
    """

    name = "iron-to-aie-physical"

    placer: str = "sequential"
    cores_per_col: int | None = None
    report: bool = False
    alloc_scheme: str = ""
    dynamic_objFifos: bool = False
    packet_sw_objFifos: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        placer = IronToAIEPipeline(self.placer, self.cores_per_col)._placer()
        options = PhysicalOptions(self.alloc_scheme, self.dynamic_objFifos, self.packet_sw_objFifos)
        compile_to_aie(op, placer, report=self.report, ctx=ctx, physical=options)


@dataclass(frozen=True)
class AIEToPhysicalPipeline(ModulePass):
    """``aie-to-physical``: the physical passes on objectfifo-level AIE, in aiecc's order.

    Options: ``alloc-scheme``, ``dynamic-objFifos``, ``packet-sw-objFifos``.
    """

    name = "aie-to-physical"

    alloc_scheme: str = ""
    dynamic_objFifos: bool = False
    packet_sw_objFifos: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        options = PhysicalOptions(self.alloc_scheme, self.dynamic_objFifos, self.packet_sw_objFifos)
        lower_to_physical(op, options, ctx)


def run_pipeline(module: ModuleOp, spec: str, ctx: Context | None = None) -> ModuleOp:
    """Run a textual pipeline (``"iron-place{placer=sequential},..."``) on ``module`` in place,
    verifying its input and its result (and between passes under ``verifying_each``)."""
    if ctx is None:
        from iron_ir.ir.context import make_context

        ctx = make_context()
    registry = {**all_passes(), **all_pipelines()}
    PassPipeline.parse_spec(registry, spec, verify_between_passes).apply(ctx, module)
    return module
