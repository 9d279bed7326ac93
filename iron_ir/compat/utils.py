"""``aie.utils`` under the import hook: host tensors, the current device, ``ceildiv``.

The NPU runtime handles of mlir-aie (``DefaultNPURuntime``, ``NPUKernel``) need pyxrt and an
NPU; here ``DefaultNPURuntime`` is None, as mlir-aie has it without pyxrt, and designs run
through ``iron.jit`` on iron-ir's backends.
"""

from iron_ir.hostruntime.jit import jit
from iron_ir.hostruntime.tensor import (
    CPUOnlyTensor,
    NpuTensor,
    Tensor,
    arange,
    ceildiv,
    detect_npu_device,
    ensure_current_device,
    full,
    get_current_device,
    ones,
    rand,
    randint,
    set_current_device,
    set_iron_tensor_class,
    set_tensor_class,
    tensor,
    zeros,
    zeros_like,
)

DEFAULT_TENSOR_CLASS = Tensor
DefaultNPURuntime = None
has_xrt = False

__all__ = [
    "CPUOnlyTensor",
    "DEFAULT_TENSOR_CLASS",
    "DefaultNPURuntime",
    "NpuTensor",
    "Tensor",
    "arange",
    "ceildiv",
    "detect_npu_device",
    "ensure_current_device",
    "full",
    "get_current_device",
    "has_xrt",
    "jit",
    "ones",
    "rand",
    "randint",
    "set_current_device",
    "set_iron_tensor_class",
    "set_tensor_class",
    "tensor",
    "zeros",
    "zeros_like",
]
