"""``aie.iron.program``: Program."""

from iron_ir.api.program import IronModule, Program

__all__ = ["IronModule", "Program"]
