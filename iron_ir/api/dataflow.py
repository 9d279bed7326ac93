"""ObjectFifo, its producer/consumer handles, and the links split/join/forward create.

Mirrors ``aie.iron.dataflow``: same names, signatures and defaults. Nothing here emits IR at
construction; ``Program.resolve_iron`` turns the graph into ``iron.fifo``/``iron.link`` ops, and
``acquire``/``release`` emit ``iron.acquire``/``iron.release`` while a worker is traced.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from iron_ir.dtype import (
    ndarray_type_to_memref,
    np_ndarray_type_get_dtype,
    np_ndarray_type_get_shape,
)
from iron_ir.api.endpoint import CoreProgram, ObjectFifoEndpoint, traced_core
from iron_ir.device.tile import AnyComputeTile, AnyMemTile, PlacementTile, Tile
from iron_ir.errors import FifoError, IronTypeError, user_location
from iron_ir.tracing.engine import TracedValue, emit

if TYPE_CHECKING:
    from xdsl.dialects.builtin import MemRefType

_MISSING: Any = object()


def _dims(dims: Sequence[Sequence[int]] | None, what: str) -> list[tuple[int, int]]:
    if not dims:
        return []
    out = []
    for pair in dims:
        if len(pair) != 2 or not all(isinstance(v, int | np.integer) for v in pair):
            raise FifoError(f"{what}: each dimension is a (size, stride) pair of ints, got {pair!r}")
        size, stride = int(pair[0]), int(pair[1])
        if size < 1 or stride < 0:
            raise FifoError(f"{what}: dimension ({size}, {stride}) needs size >= 1 and stride >= 0")
        out.append((size, stride))
    return out


def _check_depth(depth: Any, what: str) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int | np.integer) or depth < 1:
        raise FifoError(f"{what}: depth must be an int >= 1, got {depth!r}")


class ObjectFifo:
    """A synchronised circular buffer of ``depth`` objects of type ``obj_type`` between one
    producer and one or more consumers (workers, the runtime, or links)."""

    _next_index = 0

    def __init__(
        self,
        obj_type: type[np.ndarray],
        depth: int | None = 2,
        name: str | None = None,
        dims_to_stream: list[Sequence[int]] | None = None,
        dims_from_stream_per_cons: list[Sequence[int]] | None = None,
        plio: bool = False,
        pad_dimensions: list[Sequence[int]] | None = None,
        disable_synchronization: bool = False,
        *,
        default_depth: int = _MISSING,
        default_dims_from_stream_per_cons: list[Sequence[int]] = _MISSING,
    ):
        self._location = user_location()
        if default_depth is not _MISSING:
            warnings.warn(
                "ObjectFifo(default_depth=...) is the pre-1.0 spelling; use depth=...",
                DeprecationWarning,
                stacklevel=2,
            )
            depth = default_depth
        if default_dims_from_stream_per_cons is not _MISSING:
            warnings.warn(
                "ObjectFifo(default_dims_from_stream_per_cons=...) is the pre-1.0 spelling; use "
                "dims_from_stream_per_cons=...",
                DeprecationWarning,
                stacklevel=2,
            )
            dims_from_stream_per_cons = default_dims_from_stream_per_cons
        if name is None:
            name = f"of{ObjectFifo._next_index}"
            ObjectFifo._next_index += 1
        if not isinstance(name, str) or not name:
            raise FifoError(f"an ObjectFifo name must be a non-empty string, got {name!r}")
        self.name = name
        try:
            self._memref: MemRefType = ndarray_type_to_memref(obj_type)
        except IronTypeError as err:
            raise IronTypeError(f"ObjectFifo '{name}': obj_type {err.message}") from None
        if depth is not None:
            _check_depth(depth, f"ObjectFifo '{name}'")
        self._obj_type = obj_type
        self._depth = depth
        self._dims_to_stream = _dims(dims_to_stream, f"ObjectFifo '{name}' dims_to_stream")
        self._dims_from_stream_per_cons = _dims(
            dims_from_stream_per_cons, f"ObjectFifo '{name}' dims_from_stream_per_cons"
        )
        self._plio = plio
        self._pad_dimensions = pad_dimensions
        self._disable_synchronization = disable_synchronization
        self._iter_count: int | None = None
        self._repeat_count: int | None = None
        self._prod: ObjectFifoHandle | None = None
        self._cons: list[ObjectFifoHandle] = []

    # --- properties --------------------------------------------------------------------------

    @property
    def depth(self) -> int | None:
        return self._depth

    @property
    def obj_type(self) -> type[np.ndarray]:
        return self._obj_type

    @property
    def shape(self) -> tuple[int, ...]:
        return np_ndarray_type_get_shape(self._obj_type)

    @property
    def dtype(self) -> np.dtype:
        return np_ndarray_type_get_dtype(self._obj_type)

    @property
    def memref_type(self) -> MemRefType:
        return self._memref

    @property
    def dims_to_stream(self) -> list[tuple[int, int]]:
        return self._dims_to_stream

    @property
    def dims_from_stream_per_cons(self) -> list[tuple[int, int]]:
        return self._dims_from_stream_per_cons

    @property
    def plio(self) -> bool:
        return self._plio

    def set_iter_count(self, iter_count: int) -> None:
        if not isinstance(iter_count, int) or not 1 <= iter_count <= 256:
            raise FifoError(f"ObjectFifo '{self.name}': iter_count must be in [1, 256], got {iter_count!r}")
        self._iter_count = iter_count

    def set_repeat_count(self, repeat_count: int) -> None:
        if not isinstance(repeat_count, int) or repeat_count < 1:
            raise FifoError(f"ObjectFifo '{self.name}': repeat_count must be an int >= 1, got {repeat_count!r}")
        self._repeat_count = repeat_count

    def __str__(self) -> str:
        return f"ObjectFifo({self.name}, {self._memref}, depth={self._depth})"

    __repr__ = __str__

    # --- handles -----------------------------------------------------------------------------

    def _get_endpoint(self, is_prod: bool) -> list[Any]:
        """The endpoints of the producer (``is_prod``) or of the consumers that are in use."""
        handles = [self._prod] if is_prod else self._cons
        return [h.endpoint for h in handles if h is not None and h.endpoint is not None]

    def prod(self, depth: int | None = None) -> ObjectFifoHandle:
        """The producer handle (one per fifo: later calls return the same handle)."""
        if self._prod is None:
            self._prod = ObjectFifoHandle(self, True, depth)
        elif depth is not None and depth != self._prod.depth:
            raise FifoError(
                f"ObjectFifo '{self.name}': its producer handle already has depth "
                f"{self._prod.depth}; prod(depth={depth}) cannot change it"
            )
        return self._prod

    def cons(
        self,
        depth: int | None = None,
        dims_from_stream: list[Sequence[int]] | None = None,
    ) -> ObjectFifoHandle:
        """A new consumer handle (one per consumer; several consumers = broadcast)."""
        handle = ObjectFifoHandle(self, False, depth, dims_from_stream)
        self._cons.append(handle)
        return handle

    @property
    def producer_handle(self) -> ObjectFifoHandle | None:
        return self._prod

    @property
    def consumer_handles(self) -> list[ObjectFifoHandle]:
        return list(self._cons)


class ObjectFifoHandle:
    """The producer or one consumer end of an ObjectFifo."""

    def __init__(
        self,
        of: ObjectFifo,
        is_prod: bool,
        depth: int | None = None,
        dims_from_stream: list[Sequence[int]] | None = None,
    ):
        self._location = user_location()
        if depth is None:
            depth = of.depth
            if depth is None:
                raise FifoError(
                    f"ObjectFifo '{of.name}' was created with depth=None, so its "
                    f"{'prod' if is_prod else 'cons'}() handle needs a depth"
                )
        _check_depth(depth, f"ObjectFifo '{of.name}' {'prod' if is_prod else 'cons'}()")
        if is_prod and dims_from_stream:
            raise FifoError(
                f"ObjectFifo '{of.name}': dims_from_stream belongs to consumer handles; the "
                "producer's layout is the fifo's dims_to_stream"
            )
        self._object_fifo = of
        self._is_prod = is_prod
        self._depth = int(depth)
        self._dims_from_stream = (
            _dims(dims_from_stream, f"ObjectFifo '{of.name}' cons() dims_from_stream")
            if dims_from_stream
            else list(of.dims_from_stream_per_cons)
        )
        self._endpoint: Any = None
        self._endpoint_location: str | None = None

    @property
    def object_fifo(self) -> ObjectFifo:
        return self._object_fifo

    @property
    def name(self) -> str:
        return self._object_fifo.name

    @property
    def is_prod(self) -> bool:
        return self._is_prod

    @property
    def handle_type(self) -> str:
        return "prod" if self._is_prod else "cons"

    @property
    def depth(self) -> int:
        return self._depth

    @property
    def obj_type(self) -> type[np.ndarray]:
        return self._object_fifo.obj_type

    @property
    def shape(self) -> tuple[int, ...]:
        return self._object_fifo.shape

    @property
    def dtype(self) -> np.dtype:
        return self._object_fifo.dtype

    @property
    def dims_from_stream(self) -> list[tuple[int, int]]:
        if self._is_prod:
            raise FifoError(f"ObjectFifo '{self.name}': a producer handle has no dims_from_stream")
        return self._dims_from_stream

    @property
    def endpoint(self) -> Any:
        return self._endpoint

    @endpoint.setter
    def endpoint(self, endpoint: Any) -> None:
        self.set_endpoint(endpoint)

    def set_endpoint(self, endpoint: Any) -> None:
        """Attach this end of the fifo to a worker, the runtime or a link (once)."""
        if self._endpoint is not None and self._endpoint is not endpoint:
            if _same_runtime_end(self._endpoint, endpoint):
                return
            role = "producer" if self._is_prod else "consumer"
            extra = (
                " A fifo has exactly one producer; give the second writer its own fifo."
                if self._is_prod
                else " Each consumer needs its own handle: call cons() once per consumer."
            )
            raise FifoError(
                f"ObjectFifo '{self.name}': this {role} handle is already used by "
                f"{describe_endpoint(self._endpoint)} (at {self._endpoint_location}); it cannot "
                f"also be used by {describe_endpoint(endpoint)}.{extra}"
            )
        self._endpoint = endpoint
        self._endpoint_location = user_location()

    @property
    def endpoint(self) -> Any:
        """What stands at this end (a Worker, the runtime's endpoint, a link), once used."""
        return self._endpoint

    def all_of_endpoints(self) -> list[Any]:
        """The endpoints at every end of this handle's fifo: the producer's, then each
        consumer's (mlir-aie's ``ObjectFifoHandle.all_of_endpoints``)."""
        return self._object_fifo._get_endpoint(True) + self._object_fifo._get_endpoint(False)

    def __str__(self) -> str:
        return f"ObjectFifoHandle({self.handle_type}, {self.name}, depth={self._depth})"

    __repr__ = __str__

    # --- inside a worker ----------------------------------------------------------------------

    def _check_traced_use(self, what: str, num_elem: int) -> Any:
        owner = traced_core()
        if owner is None:
            raise FifoError(
                f"ObjectFifo '{self.name}': {what}() is only possible inside a Worker's core "
                "function, while the program is resolved"
            )
        if self._endpoint is not owner:
            holder = (
                describe_endpoint(self._endpoint)
                if self._endpoint is not None
                else "no endpoint (it is not in any Worker's fn_args)"
            )
            raise FifoError(
                f"worker '{owner.name}' calls {what}() on the {self.handle_type} handle of "
                f"ObjectFifo '{self.name}', but that handle belongs to {holder}; pass "
                f"{'prod' if self._is_prod else 'cons'}() of this fifo in the worker's fn_args "
                "and use that argument"
            )
        if isinstance(num_elem, bool) or not isinstance(num_elem, int | np.integer) or num_elem < 1:
            raise FifoError(
                f"worker '{owner.name}': {what}({num_elem!r}) on ObjectFifo '{self.name}' needs "
                "an int >= 1"
            )
        if num_elem > self._depth:
            raise FifoError(
                f"worker '{owner.name}': {what}({num_elem}) on ObjectFifo '{self.name}' exceeds "
                f"the depth {self._depth} of its {self.handle_type} handle; raise the depth "
                f"(ObjectFifo(..., depth={num_elem}) or {self.handle_type}(depth={num_elem}))"
            )
        return owner

    def _port(self):
        from iron_ir.dialects.iron import Port

        return Port.produce if self._is_prod else Port.consume

    def acquire(self, num_elem: int) -> TracedValue | list[TracedValue]:
        """Acquire ``num_elem`` objects: one buffer for 1, a list (oldest first) for more."""
        from iron_ir.dialects.iron import AcquireOp

        self._check_traced_use("acquire", num_elem)
        op = emit(AcquireOp(self.name, self._port(), int(num_elem), self._object_fifo.memref_type))
        values = [TracedValue(r) for r in op.results]
        return values[0] if len(values) == 1 else values

    def release(self, num_elem: int) -> None:
        """Release the ``num_elem`` oldest acquired objects to the other end."""
        from iron_ir.dialects.iron import ReleaseOp

        self._check_traced_use("release", num_elem)
        emit(ReleaseOp(self.name, self._port(), int(num_elem)))

    # --- links ---------------------------------------------------------------------------------

    def _per_sub(self, values: Any, n: int, what: str, default: Any) -> list[Any]:
        if values is None:
            return [default] * n
        if len(values) != n:
            raise FifoError(
                f"ObjectFifo '{self.name}': {len(values)} {what} given for {n} offsets; give one "
                "per offset"
            )
        return list(values)

    def _check_offsets(self, offsets: Sequence[int], what: str) -> list[int]:
        if not offsets:
            raise FifoError(f"ObjectFifo '{self.name}': {what}() needs at least one offset")
        if not all(isinstance(o, int | np.integer) and o >= 0 for o in offsets):
            raise FifoError(f"ObjectFifo '{self.name}': {what}() offsets must be ints >= 0, got {list(offsets)}")
        return [int(o) for o in offsets]

    def split(
        self,
        offsets: list[int],
        placement: PlacementTile = AnyMemTile,
        depths: list[int] | None = None,
        obj_types: list[type[np.ndarray]] | None = None,
        names: list[str] | None = None,
        dims_to_stream: list[list[Sequence[int]]] | None = None,
        dims_from_stream: list[list[Sequence[int]]] | None = None,
        plio: bool = False,
    ) -> list[ObjectFifo]:
        """Distribute this consumer's objects into len(offsets) new fifos (one piece each)."""
        if self._is_prod:
            raise FifoError(
                f"ObjectFifo '{self.name}': split() is for consumer handles (of.cons().split(...))"
            )
        offsets = self._check_offsets(offsets, "split")
        n = len(offsets)
        depths = self._per_sub(depths, n, "depths", self._depth)
        obj_types = self._per_sub(obj_types, n, "obj_types", self.obj_type)
        names = self._per_sub(names, n, "names", None)
        names = [nm if nm is not None else f"{self.name}_split{i}" for i, nm in enumerate(names)]
        to_stream = self._per_sub(dims_to_stream, n, "dims_to_stream lists", [])
        from_stream = self._per_sub(dims_from_stream, n, "dims_from_stream lists", [])
        subs = [
            ObjectFifo(
                obj_types[i],
                depth=depths[i],
                name=names[i],
                dims_to_stream=to_stream[i],
                dims_from_stream_per_cons=from_stream[i],
                plio=plio,
            )
            for i in range(n)
        ]
        ObjectFifoLink(self, [s.prod() for s in subs], placement, [], offsets)
        return subs

    def join(
        self,
        offsets: list[int],
        placement: PlacementTile = AnyMemTile,
        depths: list[int] | None = None,
        obj_types: list[type[np.ndarray]] | None = None,
        names: list[str] | None = None,
        dims_to_stream: list[list[Sequence[int]]] | None = None,
        dims_from_stream: list[list[Sequence[int]]] | None = None,
        plio: bool = False,
    ) -> list[ObjectFifo]:
        """Gather len(offsets) new fifos into this producer's objects (one piece each)."""
        if not self._is_prod:
            raise FifoError(
                f"ObjectFifo '{self.name}': join() is for producer handles (of.prod().join(...))"
            )
        offsets = self._check_offsets(offsets, "join")
        n = len(offsets)
        depths = self._per_sub(depths, n, "depths", self._depth)
        obj_types = self._per_sub(obj_types, n, "obj_types", self.obj_type)
        names = self._per_sub(names, n, "names", None)
        names = [nm if nm is not None else f"{self.name}_join{i}" for i, nm in enumerate(names)]
        to_stream = self._per_sub(dims_to_stream, n, "dims_to_stream lists", [])
        from_stream = self._per_sub(dims_from_stream, n, "dims_from_stream lists", [])
        subs = [
            ObjectFifo(obj_types[i], depth=depths[i], name=names[i], dims_to_stream=to_stream[i], plio=plio)
            for i in range(n)
        ]
        cons = [s.cons(depth=depths[i], dims_from_stream=from_stream[i] or None) for i, s in enumerate(subs)]
        ObjectFifoLink(cons, self, placement, offsets, [])
        return subs

    def forward(
        self,
        placement: PlacementTile = AnyMemTile,
        obj_type: type[np.ndarray] | None = None,
        depth: int | None = None,
        name: str | None = None,
        dims_to_stream: list[Sequence[int]] | None = None,
        dims_from_stream: list[Sequence[int]] | None = None,
        plio: bool = False,
    ) -> ObjectFifo:
        """Copy this consumer's objects into one new fifo (``<name>_fwd``), through ``placement``."""
        if self._is_prod:
            raise FifoError(
                f"ObjectFifo '{self.name}': forward() is for consumer handles (of.cons().forward())"
            )
        return self.split(
            [0],
            placement=placement,
            depths=[depth] if depth else None,
            obj_types=[obj_type] if obj_type is not None else None,
            names=[name if name else f"{self.name}_fwd"],
            dims_to_stream=[dims_to_stream] if dims_to_stream else None,
            dims_from_stream=[dims_from_stream] if dims_from_stream else None,
            plio=plio,
        )[0]


class RuntimeEndpoint(ObjectFifoEndpoint):
    """The runtime's end of a fifo: a shim DMA at ``placement``."""

    def __init__(self, placement: PlacementTile):
        self.tile = placement

    def __str__(self) -> str:
        return f"the runtime (placement {_placement_text(self.tile)})"


def _same_runtime_end(a: Any, b: Any) -> bool:
    return isinstance(a, RuntimeEndpoint) and isinstance(b, RuntimeEndpoint) and a.tile == b.tile


class ObjectFifoLink(ObjectFifoEndpoint):
    """The endpoint split/join/forward create between fifos: it consumes ``srcs`` and produces
    ``dsts`` on one tile (a mem tile by default)."""

    def __init__(
        self,
        srcs: list[ObjectFifoHandle] | ObjectFifoHandle,
        dsts: list[ObjectFifoHandle] | ObjectFifoHandle,
        placement: PlacementTile = AnyMemTile,
        src_offsets: list[int] | None = None,
        dst_offsets: list[int] | None = None,
    ):
        self.srcs = list(srcs) if isinstance(srcs, list | tuple) else [srcs]
        self.dsts = list(dsts) if isinstance(dsts, list | tuple) else [dsts]
        self.src_offsets = list(src_offsets or [])
        self.dst_offsets = list(dst_offsets or [])
        self.tile = placement
        self.name: str | None = None
        self.location = user_location()
        if not self.srcs or not self.dsts:
            raise FifoError("an ObjectFifoLink needs at least one source and one destination")
        if len(self.srcs) > 1 and len(self.dsts) > 1:
            raise FifoError(
                "an ObjectFifoLink cannot be many-to-many: "
                f"{[h.name for h in self.srcs]} -> {[h.name for h in self.dsts]}"
            )
        if not isinstance(placement, Tile) and placement not in (AnyMemTile, AnyComputeTile):
            raise FifoError(
                f"a link between ObjectFifos {[h.name for h in self.srcs]} and "
                f"{[h.name for h in self.dsts]}: placement must be AnyMemTile, AnyComputeTile or "
                f"a Tile, got {placement!r}"
            )
        for h in self.srcs:
            if h.is_prod:
                raise FifoError(f"ObjectFifoLink: source '{h.name}' must be a consumer handle")
            h.set_endpoint(self)
        for h in self.dsts:
            if not h.is_prod:
                raise FifoError(f"ObjectFifoLink: destination '{h.name}' must be a producer handle")
            h.set_endpoint(self)

    @property
    def kind(self) -> str:
        if len(self.srcs) > 1:
            return "join"
        if len(self.dsts) > 1:
            return "split"
        return "forward"

    def __str__(self) -> str:
        return (
            f"the {self.kind} link {[h.name for h in self.srcs]} -> "
            f"{[h.name for h in self.dsts]}"
        )


def _placement_text(tile: Any) -> str:
    return str(tile) if isinstance(tile, Tile) else getattr(tile, "__name__", repr(tile))


def describe_endpoint(endpoint: Any) -> str:
    if isinstance(endpoint, CoreProgram):
        return f"worker '{endpoint.name}'"
    return str(endpoint)
