"""``aie.iron.dataflow``: ObjectFifo, ObjectFifoHandle, ObjectFifoLink."""

from iron_ir.api.dataflow import ObjectFifo, ObjectFifoHandle, ObjectFifoLink, RuntimeEndpoint

__all__ = ["ObjectFifo", "ObjectFifoHandle", "ObjectFifoLink", "RuntimeEndpoint"]
