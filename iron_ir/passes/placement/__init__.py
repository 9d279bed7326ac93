"""Placement: the placer plug-in interface, the placers, and resource accounting."""

from iron_ir.passes.placement.model import (
    Coord,
    EndRef,
    FifoEnd,
    FifoInfo,
    Handle,
    LinkInfo,
    Placement,
    ProgramModel,
    Site,
    WorkerInfo,
    build_model,
)
from iron_ir.passes.placement.registry import (
    Placer,
    PlacementError,
    available_placers,
    get_placer,
    register_placer,
)
from iron_ir.passes.placement.resources import TileUsage, account, check, report
from iron_ir.passes.placement.sequential import SequentialPlacer

__all__ = [
    "Coord",
    "EndRef",
    "FifoEnd",
    "FifoInfo",
    "Handle",
    "LinkInfo",
    "Placement",
    "Placer",
    "PlacementError",
    "ProgramModel",
    "SequentialPlacer",
    "Site",
    "TileUsage",
    "WorkerInfo",
    "account",
    "available_placers",
    "build_model",
    "check",
    "get_placer",
    "register_placer",
    "report",
]
