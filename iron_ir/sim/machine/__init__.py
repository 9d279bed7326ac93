"""The simulated NPU: buffers, locks, BDs, DMA channels, streams; the objectfifo level
(pools and fifo ports) built on them.

Both builders (objectfifo-level IR and physical-level IR) make a :class:`Machine` of these
primitives; the schedulers run it.
"""

from iron_ir.sim.machine.access import PatternError, Plan, make_plan
from iron_ir.sim.machine.dma import ACQUIRE, IDLE, TRANSFER, Bd, Channel, Task
from iron_ir.sim.machine.fifo import FifoPort, FifoWait, Pool, Progress
from iron_ir.sim.machine.lock import AIE1, EQ, GE, Lock, LockWait, Wait
from iron_ir.sim.machine.machine import HostEnd, Machine
from iron_ir.sim.machine.stream import Circuit

__all__ = [
    "ACQUIRE",
    "AIE1",
    "EQ",
    "GE",
    "IDLE",
    "TRANSFER",
    "Bd",
    "Channel",
    "Circuit",
    "FifoPort",
    "FifoWait",
    "HostEnd",
    "Lock",
    "LockWait",
    "Machine",
    "PatternError",
    "Plan",
    "Pool",
    "Progress",
    "Task",
    "Wait",
    "make_plan",
]
