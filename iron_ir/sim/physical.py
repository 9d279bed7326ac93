"""Build the physical level of a design: the DMA programs, streams and shim channels it writes
out itself (by hand, or as mlir-aie's stateful transform and router leave them).

* ``aie.mem`` / ``aie.memtile_dma`` / ``aie.shim_dma``: each ``aie.dma_start(dir, ch, ^bd,
  ^next, repeat_count)`` (or region-form ``aie.dma``) is a program on that channel: a chain of
  BD blocks, each ``aie.use_lock`` acquire, ``aie.dma_bd`` (offset, len, dims with the tile
  kind's iteration dim, padding, ``aie.dma_bd_packet`` or ``packet``), ``aie.use_lock``
  release, ``aie.next_bd``. A chain that loops runs forever; one that ends runs
  ``repeat_count + 1`` times.
* ``aie.flow`` between DMA ports is a circuit (several flows from one source: a broadcast);
  ``aie.packet_flow`` routes packets by id; a routed design (``aie.switchbox``,
  ``aie.shim_mux``) is traced port by port (:mod:`iron_ir.sim.routing`).
* Shim channels are fed by the runtime sequence, named by their ``aie.shim_dma_allocation``.

Locks and buffers named as the stateful transform names them (``<fifo>_cons_buff_0``,
``<fifo>_prod_lock_0``) are reported with the objectfifo they came from.
"""

from __future__ import annotations

import re

from xdsl.ir import Block, Operation

from iron_ir.device.table import Arch
from iron_ir.dma.access import BufferDescriptor
from iron_ir.sim.codegen.emitter import where
from iron_ir.sim.design import Design, Tile, as_bool, as_int, dim_pairs, prop
from iron_ir.sim.errors import DesignError, UnsupportedOpError
from iron_ir.sim.machine import AIE1, EQ, GE, Bd, Channel, Circuit, HostEnd, Machine, Task
from iron_ir.sim.machine.access import tile_plan
from iron_ir.sim.machine.packet import PacketSwitch

DIRECTIONS = {0: "S2MM", 1: "MM2S"}
DMA, CORE, TRACE = 1, 0, 9
_BUNDLES = {
    0: "Core",
    1: "DMA",
    2: "FIFO",
    3: "South",
    4: "West",
    5: "North",
    6: "East",
    7: "PLIO",
    8: "NOC",
    9: "Trace",
    10: "TileControl",
}

_FIFO_PART = re.compile(r"^(?P<pool>.+?)_(?:buff|prod_lock|cons_lock|lock)(?:_\d+)?$")


def fifo_of(name: str | None) -> str | None:
    """The objectfifo a buffer or lock of the stateful transform belongs to, by its name:
    ``in_cons_buff_1`` -> objectfifo @in, consumer end; ``out_prod_lock_0`` -> @out."""
    if not name:
        return None
    m = _FIFO_PART.match(name)
    if m is None:
        return None
    pool = m.group("pool")
    consumer = re.match(r"^(.+?)(?:_\d+)?_cons$", pool)
    if consumer is not None:
        return f"objectfifo @{consumer.group(1)}, consumer end"
    return f"objectfifo @{pool}"


def lock_origin(name: str | None) -> str | None:
    return fifo_of(name)


class PhysicalBuilder:
    def __init__(self, design: Design, machine: Machine):
        self.d = design
        self.m = machine
        self.aie1 = design.spec.arch is Arch.AIE1
        self.bds: dict[int, Bd] = {}
        self.bd_dims = {kind: spec.bd.dims for kind, spec in design.spec.kinds.items()}

    # --- channels -----------------------------------------------------------------------

    def _programs(self):
        """(program op, tile, direction, channel, start op) of every DMA program."""
        for prog in self.d.dma_programs:
            tile = self.d.tiles[prog.operands[0]]
            for block in prog.regions[0].blocks:
                for op in block.ops:
                    if op.name in ("aie.dma_start", "aie.dma"):
                        direction = DIRECTIONS[as_int(prop(op, "channel_dir"))]
                        yield prog, tile, direction, as_int(prop(op, "channel_index")), op

    def _tile(self, value) -> Tile:
        return self.d.tiles[value]

    def _flow_ends(self, op: Operation):
        """(source tile, bundle, channel), [(dest tile, bundle, channel)] of a flow op."""
        if op.name == "aie.flow":
            src = (self._tile(op.operands[0]), as_int(prop(op, "source_bundle")))
            src += (as_int(prop(op, "source_channel")),)
            dst = (self._tile(op.operands[1]), as_int(prop(op, "dest_bundle")))
            dst += (as_int(prop(op, "dest_channel")),)
            return [src], [dst]
        sources, dests = [], []
        for end in op.regions[0].blocks[0].ops:
            if end.name in ("aie.packet_source", "aie.packet_dest"):
                item = (self._tile(end.operands[0]), as_int(prop(end, "bundle")))
                item += (as_int(prop(end, "channel")),)
                (sources if end.name == "aie.packet_source" else dests).append(item)
        return sources, dests

    def reserved(self) -> set:
        """Channels the physical part uses, which the objectfifo builder must leave free."""
        used = {(tile, direction, ch) for _, tile, direction, ch, _ in self._programs()}
        for op in (*self.d.flows, *self.d.packet_flows):
            sources, dests = self._flow_ends(op)
            used |= {(t, "MM2S", c) for t, b, c in sources if b == DMA}
            used |= {(t, "S2MM", c) for t, b, c in dests if b == DMA}
        if self.d.routing:
            from iron_ir.sim.routing import dma_ports

            used |= dma_ports(self.d)
        return used

    def _routed(self) -> bool:
        """Streams follow the switchboxes when the circuits are routed (no ``aie.flow`` left)
        and the packet flows are too: mlir-aie's router keeps the ``aie.packet_flow`` ops
        beside the packet rules it writes, so they do not make a design unrouted."""
        if not self.d.routing or self.d.flows:
            return False
        if not self.d.packet_flows:
            return True
        return any(
            inner.name == "aie.packet_rules" for op in self.d.routing for inner in op.walk()
        )

    def channel(self, tile: Tile, direction: str, index: int) -> Channel:
        key = (tile.col, tile.row, direction, index)
        ch = self.m.channel_at.get(key)
        if ch is None:
            host = tile.kind.is_shim
            ch = Channel(f"{tile.name} {direction}:{index}", tile.name, direction, index, host)
            self.m.channels.append(ch)
            self.m.channel_at[key] = ch
            if host:
                self._host_end(tile, direction, index, ch)
        return ch

    def _host_end(self, tile: Tile, direction: str, index: int, ch: Channel) -> None:
        name = next(
            (
                a.name
                for a in self.d.allocations.values()
                if (a.col, a.direction, a.channel) == (tile.col, direction, index)
            ),
            ch.name,
        )
        if name != ch.name:
            ch.name = f"{ch.name} (@{name})"
        self.m.host_ends[(tile.col, direction, index)] = HostEnd(
            None, tile, direction, index, ch, None, name
        )

    # --- the whole build ----------------------------------------------------------------

    def build(self) -> None:
        programs = []
        for prog, tile, direction, index, op in self._programs():
            ch = self.channel(tile, direction, index)
            if ch.is_host and tile.kind.is_shim:
                ch.host = False  # a shim DMA program of its own (external buffers)
            ch.programs.append(self._program(prog, tile, op, ch))
            ch.reset()
            programs.append((ch, op))
        routed = self._routed()
        if not routed:
            self._circuits()
            self._packets()
        self._cascades()
        if routed:
            from iron_ir.sim.routing import build_routes

            build_routes(self)
        for ch, op in programs:
            if ch.stream is None:
                self.m.warnings.append(
                    f"{where(op)}: the DMA program of {ch.name} has no flow: no stream "
                    f"connects it, so its BDs never move data"
                )
        if self.d.physical:
            for alloc in self.d.allocations.values():
                if (alloc.col, alloc.direction, alloc.channel) in self.m.host_ends:
                    continue
                if alloc.name in self.m.host_end_of_fifo or alloc.name.removesuffix(
                    "_shim_alloc"
                ) in self.m.host_end_of_fifo:
                    continue
                shim = next(
                    (t for t in self.d.tiles.values() if t.col == alloc.col and t.kind.is_shim),
                    None,
                )
                if shim is not None:
                    self.channel(shim, alloc.direction, alloc.channel)

    # --- DMA programs -------------------------------------------------------------------

    def _program(self, prog: Operation, tile: Tile, op: Operation, ch: Channel) -> Task:
        what = f"{prog.name}({tile.name}) at {where(op)}"
        if op.name == "aie.dma":
            bds = [self._bd_block(r.blocks[0], tile, ch, what, follow=False) for r in op.regions]
            for a, b in zip(bds, bds[1:]):
                a.next = b
            loop = prop(op, "loop")
            cyclic = loop is None or as_bool(loop)
            if bds:
                bds[-1].next = bds[0] if cyclic else None
            first = bds[0] if bds else None
        else:
            first = self._bd_block(op.successors[0], tile, ch, what)
            cyclic = _cyclic(first)
        runs = None if cyclic else as_int(prop(op, "repeat_count"), 0) + 1
        return Task(f"DMA program of {ch.name}", first, runs)

    def _lock_use(self, op: Operation, what: str):
        lock = self.m.locks.get(op.operands[0])
        if lock is None:
            raise DesignError(f"{where(op)}: {what} uses a lock that is not an aie.lock")
        action = as_int(prop(op, "action"))
        value = as_int(prop(op, "value"), 1)
        if self.aie1:
            mode = AIE1
        else:
            mode = GE if action != 0 else EQ
        return action == 1, lock, value, mode

    def _bd_block(self, block: Block, tile: Tile, ch: Channel, what: str, follow=True) -> Bd:
        known = self.bds.get(id(block))
        if known is not None:
            return known
        acq = rel = None
        bd_op = None
        packet = None
        successor = None
        for op in block.ops:
            if op.name == "aie.use_lock":
                release, lock, value, mode = self._lock_use(op, what)
                if release:
                    rel = (lock, value, mode)
                else:
                    acq = (lock, value, mode)
            elif op.name == "aie.dma_bd":
                bd_op = op
            elif op.name == "aie.dma_bd_packet":
                packet = (as_int(prop(op, "packet_type")), as_int(prop(op, "packet_id")))
            elif op.name == "aie.next_bd":
                successor = op.successors[0]
            elif op.name == "aie.end":
                successor = None
            else:
                raise UnsupportedOpError(f"{where(op)}: '{op.name}' in a BD block of {what}")
        if bd_op is None:
            raise DesignError(f"{what}: a BD block without aie.dma_bd")
        bd = self.make_bd(bd_op, tile, ch.direction, what, acq, rel, packet)
        self.bds[id(block)] = bd
        # A chain may end by branching to a block that holds only `aie.end` (the objectfifo
        # lowering's iter_count chains do): no next BD.
        if follow and successor is not None and not _ends_chain(successor):
            bd.next = self._bd_block(successor, tile, ch, what)
        return bd

    def make_bd(self, bd_op: Operation, tile: Tile, direction: str, what: str, acq, rel, packet):
        """The :class:`Bd` of an ``aie.dma_bd`` on a tile buffer (tile DMA programs and
        runtime tasks on mem tiles alike)."""
        value = bd_op.operands[0]
        array = self.d.buffers.get(value)
        if array is None:
            array = self.d.external_buffers.get(value)
        if array is None:
            raise DesignError(
                f"{where(bd_op)}: the BD of {what} moves a value that is not an aie.buffer or "
                f"aie.external_buffer"
            )
        name = self.d.buffer_names.get(value, "buffer")
        flat = array.reshape(-1)
        offset = as_int(prop(bd_op, "offset"), 0)
        length = as_int(prop(bd_op, "len"), flat.size - offset)
        try:
            bd = BufferDescriptor.from_ir(
                offset, length, dim_pairs(prop(bd_op, "dimensions")), self.bd_dims[tile.kind]
            )
        except ValueError as err:  # a negative length or offset, a malformed pattern
            raise DesignError(f"{where(bd_op)}: the BD of {what} cannot run: {err}") from None
        pad_attr = prop(bd_op, "pad_dimensions")
        pad = pad_attr.pairs() if pad_attr is not None else []
        pad_value = as_int(prop(bd_op, "pad_value"), 0)
        info = prop(bd_op, "packet")
        if info is not None:
            packet = info.as_tuple()
        label = f"BD of {what} on {name}"
        origin = fifo_of(name)
        if origin:
            label += f" ({origin})"
        plans = []
        for step in range(bd.iteration_size):
            base = bd.offset + step * bd.iteration_stride
            plans.append(
                _plan(flat, base, bd.length, bd.dims.pairs, pad, direction, where(bd_op), pad_value)
            )
        acq_lock, acq_n, acq_mode = acq if acq else (None, 0, GE)
        rel_lock, rel_n, rel_mode = rel if rel else (None, 0, GE)
        made = Bd(
            plans,
            label,
            acq=acq_lock,
            acq_n=acq_n,
            acq_mode=acq_mode,
            rel=rel_lock,
            rel_n=rel_n,
            rel_mode=rel_mode,
            packet=packet,
            origin=where(bd_op),
        )
        self.m.bds.append(made)
        return made

    # --- streams ------------------------------------------------------------------------

    def _endpoint(self, end, direction: str, op: Operation) -> Channel | None:
        tile, bundle, index = end
        if bundle == DMA:
            return self.channel(tile, direction, index)
        if bundle == TRACE:
            return None  # trace units are not modelled: their flows carry nothing
        raise UnsupportedOpError(
            f"{where(op)}: {op.name} {'from' if direction == 'MM2S' else 'to'} "
            f"{tile.name} {_BUNDLES.get(bundle, bundle)}:{index}; the simulator models streams "
            f"between DMA channels (core stream ports and PLIO are not modelled)"
        )

    def _circuits(self) -> None:
        by_source: dict[int, tuple[Channel, list[Channel], Operation]] = {}
        for op in self.d.flows:
            (src,), (dst,) = self._flow_ends(op)
            source = self._endpoint(src, "MM2S", op)
            if source is None:
                continue
            dest = self._endpoint(dst, "S2MM", op)
            entry = by_source.setdefault(id(source), (source, [], op))
            if dest not in entry[1]:
                entry[1].append(dest)
        for source, dests, op in by_source.values():
            for ch in (source, *dests):
                if ch.stream is not None:
                    raise DesignError(
                        f"{where(op)}: {ch.name} is the end of two streams (an objectfifo and "
                        f"a flow, or two flows)"
                    )
            self.m.streams.append(Circuit(f"flow from {source.name}", source, dests, where(op)))

    def _cascades(self) -> None:
        from iron_ir.sim.machine.cascade import Cascade

        for src, dst, op in _cascade_pairs(self.d):
            if src in self.m.cascades_out or dst in self.m.cascades_in:
                raise DesignError(f"{where(op)}: a core's cascade is connected twice")
            cascade = Cascade(f"the cascade from {src.name} to {dst.name}")
            self.m.cascades_out[src] = cascade
            self.m.cascades_in[dst] = cascade

    def _packets(self) -> None:
        if not self.d.packet_flows:
            return
        # A packet id names a flow from one source: two flows may share an id from different
        # sources (a mem tile forwarding packet 1 of the shim's to a core as its own packet 1),
        # so the routes are by (source, id) and whether a header is kept by (id, destination).
        routes: dict[tuple[int, int], list[Channel]] = {}
        keep: dict[tuple[int, int], bool] = {}
        flows_of: dict[int, list[int]] = {}
        switch = PacketSwitch(
            "packet-switched streams",
            lambda src, pid: routes.get((id(src), pid), []),
            {},
            lambda pid, dest: keep.get((pid, id(dest)), False),
        )
        for op in self.d.packet_flows:
            pid = as_int(prop(op, "ID"))
            kept = as_bool(prop(op, "keep_pkt_header"))
            sources, dests = self._flow_ends(op)
            dest_channels = [
                ch for ch in (self._endpoint(end, "S2MM", op) for end in dests) if ch is not None
            ]
            for ch in dest_channels:
                switch.add_dest(ch)
                keep[(pid, id(ch))] = kept
            for end in sources:
                ch = self._endpoint(end, "MM2S", op)
                if ch is not None:
                    switch.add_source(ch)
                    flows_of.setdefault(id(ch), []).append(pid)
                    route = routes.setdefault((id(ch), pid), [])
                    route.extend(d for d in dest_channels if d not in route)
        for key, pids in flows_of.items():
            if len(set(pids)) == 1:
                switch.default_ids[key] = pids[0]
        if switch.sources:
            self.m.streams.append(switch)


_STEP = {3: (0, -1), 4: (-1, 0), 5: (0, 1), 6: (1, 0)}  # South, West, North, East


def _cascade_pairs(design: Design):
    """(source tile, dest tile) of every cascade: ``aie.cascade_flow``, or two neighbours whose
    ``aie.configure_cascade`` output and input directions face each other."""
    by_pos = {(t.col, t.row): t for t in design.tiles.values()}
    outputs = {}
    inputs = {}
    for op in design.cascades:
        if op.name == "aie.cascade_flow":
            yield design.tiles[op.operands[0]], design.tiles[op.operands[1]], op
            continue
        tile = design.tiles[op.operands[0]]
        outputs[tile] = (as_int(prop(op, "outputDir")), op)
        inputs[tile] = as_int(prop(op, "inputDir"))
    for tile, (direction, op) in outputs.items():
        dc, dr = _STEP.get(direction, (0, 0))
        dest = by_pos.get((tile.col + dc, tile.row + dr))
        if dest is None or dest not in inputs:
            continue
        back = _STEP.get(inputs[dest], (0, 0))
        if (dest.col + back[0], dest.row + back[1]) == (tile.col, tile.row):
            yield tile, dest, op


def _ends_chain(block: Block) -> bool:
    """Whether ``block`` holds nothing but ``aie.end``."""
    return all(op.name == "aie.end" for op in block.ops)


def _cyclic(first: Bd | None) -> bool:
    seen = set()
    bd = first
    while bd is not None:
        if id(bd) in seen:
            return True
        seen.add(id(bd))
        bd = bd.next
    return False


def _plan(flat, base, length, dims, pad, direction, what, pad_value):
    return tile_plan(
        flat, base, length, dims, pad, what, direction == "S2MM", pad_value=pad_value
    )


__all__ = ["PhysicalBuilder", "fifo_of", "lock_origin"]
