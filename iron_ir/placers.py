"""``aie.iron.placers``: Placer, SequentialPlacer and ColumnLimitedPlacer, plus the names this
module re-exported in earlier releases (the tile kinds, Device, Runtime, Worker and the fifo
endpoint classes), so ``from aie.iron.placers import AnyComputeTile`` keeps working."""

from iron_ir.api.dataflow import ObjectFifoEndpoint, ObjectFifoHandle, ObjectFifoLink
from iron_ir.api.placers import ColumnLimitedPlacer, Placer, SequentialPlacer
from iron_ir.api.runtime import Runtime
from iron_ir.api.worker import Worker
from iron_ir.device import AnyComputeTile, AnyMemTile, AnyShimTile, Device, PlacementTile, Tile

__all__ = [
    "AnyComputeTile",
    "AnyMemTile",
    "AnyShimTile",
    "ColumnLimitedPlacer",
    "Device",
    "ObjectFifoEndpoint",
    "ObjectFifoHandle",
    "ObjectFifoLink",
    "PlacementTile",
    "Placer",
    "Runtime",
    "SequentialPlacer",
    "Tile",
    "Worker",
]
