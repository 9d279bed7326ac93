"""The core-body compiler: MLIR regions to Python functions, one family of ops per module."""

from iron_ir.sim.codegen import aie, arith, func, memref, scf
from iron_ir.sim.codegen.emitter import Emitter, Scope, build_function, exec_function, where

CORE_HANDLERS = {
    **arith.HANDLERS,
    **scf.HANDLERS,
    **memref.HANDLERS,
    **func.HANDLERS,
    **aie.HANDLERS,
}
"""Everything a core body or a function it calls may contain."""

RUNTIME_HELPERS = {**arith.RUNTIME, **memref.RUNTIME}

__all__ = [
    "CORE_HANDLERS",
    "RUNTIME_HELPERS",
    "Emitter",
    "Scope",
    "build_function",
    "exec_function",
    "where",
]
