"""The name of every pass and named pipeline iron-ir offers, and where its class is.

iron-opt reads these tables at start-up (``--help`` lists the names; mlir-opt-style pass flags
are recognised by name) without importing any pass: a pass's module is imported when a pipeline
asks for it. :mod:`iron_ir.passes.pipelines` defines the named pipelines and the Python API
around them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xdsl.passes import ModulePass

PassFactory = Callable[[], "type[ModulePass]"]

# name -> "module:ClassName"; imported only when the pass is asked for (iron-opt start-up).
PASSES: dict[str, str] = {
    "iron-place": "iron_ir.passes.place:IronPlacePass",
    "iron-tile-to-dma-bd": "iron_ir.passes.tile_to_bd:IronTileToDmaBdPass",
    "convert-iron-to-aie": "iron_ir.passes.lower_objectfifo:ConvertIronToAIEPass",
    # the former name of convert-iron-to-aie, kept so existing pipelines keep working
    "iron-lower-objectfifo": "iron_ir.passes.lower_objectfifo:IronLowerObjectFifoPass",
    "iron-lint": "iron_ir.passes.lint:IronLintPass",
    # the physical level, with mlir-aie's pass names and options
    "aie-canonicalize-device": "iron_ir.passes.canonicalize_device:AIECanonicalizeDevicePass",
    "aie-objectFifo-stateful-transform": (
        "iron_ir.passes.stateful_transform:AIEObjectFifoStatefulTransformPass"
    ),
    "aie-assign-lock-ids": "iron_ir.passes.assign_lock_ids:AIEAssignLockIDsPass",
    "aie-assign-bd-ids": "iron_ir.passes.assign_bd_ids:AIEAssignBDIDsPass",
    "aie-assign-buffer-addresses": (
        "iron_ir.passes.assign_buffer_addresses:AIEAssignBufferAddressesPass"
    ),
    "aie-create-pathfinder-flows": "iron_ir.passes.pathfinder:AIECreatePathfinderFlowsPass",
    "aie-find-flows": "iron_ir.passes.find_flows:AIEFindFlowsPass",
}


XDSL_PASSES: tuple[str, ...] = ("canonicalize", "cse", "dce")
"""xDSL's own passes that iron-opt offers."""

PIPELINES: dict[str, str] = {
    "iron-to-aie": "iron_ir.passes.pipelines:IronToAIEPipeline",
    "iron-to-aie-physical": "iron_ir.passes.pipelines:IronToAIEPhysicalPipeline",
    "aie-to-physical": "iron_ir.passes.pipelines:AIEToPhysicalPipeline",
}
"""The named pipelines (each a ``ModulePass`` running its passes)."""


def _lazy(path: str) -> PassFactory:
    module, cls = path.split(":")
    return lambda: getattr(importlib.import_module(module), cls)


def _xdsl(name: str) -> PassFactory:
    def factory():
        from xdsl.transforms import get_all_passes

        return get_all_passes()[name]()

    return factory


def pass_factory(name: str) -> PassFactory:
    """The factory of iron-ir pass ``name`` (a key of :data:`PASSES`)."""
    return _lazy(PASSES[name])


def all_passes() -> dict[str, PassFactory]:
    """``{name: factory}`` of every pass, ``factory()`` giving its ``ModulePass`` class."""
    passes = {name: _lazy(path) for name, path in PASSES.items()}
    passes.update({name: _xdsl(name) for name in XDSL_PASSES})
    return passes


def all_pipelines() -> dict[str, PassFactory]:
    """``{name: factory}`` of every named pipeline."""
    return {name: _lazy(path) for name, path in PIPELINES.items()}
