"""Worker (a core program) and WorkerRuntimeBarrier, as in ``aie.iron.worker``."""

from __future__ import annotations

from iron_ir.device import SEMAPHORE_LOCK_MAX_VALUE

import warnings
from collections.abc import Callable
from typing import Any

from iron_ir.api.dataflow import ObjectFifo, ObjectFifoEndpoint, ObjectFifoHandle
from iron_ir.errors import IronTypeError, TraceError, WorkerError, user_location
from iron_ir.tracing.engine import current_tracer, emit
from iron_ir.device.tile import AnyComputeTile, PlacementTile, Tile


class WorkerRuntimeBarrier:
    """Lets a worker wait for the runtime (e.g. after runtime-parameter writes).

    Pass it in a Worker's fn_args; inside the core function call ``wait_for_value(v)`` or
    ``release_with_value(v)``; in the runtime sequence ``rt.set_barrier(barrier, v)``.
    """

    _next_index = 0

    def __init__(self, initial_value: int = 0, name: str | None = None):
        if not isinstance(initial_value, int) or not 0 <= initial_value <= SEMAPHORE_LOCK_MAX_VALUE:
            raise WorkerError(
                f"WorkerRuntimeBarrier initial_value must be an int in [0, {SEMAPHORE_LOCK_MAX_VALUE}] (a lock value), "
                f"got {initial_value!r}"
            )
        self.initial_value = initial_value
        if name is None:
            name = f"barrier_{WorkerRuntimeBarrier._next_index}"
            WorkerRuntimeBarrier._next_index += 1
        self.name = name

    def _emit(self, op_type: type, value: int, what: str) -> None:
        tracer = current_tracer()
        if tracer is None or not isinstance(tracer.owner, Worker):
            raise TraceError(
                f"barrier '{self.name}': {what}() is only possible inside a Worker's core "
                "function (use rt.set_barrier in the runtime sequence)"
            )
        if self not in tracer.owner.barriers:
            raise WorkerError(
                f"worker '{tracer.owner.name}' uses barrier '{self.name}' without receiving it in "
                "its fn_args; pass the WorkerRuntimeBarrier to Worker(..., fn_args=[...])"
            )
        if not isinstance(value, int) or not 0 <= value <= SEMAPHORE_LOCK_MAX_VALUE:
            raise WorkerError(f"barrier '{self.name}': {what}({value!r}) needs an int in [0, {SEMAPHORE_LOCK_MAX_VALUE}]")
        emit(op_type(self.name, value))

    def wait_for_value(self, value: int) -> None:
        from iron_ir.dialects.iron import BarrierWaitOp

        self._emit(BarrierWaitOp, value, "wait_for_value")

    def release_with_value(self, value: int) -> None:
        from iron_ir.dialects.iron import BarrierReleaseOp

        self._emit(BarrierReleaseOp, value, "release_with_value")


class Worker(ObjectFifoEndpoint):
    """A program for one compute core: ``core_fn(*fn_args)`` traced at resolve time."""

    def __init__(
        self,
        core_fn: Callable[..., Any] | None,
        fn_args: list[Any] | None = None,
        placement: PlacementTile = AnyComputeTile,
        while_true: bool = True,
        stack_size: int | None = None,
        allocation_scheme: str | None = None,
        trace: int | None = None,
        trace_events: list | None = None,
        *,
        tile: PlacementTile | None = None,
        name: str | None = None,
    ):
        from iron_ir.api.buffer import Buffer
        from iron_ir.api.kernel import BaseKernel

        self._location = user_location()
        self._name = name
        self._resolved_name: str | None = None
        if core_fn is not None and not callable(core_fn):
            raise IronTypeError(f"Worker: core_fn must be a function or None, got {core_fn!r}")
        self.core_fn = core_fn
        self.fn_args = list(fn_args or [])
        if tile is not None:
            placement = tile
        if not isinstance(placement, Tile) and placement is not AnyComputeTile:
            raise WorkerError(
                f"{self.describe()}: placement must be AnyComputeTile or a Tile(col, row), got "
                f"{placement!r}"
            )
        self.tile = placement
        self.while_true = while_true
        if stack_size is not None and (not isinstance(stack_size, int) or stack_size <= 0):
            raise WorkerError(f"{self.describe()}: stack_size must be a positive int, got {stack_size!r}")
        self.stack_size = stack_size
        if allocation_scheme is None and isinstance(placement, Tile):
            allocation_scheme = placement.allocation_scheme
        self.allocation_scheme = allocation_scheme
        if trace:
            warnings.warn(
                "Worker(trace=...): iron-ir does not emit hardware trace configuration; the "
                "worker runs without tracing",
                stacklevel=2,
            )
        self.trace = trace
        self.trace_events = trace_events
        self.fifos: list[ObjectFifoHandle] = []
        self.buffers: list[Buffer] = []
        self.barriers: list[WorkerRuntimeBarrier] = []
        self.kernels: list[BaseKernel] = []
        for i, arg in enumerate(self.fn_args):
            if isinstance(arg, ObjectFifo):
                raise WorkerError(
                    f"{self.describe()}: fn_args[{i}] is the ObjectFifo '{arg.name}' itself; pass "
                    f"a handle: {arg.name}.prod() to produce into it or .cons() to consume it"
                )
            if isinstance(arg, ObjectFifoHandle):
                arg.set_endpoint(self)
                self.fifos.append(arg)
            elif isinstance(arg, Buffer):
                self.buffers.append(arg)
            elif isinstance(arg, WorkerRuntimeBarrier):
                self.barriers.append(arg)
            elif isinstance(arg, BaseKernel):
                self.kernels.append(arg)

    @property
    def name(self) -> str:
        return self._name or self._resolved_name or f"worker({self._fn_name})"

    @property
    def _fn_name(self) -> str:
        return getattr(self.core_fn, "__name__", "None")

    def describe(self) -> str:
        return f"worker '{self.name}' (core_fn {self._fn_name}, created at {self._location})"

    def place(self, tile: Tile) -> None:
        if isinstance(self.tile, Tile) and self.tile != tile:
            raise WorkerError(f"{self.describe()} is already placed on {self.tile}")
        self.tile = tile

    def __str__(self) -> str:
        return f"Worker({self.name}, tile={self.tile})"

    __repr__ = __str__
