"""The host side of a design (``aie.iron.hostruntime``): ``jit`` (compile and run in one call),
host tensors and their factories, the current device."""

from iron_ir.hostruntime.jit import CallableDesign, jit
from iron_ir.hostruntime.tensor import (
    Tensor,
    arange,
    ensure_current_device,
    get_current_device,
    ones,
    rand,
    randint,
    set_current_device,
    set_tensor_class,
    tensor,
    zeros,
    zeros_like,
)

__all__ = [
    "CallableDesign",
    "Tensor",
    "arange",
    "ensure_current_device",
    "get_current_device",
    "jit",
    "ones",
    "rand",
    "randint",
    "set_current_device",
    "set_tensor_class",
    "tensor",
    "zeros",
    "zeros_like",
]
