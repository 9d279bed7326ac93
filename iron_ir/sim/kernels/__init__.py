"""Python models of external AIE kernels for the functional simulator.

See :mod:`iron_ir.sim.kernels.registry` for the calling convention and how to
register a model; importing this package registers the built-in models of
mlir-aie's kernels (``registered_models()`` lists them).
"""

from iron_ir.sim.kernels import activations, basic, conv, eltwise, matmul, reduce, vision
from iron_ir.sim.kernels.registry import (
    KernelModelError,
    KernelModelOverrideWarning,
    MissingKernelModelError,
    find_model,
    kernel_model,
    lookup_model,
    register_model,
    registered_models,
    unregister_model,
)

__all__ = [
    "KernelModelError",
    "KernelModelOverrideWarning",
    "MissingKernelModelError",
    "activations",
    "basic",
    "conv",
    "eltwise",
    "find_model",
    "kernel_model",
    "lookup_model",
    "matmul",
    "reduce",
    "register_model",
    "registered_models",
    "unregister_model",
    "vision",
]
