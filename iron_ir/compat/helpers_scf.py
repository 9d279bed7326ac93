"""``aie.helpers.dialects.ext.scf`` (and ``aie.dialects.scf``) under the import hook: ``_for``
(v1.x's ``range_``), upstream's ``for_``, ``yield_``, ``if_`` and ``else_``."""

from iron_ir.tracing.engine import else_, if_, range_, yield_

_for = range_
for_ = range_

__all__ = ["_for", "else_", "for_", "if_", "range_", "yield_"]
