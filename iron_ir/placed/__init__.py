"""The placed, close-to-metal IRON API (mlir-aie's ``aie.dialects.aie`` / ``aiex``).

A placed design names its tiles and builds the AIE/AIEX ops itself, in program order, inside
``with mlir_mod_ctx() as ctx:`` (:mod:`.builder`); core bodies are traced by the engine the
high-level API uses (:mod:`iron_ir.tracing`). :mod:`.aie` and :mod:`.aiex` are the two name
tables designs import (``from aie.dialects.aie import *`` under the import hook); the builders
live by family: :mod:`.device` (device, tiles, cores, kernels, buffers, locks),
:mod:`.objectfifo`, :mod:`.runtime` (the runtime sequence), :mod:`.dma` (BD programs and
routing), :mod:`.types` (``T``).
"""

from iron_ir.placed.builder import MLIRContext, Module, VerificationError, mlir_mod_ctx

__all__ = ["MLIRContext", "Module", "VerificationError", "mlir_mod_ctx"]
