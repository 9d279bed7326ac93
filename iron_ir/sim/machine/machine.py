"""The machine: every primitive of one design, and the reset that lets one build serve many
runs."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from iron_ir.sim.machine.dma import Bd, Channel
from iron_ir.sim.machine.fifo import FifoPort, Pool
from iron_ir.sim.machine.lock import Lock


@dataclass
class HostEnd:
    """A shim channel the runtime sequence queues tasks on, and the fifo it serves (if any)."""

    fifo: object | None
    tile: object
    direction: str
    channel_index: int
    channel: Channel
    dtype: np.dtype
    name: str = ""
    """The symbol runtime ops name it by (the fifo, or a shim_dma_allocation)."""


@dataclass
class Machine:
    pools: list[Pool] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    streams: list = field(default_factory=list)
    locks: dict = field(default_factory=dict)
    """``aie.lock`` results of the IR -> their locks."""
    all_locks: list[Lock] = field(default_factory=list)
    bds: list[Bd] = field(default_factory=list)
    buffers: list[tuple[np.ndarray, np.ndarray | None]] = field(default_factory=list)
    """Every buffer with its initial contents (``None``: zeros), restored by :meth:`reset`."""
    producer_pool: dict[str, Pool] = field(default_factory=dict)
    consumer_pool: dict[tuple[str, int], Pool] = field(default_factory=dict)
    segment_of: dict[tuple[str, str], int] = field(default_factory=dict)
    host_ends: dict[tuple[int, str, int], HostEnd] = field(default_factory=dict)
    host_end_of_fifo: dict[str, list[HostEnd]] = field(default_factory=dict)
    ports: list[FifoPort] = field(default_factory=list)

    def lock(self, name: str, value: int, origin: str | None = None) -> Lock:
        lock = Lock(name, value, origin)
        self.all_locks.append(lock)
        return lock

    def buffer(self, array: np.ndarray, init: np.ndarray | None = None) -> np.ndarray:
        self.buffers.append((array, None if init is None else np.array(init, copy=True)))
        return array

    def reset(self) -> None:
        """Back to the state the design starts in, so one built machine serves many runs."""
        for array, init in self.buffers:
            if init is None:
                array[...] = 0
            else:
                array[...] = init
        for pool in self.pools:
            pool.reset()
        for lock in self.all_locks:
            lock.reset()
        for bd in self.bds:
            bd.reset()
        for ch in self.channels:
            ch.reset()
        for port in self.ports:
            port.reset()

