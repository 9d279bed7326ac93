"""iron-ir: an xDSL compiler for AMD XDNA NPUs programmed with the IRON API.

The names ``aie.iron`` exports, so a design ports by changing its imports:
``from iron_ir import ObjectFifo, Worker, Runtime, Program, Kernel, ...``.
"""

from iron_ir.api.buffer import Buffer, GlobalBuffer, LocalBuffer
from iron_ir.api.dataflow import ObjectFifo, ObjectFifoHandle, ObjectFifoLink
from iron_ir.api.dtype import dtype_to_str, str_to_dtype
from iron_ir.api.errors import (
    DeviceError,
    FifoError,
    IronError,
    IronTypeError,
    RuntimeSequenceError,
    TraceError,
    WorkerError,
)
from iron_ir.api.kernel import ExternalFunction, Kernel, func
from iron_ir.api.program import IronModule, Program
from iron_ir.api.runtime import Runtime, RuntimeData, RuntimeTaskGroup
from iron_ir.api.worker import Worker, WorkerRuntimeBarrier

__all__ = [
    "Buffer",
    "DeviceError",
    "ExternalFunction",
    "FifoError",
    "GlobalBuffer",
    "IronError",
    "IronModule",
    "IronTypeError",
    "Kernel",
    "LocalBuffer",
    "ObjectFifo",
    "ObjectFifoHandle",
    "ObjectFifoLink",
    "Program",
    "Runtime",
    "RuntimeData",
    "RuntimeSequenceError",
    "RuntimeTaskGroup",
    "TraceError",
    "Worker",
    "WorkerError",
    "WorkerRuntimeBarrier",
    "dtype_to_str",
    "func",
    "str_to_dtype",
]
