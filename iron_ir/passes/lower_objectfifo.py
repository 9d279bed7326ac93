"""``convert-iron-to-aie``: a placed, BD-legal IRON program to the AIE dialect.

It leaves ``aie.objectfifo`` ops in place (objectfifo level); mlir-aie's objectfifo lowering
proper is ``aie-objectFifo-stateful-transform``. Former name: ``iron-lower-objectfifo``.

Each ``iron.program`` becomes an ``aie.device`` whose body is what mlir-aie's
``Program.resolve_program`` emits, in the same order, so the text matches IRON's line by line
(mlir-aie's ``python/iron`` front end):

1. ``aie.tile`` ops in first-use order: workers' tiles in ``rt.start`` order, then the tiles of
   every end of each fifo a worker or the runtime holds, fifos sorted by name;
2. ``aie.objectfifo`` ops in the same fifo order; a fifo with a link at one end resolves the link
   right after itself (the link's other fifos first, then ``aie.objectfifo.link``);
3. kernels (``func.func``) and program buffers (``aie.buffer``); a worker-local buffer goes
   before the last ``aie.tile``;
4. per worker: its barrier locks, then ``aie.core`` (the body in the endless ``scf.for`` when
   ``while_true``), with ``iron.acquire``/``iron.release`` as ``aie.objectfifo.acquire`` +
   ``aie.objectfifo.subview.access`` / ``aie.objectfifo.release``;
5. ``aie.runtime_sequence``: per fill/drain an ``aiex.dma_configure_task_for`` holding its BD
   chain (from ``iron-tile-to-dma-bd``) and an ``aiex.dma_start_task``; at the end of each task
   group ``aiex.dma_await_task`` for the waited tasks, then ``aiex.dma_free_task`` for the rest;
   RTP writes and barrier settings in place.

Requires ``iron-place`` and ``iron-tile-to-dma-bd`` to have run; says so otherwise.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp, Signedness
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from iron_ir.dialects import aie, aiex
from iron_ir.dialects.aie.enums import LockAction, ObjectFifoPort
from iron_ir.dialects.iron import (
    AcquireOp,
    BarrierOp,
    BarrierReleaseOp,
    BarrierWaitOp,
    BufferOp,
    DrainOp,
    EndpointAttr,
    EndpointKind,
    FifoOp,
    FillOp,
    FinishTaskGroupOp,
    LinkOp,
    Port,
    ProgramOp,
    ReleaseOp,
    RtpWriteOp,
    RuntimeSequenceOp,
    SetBarrierOp,
    StartOp,
    TaskGroupOp,
    WorkerOp,
)
from iron_ir.ir.diagnostics import OpError
from iron_ir.ir.constraints import int_attr
from iron_ir.ir.fast_build import constant_op, for_op
from iron_ir.passes.placement import build_model
from iron_ir.passes.tile_to_bd import transfer_bds

_UI32 = IntegerType(32, Signedness.UNSIGNED)
_DEFAULT_SEQUENCE = "sequence"


@dataclass(frozen=True)
class ConvertIronToAIEPass(ModulePass):
    name = "convert-iron-to-aie"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for program in [p for p in op.walk() if isinstance(p, ProgramOp)]:
            device = _Lowering(program).run()
            Rewriter.replace_op(program, device)


@dataclass(frozen=True)
class IronLowerObjectFifoPass(ConvertIronToAIEPass):
    """``iron-lower-objectfifo``: convert-iron-to-aie's former name."""

    name = "iron-lower-objectfifo"


def _move_body(source: Block, target: Block, values: dict[SSAValue, SSAValue]) -> None:
    """Move the ops of ``source`` to the end of ``target``, their uses of the keys of
    ``values`` replaced by the values. The program is replaced by the device once lowered,
    so its worker bodies are moved rather than cloned (cloning costs a new op per op, and
    xDSL's clone drops the source locations that reports point at)."""
    for op in list(source.ops):
        op.detach()
        target.add_op(op)
        for nested in op.walk():
            operands = nested.operands
            if any(o in values for o in operands):
                nested.operands = [values.get(o, o) for o in operands]


def _port(port: Port) -> ObjectFifoPort:
    return ObjectFifoPort.Produce if port is Port.produce else ObjectFifoPort.Consume


class _Lowering:
    def __init__(self, program: ProgramOp):
        self.program = program
        self.ops = list(program.body.block.ops)
        self.fifos = {f.fifo_name: f for f in self.ops if isinstance(f, FifoOp)}
        self.links = {l.sym_name.data: l for l in self.ops if isinstance(l, LinkOp)}
        self.workers = {w.worker_name: w for w in self.ops if isinstance(w, WorkerOp)}
        self.device = aie.DeviceOp(program.device.data)
        self.block = self.device.body
        self.tiles: dict[tuple[int, int], aie.TileOp] = {}
        self.emitted_fifos: set[str] = set()
        self.emitted_links: set[str] = set()
        self.buffers: dict[SSAValue, SSAValue] = {}
        self.buffer_ops: dict[str, aie.BufferOp] = {}
        self.locks: dict[str, list[aie.LockOp]] = {}
        self._check_ready()
        self.model = build_model(program)
        # A worker's allocation_scheme (Worker(allocation_scheme=...) or Tile(...,
        # allocation_scheme=...)) is an attribute of its tile, as mlir-aie prints it.
        self.allocation_schemes = {
            w.tile.col_row: w.attributes["allocation_scheme"].data
            for w in self.workers.values()
            if "allocation_scheme" in w.attributes
        }

    # --- preconditions ---------------------------------------------------------------------

    def _check_ready(self) -> None:
        unplaced = [
            op for op in self.ops if isinstance(op, (WorkerOp, LinkOp, BufferOp))
            and not op.tile.is_placed
        ]
        unplaced += [
            f for f in self.fifos.values()
            if any(e.tile_attr is not None and not e.tile_attr.is_placed for e in f.endpoints)
        ]
        if unplaced:
            raise OpError(
                unplaced[0],
                f"program @{self.program.sym_name.data} is not placed yet: run iron-place before "
                "convert-iron-to-aie (or the iron-to-aie pipeline)",
            )
        for op in self.program.walk():
            if isinstance(op, (FillOp, DrainOp)) and transfer_bds(op) is None:
                raise OpError(
                    op,
                    f"{op.name} @{op.fifo_name} has no BD chain yet: run iron-tile-to-dma-bd "
                    "before convert-iron-to-aie (or the iron-to-aie pipeline)",
                )

    # --- emission --------------------------------------------------------------------------

    def emit(self, op: Operation) -> Operation:
        self.block.insert_op_before(op, self.block.last_op)  # before the implicit aie.end
        return op

    def tile(self, coord: tuple[int, int]) -> aie.TileOp:
        if coord not in self.tiles:
            self.tiles[coord] = self.emit(aie.TileOp(*coord, self.allocation_schemes.get(coord)))
        return self.tiles[coord]

    def end_tile(self, end: EndpointAttr) -> tuple[int, int]:
        kind = end.endpoint_kind
        if kind is EndpointKind.runtime:
            return end.tile_attr.col_row
        owner = self.workers[end.ref_name] if kind is EndpointKind.worker else self.links[end.ref_name]
        return owner.tile.col_row

    def run(self) -> aie.DeviceOp:
        model = self.model
        for w in model.workers:
            self.tile(self.workers[w.name].tile.col_row)
        for handle in model.handles:
            for end in self.fifos[handle.fifo].endpoints:
                self.tile(self.end_tile(end))
        for handle in model.handles:
            self.emit_fifo(handle.fifo)
        for name in sorted(self.fifos):  # fifos only links reach (chains of links)
            self.emit_fifo(name)
        self.emit_program_symbols()
        for w in model.workers:
            self.emit_worker(self.workers[w.name])
        sequence = next((op for op in self.ops if isinstance(op, RuntimeSequenceOp)), None)
        if sequence is not None:
            self.emit_sequence(sequence)
        return self.device

    def emit_fifo(self, name: str) -> None:
        if name in self.emitted_fifos:
            return
        self.emitted_fifos.add(name)
        fifo = self.fifos[name]
        ends = fifo.endpoints
        depths = [e.depth.data for e in ends]
        depth = depths[0] if len(set(depths)) == 1 else depths
        to_stream = ends[0].dims.pairs or None
        from_stream = [c.dims.pairs or None for c in ends[1:]]
        extra = {}
        if fifo.plio is not None:
            extra["plio"] = True
        if fifo.disable_synchronization is not None:
            extra["disable_synchronization"] = True
        if fifo.repeat_count is not None:
            extra["repeat_count"] = fifo.repeat_count.data
        if fifo.iter_count is not None:
            extra["iter_count"] = fifo.iter_count.data
        if fifo.pad_dimensions is not None:
            extra["pad_dimensions"] = [tuple(p.data for p in pair.data) for pair in fifo.pad_dimensions.data]
        self.emit(
            aie.ObjectFifoCreateOp(
                name,
                self.tile(self.end_tile(ends[0])),
                [self.tile(self.end_tile(c)) for c in ends[1:]],
                depth,
                fifo.elem_type,
                to_stream,
                from_stream,
                **extra,
            )
        )
        for end in ends:
            if end.endpoint_kind is EndpointKind.link:
                self.emit_link(end.ref_name)

    def emit_link(self, name: str) -> None:
        if name in self.emitted_links:
            return
        self.emitted_links.add(name)
        link = self.links[name]
        for fifo in [*link.src_names, *link.dst_names]:
            self.emit_fifo(fifo)
        self.emit(
            aie.ObjectFifoLinkOp(
                link.src_names,
                link.dst_names,
                [o.data for o in link.src_offsets.data],
                [o.data for o in link.dst_offsets.data],
            )
        )

    def emit_program_symbols(self) -> None:
        local: list[BufferOp] = []
        for op in self.ops:
            if isinstance(op, func.FuncOp):
                self.emit(op.clone())
            elif isinstance(op, BufferOp):
                if op.owner is not None:
                    local.append(op)
                else:
                    self.emit(self.lower_buffer(op))
        # IRON creates a LocalBuffer while tracing its worker, before the last tile declared.
        last_tile = list(self.tiles.values())[-1] if self.tiles else None
        for op in local:
            buffer = self.lower_buffer(op)
            if last_tile is not None:
                self.block.insert_op_before(buffer, last_tile)
            else:
                self.emit(buffer)

    def lower_buffer(self, op: BufferOp) -> aie.BufferOp:
        buffer = aie.BufferOp(
            self.tile(op.tile.col_row),
            op.buffer.type,
            sym_name=op.sym_name.data,
            initial_value=op.initial_value,
        )
        self.buffers[op.buffer] = buffer.buffer
        self.buffer_ops[op.sym_name.data] = buffer
        return buffer

    def emit_worker(self, worker: WorkerOp) -> None:
        tile = self.tile(worker.tile.col_row)
        barriers = sorted(
            {op.barrier_name for op in worker.walk() if isinstance(op, (BarrierWaitOp, BarrierReleaseOp))}
        )
        barrier_inits = {b.sym_name.data: b.initial_value.data for b in self.ops if isinstance(b, BarrierOp)}
        worker_locks: dict[str, aie.LockOp] = {}
        for name in barriers:
            lock = self.emit(aie.LockOp(tile, init=barrier_inits[name]))
            worker_locks[name] = lock
            self.locks.setdefault(name, []).append(lock)

        body = Block()
        inner = body
        if worker.while_true is not None:
            c0 = constant_op(int_attr(0, IndexType()))
            cmax = constant_op(int_attr(sys.maxsize, IndexType()))
            c1 = constant_op(int_attr(1, IndexType()))
            inner = Block(arg_types=[IndexType()])
            loop = for_op(c0.results[0], cmax.results[0], c1.results[0], [], inner)
            body.add_ops([c0, cmax, c1, loop])
        _move_body(worker.body.block, inner, self.buffers)
        if worker.while_true is not None:
            inner.add_op(scf.YieldOp())
        body.add_op(aie.EndOp())
        for op in list(body.walk()):
            self.lower_body_op(op, worker_locks)
        stack = worker.stack_size.data if worker.stack_size is not None else None
        self.emit(aie.CoreOp(tile, Region(body), stack_size=stack))

    def lower_body_op(self, op: Operation, locks: dict[str, aie.LockOp]) -> None:
        if isinstance(op, AcquireOp):
            element = op.results[0].type
            acquire = aie.ObjectFifoAcquireOp(op.fifo_name, _port(op.port_enum), op.count.data, element)
            accesses = [aie.ObjectFifoSubviewAccessOp(acquire, i) for i in range(op.count.data)]
            new = [acquire, *accesses]
            Rewriter.replace_op(op, new, [a.results[0] for a in accesses])
        elif isinstance(op, ReleaseOp):
            new = [aie.ObjectFifoReleaseOp(op.fifo_name, _port(op.port_enum), op.count.data)]
            Rewriter.replace_op(op, new)
        elif isinstance(op, (BarrierWaitOp, BarrierReleaseOp)):
            action = LockAction.Acquire if isinstance(op, BarrierWaitOp) else LockAction.Release
            new = [aie.UseLockOp(locks[op.barrier_name], action, op.value.data)]
            Rewriter.replace_op(op, new)
        else:
            return
        for created in new:
            created.location = op.location

    # --- the runtime sequence --------------------------------------------------------------

    def emit_sequence(self, sequence: RuntimeSequenceOp) -> None:
        name = sequence.sym_name.data
        arg_types = [a.type for a in sequence.body.block.args]
        seq = aie.RuntimeSequenceOp(arg_types, None if name == _DEFAULT_SEQUENCE else name)
        self.emit(seq)
        block = seq.body.block
        values: dict[SSAValue, SSAValue] = dict(zip(sequence.body.block.args, block.args))
        groups: dict[SSAValue | None, list[tuple[SSAValue, bool]]] = {None: []}

        def finish(group: SSAValue | None) -> None:
            tasks = groups.pop(group, [])
            ends = [aiex.DMAAwaitTaskOp(t) for t, waited in tasks if waited]
            ends += [aiex.DMAFreeTaskOp(t) for t, waited in tasks if not waited]
            for end in ends:  # an await is where the host waits: point at its fill/drain
                end.location = end.operands[0].owner.location
            block.add_ops(ends)

        for op in sequence.body.block.ops:
            if isinstance(op, StartOp):
                continue
            if isinstance(op, TaskGroupOp):
                groups[op.results[0]] = []
            elif isinstance(op, FinishTaskGroupOp):
                finish(op.operands[0])
            elif isinstance(op, (FillOp, DrainOp)):
                task = self.transfer_task(op, values[op.host])
                block.add_ops([task, aiex.DMAStartTaskOp(task.result)])
                groups.setdefault(op.group, []).append((task.result, op.wait is not None))
            elif isinstance(op, RtpWriteOp):
                block.add_op(self.rtp_write(op))
            elif isinstance(op, SetBarrierOp):
                block.add_ops(aiex.SetLockOp(lock.results[0], op.value.data) for lock in self.locks.get(op.barrier_name, []))
            elif any(
                not isinstance(use.operation, RtpWriteOp) for r in op.results for use in r.uses
            ):
                # values the sequence computes with; an RTP value becomes an immediate instead
                block.add_op(op.clone(value_mapper=values))
        for group in list(groups):
            finish(group)

    def transfer_task(self, op: FillOp | DrainOp, host: SSAValue) -> aiex.DMAConfigureTaskForOp:
        bds, repeat = transfer_bds(op)  # type: ignore[misc]
        blocks = [Block() for _ in bds]
        for i, (block, bd) in enumerate(zip(blocks, bds)):
            block.add_op(
                aie.DMABDOp(host, bd.offset.data, bd.length.data, bd.dims.pairs, burst_length=0)
            )
            block.add_op(aie.NextBDOp(blocks[i + 1]) if i + 1 < len(blocks) else aie.EndOp())
        task = aiex.DMAConfigureTaskForOp(
            op.fifo_name, Region(blocks), issue_token=op.wait is not None, repeat_count=repeat
        )
        task.location = op.location
        return task

    def rtp_write(self, op: RtpWriteOp) -> aiex.NpuWriteRTPOp:
        value = op.value.owner
        if not isinstance(value, arith.ConstantOp) or not isinstance(value.value, IntegerAttr):
            raise OpError(
                op,
                f"iron.rtp_write @{op.buffer_name}: the value must be an integer constant known "
                "at compile time (aiex.npu.rtp_write writes an immediate)",
            )
        return aiex.NpuWriteRTPOp.build(
            properties={
                "buffer": op.buffer,
                "index": int_attr(op.index.data, _UI32),
                "value": int_attr(value.value.value.data),
            }
        )
