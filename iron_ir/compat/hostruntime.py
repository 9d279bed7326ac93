"""``aie.iron.hostruntime`` under the import hook: the jit, host tensors and the device."""

from iron_ir.compat.utils import *  # noqa: F401,F403
from iron_ir.compat.utils import __all__ as _utils_names
from iron_ir.hostruntime.jit import CallableDesign, jit

__all__ = [*_utils_names, "CallableDesign"]
