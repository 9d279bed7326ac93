"""``aie.iron.placers``: Placer and SequentialPlacer."""

from iron_ir.api.placers import Placer, SequentialPlacer

__all__ = ["Placer", "SequentialPlacer"]
