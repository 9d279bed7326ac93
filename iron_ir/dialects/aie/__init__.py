"""The AIE dialect: mlir-aie's ``aie.*`` ops, attributes and types (syntax of commit 1e400306).

The modules hold the ops by family (``enums``: the enums; ``attrs``: the parametrized
attributes and types; ``device``: devices, tiles, cores, buffers, locks; ``runtime``;
``dma_bd``; ``dma``; ``objectfifo``; ``misc``; ``routing``; ``trace``). This package hands their names on, importing a family when
one of its names is first asked for (:mod:`iron_ir.dialects.families`); ``AIE``, the dialect
object listing every op and attribute, imports them all.
"""

from iron_ir.dialects.families import Family, FamilyTable

FAMILIES = FamilyTable(
    "aie",
    (
        Family(
            "iron_ir.dialects.aie.enums",
            (
                "AIEArch", "AIEArchAttr", "AIEDevice", "AIEDeviceAttr", "AIETileType",
                "AIETileTypeAttr", "AIE_ENUMS", "CascadeDir", "CascadeDirAttr",
                "ComboLogic", "ComboLogicAttr", "DMAChannelDir", "DMAChannelDirAttr",
                "EdgeTrigger", "EdgeTriggerAttr", "LockAction", "LockActionAttr",
                "LockBlocking", "LockBlockingAttr", "ObjectFifoPort", "ObjectFifoPortAttr",
                "TraceMode", "TraceModeAttr", "TracePacketType", "TracePacketTypeAttr",
                "TraceShimRouting", "TraceShimRoutingAttr", "WireBundle", "WireBundleAttr",
                "enum_attr", "enum_keyword",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.attrs",
            (
                "AIE_ATTRIBUTES", "BDDimLayoutArrayArrayAttr", "BDDimLayoutArrayAttr",
                "BDDimLayoutAttr", "BDPadLayoutArrayAttr", "BDPadLayoutAttr",
                "ObjectFifoSubviewType", "ObjectFifoType", "PacketInfoAttr",
                "TraceEventAttr", "parse_stripped", "parse_trace_event_value",
                "print_stripped", "print_trace_event_value",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.device",
            (
                "AIESymbolTable", "BufferOp", "CoreOp", "DEFAULT_DEVICE", "DeviceOp",
                "EndOp", "ExternalBufferOp", "LockOp", "TileOp", "VerifyAt",
                "device_spec_for", "element_bytes", "memref_elements", "parent_device",
                "parse_dense_with_type", "print_dense_without_type", "require_parent",
                "require_tile_kind", "tile_element_name", "tile_kind_of", "tile_op_of",
                "verify_uses_accessible",
            ),
            (
                "aie.end", "aie.device", "aie.tile", "aie.core", "aie.buffer",
                "aie.external_buffer", "aie.lock",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.runtime",
            (
                "RuntimeSequenceOp",
            ),
            (
                "aie.runtime_sequence",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.dma_bd",
            (
                "BDChainOp", "BDFields", "DMABDOp", "DMABDPACKETOp", "DMA_PROGRAMS",
                "bd_tile_context",
            ),
            (
                "aie.dma_bd", "aie.dma_bd_packet", "aie.bd_chain",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.dma",
            (
                "DMAOp", "DMAStartOp", "MemOp", "MemTileDMAOp", "NextBDOp",
                "ShimDMAAllocationOp", "ShimDMAOp", "UseLockOp",
            ),
            (
                "aie.mem", "aie.memtile_dma", "aie.shim_dma", "aie.dma_start",
                "aie.next_bd", "aie.dma", "aie.use_lock", "aie.shim_dma_allocation",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.objectfifo",
            (
                "ObjectFifoAcquireOp", "ObjectFifoCreateOp", "ObjectFifoLinkOp",
                "ObjectFifoReleaseOp", "ObjectFifoSubviewAccessOp", "endpoint_depth",
                "lookup_objectfifo",
            ),
            (
                "aie.objectfifo", "aie.objectfifo.link", "aie.objectfifo.acquire",
                "aie.objectfifo.subview.access", "aie.objectfifo.release",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.misc",
            (
                "DebugOp", "EventOp", "GetStreamOp", "LogicalTileOp",
                "ObjectFifoAllocateOp", "ObjectFifoRegisterExternalBuffersOp",
                "ObjectFifoRegisterProcessOp", "PLIOOp", "PutStreamOp",
            ),
            (
                "aie.debug", "aie.plio", "aie.event", "aie.get_stream", "aie.put_stream",
                "aie.logical_tile", "aie.objectfifo.allocate",
                "aie.objectfifo.register_external_buffers",
                "aie.objectfifo.register_process",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.routing",
            (
                "AMSelOp", "CascadeFlowOp", "ConfigureCascadeOp", "ConnectOp", "FlowOp",
                "GetCascadeOp", "MasterSetOp", "PacketDestOp", "PacketFlowOp",
                "PacketRuleOp", "PacketRulesOp", "PacketSourceOp", "PutCascadeOp",
                "ShimMuxOp", "ShimSwitchboxOp", "SwitchboxOp", "WireOp",
            ),
            (
                "aie.flow", "aie.packet_flow", "aie.packet_source", "aie.packet_dest",
                "aie.switchbox", "aie.shim_switchbox", "aie.shim_mux", "aie.connect",
                "aie.wire", "aie.amsel", "aie.masterset", "aie.packet_rules", "aie.rule",
                "aie.cascade_flow", "aie.configure_cascade", "aie.get_cascade",
                "aie.put_cascade",
            ),
        ),
        Family(
            "iron_ir.dialects.aie.trace",
            (
                "TraceComboEventOp", "TraceConfigOp", "TraceEdgeEventOp", "TraceEventOp",
                "TraceHostConfigOp", "TraceModeOp", "TraceOp", "TracePacketOp",
                "TracePortOp", "TraceRegOp", "TraceStartConfigOp", "TraceStartEventOp",
                "TraceStopEventOp",
            ),
            (
                "aie.trace", "aie.trace.config", "aie.trace.mode", "aie.trace.event",
                "aie.trace.packet", "aie.trace.port", "aie.trace.start", "aie.trace.stop",
                "aie.trace.combo_event", "aie.trace.edge_event", "aie.trace.reg",
                "aie.trace.start_config", "aie.trace.host_config",
            ),
        ),
    ),
    attributes="iron_ir.dialects.aie.attrs:AIE_ATTRIBUTES",
)


def __getattr__(name: str):
    if name == "AIE":
        return FAMILIES.dialect_object()
    if name == "AIE_OPS":
        return list(FAMILIES.dialect_object().operations)
    return FAMILIES.resolve(globals(), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = ["AIE", "AIE_OPS", *FAMILIES.names()]
