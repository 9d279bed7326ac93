"""``aie.helpers.dialects.ext.scf`` under the import hook: ``_for`` (v1.x's ``range_``)."""

from iron_ir.tracing.engine import range_

_for = range_

__all__ = ["_for", "range_"]
