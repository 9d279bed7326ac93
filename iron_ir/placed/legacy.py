"""The 2023–2024 spellings of the placed API, as designs of that time wrote them, onto today's
builders (they print what mlir-aie main prints for the same design).

- objectfifos by name: ``objectfifo(name, prod, [cons], depth, type, dimsTo, dimsFrom)``,
  ``objectfifo_link(["a"], ["b"])``, ``acquire(port, "name", n, type).acquired_elem()``,
  ``objectfifo_release(port, "name", n)``;
- kernel calls: ``call(func, [args])`` / ``Call(func, [args])``; ``Buffer(tile, shape, type,
  name)`` (runtime-parameter buffers);
- the runtime sequence as a function: ``@FuncOp.from_py_func(*types)`` inside ``@device``;
- the ``ipu_*`` names of the ``npu_*`` runtime ops (``ipu_dma_memcpy_nd(..., lengths=...)``,
  ``ipu_sync``, ``ipu_write32``, ``IpuWriteRTPOp``/``NpuWriteRTPOp``);
- ``AIEDevice.ipu`` (and ``@device("ipu")``), the Phoenix NPU now called ``npu1``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute

from iron_ir.dialects.aie import (
    ObjectFifoAcquireOp,
    ObjectFifoReleaseOp,
    ObjectFifoSubviewAccessOp,
    ObjectFifoType,
)
from iron_ir.errors import IronTypeError
from iron_ir.placed.builder import emit, point
from iron_ir.placed.device import buffer, memref_type
from iron_ir.placed.objectfifo import _count, _port, object_fifo, object_fifo_link
from iron_ir.placed.runtime import npu_dma_memcpy_nd, npu_sync, npu_write32, npu_write_rtp
from iron_ir.tracing.engine import TracedValue


def _element_type(datatype: Any, what: str) -> MemRefType:
    """A memref type, also given as 2024's ``TypeAttr.get(ObjectFifoType.get(memref))``."""
    if isinstance(datatype, ObjectFifoType):
        return datatype.element_type
    return memref_type(datatype, what)


def objectfifo(
    name: str,
    producerTile: Any,  # noqa: N803 - the keyword names of the time
    consumerTiles: Any,  # noqa: N803
    depth: Any,
    datatype: Any,
    dimensionsToStream: Any = None,  # noqa: N803
    dimensionsFromStreamPerConsumer: Any = None,  # noqa: N803
) -> object_fifo:
    """2024's ``objectfifo(...)``: :class:`object_fifo` with positional dimension lists."""
    consumers = consumerTiles if isinstance(consumerTiles, list | tuple) else [consumerTiles]
    per_consumer = dimensionsFromStreamPerConsumer
    if per_consumer is not None and len(per_consumer) == 0:
        per_consumer = None  # ``[]`` then meant "none for any consumer"
    return object_fifo(
        name, producerTile, list(consumers), depth,
        _element_type(datatype, f"objectfifo '{name}' datatype"),
        dimensionsToStream or None, per_consumer,
    )


def objectfifo_link(fifoIns: Any, fifoOuts: Any) -> object_fifo_link:  # noqa: N803
    """2024's ``objectfifo_link(["in"], ["out"])`` (names or objectfifos)."""
    return object_fifo_link(fifoIns, fifoOuts)


class _Acquired:
    """What 2024's ``acquire(...)`` returned: ``.acquired_elem()`` gives the object(s)."""

    def __init__(self, views: list[TracedValue]):
        self._views = views

    def acquired_elem(self) -> Any:
        return self._views[0] if len(self._views) == 1 else self._views

    acquiredElem = acquired_elem  # noqa: N815 - the 2023 spelling


def _name(fifo: Any, what: str) -> str:
    if isinstance(fifo, str):
        return fifo
    if isinstance(fifo, object_fifo):
        return fifo.op.fifo_name
    raise IronTypeError(f"{what}: expected an objectfifo's name or the objectfifo, got {fifo!r}")


def acquire(port: Any, of_name: Any, num_elem: Any, datatype: Any) -> _Acquired:
    """``acquire(port, "name", n, memref_type)``: ``aie.objectfifo.acquire`` by name."""
    name = _name(of_name, "acquire")
    n = _count(num_elem, f"acquire({name!r})")
    elem = _element_type(datatype, f"acquire({name!r}) datatype")
    op = emit(ObjectFifoAcquireOp(name, _port(port, f"acquire({name!r})"), n, elem), "acquire")
    return _Acquired(
        [TracedValue(emit(ObjectFifoSubviewAccessOp(op.results[0], i)).results[0]) for i in range(n)]
    )


def objectfifo_release(port: Any, of_name: Any, num_elem: Any) -> None:
    """``objectfifo_release(port, "name", n)``: ``aie.objectfifo.release`` by name."""
    name = _name(of_name, "objectfifo_release")
    emit(
        ObjectFifoReleaseOp(
            name, _port(port, f"objectfifo_release({name!r})"),
            _count(num_elem, f"objectfifo_release({name!r})"),
        ),
        "objectfifo_release",
    )


def Buffer(tile: Any, shape: Sequence[int], datatype: Any, name: str | None = None,  # noqa: N802
           initial_value: Any = None) -> buffer:
    """2024's ``Buffer(tile, [16], T.i32(), "rtp2")``: :class:`buffer` of ``shape`` elements
    of ``datatype`` (runtime-parameter buffers were declared this way)."""
    dims = list(shape) if isinstance(shape, list | tuple) else [shape]
    if not all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in dims):
        raise IronTypeError(f"Buffer(tile, shape, datatype, name): the shape is a list of sizes, got {shape!r}")
    if not isinstance(datatype, Attribute):
        raise IronTypeError(
            f"Buffer(tile, shape, datatype, name): the element type is an MLIR type such as "
            f"T.i32(), got {datatype!r}"
        )
    return buffer(tile, MemRefType(datatype, dims), name, initial_value=initial_value,  # pyright: ignore[reportArgumentType]
                  use_write_rtp=True)


def call(callee: Any, args: Sequence[Any] = (), *rest: Any, **kwargs: Any) -> Any:
    """``call(kernel, [args])``: call an ``external_func`` (or ``@func``) from a core body."""
    if not callable(callee):
        raise IronTypeError(
            f"call(func, [args]): func is a function declared with external_func(...), got "
            f"{callee!r}"
        )
    if not isinstance(args, list | tuple):
        raise IronTypeError(f"call(func, [args]): the arguments are a list, got {args!r}")
    return callee(*args)


Call = call


class FuncOp:
    """2024's ``@FuncOp.from_py_func(*types)``: inside ``@device`` it declared the runtime
    sequence (a ``func.func @sequence``), which today is ``aie.runtime_sequence``."""

    @staticmethod
    def from_py_func(*types: Any, name: str | None = None) -> Callable[[Callable[..., Any]], Any]:
        from iron_ir.placed.runtime import runtime_sequence

        tracer = point("@FuncOp.from_py_func")
        owner = tracer.point.block.parent_op()
        if owner is None or owner.name != "aie.device":
            raise IronTypeError(
                "@FuncOp.from_py_func(...) is read as a design's runtime sequence, which sits in "
                "the @device body; use @runtime_sequence(...) there (iron-ir builds no other "
                "func.func from Python)"
            )
        return runtime_sequence(*types, sym_name=name) if name else runtime_sequence(*types)


def ipu_dma_memcpy_nd(
    metadata: Any,
    bd_id: int,
    mem: Any,
    offsets: Any = None,
    lengths: Any = None,
    strides: Any = None,
    issue_token: bool | None = None,
    sizes: Any = None,
) -> Any:
    """``ipu_dma_memcpy_nd``: :func:`npu_dma_memcpy_nd`, ``lengths`` being the older ``sizes``."""
    return npu_dma_memcpy_nd(
        metadata, bd_id, mem, offsets=offsets, sizes=sizes if sizes is not None else lengths,
        strides=strides, issue_token=issue_token,
    )


ipu_sync = npu_sync
ipu_write32 = npu_write32


def NpuWriteRTPOp(buffer: Any, col: int | None = None, row: int | None = None,  # noqa: N802
                  index: int = 0, value: int = 0) -> None:
    """The generated op builder 2024 designs called for a runtime parameter
    (``NpuWriteRTPOp("rtp2", col=0, row=2, index=0, value=1)``); the tile is implied by the
    buffer today."""
    npu_write_rtp(buffer, index, value)


IpuWriteRTPOp = NpuWriteRTPOp

__all__ = [
    "Buffer",
    "Call",
    "FuncOp",
    "IpuWriteRTPOp",
    "NpuWriteRTPOp",
    "acquire",
    "call",
    "ipu_dma_memcpy_nd",
    "ipu_sync",
    "ipu_write32",
    "objectfifo",
    "objectfifo_link",
    "objectfifo_release",
]
