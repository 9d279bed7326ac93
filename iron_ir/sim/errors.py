"""What the simulator reports when a design cannot run as written.

Every report is a :class:`SimulationError` whose message is meant for the person who wrote the
design: several lines naming the cores, objectfifos, DMA tasks and IR locations involved, and
what to try. The CLI prints the message alone (no traceback).
"""

from __future__ import annotations

from iron_ir.dma import access


class SimulationError(Exception):
    """Base of every simulator report."""


class DesignError(SimulationError):
    """The IR uses something the simulator cannot run, or is inconsistent (names, symbols)."""


class UnsupportedOpError(DesignError):
    """An operation the core-body compiler or the runtime interpreter does not model."""


class DeadlockError(SimulationError):
    """No core, DMA channel or runtime step can progress and the runtime has not finished."""


class FifoMisuseError(SimulationError):
    """A core broke the objectfifo protocol (e.g. released more objects than it holds)."""


class DmaBoundsError(SimulationError, access.DmaBoundsError):
    """A DMA pattern reads or writes outside its host tensor or tile buffer."""


class KernelError(SimulationError):
    """An external kernel model failed or wrote outside the buffers it was given."""


class InFlightError(SimulationError):
    """The runtime sequence finished while a DMA task still had data to move."""


class BudgetExceededError(SimulationError):
    """The step or time budget ran out (a runaway design, or a budget set too low)."""


class RuntimeMisuseError(SimulationError):
    """The runtime sequence used a DMA task in a way that would hang or fail on the NPU."""


class CoreExecutionError(SimulationError):
    """Core code did something with undefined behaviour (division by zero, bad shift, index)."""
