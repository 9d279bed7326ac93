"""Python models of external AIE kernels for the functional simulator.

See :mod:`iron_ir.sim.kernels.registry` for the calling convention and how to
register a model; importing this package registers the built-in models of
mlir-aie's kernels (``registered_models()`` lists them with their C++ source).

Families (one module each): ``basic`` (pass-through, blocked transposes),
``eltwise`` (vector x scalar, bf16 add/mul, int16 add, row-wise bias add),
``reduce`` (add/min/max), ``activations`` (ReLU, LUT exp, softmax), ``tanh_lut``
(GELU, SiLU, sigmoid, tanh on the LUT tanh), ``norm`` (layer_norm, rms_norm),
``matmul`` (tiled and scalar matmul, matvec, zero), ``conv`` (conv2d 1x1/3x3
and the bottleneck skip kernels), ``vision`` (the image line/tile kernels).
Shared arithmetic (shift-round-saturate, core modes, bf16 rounding) lives in
``_numerics``.

The built-ins model the AIE2 (NPU1) builds.  Where an AIE2P (NPU2) build
computes differently, a factory builds its model: ``matmul.register_matmul_models
("aie2p")`` (other mmul tile shapes), ``eltwise.eltwise_bf16_model(...,
vector_width=32)`` (where the scalar tail starts).  Kernels whose shape is a
compile-time macro take it from the buffer sizes; ``-DSCALAR`` builds of the
conv kernels have ``scalar=True`` factories.
"""

from iron_ir.sim.kernels import activations, basic, conv, eltwise, matmul, norm, reduce, tanh_lut, vision
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
