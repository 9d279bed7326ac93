"""The machine: every primitive of one design, and the reset that lets one build serve many
runs."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from iron_ir.sim.machine.dma import Bd, Channel
from iron_ir.sim.machine.fifo import FifoPort, Pool
from iron_ir.sim.machine.lock import Lock
from iron_ir.sim.machine.relay import find_relays


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
    cascades_out: dict = field(default_factory=dict)
    """Tile -> the cascade it puts values on; ``cascades_in``: the one it gets them from."""
    cascades_in: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    """What the build found suspicious (a DMA program no flow connects)."""
    builder: object = None
    """The physical builder, which runtime tasks on tile channels use to make their BDs."""
    channel_at: dict[tuple[int, int, str, int], Channel] = field(default_factory=dict)
    """Every DMA channel by (column, row, direction, channel index)."""
    relays: list | None = None
    """The rings the event scheduler may move in bulk (:mod:`.relay`), found at the first
    reset (the cores' fifo ports exist by then)."""
    relay_bulks: int = 0
    """Bulk moves through those rings in the current (or last) run."""

    def lock(self, name: str, value: int, origin: str | None = None) -> Lock:
        lock = Lock(name, value, origin)
        self.all_locks.append(lock)
        return lock

    def buffer(self, array: np.ndarray, init: np.ndarray | None = None) -> np.ndarray:
        self.buffers.append((array, None if init is None else np.array(init, copy=True)))
        return array

    def reset(self) -> None:
        """Back to the state the design starts in, so one built machine serves many runs."""
        if self.relays is None:
            self.relays = find_relays(self)
        self.relay_bulks = 0
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
        for stream in self.streams:
            stream.reset()
        for cascade in self.cascades_out.values():
            cascade.reset()
        for port in self.ports:
            port.reset()

