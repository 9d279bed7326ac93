"""The physical level of an objectfifo-level design, for simulating both levels.

``to_physical(module)`` lowers a copy of ``module`` with mlir-aie's passes (the stateful
transform turns objectfifos into buffers, locks, DMA programs and flows; the lock, BD and
buffer-address passes number and place them), so ``iron run --level physical`` and the
two-level tests run exactly what the NPU would get.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

PHYSICAL_PASSES = (
    "aie-objectFifo-stateful-transform",
    "aie-assign-lock-ids",
    "aie-assign-bd-ids",
    "aie-assign-buffer-addresses",
)


def to_physical(module: ModuleOp, name: str = "design") -> ModuleOp:
    """A physical-level copy of ``module`` (an objectfifo-level AIE module); ``module`` itself
    is left as it is."""
    from iron_ir.ir.parse import parse_module
    from iron_ir.ir.printer import print_module
    from iron_ir.passes.pipelines import run_pipeline

    lowered = parse_module(print_module(module), name)
    run_pipeline(lowered, ",".join(PHYSICAL_PASSES))
    return lowered
