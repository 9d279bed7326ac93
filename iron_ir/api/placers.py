"""``aie.iron.placers``: the placer classes a design passes to ``Program.resolve_program``.

They are the placement pass's own plug-in classes (``iron_ir.passes.placement``), so a placer a
design hands over — ``SequentialPlacer(cores_per_col=2)`` or a third-party subclass of
``Placer`` — is the object that places the program (docs/placers.md).
"""

from iron_ir.passes.placement import Placer, SequentialPlacer

__all__ = ["Placer", "SequentialPlacer"]
