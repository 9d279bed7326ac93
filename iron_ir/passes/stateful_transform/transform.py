"""The steps of the stateful transform on one device, in mlir-aie's order.

1. split every fifo that needs DMAs into its producer end and one consumer-end fifo per consumer
   (``<fifo>_cons``, or ``<fifo>_<i>_cons`` for a broadcast), resizing depths to what the cores
   acquire;
2. buffers and locks of every fifo (mem-tile producers largest first);
3. DMA channels (fifos whose buffers spilled to a neighbour mem tile first), then per split fifo
   the producer's MM2S program, its shim allocation, each consumer's S2MM program and its flow;
4. core loops unrolled to the fifo depths (or the dynamic lowering), then acquires, releases
   and accesses rewritten;
5. the objectfifo ops removed; what still names a fifo (the runtime sequence) names its
   ``<fifo>_shim_alloc`` instead.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr
from xdsl.ir import Operation

from iron_ir.dialects import aie
from iron_ir.dialects.aie.attrs import (
    BDDimLayoutArrayArrayAttr,
    BDDimLayoutArrayAttr,
    PacketInfoAttr,
)
from iron_ir.dialects.aie.enums import DMAChannelDir, WireBundle
from iron_ir.ir.diagnostics import OpError
from iron_ir.passes.stateful_transform import dma
from iron_ir.passes.stateful_transform.cores import lower_core
from iron_ir.passes.stateful_transform.elements import (
    LockIds,
    create_elements,
    object_count,
    requires_dmas,
)
from iron_ir.passes.stateful_transform.fifos import (
    FifoIndex,
    aie_stream,
    fifo_bytes,
    is_mem,
    is_shim,
    replace_symbol_uses,
    set_depth,
    size,
    tile_of,
)
from iron_ir.passes.stateful_transform.state import Cursor, Fifo, State
from iron_ir.passes.stateful_transform.unroll import unroll_core_loops


def transform_device(device: aie.DeviceOp, *, dynamic: bool, packet_switched: bool) -> None:
    state = State(device, FifoIndex(device))
    locks = LockIds(device)
    channels = dma.Channels(device)
    _verify_links(state)
    _split(state)
    _create_elements(state, locks)
    _connect(state, channels, packet_switched)
    _lower_cores(state, dynamic)
    _erase_objectfifo_ops(state)


def _verify_links(state: State) -> None:
    seen: set[str] = set()
    for link in state.index.links:
        for name in [*link.op.in_names, *link.op.out_names]:
            if name in seen:
                raise OpError(
                    state.index.fifo(name), "objectfifo cannot be in more than one ObjectFifoLinkOp"
                )
            seen.add(name)


# --- 1. split ------------------------------------------------------------------------------------


def _split(state: State) -> None:
    for fifo in state.index.in_device_order():
        needs, _ = requires_dmas(state, fifo)
        if not needs:
            continue
        consumers: list[Fifo] = []
        broadcast = len(fifo.consumerTiles) > 1
        per_consumer = list(fifo.dimensionsFromStreamPerConsumer)
        name = fifo.sym_name.data
        elem_type = getattr(fifo, "consumerElemType", None) or fifo.elemType
        for i, tile_value in enumerate(fifo.consumerTiles):
            tile = tile_of(tile_value)
            if isinstance(fifo.elemNumber, ArrayAttr):
                depth = size(fifo, i + 1)
            else:
                depth = object_count(state, tile, fifo)
            dims = per_consumer[i] if i < len(per_consumer) else BDDimLayoutArrayAttr([])
            consumer = aie.ObjectFifoCreateOp(
                f"{name}_{i}_cons" if broadcast else f"{name}_cons",
                tile_value,
                [tile_value],
                depth,
                elem_type,
                None,
                None,
            )
            consumer.dimensionsFromStreamPerConsumer = BDDimLayoutArrayArrayAttr([dims])
            consumer.location = fifo.location
            if fifo.disable_synchronization is not None and fifo.disable_synchronization.value.data:
                consumer.disable_synchronization = fifo.disable_synchronization
            if fifo.iter_count is not None:
                consumer.iter_count = fifo.iter_count
            Cursor.after(fifo).insert(consumer)
            state.index.add(consumer)
            for use in list(tile.result.uses):
                if isinstance(use.operation, aie.CoreOp):
                    replace_symbol_uses(use.operation, name, consumer.sym_name.data)
            stream = aie_stream(fifo)
            if stream is not None:
                if stream > 0:
                    consumer.aie_stream = fifo.aie_stream
                    consumer.aie_stream_port = fifo.aie_stream_port
                if stream == 1:
                    fifo.aie_stream = None
                    fifo.aie_stream_port = None
            if is_shim(tile):
                _register_externals(state, fifo, consumer, tile)
            consumers.append(consumer)
            link = state.link_of(fifo)
            if link is not None and name in link.op.in_names and tile_value is link.shared_tile():
                replace_symbol_uses(link.op, name, consumer.sym_name.data)
        if consumers:
            state.split_fifos.append((fifo, consumers))


def _register_externals(state: State, parent: Fifo, child: Fifo, tile: aie.TileOp) -> None:
    name = parent.sym_name.data
    for op in state.device.body.ops:
        if (
            isinstance(op, aie.ObjectFifoRegisterExternalBuffersOp)
            and op.tile is tile.result
            and op.objFifo_name.root_reference.data == name
        ):
            for buffer in op.externalBuffers:
                owner = buffer.owner
                assert isinstance(owner, aie.ExternalBufferOp)
                state.external_buffers.setdefault(child, []).append(owner)


# --- 2. buffers and locks --------------------------------------------------------------------


def _processing_order(state: State) -> list[Fifo]:
    fifos = state.index.in_device_order()
    slots = [i for i, f in enumerate(fifos) if is_mem(tile_of(f.producerTile))]
    memtile = sorted((fifos[i] for i in slots), key=fifo_bytes, reverse=True)
    for slot, fifo in zip(slots, memtile):
        fifos[slot] = fifo
    return fifos


def _create_elements(state: State, locks: LockIds) -> None:
    for fifo in _processing_order(state):
        needs, direction = requires_dmas(state, fifo)
        tiles = [tile_of(fifo.producerTile), *(tile_of(t) for t in fifo.consumerTiles)]
        for tile in tiles:
            if tile not in state.objectfifo_tiles:
                state.objectfifo_tiles.append(tile)
        producer = tile_of(fifo.producerTile)
        if is_shim(producer):
            _register_externals(state, fifo, fifo, producer)
        if needs:
            if isinstance(fifo.elemNumber, ArrayAttr):
                set_depth(fifo, size(fifo))
            elif fifo.initValues is None:
                set_depth(fifo, object_count(state, producer, fifo))
        create_elements(state, locks, fifo, direction)


# --- 3. DMA channels, programs and flows -----------------------------------------------------


def _spilled(state: State, fifo: Fifo) -> bool:
    """Do ``fifo``'s buffers (or its link owner's) sit on another tile than its producer's?"""
    target = state.owner(fifo)
    home = target.producerTile
    return any(b.tile is not home for b in state.buffers.get(target, []))


def _connect(state: State, channels: dma.Channels, packet_switched: bool) -> None:
    assigned: dict[Fifo, int] = {}
    spilled = {f: _spilled(state, f) for p, cs in state.split_fifos for f in (p, *cs)}
    for first in (True, False):
        for producer, consumers in state.split_fifos:
            if spilled[producer] == first:
                assigned[producer] = channels.next(
                    tile_of(producer.producerTile), DMAChannelDir.MM2S, spilled[producer]
                )
            for consumer in consumers:
                if spilled[consumer] == first:
                    assigned[consumer] = channels.next(
                        tile_of(consumer.producerTile), DMAChannelDir.S2MM, spilled[consumer]
                    )

    packet_id = 0
    for op in state.device.body.ops:
        if isinstance(op, aie.PacketFlowOp) and op.ID.value.data > packet_id:
            packet_id = op.ID.value.data + 1

    for producer, consumers in state.split_fifos:
        producer_tile = tile_of(producer.producerTile)
        stream = aie_stream(producer)
        packet: PacketInfoAttr | None = None
        packet_flow: aie.PacketFlowOp | None = None
        if stream is not None and stream in (0, 2):
            producer_channel = producer.aie_stream_port.value.data  # type: ignore[union-attr]
            channels.claim_stream(producer_tile, DMAChannelDir.MM2S, producer_channel)
        else:
            producer_channel = assigned[producer]
            if producer_channel == -1:
                raise OpError(producer_tile, "number of output DMA channel exceeded!")
            if packet_switched:
                if packet_id > 31:
                    raise OpError(state.device, "max number of packet IDs reached")
                packet = PacketInfoAttr(0, packet_id)
                packet_id += 1
            dma.create_dma(
                state, producer, DMAChannelDir.MM2S, producer_channel,
                producer.dimensionsToStream, producer.padDimensions, packet,
            )
            if is_shim(producer_tile):
                dma.shim_allocation(
                    state, producer, producer_tile, DMAChannelDir.MM2S, producer_channel, packet
                )
            if packet_switched:
                packet_flow = aie.PacketFlowOp(packet.as_tuple()[1])  # type: ignore[union-attr]
                packet_flow.location = producer.location
                for inner in packet_flow.walk():
                    inner.location = producer.location
                Cursor.after(producer).insert(packet_flow)

        for consumer in consumers:
            consumer_tile = tile_of(consumer.producerTile)
            consumer_stream = aie_stream(consumer)
            if consumer_stream is not None:
                consumer_channel = consumer.aie_stream_port.value.data  # type: ignore[union-attr]
                channels.claim_stream(consumer_tile, DMAChannelDir.S2MM, consumer_channel)
            else:
                consumer_channel = assigned[consumer]
                if consumer_channel == -1:
                    raise OpError(consumer_tile, "number of input DMA channel exceeded!")
                dims = list(consumer.dimensionsFromStreamPerConsumer)[0]
                dma.create_dma(
                    state, consumer, DMAChannelDir.S2MM, consumer_channel, dims, None, None
                )
                if is_shim(consumer_tile):
                    dma.shim_allocation(
                        state, producer, consumer_tile, DMAChannelDir.S2MM, consumer_channel, None
                    )
                if packet_flow is not None:
                    dest = aie.PacketDestOp(consumer.producerTile, WireBundle.DMA, consumer_channel)
                    dest.location = consumer.location
                    Cursor.start(packet_flow.ports.block).insert(dest)
            plio = producer.plio is not None and producer.plio.value.data
            if plio:
                source_bundle = WireBundle.PLIO if is_shim(producer_tile) else WireBundle.DMA
                dest_bundle = WireBundle.PLIO if is_shim(consumer_tile) else WireBundle.DMA
            else:
                source_bundle = WireBundle.Core if stream in (0, 2) else WireBundle.DMA
                dest_bundle = WireBundle.Core if consumer_stream in (1, 2) else WireBundle.DMA
            if not packet_switched:
                dma.flow(
                    state, producer, source_bundle, producer_channel,
                    consumer, dest_bundle, consumer_channel,
                )
        if packet_flow is not None:
            source = aie.PacketSourceOp(producer.producerTile, WireBundle.DMA, producer_channel)
            source.location = producer.location
            Cursor.start(packet_flow.ports.block).insert(source)


# --- 4. cores ----------------------------------------------------------------------------------


def _lower_cores(state: State, dynamic: bool) -> None:
    from iron_ir.passes.stateful_transform.dynamic import lower_dynamically

    depths = {name: size(f) for name, f in state.index.fifos.items()}
    for core in [op for op in state.device.body.ops if isinstance(op, aie.CoreOp)]:
        tile = tile_of(core.tile)
        if tile not in state.objectfifo_tiles:
            continue
        own = core.dynamic_objfifo_lowering
        if dynamic or (own is not None and own.value.data):
            lower_dynamically(state, core)
        else:
            unroll_core_loops(core, depths)
    for core in [op for op in state.device.body.ops if isinstance(op, aie.CoreOp)]:
        lower_core(state, core)


# --- 5. clean up -------------------------------------------------------------------------------


_ERASED = (
    aie.ObjectFifoSubviewAccessOp,
    aie.ObjectFifoAcquireOp,
    aie.ObjectFifoReleaseOp,
    aie.ObjectFifoLinkOp,
    aie.ObjectFifoRegisterExternalBuffersOp,
    aie.ObjectFifoAllocateOp,
)


def _erase_objectfifo_ops(state: State) -> None:
    ops = list(state.device.walk())
    for kind in _ERASED:  # users before what they use
        for op in ops:
            if isinstance(op, kind):
                _erase(op)
    for fifo in state.index.in_device_order():
        name = fifo.sym_name.data
        replace_symbol_uses(state.device, name, dma.shim_alloc_name(name))
        _erase(fifo)


def _erase(op: Operation) -> None:
    for result in op.results:
        if result.uses:
            user = next(iter(result.uses)).operation
            raise OpError(
                user,
                f"still uses the result of {op.name}, which the objectfifo lowering removes; "
                "pass objectfifo objects to other ops only through "
                "aie.objectfifo.subview.access",
            )
    op.detach()
    op.erase()
