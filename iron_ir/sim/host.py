"""The runtime sequence: compiled like a core body, with the host's DMA operations.

``aiex.dma_configure_task(_for)`` describes a chain of BDs on a shim channel, ``dma_start_task``
queues it, ``dma_await_task`` blocks the sequence until all its data has moved.
``aiex.npu.dma_memcpy_nd`` is one configured-and-started task, ``aiex.npu.dma_wait`` waits for
everything started on that channel. Register-level writes (trace set-up) are not modelled and
are counted in the run's notes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.ir import Block, Operation

from iron_ir.device import TileKind
from iron_ir.dma.access import BufferDescriptor, bd_offsets, bd_reach
from iron_ir.sim.build import resolve_host_end
from iron_ir.sim.codegen import arith, scf
from iron_ir.sim.codegen.memref import HANDLERS as MEMREF_HANDLERS
from iron_ir.sim.codegen.emitter import Emitter, Handler, where
from iron_ir.sim.design import Design, as_bool, as_int, dim_pairs, prop, sym_name
from iron_ir.sim.errors import (
    DesignError,
    DmaBoundsError,
    RuntimeMisuseError,
    UnsupportedOpError,
)
from iron_ir.sim.machine import Bd, HostEnd, Machine, PatternError, Plan, Task, Wait, make_plan
from iron_ir.sim.machine.access import OFFSETS
from iron_ir.sim.registers import HANDLERS as REGISTER_HANDLERS
from iron_ir.sim.registers import Registers

DYNAMIC = -(2**63)

_PLANS = 256
"""Plans a task template remembers (see :meth:`HostContext._bds`): every execution of a template
on the given arrays, bounded for a template of very many executions."""


@dataclass
class BdTemplate:
    offset: int
    length: int
    dims: list[tuple[int, int]]
    where: str
    packet: tuple[int, int] | None = None


@dataclass
class TaskTemplate:
    label: str
    end: HostEnd
    issue_token: bool
    repeat_count: int
    bds: list[BdTemplate]


@dataclass
class TileTaskTemplate:
    """A runtime task on a tile's own buffers: its BDs are fixed, built once."""

    label: str
    end: HostEnd
    issue_token: bool
    repeat_count: int
    bds: list[Bd]


class TaskWait(Wait):
    __slots__ = ("tasks", "where")

    def __init__(self, tasks: list[Task], where: str):
        self.tasks, self.where = tasks, where

    def ready(self) -> bool:
        return all(t.done for t in self.tasks)

    def arm(self, entity) -> None:
        for t in self.tasks:
            if not t.done:
                t.waiters.append(entity)
                return

    def describe(self) -> str:
        pending = "; ".join(t.state() for t in self.tasks if not t.done)
        return f"waits at {self.where} for {pending}"


class HostContext:
    """What the compiled runtime sequence calls (``_rt`` in its globals)."""

    def __init__(self, design: Design, machine: Machine):
        self.design = design
        self.machine = machine
        self.shim_bd_dims = design.spec.kinds[TileKind.SHIM_NOC].bd.dims
        self.registers = Registers(design, machine, self)
        self.static_bds: dict[int, tuple] = {}
        """Per task template (by identity): its BDs as written, which every configure of it
        reads the same, and the plans it made on the caller's own arrays (see :meth:`_bds`)."""
        self.given: frozenset[int] = frozenset()
        """The arguments the caller passed and the run uses as they are (read-only inputs),
        by identity: plans on them may outlive the run."""
        self.reset()

    def use_given(self, arrays) -> None:
        """Set :attr:`given` for a run; the plans remembered on arrays no longer given are
        dropped, so they keep no array alive that the caller let go."""
        given = frozenset(map(id, arrays))
        if given == self.given:
            return
        self.given = given
        for _, _, plans in self.static_bds.values():
            for key in [key for key in plans if key[2] not in given]:
                del plans[key]

    def reset(self) -> None:
        self.registers.reset()
        self.tasks: list[Task] = []
        self.by_channel: dict[int, list[Task]] = {}
        self.notes: dict[str, int] = {}

    def _bds(self, tmpl: TaskTemplate, buffers, bds: list[BufferDescriptor], plans=None):
        """One :class:`Bd` per execution of each BD of the chain, in the order they run.

        ``plans``: the plans an earlier configure of the same template made on the caller's
        read-only arrays (:attr:`given`), by (execution, BD, array identity); a plan depends
        on nothing else, and holds no state of a run but caches of its own walk, so a design
        run again on the same inputs reuses them (and the chunk pieces they remember). Plans
        on the run's own arrays are not kept: they would hold the arrays the simulator
        reuses when the caller drops them."""
        writes = tmpl.end.direction == "S2MM"
        out: list[Bd] = []
        given = self.given
        for run in range(tmpl.repeat_count + 1):
            for index, (bd, buf, bt) in enumerate(zip(bds, buffers, tmpl.bds)):
                keep = plans is not None and id(buf) in given
                if keep:
                    # The entry holds the array, so its identity stays its own.
                    known = plans.get((run, index, id(buf)))
                    if known is not None:
                        out.append(Bd(known[1], tmpl.label, packet=bt.packet))
                        continue
                flat = np.ravel(buf) if buf.flags.c_contiguous else None
                if flat is None:
                    raise RuntimeMisuseError(f"{bt.where}: the DMA buffer is not contiguous")
                base = bd.offset + (run % bd.iteration_size) * bd.iteration_stride
                try:
                    plan = make_plan(flat, base, bd.length, bd.dims.pairs, (), writes)
                except PatternError as err:
                    raise DmaBoundsError(
                        f"{bt.where}: {tmpl.label} "
                        f"{'writes' if writes else 'reads'} element offset "
                        f"{err.offset} (access {err.access} of execution {run}), outside its "
                        f"{flat.size}-element tensor {buf.dtype}{list(buf.shape)}.\n"
                        f"The BD is offset {bd.offset}, len {bd.length}, dims "
                        f"{bd.dims.pairs}, iteration ({bd.iteration_size}, "
                        f"{bd.iteration_stride}), repeat_count {tmpl.repeat_count}: check the "
                        f"access pattern (tap) against the tensor's shape."
                    ) from None
                if tmpl.end.dtype is not None and flat.dtype.itemsize != tmpl.end.dtype.itemsize:
                    plan = _reinterpreted(flat, base, bd, tmpl, bt)
                if keep:
                    if len(plans) >= _PLANS:
                        plans.clear()
                    plans[(run, index, id(buf))] = (buf, plan)
                out.append(Bd(plan, tmpl.label, packet=bt.packet))
        for a, b in zip(out, out[1:]):
            a.next = b
        return out

    def configure(self, tmpl: TaskTemplate, buffers, bds=None) -> Task:
        plans = None
        if bds is None:
            known = self.static_bds.get(id(tmpl))
            if known is None or known[0] is not tmpl:
                known = self.static_bds[id(tmpl)] = (
                    tmpl,
                    [
                        BufferDescriptor.from_ir(b.offset, b.length, b.dims, self.shim_bd_dims)
                        for b in tmpl.bds
                    ],
                    {},
                )
            bds, plans = known[1], known[2]
        task = Task(tmpl.label, None, 1, tmpl.issue_token)
        task.host = True
        task.template = tmpl
        chain = self._bds(tmpl, buffers, bds, plans)
        task.first = chain[0] if chain else None
        task.total = sum(bd.length for bd in chain)
        task.done = task.total == 0
        return task

    def tile_task(self, tmpl: TileTaskTemplate) -> Task:
        first = tmpl.bds[0] if tmpl.bds else None
        task = Task(tmpl.label, first, tmpl.repeat_count + 1, tmpl.issue_token)
        task.host = True
        task.template = tmpl
        task.total = sum(bd.length for bd in tmpl.bds) * (tmpl.repeat_count + 1)
        task.done = task.total == 0
        return task

    def start(self, task: Task, where: str) -> None:
        if task.started:
            raise RuntimeMisuseError(f"{where}: {task.label} is started twice")
        task.started = True
        ch = task.template.end.channel
        task.channel = ch
        if task.total == 0:
            task.done = True
        else:
            ch.enqueue(task)
        self.tasks.append(task)
        self.by_channel.setdefault(id(ch), []).append(task)

    def await_task(self, task: Task, where: str) -> Wait | None:
        if not task.started:
            raise RuntimeMisuseError(
                f"{where}: awaits {task.label}, which was never started; on the NPU this waits "
                f"forever. Call aiex.dma_start_task first."
            )
        if not task.issue_token:
            raise RuntimeMisuseError(
                f"{where}: awaits {task.label}, configured without issue_token = true; the "
                f"channel never sends a completion token, so the NPU waits forever.\n"
                f"Add {{issue_token = true}} to the task (wait=True in rt.fill/rt.drain)."
            )
        return None if task.done else TaskWait([task], where)

    def free(self, task: Task) -> None:
        task.freed = True

    def memcpy(self, tmpl: TaskTemplate, buffer, offsets, sizes, strides, where: str) -> None:
        if len(sizes) != 4 or len(strides) != 4 or len(offsets) != 4:
            raise RuntimeMisuseError(f"{where}: dma_memcpy_nd needs 4 offsets, sizes and strides")
        base = sum(int(o) * int(s) for o, s in zip(offsets, strides))
        inner = list(zip(sizes[1:], strides[1:]))
        length = int(np.prod([int(s) for s in sizes[1:]]))
        bd = BufferDescriptor(
            base,
            length,
            inner,
            iteration_size=max(int(sizes[0]), 1),
            iteration_stride=int(strides[0]),
        )
        repeat_tmpl = TaskTemplate(
            tmpl.label, tmpl.end, tmpl.issue_token, max(int(sizes[0]) - 1, 0), tmpl.bds
        )
        task = self.configure(repeat_tmpl, [buffer], [bd])
        self.start(task, where)

    def wait_channel(self, tmpl: TaskTemplate, where: str) -> Wait | None:
        tasks = self.by_channel.get(id(tmpl.end.channel), [])
        if not tasks:
            raise RuntimeMisuseError(
                f"{where}: dma_wait on @{tmpl.end.name}, but no DMA was started on that "
                f"channel; on the NPU this waits forever"
            )
        pending = [t for t in tasks if not t.done]
        return TaskWait(pending, where) if pending else None

    def rtp(self, name: str, index: int, value: int, where: str) -> None:
        buf = self.design.buffers_by_name.get(name)
        if buf is None:
            raise RuntimeMisuseError(f"{where}: rtp_write to unknown buffer @{name}")
        if not 0 <= index < buf.size:
            raise DmaBoundsError(
                f"{where}: rtp_write index {index} outside @{name} ({buf.size} elements)"
            )
        buf.reshape(-1)[index] = value

    def set_lock(self, lock, value: int) -> None:
        lock.value = value
        if lock.waiters:
            lock.wake()

    def note(self, op_name: str) -> None:
        self.notes[op_name] = self.notes.get(op_name, 0) + 1

    def unfinished(self) -> list[Task]:
        return [t for t in self.tasks if not t.done]


def _reinterpreted(flat: np.ndarray, base: int, bd: BufferDescriptor, tmpl, bt) -> Plan:
    """The plan of a BD whose host buffer has another element width than its fifo: the host
    elements it visits, re-expressed as the fifo elements their bytes make."""
    offsets = bd_offsets(BufferDescriptor(base, bd.length, bd.dims))
    view, starts = _as_fifo_elements(flat, offsets, tmpl, bt)
    return Plan(OFFSETS, view, starts.size, offsets=starts)


def _as_fifo_elements(flat: np.ndarray, offsets: np.ndarray, tmpl: TaskTemplate, bt: BdTemplate):
    """A host buffer of another element width than the fifo's: the DMA moves bytes, so the BD's
    host elements are re-expressed as the fifo elements those bytes make (a numpy ``view``)."""
    host, fifo = flat.dtype.itemsize, tmpl.end.dtype.itemsize
    byte_offsets = (offsets[:, None] * host + np.arange(host)).reshape(-1)
    if byte_offsets.size % fifo:
        raise RuntimeMisuseError(
            f"{bt.where}: {tmpl.label} moves {byte_offsets.size} bytes of {flat.dtype}, not a "
            f"whole number of the {tmpl.end.dtype} elements of objectfifo @{tmpl.end.name}"
        )
    words = byte_offsets.reshape(-1, fifo)
    starts = words[:, 0]
    if (starts % fifo).any() or (words != starts[:, None] + np.arange(fifo)).any():
        raise RuntimeMisuseError(
            f"{bt.where}: {tmpl.label} reads {flat.dtype} elements in an order that splits the "
            f"{tmpl.end.dtype} elements of objectfifo @{tmpl.end.name}; the access pattern "
            f"must move whole, aligned {fifo}-byte groups"
        )
    raw = flat.view(np.uint8)
    view = raw[: raw.size - raw.size % fifo].view(tmpl.end.dtype)
    return view, starts // fifo


# --- emitters -------------------------------------------------------------------------------


def _where(e: Emitter, op: Operation) -> str:
    return e.const(where(op), "w")


def _bd_chain(region, what: str) -> list[Block]:
    """The BD blocks of a task's region, in chain order (``aie.next_bd``)."""
    blocks = list(region.blocks)
    if not blocks:
        return []
    chain, block, seen = [], blocks[0], set()
    while block is not None and id(block) not in seen:
        seen.add(id(block))
        nxt = None
        has_bd = False
        for op in block.ops:
            if op.name == "aie.dma_bd":
                has_bd = True
            elif op.name == "aie.next_bd":
                nxt = op.successors[0]
            elif op.name not in ("aie.end", "aie.use_lock", "aie.dma_bd_packet"):
                raise UnsupportedOpError(f"{where(op)}: '{op.name}' inside a DMA task of {what}")
        if has_bd:
            chain.append(block)
        block = nxt
    if block is not None:
        raise UnsupportedOpError(
            f"{what}: a DMA task whose BD chain loops forever is not simulated"
        )
    return chain


def _block_op(block: Block, name: str) -> Operation | None:
    return next((op for op in block.ops if op.name == name), None)


def _packet(block: Block):
    bd = _block_op(block, "aie.dma_bd")
    info = prop(bd, "packet")
    if info is not None:
        return info.as_tuple()
    op = _block_op(block, "aie.dma_bd_packet")
    return (as_int(prop(op, "packet_type")), as_int(prop(op, "packet_id"))) if op else None


def _configure(e: Emitter, op: Operation) -> None:
    ctx: HostContext = e.scope.extra["host"]
    blocks = _bd_chain(op.regions[0], f"the task at {where(op)}")
    if op.name == "aiex.dma_configure_task_for":
        symbol = sym_name(prop(op, "alloc"))
        end = resolve_host_end(ctx.design, ctx.machine, symbol, where(op))
    else:
        tile = ctx.design.tiles.get(op.operands[0])
        direction = "MM2S" if as_int(prop(op, "direction")) == 1 else "S2MM"
        channel = as_int(prop(op, "channel"))
        if tile is None:
            raise DesignError(f"{where(op)}: the task's tile is not an aie.tile")
        if not tile.kind.is_shim:
            _configure_tile_task(e, op, ctx, tile, direction, channel, blocks)
            return
        end = ctx.machine.host_ends.get((tile.col, direction, channel))
        if end is None:
            raise RuntimeMisuseError(
                f"{where(op)}: no objectfifo or flow uses {direction} channel {channel} of "
                f"{tile.name}"
            )
        symbol = end.name
    bds = []
    for block in blocks:
        bd = _block_op(block, "aie.dma_bd")
        if _block_op(block, "aie.use_lock") is not None:
            raise UnsupportedOpError(
                f"{where(bd)}: a lock in a shim DMA task's BD block (shim BDs of the runtime "
                f"sequence move host memory; they are not synchronised with locks here)"
            )
        bds.append(
            BdTemplate(
                as_int(prop(bd, "offset"), 0),
                as_int(prop(bd, "len"), int(np.prod(bd.operands[0].type.get_shape()))),
                dim_pairs(prop(bd, "dimensions")),
                where(bd),
                _packet(block),
            )
        )
    kind = "fill" if end.direction == "MM2S" else "drain"
    tmpl = TaskTemplate(
        f"{kind} task on @{symbol} ({where(op)})",
        end,
        as_bool(prop(op, "issue_token")),
        as_int(prop(op, "repeat_count"), 0),
        bds,
    )
    buffers = "".join(f"{e.use(_block_op(b, 'aie.dma_bd').operands[0])}, " for b in blocks)
    e.line(f"{e.define(op.results[0], 't')} = _rt.configure({e.const(tmpl, 'task')}, ({buffers}))")


def _configure_tile_task(e, op, ctx, tile, direction: str, channel: int, blocks) -> None:
    """A runtime task on a mem-tile (or compute-tile) channel: BDs on the tile's buffers, with
    their locks, built once when the runtime sequence is compiled."""
    builder = ctx.machine.builder
    ch = builder.channel(tile, direction, channel)
    what = f"the runtime task at {where(op)}"
    bds = []
    for block in blocks:
        acq = rel = None
        for use in block.ops:
            if use.name == "aie.use_lock":
                release, lock, value, mode = builder._lock_use(use, what)
                if release:
                    rel = (lock, value, mode)
                else:
                    acq = (lock, value, mode)
        bd_op = _block_op(block, "aie.dma_bd")
        bds.append(builder.make_bd(bd_op, tile, direction, what, acq, rel, _packet(block)))
    for a, b in zip(bds, bds[1:]):
        a.next = b
    end = HostEnd(None, tile, direction, channel, ch, None, ch.name)
    kind = "fill" if direction == "MM2S" else "drain"
    tmpl = TileTaskTemplate(
        f"{kind} task on {ch.name} ({where(op)})",
        end,
        as_bool(prop(op, "issue_token")),
        as_int(prop(op, "repeat_count"), 0),
        bds,
    )
    e.line(f"{e.define(op.results[0], 't')} = _rt.tile_task({e.const(tmpl, 'task')})")


def _start(e: Emitter, op: Operation) -> None:
    for v in op.operands:
        e.line(f"_rt.start({e.use(v)}, {_where(e, op)})")


def _await(e: Emitter, op: Operation) -> None:
    e.blocking = True
    for v in op.operands:
        e.line(f"_w = _rt.await_task({e.use(v)}, {_where(e, op)})")
        e.line("if _w is not None: yield _w")


def _free(e: Emitter, op: Operation) -> None:
    for v in op.operands:
        e.line(f"_rt.free({e.use(v)})")


def _list(e: Emitter, static, dynamic) -> str:
    dyn = iter(dynamic)
    items = [e.use(next(dyn)) if v == DYNAMIC else str(v) for v in static.get_values()]
    return f"[{', '.join(items)}]"


def _memcpy(e: Emitter, op: Operation) -> None:
    ctx: HostContext = e.scope.extra["host"]
    symbol = sym_name(prop(op, "metadata"))
    end = resolve_host_end(ctx.design, ctx.machine, symbol, where(op))
    kind = "fill" if end.direction == "MM2S" else "drain"
    issue = as_bool(prop(op, "issue_token")) or end.direction == "S2MM"
    # `packet = <pkt_type, pkt_id>`: the shim DMA sends the data as that packet.
    info = prop(op, "packet")
    packet = None if info is None else info.as_tuple()
    tmpl = TaskTemplate(
        f"{kind} dma_memcpy_nd on @{symbol} ({where(op)})",
        end,
        issue,
        0,
        [BdTemplate(0, 0, [], where(op), packet)],
    )
    offsets = _list(e, prop(op, "static_offsets"), op.offsets)
    sizes = _list(e, prop(op, "static_sizes"), op.sizes)
    strides = _list(e, prop(op, "static_strides"), op.strides)
    e.line(
        f"_rt.memcpy({e.const(tmpl, 'task')}, {e.use(op.operands[0])}, {offsets}, {sizes}, "
        f"{strides}, {_where(e, op)})"
    )


def _dma_wait(e: Emitter, op: Operation) -> None:
    ctx: HostContext = e.scope.extra["host"]
    symbol = sym_name(prop(op, "symbol"))
    end = resolve_host_end(ctx.design, ctx.machine, symbol, where(op))
    tmpl = TaskTemplate(f"@{symbol}", end, True, 0, [])
    e.blocking = True
    e.line(f"_w = _rt.wait_channel({e.const(tmpl, 'task')}, {_where(e, op)})")
    e.line("if _w is not None: yield _w")


def _rtp_write(e: Emitter, op: Operation) -> None:
    name = sym_name(prop(op, "buffer"))
    index = as_int(prop(op, "index"))
    value = e.use(op.operands[0]) if op.operands else str(as_int(prop(op, "value")))
    e.line(f"_rt.rtp({name!r}, {index}, {value}, {_where(e, op)})")


def _set_lock(e: Emitter, op: Operation) -> None:
    e.line(f"_rt.set_lock({e.use(op.operands[0])}, {as_int(prop(op, 'value'))})")


def _register_write(e: Emitter, op: Operation) -> None:
    e.line(f"_rt.note({op.name!r})")


HANDLERS: dict[str, Handler] = {
    **arith.HANDLERS,
    **scf.HANDLERS,
    "aiex.dma_configure_task_for": _configure,
    "aiex.dma_configure_task": _configure,
    "aiex.dma_start_task": _start,
    "aiex.dma_await_task": _await,
    "aiex.dma_free_task": _free,
    "aiex.npu.dma_memcpy_nd": _memcpy,
    "aiex.npu.dma_wait": _dma_wait,
    "aiex.npu.rtp_write": _rtp_write,
    "aiex.set_lock": _set_lock,
    **REGISTER_HANDLERS,
    "memref.get_global": MEMREF_HANDLERS["memref.get_global"],
    "aie.trace.start_config": _register_write,
    # The host trace buffer of the traces started above: trace units are not simulated.
    "aie.trace.host_config": _register_write,
    "aie.end": lambda e, op: None,
}


def argument_directions(design: Design, machine: Machine) -> list[set[str]]:
    """For each runtime-sequence argument, the directions DMAs move it: ``"in"`` (a fill reads
    it, MM2S) and/or ``"out"`` (a drain writes it, S2MM)."""
    block = design.runtime.regions[0].blocks[0]
    index = {arg: i for i, arg in enumerate(block.args)}
    roles: list[set[str]] = [set() for _ in block.args]
    for op in design.runtime.walk():
        if op.name == "aiex.dma_configure_task_for":
            direction = resolve_host_end(
                design, machine, sym_name(prop(op, "alloc")), where(op)
            ).direction
            buffers = [bd.operands[0] for bd in op.walk() if bd.name == "aie.dma_bd"]
        elif op.name == "aiex.dma_configure_task":
            direction = "MM2S" if as_int(prop(op, "direction")) == 1 else "S2MM"
            buffers = [bd.operands[0] for bd in op.walk() if bd.name == "aie.dma_bd"]
        elif op.name == "aiex.npu.dma_memcpy_nd":
            direction = resolve_host_end(
                design, machine, sym_name(prop(op, "metadata")), where(op)
            ).direction
            buffers = [op.operands[0]]
        else:
            continue
        for buf in buffers:
            if buf in index:
                roles[index[buf]].add("in" if direction == "MM2S" else "out")
    return roles


def argument_extents(runtime: Operation) -> list[int]:
    """For each runtime-sequence argument, how many elements its BDs reach (0 if none): a
    design's taps may reach past the argument's type, and the host then allocates more."""
    block = runtime.regions[0].blocks[0]
    index = {arg: i for i, arg in enumerate(block.args)}
    extents = [0] * len(block.args)
    for task in runtime.walk():
        if task.name not in ("aiex.dma_configure_task_for", "aiex.dma_configure_task"):
            continue
        repeat = as_int(prop(task, "repeat_count"), 0)
        for bd in task.walk():
            if bd.name != "aie.dma_bd" or bd.operands[0] not in index:
                continue
            arg = bd.operands[0]
            length = as_int(prop(bd, "len"), int(np.prod(arg.type.get_shape())))
            pairs = dim_pairs(prop(bd, "dimensions"))
            try:
                desc = BufferDescriptor.from_ir(
                    as_int(prop(bd, "offset"), 0), length, pairs, len(pairs)
                )
            except ValueError as err:  # a size below 1, a negative stride: no DMA can do it
                raise DesignError(f"{where(bd)}: this BD cannot run: {err}") from None
            runs = min(desc.iteration_size, repeat + 1)
            reach = max(bd_reach(desc, run) for run in range(runs))
            extents[index[arg]] = max(extents[index[arg]], reach)
    return extents
