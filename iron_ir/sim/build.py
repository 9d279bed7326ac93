"""Build the simulated machine from an objectfifo-level design: the buffers, locks, BD chains,
DMA channels and circuits that mlir-aie's objectfifo stateful transform would create.

* A fifo whose two compute tiles share memory (one consumer, no layout transforms, no link, no
  repeat) is one pool both cores use. Any other fifo gets a pool on each non-shim endpoint, an
  MM2S channel on the producer side, an S2MM channel per consumer and a stream between them.
* Depths follow mlir-aie: an explicit per-endpoint array is exact; a single depth on a compute
  tile of a DMA fifo becomes ``max acquire + 1`` (1 when both are 1), as
  ``findObjectFifoSize`` sizes it; mem tiles and shared pools keep the declared depth.
* A link at a mem tile shares one pool between the input's S2MM and the output's MM2S: a join
  owns the output's buffers with one lock pair per input, a distribute owns the input's with one
  lock pair per output, each side moving its slice at its offset.
* Shim endpoints are host channels fed by the runtime sequence's DMA tasks.
"""

from __future__ import annotations

from iron_ir.device import TileKind
from iron_ir.sim.codegen.emitter import where
from iron_ir.sim.design import Design, Fifo, Link, Tile, as_int, prop, sym_name
from iron_ir.sim.errors import DesignError
from iron_ir.sim.machine import (
    Bd,
    Channel,
    Circuit,
    HostEnd,
    Machine,
    Pool,
    Task,
)
from iron_ir.dialects.aie.device import memref_bytes
from iron_ir.sim.machine.access import tile_plan
from iron_ir.sim.types import alloc_memref, memref_shape


def _max_acquires(design: Design) -> dict[tuple[str, str, Tile], int]:
    """The largest ``objectfifo.acquire`` per (fifo, port, core tile)."""
    found: dict[tuple[str, str, Tile], int] = {}
    for core in design.cores:
        for op in core.op.walk():
            if op.name == "aie.objectfifo.acquire":
                port = "Produce" if as_int(prop(op, "port")) == 0 else "Consume"
                key = (sym_name(prop(op, "objFifo_name")), port, core.tile)
                found[key] = max(found.get(key, 0), as_int(prop(op, "size")))
    return found


def _shares_memory(design: Design, fifo: Fifo) -> bool:
    if len(fifo.consumers) != 1 or fifo.via_dma or fifo.repeat_count != 1:
        return False
    if fifo.dims_to_stream or fifo.dims_from_stream[0] or design.link_of(fifo.name) is not None:
        return False
    p, c = fifo.producer, fifo.consumers[0]
    if p.kind is not TileKind.COMPUTE or c.kind is not TileKind.COMPUTE:
        return False
    spec = design.spec
    return spec.is_legal_mem_affinity((p.col, p.row), (c.col, c.row)) or spec.is_legal_mem_affinity(
        (c.col, c.row), (p.col, p.row)
    )


def chain(bds: list[Bd], cyclic: bool) -> None:
    """Link ``bds`` in order (``aie.next_bd``), the last back to the first when ``cyclic``."""
    for a, b in zip(bds, bds[1:]):
        a.next = b
    if bds:
        bds[-1].next = bds[0] if cyclic else None


class _Builder:
    def __init__(self, design: Design, machine: Machine, reserved: set):
        self.design = design
        self.m = machine
        self.reserved = reserved
        """(tile, direction, index) of channels the design's own DMA programs and flows use."""
        self.max_acq = _max_acquires(design)
        self.next_channel: dict[tuple[Tile, str], int] = {}
        self.link_pools: dict[int, Pool] = {}

    # --- pools ---------------------------------------------------------------------------

    def new_pool(self, name: str, fifo: Fifo, tile: Tile, depth: int, elem, segments: int, inits):
        if depth < 1:
            raise DesignError(
                f"{where(fifo.op)}: objectfifo @{fifo.name} has depth {depth} on {tile.name}"
            )
        if len(inits) > depth:
            raise DesignError(
                f"{where(fifo.op)}: objectfifo @{fifo.name} has {len(inits)} initial values "
                f"for {depth} buffers"
            )
        memory = self.design.spec.tile_spec(tile.col, tile.row).data_memory_bytes
        memref_shape(elem)  # a dynamic shape is reported as such before its size is asked
        need = depth * memref_bytes(elem)
        if memory and need > memory:  # mlir-aie's buffer allocation fails the same way
            raise DesignError(
                f"{where(fifo.op)}: objectfifo @{fifo.name} needs {depth} x "
                f"{memref_bytes(elem)} B = {need} B of data memory on {tile.name}, which has "
                f"{memory} B; lower its depth or object size"
            )
        buffers = [alloc_memref(elem) for _ in range(depth)]
        origin = f"@{fifo.name}"
        m = self.m
        prods = [m.lock(f"{name}_prod_lock_{k}", depth - len(inits), origin) for k in range(segments)]
        conss = [m.lock(f"{name}_cons_lock_{k}", len(inits), origin) for k in range(segments)]
        pool = Pool(name, fifo.name, tile.name, buffers, prods, conss, list(inits))
        pool.reset()
        m.pools.append(pool)
        return pool

    def endpoint_depth(self, fifo: Fifo, end: int, tile: Tile, port: str) -> int:
        declared = fifo.depth(end)
        if fifo.depth_is_array or tile.kind is not TileKind.COMPUTE:
            return declared
        if end == 0 and fifo.init_values:
            return declared
        most = self.max_acq.get((fifo.name, port, tile), 0)
        if most == 1 and declared == 1:
            return 1
        return most + 1 if most > 0 else declared

    def channel_index(self, tile: Tile, direction: str) -> int:
        key = (tile, direction)
        index = self.next_channel.get(key, 0)
        while (tile, direction, index) in self.reserved:
            index += 1
        self.next_channel[key] = index + 1
        return index

    def channel(self, tile: Tile, direction: str, label: str, bds: list[Bd], runs) -> Channel:
        """A tile DMA channel running ``bds`` (cyclic unless ``runs``: iter_count rounds)."""
        index = self.channel_index(tile, direction)
        name = f"{tile.name} {direction}:{index} ({label})"
        ch = Channel(name, tile.name, direction, index)
        chain(bds, cyclic=runs is None)
        self.m.bds.extend(bds)
        ch.programs.append(Task(f"DMA program of {name}", bds[0] if bds else None, runs))
        ch.reset()
        self.m.channels.append(ch)
        self.m.channel_at[(tile.col, tile.row, direction, index)] = ch
        return ch

    # --- fifos ---------------------------------------------------------------------------

    def build(self) -> Machine:
        d = self.design
        shared = [name for name, fifo in d.fifos.items() if _shares_memory(d, fifo)]
        for name in shared:
            fifo = d.fifos[name]
            pool = self.new_pool(
                fifo.name, fifo, fifo.producer, fifo.depth(0), fifo.elem, 1, fifo.init_values
            )
            self.m.producer_pool[fifo.name] = pool
            self.m.consumer_pool[(fifo.name, 0)] = pool
        for link in d.links:
            self.build_link_pool(link)
        for fifo in d.fifos.values():
            if fifo.name not in shared:
                self.build_dma_fifo(fifo)
        return self.m

    def link_end(self, fifo: Fifo, producer_side: bool) -> Link | None:
        link = self.design.link_of(fifo.name)
        if link is None:
            return None
        if producer_side and fifo.name in link.outs:
            return link
        if not producer_side and fifo.name in link.ins:
            return link
        return None

    def build_link_pool(self, link: Link) -> None:
        d = self.design
        for name in link.ins + link.outs:
            if name not in d.fifos:
                raise DesignError(f"{where(link.op)}: objectfifo.link names unknown fifo @{name}")
        ins = [d.fifos[n] for n in link.ins]
        outs = [d.fifos[n] for n in link.outs]
        if len(ins) > 1 and len(outs) > 1:
            raise DesignError(f"{where(link.op)}: a link cannot be a join and a distribute at once")
        tile = outs[0].producer
        if tile.kind is not TileKind.MEM and (len(ins) > 1 or len(outs) > 1):
            raise DesignError(
                f"{where(link.op)}: join/distribute links need a mem tile, not {tile.name}"
            )
        in_ends = []
        for f in ins:
            ends = [i for i, c in enumerate(f.consumers) if c == tile]
            if not ends:
                raise DesignError(
                    f"{where(link.op)}: linked fifo @{f.name} has no consumer on the link tile "
                    f"{tile.name}"
                )
            in_ends.append(ends[0])
        if link.is_join:
            owner, end, segments = outs[0], 0, len(ins)
        elif link.is_distribute:
            owner, end, segments = ins[0], 1 + in_ends[0], len(outs)
        else:
            # mlir-aie's rule: the output's buffers if it has initial values, else the larger
            # object (the input on a tie, and when the larger output is padded on the fly).
            a, b = ins[0], outs[0]
            use_out = bool(b.init_values) or (b.size > a.size and not b.pad)
            owner, end, segments = (b, 0, 1) if use_out else (a, 1 + in_ends[0], 1)
        suffix = "" if end == 0 else "_cons"
        pool = self.new_pool(
            owner.name + suffix,
            owner,
            tile,
            owner.depth(end),
            owner.elem,
            segments,
            owner.init_values,
        )
        self.link_pools[id(link)] = pool
        for k, f in enumerate(outs):
            self.m.segment_of[(f.name, "out")] = k if link.is_distribute else 0
        for k, f in enumerate(ins):
            self.m.segment_of[(f.name, "in")] = k if link.is_join else 0

    def _segment(self, link: Link, fifo: Fifo, side: str) -> tuple[int, int]:
        """(offset, length) of ``fifo``'s slice of the link pool's buffers.

        A 1:1 link on a mem tile moves the pool's whole object on both sides when the pool
        belongs to the larger fifo (mlir-aie's memtile DMA takes the larger BD length), so a
        64-element object leaves as 64 words that the next hop receives as two 32-element
        objects. On a compute tile each side moves its own fifo's length, as mlir-aie's tile
        DMA lowering does.
        """
        if side == "in" and link.is_join:
            return link.src_offsets[link.ins.index(fifo.name)], fifo.size
        if side == "out" and link.is_distribute:
            return link.dst_offsets[link.outs.index(fifo.name)], fifo.size
        pool = self.link_pools[id(link)]
        owner = pool.buffers[0].size
        if self.design.fifos[link.outs[0]].producer.kind is TileKind.MEM and owner >= fifo.size:
            return 0, owner
        return 0, fifo.size

    def build_dma_fifo(self, fifo: Fifo) -> None:
        source = self.producer_channel(fifo)
        dests = [self.consumer_channel(fifo, i) for i in range(len(fifo.consumers))]
        self.m.streams.append(Circuit(f"@{fifo.name}", source, dests))

    def producer_channel(self, fifo: Fifo) -> Channel:
        tile = fifo.producer
        if tile.kind.is_shim:
            return self.host_end(fifo, tile, "MM2S")
        repeat = fifo.repeat_count
        link = self.link_end(fifo, producer_side=True)
        if link is not None:
            pool = self.link_pools[id(link)]
            if link.is_join:
                pieces = [
                    (k, *self._segment(link, self.design.fifos[n], "in"))
                    for k, n in enumerate(link.ins)
                ]
            else:
                k = self.m.segment_of[(fifo.name, "out")]
                pieces = [(k, *self._segment(link, fifo, "out"))]
        else:
            depth = self.endpoint_depth(fifo, 0, tile, "Produce")
            pool = self.new_pool(fifo.name, fifo, tile, depth, fifo.elem, 1, fifo.init_values)
            self.m.producer_pool[fifo.name] = pool
            pieces = [(0, 0, fifo.size)]
        bds = []
        for b, buf in enumerate(pool.buffers):
            flat = buf.reshape(-1)
            for k, offset, length in pieces:
                what = f"{where(fifo.op)}: objectfifo @{fifo.name} producer DMA on {tile.name}"
                plan = tile_plan(flat, offset, length, fifo.dims_to_stream, fifo.pad, what, False)
                label = f"@{fifo.name} buffer {b}" + (
                    f" slice {k}" if len(pieces) > 1 or link else ""
                )
                # repeat_count: the object goes out that many times before its buffer is
                # released (the first BD acquires it, the last releases it).
                for r in range(repeat):
                    bds.append(
                        Bd(
                            plan,
                            label,
                            acq=pool.cons_locks[k] if r == 0 else None,
                            acq_n=1,
                            rel=pool.prod_locks[k] if r == repeat - 1 else None,
                            rel_n=1,
                        )
                    )
        return self.channel(tile, "MM2S", f"@{fifo.name}", bds, fifo.iter_count)

    def consumer_channel(self, fifo: Fifo, i: int) -> Channel:
        tile = fifo.consumers[i]
        if tile.kind.is_shim:
            return self.host_end(fifo, tile, "S2MM")
        dims = fifo.dims_from_stream[i]
        link = self.link_end(fifo, producer_side=False)
        if link is not None and tile == self.design.fifos[link.outs[0]].producer:
            pool = self.link_pools[id(link)]
            self.m.consumer_pool[(fifo.name, i)] = pool
            if link.is_distribute:
                pieces = [
                    (k, *self._segment(link, self.design.fifos[n], "out"))
                    for k, n in enumerate(link.outs)
                ]
            else:
                k = self.m.segment_of[(fifo.name, "in")]
                pieces = [(k, *self._segment(link, fifo, "in"))]
        else:
            depth = self.endpoint_depth(fifo, 1 + i, tile, "Consume")
            suffix = "_cons" if len(fifo.consumers) == 1 else f"_{i}_cons"
            pool = self.new_pool(fifo.name + suffix, fifo, tile, depth, fifo.elem, 1, [])
            self.m.consumer_pool[(fifo.name, i)] = pool
            pieces = [(0, 0, fifo.size)]
        bds = []
        for b, buf in enumerate(pool.buffers):
            flat = buf.reshape(-1)
            for k, offset, length in pieces:
                what = f"{where(fifo.op)}: objectfifo @{fifo.name} consumer DMA on {tile.name}"
                bds.append(
                    Bd(
                        tile_plan(flat, offset, length, dims, [], what, True),
                        f"@{fifo.name} into {pool.name} buffer {b}"
                        + (f" slice {k}" if len(pieces) > 1 else ""),
                        acq=pool.prod_locks[k],
                        acq_n=1,
                        rel=pool.cons_locks[k],
                        rel_n=1,
                    )
                )
        return self.channel(tile, "S2MM", f"@{fifo.name}", bds, None)

    def host_end(self, fifo: Fifo, tile: Tile, direction: str) -> Channel:
        index = self.channel_index(tile, direction)
        ch = Channel(f"{tile.name} {direction}:{index} (@{fifo.name})", tile.name, direction, index, True)
        self.m.channels.append(ch)
        self.m.channel_at[(tile.col, tile.row, direction, index)] = ch
        dtype = alloc_memref(fifo.elem).dtype
        end = HostEnd(fifo, tile, direction, index, ch, dtype, fifo.name)
        self.m.host_ends[(tile.col, direction, index)] = end
        self.m.host_end_of_fifo.setdefault(fifo.name, []).append(end)
        return ch


def build_machine(design: Design) -> Machine:
    """The machine of ``design``: its physical-level part (explicit locks, BD programs and
    streams) and the objectfifos built onto the same primitives."""
    from iron_ir.sim.physical import PhysicalBuilder, lock_origin

    machine = Machine()
    for value, name, init in design.lock_ops:
        lock = machine.lock(name, init, lock_origin(name))
        machine.locks[value] = lock
        design.locks[value] = lock
    physical = PhysicalBuilder(design, machine)
    _Builder(design, machine, physical.reserved()).build()
    physical.build()
    machine.builder = physical
    for array, init in design.buffer_inits:
        machine.buffer(array, init)
    for array in design.memref_globals.values():
        machine.buffer(array, array.copy())
    return machine


def resolve_host_end(design: Design, machine: Machine, symbol: str, what: str) -> HostEnd:
    """The shim endpoint a runtime DMA names by fifo symbol or ``shim_dma_allocation``."""
    ends = machine.host_end_of_fifo.get(symbol)
    if ends:
        return ends[0]
    alloc = design.allocations.get(symbol)
    if alloc is not None:
        end = machine.host_ends.get((alloc.col, alloc.direction, alloc.channel))
        if end is not None:
            return end
        for name in (symbol.removesuffix("_shim_alloc"),):
            if machine.host_end_of_fifo.get(name):
                return machine.host_end_of_fifo[name][0]
        raise DesignError(
            f"{what}: shim_dma_allocation @{symbol} ({alloc.direction} channel {alloc.channel} "
            f"of column {alloc.col}) matches no objectfifo endpoint on a shim tile"
        )
    known = sorted(machine.host_end_of_fifo)
    raise DesignError(
        f"{what}: @{symbol} names neither an objectfifo with a shim endpoint nor an "
        f"aie.shim_dma_allocation.\nFifos with shim endpoints: {', '.join(known) or 'none'}."
    )
