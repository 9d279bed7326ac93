"""The functional NPU simulator: runs an objectfifo-level AIE design on the CPU.

``simulate(module, inputs)`` runs the runtime sequence once and returns every runtime argument
afterwards; reports (deadlocks, DMA bounds, kernel failures, runaways) are
:class:`SimulationError` subclasses with a message for people.
"""

from iron_ir.sim.errors import (
    BudgetExceededError,
    CoreExecutionError,
    DeadlockError,
    DesignError,
    DmaBoundsError,
    FifoMisuseError,
    InFlightError,
    KernelError,
    RuntimeMisuseError,
    SimulationError,
    UnsupportedOpError,
)
from iron_ir.sim.simulator import (
    ArgSpec,
    SimOptions,
    SimResult,
    argument_roles,
    compile_function,
    runtime_signature,
    simulate,
)

__all__ = [
    "ArgSpec",
    "BudgetExceededError",
    "CoreExecutionError",
    "DeadlockError",
    "DesignError",
    "DmaBoundsError",
    "FifoMisuseError",
    "InFlightError",
    "KernelError",
    "RuntimeMisuseError",
    "SimOptions",
    "SimResult",
    "SimulationError",
    "UnsupportedOpError",
    "argument_roles",
    "compile_function",
    "runtime_signature",
    "simulate",
]
