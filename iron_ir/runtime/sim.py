"""The simulator backend (the default)."""

from __future__ import annotations

import numpy as np

from iron_ir.runtime.base import CompiledDesign
from iron_ir.sim.simulator import SimOptions, SimResult, simulate


class SimDesign(CompiledDesign):
    backend = "sim"

    def __init__(self, module, **options):
        self.options = SimOptions(**options)
        super().__init__(module, self.options.device, self.options.sequence)
        self.last: SimResult | None = None

    def __call__(self, *arrays: np.ndarray) -> list[np.ndarray]:
        self.last = simulate(self.module, arrays, self.options)
        return self.last.outputs
