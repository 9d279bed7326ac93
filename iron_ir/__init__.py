"""iron-ir: an xDSL compiler for AMD XDNA NPUs programmed with the IRON API.

The names ``aie.iron`` exports, so a design ports by changing its imports:
``from iron_ir import ObjectFifo, Worker, Runtime, Program, Kernel, ...``.

They are imported on first use, so tools that only need the compiler (``iron-opt``, every
``iron_ir.*`` submodule import) do not pay for loading the Python API.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "iron_ir.api.buffer": ("Buffer", "GlobalBuffer", "LocalBuffer"),
    "iron_ir.api.dataflow": ("ObjectFifo", "ObjectFifoHandle", "ObjectFifoLink"),
    "iron_ir.dtype": ("dtype_to_str", "str_to_dtype"),
    "iron_ir.errors": (
        "DeviceError",
        "FifoError",
        "IronError",
        "IronTypeError",
        "RuntimeSequenceError",
        "TraceError",
        "WorkerError",
    ),
    "iron_ir.api.kernel": ("CoreFunction", "ExternalFunction", "Kernel", "func"),
    "iron_ir.hostruntime.jit": (
        "CallableDesign",
        "Compile",
        "CompileTime",
        "In",
        "InOut",
        "Out",
        "compileconfig",
        "jit",
    ),
    "iron_ir.hostruntime.tensor": (
        "Tensor",
        "arange",
        "detect_npu_device",
        "ensure_current_device",
        "full",
        "get_current_device",
        "ones",
        "rand",
        "randint",
        "set_current_device",
        "set_iron_tensor_class",
        "set_tensor_class",
        "tensor",
        "zeros",
        "zeros_like",
    ),
    "iron_ir.api.program": ("IronModule", "Program"),
    "iron_ir.api.runtime": ("Runtime", "RuntimeData", "RuntimeTaskGroup"),
    "iron_ir.api.worker": ("Worker", "WorkerRuntimeBarrier"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_MODULE_OF)


_SUBMODULES = ("algorithms",)
"""Packages reachable as attributes (``iron.algorithms.for_each``), as in ``aie.iron``."""


_NOT_PROVIDED = frozenset(
    {"Acquire", "Bd", "BdIteration", "DmaChannel", "ExternalBuffer", "Flow", "Lock",
     "PacketFlow", "Release", "TileDma"}
)
"""mlir-aie's 2026 explicit tile-DMA objects of ``aie.iron``, which iron-ir does not have."""


def __getattr__(name: str):
    if name in _SUBMODULES:
        value = importlib.import_module(f"iron_ir.{name}")
        globals()[name] = value
        return value
    module = _MODULE_OF.get(name)
    if module is None:
        if name in _NOT_PROVIDED:
            raise ImportError(
                f"aie.iron.{name}: mlir-aie's 2026 explicit tile-DMA objects "
                f"({', '.join(sorted(_NOT_PROVIDED))}) are not provided by iron-ir; write the "
                f"data movement with ObjectFifos, or in the placed form (aie.dialects.aie: lock, "
                f"flow, packetflow, @mem / @memtile_dma, dma_bd)",
                name=name,
            )
        raise AttributeError(f"module 'iron_ir' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

