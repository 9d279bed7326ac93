"""``aie.helpers.dialects.func`` / ``aie.helpers.dialects.ext.func`` under the import hook."""

from iron_ir.api.kernel import FuncBase, func

__all__ = ["FuncBase", "func"]
