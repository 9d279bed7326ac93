"""The simulator backend (the default)."""

from __future__ import annotations

import numpy as np

from iron_ir.collector import started
from iron_ir.runtime.base import CompiledDesign
from iron_ir.sim.simulator import SimOptions, SimResult, Simulator


class SimDesign(CompiledDesign):
    """The design built and compiled for the simulator once; each call runs it afresh."""

    backend = "sim"

    def __init__(self, module, **options):
        self.options = SimOptions(**options)
        super().__init__(module, self.options.device, self.options.sequence)
        self.simulator = Simulator(module, self.options)
        self.last: SimResult | None = None

    def __call__(self, *arrays: np.ndarray) -> list[np.ndarray]:
        started()  # the long-running part of a command: the collector runs again
        self.last = None  # the last result's arrays may then be reused (see Simulator)
        self.last = self.simulator.run(arrays)
        return self.last.outputs
