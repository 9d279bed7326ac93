"""``aie.iron.kernel``: Kernel, ExternalFunction (and the ``@func`` Python kernels)."""

from iron_ir.api.kernel import BaseKernel, ExternalFunction, FuncBase, Kernel, func

__all__ = ["BaseKernel", "ExternalFunction", "FuncBase", "Kernel", "func"]
