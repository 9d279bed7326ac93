"""``aie.iron.dataflow``: ObjectFifo, ObjectFifoHandle, ObjectFifoLink."""

from iron_ir.api.dataflow import ObjectFifo, ObjectFifoHandle, ObjectFifoLink, RuntimeEndpoint
from iron_ir.api.endpoint import ObjectFifoEndpoint

__all__ = ["ObjectFifo", "ObjectFifoEndpoint", "ObjectFifoHandle", "ObjectFifoLink", "RuntimeEndpoint"]
