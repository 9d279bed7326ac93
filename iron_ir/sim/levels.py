"""The physical level of an objectfifo-level design, for simulating both levels.

``to_physical(module)`` lowers a copy of ``module`` through ``aie-to-physical``, the same passes
in the same order as ``iron-to-aie-physical`` and aiecc (lock ids, the stateful transform that
turns objectfifos into buffers, locks, DMA programs and flows, BD ids, buffer addresses, and the
pathfinder router that turns the flows into switchboxes), so ``iron run --level physical`` and
the two-level tests run exactly what the NPU would get, routes included.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp


def to_physical(module: ModuleOp, name: str = "design") -> ModuleOp:
    """A physical-level copy of ``module`` (an objectfifo-level AIE module); ``module`` itself
    is left as it is."""
    from iron_ir.ir.parse import parse_module
    from iron_ir.ir.printer import print_module
    from iron_ir.passes.pipelines import lower_to_physical

    lowered = parse_module(print_module(module), name)
    lower_to_physical(lowered)
    return lowered
