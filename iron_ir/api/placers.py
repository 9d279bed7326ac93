"""``aie.iron.placers``: the placer classes a design passes to ``Program.resolve_program``.

They are the placement pass's own plug-in classes (``iron_ir.passes.placement``), so a placer a
design hands over — ``SequentialPlacer(cores_per_col=2)`` or a third-party subclass of
``Placer`` — is the object that places the program (docs/placers.md).
"""

from iron_ir.passes.placement import Placer, SequentialPlacer

__all__ = ["ColumnLimitedPlacer", "Placer", "SequentialPlacer"]


class ColumnLimitedPlacer(SequentialPlacer):
    """mlir-aie's ``ColumnLimitedPlacer(cores_per_col)``: workers fill each column with at most
    ``cores_per_col`` cores before the next column; the rest is placed as SequentialPlacer."""

    def __init__(self, cores_per_col: int):
        super().__init__(cores_per_col=cores_per_col)

    def __repr__(self) -> str:
        return f"ColumnLimitedPlacer({self.cores_per_col})"
