"""``aie.iron.dataflow``: ObjectFifo, ObjectFifoHandle, ObjectFifoLink."""

from iron_ir.api.dataflow import (
    ObjectFifo,
    ObjectFifoEndpoint,
    ObjectFifoHandle,
    ObjectFifoLink,
    RuntimeEndpoint,
)

__all__ = ["ObjectFifo", "ObjectFifoEndpoint", "ObjectFifoHandle", "ObjectFifoLink", "RuntimeEndpoint"]
