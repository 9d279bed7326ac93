"""The IRON ``Runtime``: the host program that starts workers and moves data (``aie.iron.runtime``)."""

from __future__ import annotations

from iron_ir.device import SEMAPHORE_LOCK_MAX_VALUE

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from iron_ir.api.dataflow import ObjectFifoHandle, RuntimeEndpoint, describe_endpoint
from iron_ir.dtype import (
    ndarray_type_to_memref,
    np_ndarray_type_get_dtype,
    np_ndarray_type_get_shape,
)
from iron_ir.errors import IronTypeError, RuntimeSequenceError, user_location, warn_once
from iron_ir.api.worker import Worker, WorkerRuntimeBarrier
from iron_ir.device.tile import AnyShimTile, PlacementTile, Tile


class RuntimeData:
    """One host buffer of the runtime sequence (an argument of ``rt.sequence``)."""

    def __init__(self, arr_type: type[np.ndarray], index: int):
        self.arr_type = arr_type
        self.index = index
        self.memref_type = ndarray_type_to_memref(arr_type)

    @property
    def shape(self) -> tuple[int, ...]:
        return np_ndarray_type_get_shape(self.arr_type)

    @property
    def dtype(self) -> np.dtype:
        return np_ndarray_type_get_dtype(self.arr_type)

    def default_tap(self):
        """The whole buffer, in order (``TensorTiler2D.simple_tiler(shape)[0]``)."""
        from iron_ir.taplib import TensorTiler2D

        shape = self.shape if len(self.shape) == 2 else (1, int(np.prod(self.shape)))
        return TensorTiler2D.simple_tiler(shape)[0]

    def __str__(self) -> str:
        return f"RuntimeData(arg{self.index}, {self.memref_type})"


class RuntimeTaskGroup:
    """DMA tasks awaited/freed together by ``rt.finish_task_group``."""

    def __init__(self, group_id: int):
        self.group_id = group_id
        self.finished = False


@dataclass
class StartTask:
    workers: list[Worker]


@dataclass
class DMATask:
    is_fill: bool
    handle: ObjectFifoHandle
    data: RuntimeData
    offset: int
    sizes: list[int]
    strides: list[int]
    wait: bool
    group: RuntimeTaskGroup | None
    location: str


@dataclass
class CreateGroupTask:
    group: RuntimeTaskGroup


@dataclass
class FinishGroupTask:
    group: RuntimeTaskGroup


@dataclass
class InlineOpsTask:
    fn: Callable[..., Any]
    args: list[Any]
    location: str


@dataclass
class SetBarrierTask:
    barrier: WorkerRuntimeBarrier
    value: int


class Runtime:
    """The runtime sequence: ``with rt.sequence(*types) as (a, b, ...):`` then start, fill,
    drain, task groups, inline ops and barriers, recorded in order."""

    def __init__(self, strict_task_groups: bool = True):
        self.strict_task_groups = strict_task_groups
        self._data: list[RuntimeData] | None = None
        self._open = False
        self._tasks: list[Any] = []
        self._workers: list[Worker] = []
        self._fifos: list[ObjectFifoHandle] = []
        self._groups: list[RuntimeTaskGroup] = []
        self._location = user_location()

    @property
    def workers(self) -> list[Worker]:
        return list(self._workers)

    @property
    def fifos(self) -> list[ObjectFifoHandle]:
        return list(self._fifos)

    @property
    def data(self) -> list[RuntimeData]:
        return list(self._data or [])

    @property
    def tasks(self) -> list[Any]:
        return list(self._tasks)

    def _check_open(self, what: str) -> None:
        if not self._open:
            raise RuntimeSequenceError(
                f"Runtime.{what}() must be called inside `with rt.sequence(...) as ...:`"
            )

    @contextmanager
    def sequence(self, *input_types: type[np.ndarray]) -> Iterator[Any]:
        if self._data is not None:
            raise RuntimeSequenceError("a Runtime has one sequence; rt.sequence() was already used")
        data = []
        for i, t in enumerate(input_types):
            try:
                data.append(RuntimeData(t, i))
            except IronTypeError as err:
                raise IronTypeError(f"rt.sequence argument {i}: {err.message}") from None
        self._data = data
        self._open = True
        try:
            yield data[0] if len(data) == 1 else tuple(data)
        finally:
            self._open = False
        open_groups = [g for g in self._groups if not g.finished]
        if open_groups:
            raise RuntimeSequenceError(
                f"{len(open_groups)} task group(s) were never finished; call "
                "rt.finish_task_group(tg) for each rt.task_group()"
            )

    def start(self, *workers: Worker) -> None:
        self._check_open("start")
        for w in workers:
            if not isinstance(w, Worker):
                raise IronTypeError(f"rt.start() takes Workers, got {w!r}")
            if w in self._workers:
                raise RuntimeSequenceError(f"rt.start(): {w.describe()} is already started")
        self._workers.extend(workers)
        self._tasks.append(StartTask(list(workers)))

    def _transfer(
        self,
        is_fill: bool,
        handle: ObjectFifoHandle,
        data: RuntimeData,
        tap: Any,
        task_group: RuntimeTaskGroup | None,
        wait: bool,
        placement: PlacementTile,
    ) -> None:
        what = "fill" if is_fill else "drain"
        self._check_open(what)
        if not isinstance(handle, ObjectFifoHandle):
            raise IronTypeError(
                f"rt.{what}() takes an ObjectFifo handle ({'of.prod()' if is_fill else 'of.cons()'}), "
                f"got {handle!r}"
            )
        if handle.is_prod != is_fill:
            want = "producer handle (of.prod())" if is_fill else "consumer handle (of.cons())"
            raise RuntimeSequenceError(
                f"rt.{what}() on ObjectFifo '{handle.name}' needs its {want}, got its "
                f"{handle.handle_type} handle"
            )
        if not isinstance(data, RuntimeData) or data not in (self._data or []):
            raise RuntimeSequenceError(
                f"rt.{what}() on ObjectFifo '{handle.name}': the host buffer must be one of the "
                f"values `rt.sequence(...)` gave, got {data!r}"
            )
        if not isinstance(placement, Tile) and placement is not AnyShimTile:
            raise RuntimeSequenceError(
                f"rt.{what}() on ObjectFifo '{handle.name}': placement must be AnyShimTile or a "
                f"Tile, got {placement!r}"
            )
        if handle.endpoint is not None and not isinstance(handle.endpoint, RuntimeEndpoint):
            role = "producer" if is_fill else "consumer"
            raise RuntimeSequenceError(
                f"rt.{what}() on ObjectFifo '{handle.name}': its {role} handle already belongs "
                f"to {describe_endpoint(handle.endpoint)}, so the runtime cannot {what} it; "
                f"{'fill' if is_fill else 'drain'} a fifo whose "
                f"{role} end is the runtime"
            )
        handle.set_endpoint(RuntimeEndpoint(placement))
        if handle not in self._fifos:
            self._fifos.append(handle)
        offset, sizes, strides = self._tap_dims(handle, data, tap, what)
        if data.dtype != handle.dtype:
            _check_reinterpretation(handle, data, what)
        if task_group is not None:
            self._check_group(task_group, what)
        self._tasks.append(
            DMATask(is_fill, handle, data, offset, sizes, strides, wait, task_group, user_location())
        )

    def _tap_dims(self, handle: ObjectFifoHandle, data: RuntimeData, tap: Any, what: str):
        from iron_ir.taplib import TensorAccessPattern, dma_bd_dims

        if tap is None:
            tap = data.default_tap()
        if not isinstance(tap, TensorAccessPattern):
            raise IronTypeError(
                f"rt.{what}() on ObjectFifo '{handle.name}': tap must be a TensorAccessPattern, "
                f"got {tap!r}"
            )
        dims = dma_bd_dims(tap)
        return dims.offset, list(dims.sizes), list(dims.strides)

    def check_sequence(self) -> None:
        """What mlir-aie checks when it resolves the sequence (so ``resolve_program`` raises,
        not the fill or drain): with ``strict_task_groups``, every fill and drain is in an
        explicit task group or none is. Also warns, once per design line, of taps reaching past
        the host buffer's declared type (mlir-aie emits them; the host must allocate more)."""
        dma = [t for t in self._tasks if isinstance(t, DMATask)]
        reach: dict[tuple[str, int, str], int] = {}
        for t in dma:
            last = t.offset + sum((n - 1) * s for n, s in zip(t.sizes, t.strides))
            if last >= int(np.prod(t.data.shape)):
                key = (t.location, t.data.index, "fill" if t.is_fill else "drain")
                reach[key] = max(reach.get(key, 0), last)
        for (location, index, what), last in reach.items():
            data = self._data[index]  # type: ignore[index]
            name = next(t.handle.name for t in dma if t.location == location)
            warn_once(
                f"rt.{what}() on ObjectFifo '{name}': its taps reach element {last} of the host "
                f"buffer, which the runtime sequence declares as {data.memref_type} "
                f"({int(np.prod(data.shape))} elements); mlir-aie emits this, so the buffer "
                f"passed at run time must hold at least {last + 1} elements",
                location,
            )
        if not self.strict_task_groups:
            return
        grouped = [t for t in dma if t.group is not None]
        default = [t for t in dma if t.group is None]
        if grouped and default:
            first = default[0]
            raise RuntimeSequenceError(
                f"rt.{'fill' if first.is_fill else 'drain'}() on ObjectFifo "
                f"'{first.handle.name}' has no task_group while the sequence also uses explicit "
                f"task groups (first at {grouped[0].location}), which strict_task_groups=True "
                "prohibits; pass task_group=... to every fill and drain, or create "
                "Runtime(strict_task_groups=False)",
                first.location,
            )

    def _check_group(self, group: RuntimeTaskGroup, what: str) -> None:
        if not isinstance(group, RuntimeTaskGroup) or group not in self._groups:
            raise RuntimeSequenceError(
                f"rt.{what}(): task_group must come from this runtime's rt.task_group(), got {group!r}"
            )
        if group.finished:
            raise RuntimeSequenceError(
                f"rt.{what}(): task group {group.group_id} was already finished"
            )

    def fill(
        self,
        in_fifo: ObjectFifoHandle,
        source: RuntimeData,
        tap: Any = None,
        task_group: RuntimeTaskGroup | None = None,
        wait: bool = False,
        placement: PlacementTile = AnyShimTile,
    ) -> None:
        """Copy ``source`` (through ``tap``) into the fifo whose producer is the runtime."""
        self._transfer(True, in_fifo, source, tap, task_group, wait, placement)

    def drain(
        self,
        out_fifo: ObjectFifoHandle,
        dest: RuntimeData,
        tap: Any = None,
        task_group: RuntimeTaskGroup | None = None,
        wait: bool = False,
        placement: PlacementTile = AnyShimTile,
    ) -> None:
        """Copy the fifo's objects (through ``tap``) into ``dest``; ``wait`` awaits completion."""
        self._transfer(False, out_fifo, dest, tap, task_group, wait, placement)

    def task_group(self) -> RuntimeTaskGroup:
        self._check_open("task_group")
        group = RuntimeTaskGroup(len(self._groups))
        self._groups.append(group)
        self._tasks.append(CreateGroupTask(group))
        return group

    def finish_task_group(self, task_group: RuntimeTaskGroup) -> None:
        self._check_open("finish_task_group")
        self._check_group(task_group, "finish_task_group")
        task_group.finished = True
        self._tasks.append(FinishGroupTask(task_group))

    def inline_ops(self, inline_func: Callable[..., Any], inline_args: list[Any]) -> None:
        """Run ``inline_func(*inline_args)`` in the sequence at resolve time (RTP writes)."""
        self._check_open("inline_ops")
        if not callable(inline_func):
            raise IronTypeError(f"rt.inline_ops() takes a function, got {inline_func!r}")
        self._tasks.append(InlineOpsTask(inline_func, list(inline_args), user_location()))

    def set_barrier(self, barrier: WorkerRuntimeBarrier, value: int) -> None:
        self._check_open("set_barrier")
        if not isinstance(barrier, WorkerRuntimeBarrier):
            raise IronTypeError(f"rt.set_barrier() takes a WorkerRuntimeBarrier, got {barrier!r}")
        if not isinstance(value, int) or not 0 <= value <= SEMAPHORE_LOCK_MAX_VALUE:
            raise RuntimeSequenceError(
                f"rt.set_barrier({barrier.name}, {value!r}): the value must be an int in [0, {SEMAPHORE_LOCK_MAX_VALUE}]"
            )
        self._tasks.append(SetBarrierTask(barrier, value))

    def enable_trace(self, trace_size: int | None = None, *args: Any, **kwargs: Any) -> None:
        """Hardware tracing is not modelled by iron-ir; the request is reported and ignored."""
        warnings.warn(
            "Runtime.enable_trace(): iron-ir does not emit hardware trace configuration; the "
            "design runs without tracing",
            stacklevel=2,
        )


def _check_reinterpretation(handle: ObjectFifoHandle, data: RuntimeData, what: str) -> None:
    """A host buffer whose element type differs from the fifo's: the DMA moves bytes, so the
    fifo reads the host's bytes as its own type (numpy ``view``). That works whenever a fifo
    object is a whole number of host elements; otherwise no transfer can fill it."""
    host, fifo = data.dtype, handle.dtype
    object_bytes = int(np.prod(handle.shape)) * fifo.itemsize
    if object_bytes % host.itemsize:
        raise RuntimeSequenceError(
            f"rt.{what}() on ObjectFifo '{handle.name}': the host buffer holds {host} "
            f"({host.itemsize} bytes an element) but a fifo object is {object_bytes} bytes of "
            f"{fifo}, not a whole number of {host} elements; give the host buffer the fifo's "
            f"element type ({fifo}) or a type whose size divides {object_bytes}"
        )
    warn_once(
        f"rt.{what}() on ObjectFifo '{handle.name}': the host buffer holds {host} but the fifo "
        f"holds {fifo}; the DMA moves the bytes unchanged, so "
        + (f"the fifo reads the host's bytes as {fifo}" if what == "fill"
           else f"the host buffer receives the fifo's bytes as {host}")
    )
