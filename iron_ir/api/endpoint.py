"""The base layer of the API: what stands at an end of an ObjectFifo, and who is being traced.

Every layer above imports this one and nothing imports upward (mlir-aie's ladder:
``placeable``/``resolvable`` -> ``buffer`` -> ``dataflow``/``endpoint`` -> ``worker`` ->
``runtime`` -> ``program``). Buffers and fifo handles ask "is a core's program, or the runtime
sequence, being traced now?" through :func:`traced_core` and :func:`tracing_sequence`, so they
never import the Worker or the Runtime that subclass these bases.
"""

from __future__ import annotations

from typing import Any

from iron_ir.device.tile import PlacementTile, Tile
from iron_ir.errors import IronError, IronTypeError
from iron_ir.tracing.engine import current_tracer


class ObjectFifoEndpoint:
    """Something at one end of an ObjectFifo: a worker, the runtime (a shim DMA) or a link.
    ``tile`` is where it is placed: a ``Tile``, or a placement kind until it is placed."""

    tile: PlacementTile

    def describe(self) -> str:
        return str(self)

    def place(self, tile: Any) -> None:
        """Pin this endpoint to ``tile`` (what an mlir-aie placer's ``make_placement`` calls)."""
        if not isinstance(tile, Tile):
            raise IronTypeError(f"{self.describe()}: place() takes a Tile(col, row), got {tile!r}")
        if isinstance(self.tile, Tile) and self.tile != tile:
            raise IronError(f"{self.describe()} is already placed on {self.tile}")
        self.tile = tile


class CoreProgram(ObjectFifoEndpoint):
    """What one compute core runs (the base of ``Worker``)."""

    name: str


class HostSequence:
    """The host's program of DMA tasks (the base of ``Runtime``); it is the tracer's owner
    while ``rt.inline_ops`` functions run."""


def traced_core() -> CoreProgram | None:
    """The core program whose function is being traced, if any."""
    tracer = current_tracer()
    owner: Any = tracer.owner if tracer is not None else None
    return owner if isinstance(owner, CoreProgram) else None


def tracing_sequence() -> bool:
    """Whether the runtime sequence (its ``inline_ops``) is being traced."""
    tracer = current_tracer()
    return tracer is not None and isinstance(tracer.owner, HostSequence)
