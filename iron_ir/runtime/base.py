"""What every backend provides: a callable design with the runtime sequence's signature."""

from __future__ import annotations

import numpy as np

from iron_ir.sim.simulator import ArgSpec, runtime_signature


class BackendError(Exception):
    """A backend cannot run the design (missing driver, files, or a failed run)."""


class CompiledDesign:
    """Call with one array per runtime-sequence argument; returns every argument after the run."""

    backend = ""

    def __init__(self, module, device: str | None = None, sequence: str | None = None):
        self.module = module
        self.signature: list[ArgSpec] = runtime_signature(module, device, sequence)

    def __call__(self, *arrays: np.ndarray) -> list[np.ndarray]:
        raise NotImplementedError

    def describe(self) -> str:
        args = ", ".join(f"{tuple(s.shape)} {s.dtype}" for s in self.signature)
        return f"{self.backend} design ({args})"
