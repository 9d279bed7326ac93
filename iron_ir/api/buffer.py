"""Buffers in a compute tile's memory: ``Buffer``/``GlobalBuffer`` (shared by a worker and the
runtime, e.g. runtime parameters) and ``LocalBuffer`` (created inside a core function)."""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, MemRefType

from iron_ir.api.endpoint import traced_core, tracing_sequence
from iron_ir.device.tile import AnyComputeTile, PlacementTile, Tile
from iron_ir.dtype import dense_elements, ndarray_type_to_memref, mlir_to_dtype
from iron_ir.errors import IronTypeError, TraceError, WorkerError, user_location
from iron_ir.tracing.engine import TracedValue, as_value, current_tracer, emit


class Buffer:
    """A named buffer on a compute tile. Indexing it inside a worker loads/stores its elements;
    inside ``rt.inline_ops`` writing an element of a ``use_write_rtp`` buffer is a runtime
    parameter write."""

    _next_index = 0

    def __init__(
        self,
        type: type[np.ndarray] | None = None,
        initial_value: np.ndarray | None = None,
        name: str | None = None,
        tile: PlacementTile | None = None,
        use_write_rtp: bool = False,
        address: int | None = None,
        mem_bank: int | None = None,
        *,
        placement: PlacementTile | None = None,
    ):
        self._location = user_location()
        if name is None:
            name = f"buf_{Buffer._next_index}"
            Buffer._next_index += 1
        self.name = name
        if type is None:
            if initial_value is None:
                raise IronTypeError(
                    f"buffer '{name}': give its type (a numpy ndarray type) or an initial_value"
                )
            arr = np.asarray(initial_value)
            type = np.ndarray[arr.shape, np.dtype[arr.dtype.type]]
        try:
            self._memref = ndarray_type_to_memref(type)
        except IronTypeError as err:
            raise IronTypeError(f"buffer '{name}': type {err.message}") from None
        self.type = type
        if initial_value is not None:
            arr = np.asarray(initial_value)
            if arr.size != int(np.prod(self._memref.get_shape())):
                raise IronTypeError(
                    f"buffer '{name}': initial_value has {arr.size} elements but the buffer type "
                    f"{self._memref} holds {int(np.prod(self._memref.get_shape()))}"
                )
            arr = arr.astype(mlir_to_dtype(self._memref.get_element_type()))
        self.initial_value = initial_value if initial_value is None else arr
        tile = tile if tile is not None else placement
        if tile is None:
            tile = AnyComputeTile
        if not isinstance(tile, Tile) and tile is not AnyComputeTile:
            raise WorkerError(f"buffer '{name}': tile must be AnyComputeTile or a Tile, got {tile!r}")
        self.tile = tile
        self.use_write_rtp = use_write_rtp
        self.address = address
        self.mem_bank = mem_bank

    def place(self, tile: Tile) -> None:
        """Pin the buffer to ``tile`` (what an mlir-aie placer's ``make_placement`` calls)."""
        if not isinstance(tile, Tile):
            raise IronTypeError(f"buffer '{self.name}': place() takes a Tile(col, row), got {tile!r}")
        if isinstance(self.tile, Tile) and self.tile != tile:
            raise WorkerError(f"buffer '{self.name}' is already placed on {self.tile}")
        self.tile = tile

    @property
    def memref_type(self) -> MemRefType:
        return self._memref

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self._memref.get_shape())

    @property
    def dtype(self) -> np.dtype:
        return mlir_to_dtype(self._memref.get_element_type())

    def initial_value_attr(self) -> DenseIntOrFPElementsAttr | None:
        if self.initial_value is None:
            return None
        return dense_elements(self._memref, self.initial_value)

    def traced_value(self) -> TracedValue:
        """The buffer's SSA value inside the worker being traced."""
        core = traced_core()
        if core is None:
            raise TraceError(
                f"buffer '{self.name}' can only be read or written inside a Worker's core "
                "function (or written in rt.inline_ops when use_write_rtp=True)"
            )
        return TracedValue(current_tracer().program.buffer_value(self, core))  # type: ignore[union-attr]

    def _in_runtime(self) -> bool:
        return tracing_sequence()

    def __getitem__(self, key: Any) -> TracedValue:
        if self._in_runtime():
            raise TraceError(
                f"buffer '{self.name}': the runtime sequence can write runtime parameters but not "
                "read them"
            )
        return self.traced_value()[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        if self._in_runtime():
            self._rtp_write(key, value)
        else:
            self.traced_value()[key] = value

    def _rtp_write(self, key: Any, value: Any) -> None:
        from iron_ir.dialects.iron import RtpWriteOp

        if not self.use_write_rtp:
            raise TraceError(
                f"buffer '{self.name}' is written in the runtime sequence but was not created "
                "with use_write_rtp=True"
            )
        tracer = current_tracer()
        if id(self) not in tracer.program.buffer_ops:  # type: ignore[union-attr]
            raise TraceError(
                f"buffer '{self.name}' is written by the runtime but no started Worker receives it "
                "in fn_args, so it has no tile; pass it to the Worker that reads it"
            )
        n = int(np.prod(self.shape))
        index = key[0] if isinstance(key, tuple) and len(key) == 1 else key
        if isinstance(key, tuple) and len(key) == len(self.shape) and len(key) > 1:
            index = int(np.ravel_multi_index(key, self.shape))
        if isinstance(index, bool) or not isinstance(index, int | np.integer) or not 0 <= index < n:
            raise TraceError(
                f"buffer '{self.name}': runtime parameter index {key!r} must be an int in [0, {n})"
            )
        elem = as_value(value, self._memref.get_element_type())
        emit(RtpWriteOp(self.name, int(index), elem))

    def __str__(self) -> str:
        return f"Buffer({self.name}, {self._memref})"

    __repr__ = __str__


GlobalBuffer = Buffer


class LocalBuffer(Buffer):
    """A buffer private to the worker whose core function creates it (at trace time)."""

    def __init__(
        self,
        type: type[np.ndarray] | None = None,
        initial_value: np.ndarray | None = None,
        name: str | None = None,
    ):
        worker = traced_core()
        if worker is None:
            raise WorkerError(
                "LocalBuffer can only be created inside a Worker's core function; for a buffer "
                "shared with the runtime use Buffer/GlobalBuffer and pass it in fn_args"
            )
        tracer = current_tracer()
        if name is None:
            name = tracer.program.local_buffer_name(worker)
        super().__init__(type, initial_value, name)
        self.owner = worker
        tracer.program.add_local_buffer(self, worker)
