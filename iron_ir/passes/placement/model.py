"""What a placer sees of a program, and what it returns.

Placers work on this plain-Python view of an ``iron.program`` rather than on the IR, so a
third-party placer needs to know nothing about xDSL. The view lists, in IRON's order:

* workers in ``rt.start`` order (then any worker not started, in program order), each with its
  tile hint or pin and the fifo ends it holds;
* fifo *handles* — the ends that a worker or the runtime holds — sorted by fifo name, producer
  first, as mlir-aie's ``Program.resolve_program`` hands them to its placer;
* links, runtime ends and buffers, each with its hint or pin.

A :class:`Placement` maps each placeable thing to a ``(col, row)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import Operation

from iron_ir.device import DeviceSpec
from iron_ir.dialects.aie.device import memref_bytes
from iron_ir.dialects.iron.program import BarrierValueOp
from iron_ir.dialects.iron import (
    BufferOp,
    DrainOp,
    EndpointAttr,
    EndpointKind,
    FifoOp,
    FillOp,
    LinkOp,
    ProgramOp,
    RuntimeSequenceOp,
    StartOp,
    TileAttr,
    TileHint,
    WorkerOp,
)

Coord = tuple[int, int]


@dataclass(frozen=True)
class Site:
    """Where something may go: a pinned tile, or a hint the placer resolves."""

    tile: Coord | None
    hint: TileHint | None

    @staticmethod
    def of(attr: TileAttr) -> Site:
        if attr.is_placed:
            return Site(attr.col_row, None)
        return Site(None, attr.tile_hint)

    @property
    def pinned(self) -> bool:
        return self.tile is not None

    def text(self) -> str:
        return f"Tile{self.tile}" if self.tile is not None else str(self.hint.value)


@dataclass(frozen=True)
class EndRef:
    """One end of a fifo: index 0 is the producer, i >= 1 is consumer i - 1."""

    fifo: str
    index: int

    @property
    def is_producer(self) -> bool:
        return self.index == 0


@dataclass
class FifoEnd:
    ref: EndRef
    kind: EndpointKind
    owner: str
    """The worker, link or runtime sequence name at this end."""
    depth: int
    has_dims: bool
    site: Site | None
    """Only runtime ends carry their own site; worker and link ends use their owner's."""


@dataclass
class FifoInfo:
    name: str
    element_bytes: int
    """Bytes of one object."""
    ends: list[FifoEnd]
    op: FifoOp = field(repr=False)

    @property
    def producer(self) -> FifoEnd:
        return self.ends[0]

    @property
    def consumers(self) -> list[FifoEnd]:
        return self.ends[1:]


@dataclass
class WorkerInfo:
    name: str
    site: Site
    produces: list[str]
    consumes: list[str]
    stack_bytes: int
    barriers: list[str]
    """Barriers the worker waits on or releases (one lock each on its tile)."""
    op: WorkerOp = field(repr=False)


@dataclass
class LinkInfo:
    name: str
    site: Site
    srcs: list[str]
    dsts: list[str]
    op: LinkOp = field(repr=False)


@dataclass
class BufferInfo:
    name: str
    site: Site
    nbytes: int
    users: list[str]
    """Workers that use the buffer (its owner for a local buffer)."""
    op: BufferOp = field(repr=False)


@dataclass(frozen=True)
class Handle:
    """A fifo end held by a worker or the runtime (mlir-aie's ObjectFifoHandle)."""

    fifo: str
    is_producer: bool


@dataclass
class RuntimeTransfer:
    """A fill or drain: which end it drives and which task group it belongs to."""

    end: EndRef
    group: int
    op: FillOp | DrainOp = field(repr=False)


@dataclass
class ProgramModel:
    device: DeviceSpec
    workers: list[WorkerInfo]
    fifos: dict[str, FifoInfo]
    links: dict[str, LinkInfo]
    buffers: dict[str, BufferInfo]
    handles: list[Handle]
    transfers: list[RuntimeTransfer]
    runtime_name: str | None

    def worker(self, name: str) -> WorkerInfo:
        return next(w for w in self.workers if w.name == name)

    def end(self, ref: EndRef) -> FifoEnd:
        return self.fifos[ref.fifo].ends[ref.index]

    def runtime_ends(self) -> list[FifoEnd]:
        return [
            e for f in self.fifos.values() for e in f.ends if e.kind is EndpointKind.runtime
        ]


@dataclass
class Placement:
    """A placer's answer: a tile for every worker, link, runtime end and buffer."""

    workers: dict[str, Coord] = field(default_factory=dict)
    links: dict[str, Coord] = field(default_factory=dict)
    runtime_ends: dict[EndRef, Coord] = field(default_factory=dict)
    buffers: dict[str, Coord] = field(default_factory=dict)

    def tile_of_end(self, model: ProgramModel, end: FifoEnd) -> Coord:
        if end.kind is EndpointKind.worker:
            return self.workers[end.owner]
        if end.kind is EndpointKind.link:
            return self.links[end.owner]
        return self.runtime_ends[end.ref]


def build_model(program: ProgramOp) -> ProgramModel:
    """The placer's view of ``program`` (which has passed the IRON verifier)."""
    device = program.spec
    ops = list(program.body.block.ops)
    workers_by_name = {op.worker_name: op for op in ops if isinstance(op, WorkerOp)}
    sequence = next((op for op in ops if isinstance(op, RuntimeSequenceOp)), None)

    start_order: list[str] = []
    transfers: list[RuntimeTransfer] = []
    if sequence is not None:
        group_ids: dict[object, int] = {}
        for op in sequence.body.block.ops:
            if isinstance(op, StartOp):
                start_order += [w for w in op.worker_names if w not in start_order]
            elif isinstance(op, (FillOp, DrainOp)):
                group = op.group
                gid = group_ids.setdefault(group, len(group_ids)) if group is not None else -1
                transfers.append(RuntimeTransfer(_transfer_end(op, ops), gid, op))
    ordered = [workers_by_name[n] for n in start_order if n in workers_by_name]
    ordered += [w for w in workers_by_name.values() if w.worker_name not in start_order]

    fifos: dict[str, FifoInfo] = {}
    for op in ops:
        if isinstance(op, FifoOp):
            ends = [
                _end(op.fifo_name, i, ep) for i, ep in enumerate(op.endpoints)
            ]
            fifos[op.fifo_name] = FifoInfo(op.fifo_name, memref_bytes(op.elem_type), ends, op)

    workers = []
    for w in ordered:
        produces = [f.name for f in fifos.values() if _held_by(f.producer, w.worker_name)]
        consumes = [
            f.name for f in fifos.values() for c in f.consumers if _held_by(c, w.worker_name)
        ]
        stack = w.stack_size.data if w.stack_size is not None else device.default_stack_bytes
        barriers = sorted(
            {op.barrier_name for op in w.walk() if isinstance(op, BarrierValueOp)}
        )
        workers.append(
            WorkerInfo(w.worker_name, Site.of(w.tile), produces, consumes, stack, barriers, w)
        )

    links = {
        op.sym_name.data: LinkInfo(
            op.sym_name.data, Site.of(op.tile), op.src_names, op.dst_names, op
        )
        for op in ops
        if isinstance(op, LinkOp)
    }

    buffers = {}
    for op in ops:
        if isinstance(op, BufferOp):
            users = _buffer_users(op)
            buffers[op.sym_name.data] = BufferInfo(
                op.sym_name.data, Site.of(op.tile), memref_bytes(op.buffer.type), users, op
            )

    handles: list[Handle] = []
    for name in sorted(fifos):
        f = fifos[name]
        if f.producer.kind is not EndpointKind.link:
            handles.append(Handle(name, True))
        handles += [Handle(name, False) for c in f.consumers if c.kind is not EndpointKind.link]

    return ProgramModel(
        device=device,
        workers=workers,
        fifos=fifos,
        links=links,
        buffers=buffers,
        handles=handles,
        transfers=transfers,
        runtime_name=sequence.sym_name.data if sequence is not None else None,
    )


def _end(fifo: str, index: int, ep: EndpointAttr) -> FifoEnd:
    site = Site.of(ep.tile_attr) if ep.tile_attr is not None else None
    return FifoEnd(
        EndRef(fifo, index), ep.endpoint_kind, ep.ref_name, ep.depth.data, bool(ep.dims), site
    )


def _held_by(end: FifoEnd, worker: str) -> bool:
    return end.kind is EndpointKind.worker and end.owner == worker


def _transfer_end(op: FillOp | DrainOp, program_ops: list[Operation]) -> EndRef:
    fifo = next(f for f in program_ops if isinstance(f, FifoOp) and f.fifo_name == op.fifo_name)
    if isinstance(op, FillOp):
        return EndRef(op.fifo_name, 0)
    index = next(
        i + 1
        for i, c in enumerate(fifo.consumers.data)
        if c.endpoint_kind is EndpointKind.runtime
    )
    return EndRef(op.fifo_name, index)


def _buffer_users(op: BufferOp) -> list[str]:
    users: list[str] = []
    if op.owner is not None:
        users.append(op.owner.root_reference.data)
    for use in op.buffer.uses:
        parent = use.operation
        while parent is not None and not isinstance(parent, WorkerOp):
            parent = parent.parent_op()
        if parent is not None and parent.worker_name not in users:
            users.append(parent.worker_name)
    return users
