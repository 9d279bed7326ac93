"""``aie.iron.controlflow``: ``range_`` (an ``scf.for`` loop in traced code)."""

from iron_ir.tracing.engine import range_

__all__ = ["range_"]
