"""DMA access patterns: what a BD visits (:mod:`.access`) and how a pattern becomes legal BDs
for a tile kind (:mod:`.legalize`)."""

from iron_ir.dma.access import (
    BdDims,
    BufferDescriptor,
    DmaBoundsError,
    DmaTask,
    bd_offsets,
    gather,
    scatter,
    task_offsets,
)
from iron_ir.dma.legalize import AccessPattern, BdLowering, DmaPatternError, is_legal, legalize

__all__ = [
    "AccessPattern",
    "BdDims",
    "BdLowering",
    "BufferDescriptor",
    "DmaBoundsError",
    "DmaPatternError",
    "DmaTask",
    "bd_offsets",
    "gather",
    "is_legal",
    "legalize",
    "scatter",
    "task_offsets",
]
