"""An import hook that makes unmodified mlir-aie IRON designs run on iron-ir.

``install()`` lets ``import aie.iron`` (the high-level API), ``aie.dialects.aie``/``aiex`` and
``aie.extras.context`` (the placed API), ``aie.helpers.taplib``, ``aie.helpers.util``,
``aie.helpers.dialects(.ext).func``/``scf`` and ``aie.extras.dialects(.ext).arith`` resolve to
iron_ir's modules (see :data:`MODULE_MAP`). It never shadows a real mlir-aie installation
unless ``install(force=True)``.
"""

from iron_ir.compat.finder import MODULE_MAP, install, is_installed, uninstall

__all__ = ["MODULE_MAP", "install", "is_installed", "uninstall"]
