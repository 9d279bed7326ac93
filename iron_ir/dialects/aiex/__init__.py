"""The AIEX dialect: mlir-aie's ``aiex.*`` ops (syntax of commit 1e400306).

The modules hold the ops by family (``runtime``: the legacy runtime sequence and ``set_lock``;
``npu``: NPU instructions; ``tasks``: DMA tasks and BD chains; ``misc``: the herd-level and
broadcast ops and the block-float type; ``cert``: CERT instructions). This package hands their
names on, importing a family when one of its names is first asked for
(:mod:`iron_ir.dialects.families`); ``AIEX``, the dialect object listing every op, imports them
all.
"""

from iron_ir.dialects.families import Family, FamilyTable

FAMILIES = FamilyTable(
    "aiex",
    (
        Family(
            "iron_ir.dialects.aiex.runtime",
            (
                "LegacyRuntimeSequenceOp", "SetLockOp",
            ),
            (
                "aiex.runtime_sequence", "aiex.set_lock",
            ),
        ),
        Family(
            "iron_ir.dialects.aiex.npu",
            (
                "NpuAddressPatchOp", "NpuBlockWriteOp", "NpuControlPacketOp",
                "NpuDmaMemcpyNdOp", "NpuDmaWaitOp", "NpuLoadPdiOp", "NpuMaskWrite32Op",
                "NpuPreemptOp", "NpuPushQueueOp", "NpuSyncOp", "NpuWrite32Op",
                "NpuWriteBdOp", "NpuWriteRTPOp",
            ),
            (
                "aiex.npu.dma_memcpy_nd", "aiex.npu.dma_wait", "aiex.npu.write32",
                "aiex.npu.maskwrite32", "aiex.npu.blockwrite", "aiex.npu.rtp_write",
                "aiex.npu.address_patch", "aiex.npu.sync", "aiex.npu.push_queue",
                "aiex.npu.preempt", "aiex.npu.load_pdi", "aiex.control_packet",
                "aiex.npu.writebd",
            ),
        ),
        Family(
            "iron_ir.dialects.aiex.tasks",
            (
                "DMAAwaitTaskOp", "DMAConfigureTaskForOp", "DMAConfigureTaskOp",
                "DMAFreeTaskOp", "DMAStartBdChainForOp", "DMAStartBdChainOp",
                "DMAStartTaskOp",
            ),
            (
                "aiex.dma_configure_task_for", "aiex.dma_configure_task",
                "aiex.dma_start_task", "aiex.dma_await_task", "aiex.dma_free_task",
                "aiex.dma_start_bd_chain", "aiex.dma_start_bd_chain_for",
            ),
        ),
        Family(
            "iron_ir.dialects.aiex.misc",
            (
                "BPDestOp", "BPIDOp", "BlockFloatType", "BroadcastPacketOp", "ConfigureOp",
                "ConnectionOp", "GetTileOp", "HerdOp", "IterOp", "MemcpyOp", "MultiDestOp",
                "MulticastOp", "PlaceOp", "RouteOp", "RunOp", "SelectOp", "TokenOp",
                "UseTokenOp",
            ),
            (
                "aiex.getTile", "aiex.connection", "aiex.multicast", "aiex.multi_dest",
                "aiex.broadcast_packet", "aiex.bp_id", "aiex.bp_dest", "aiex.token",
                "aiex.useToken", "aiex.memcpy", "aiex.herd", "aiex.place", "aiex.route",
                "aiex.iter", "aiex.select", "aiex.configure", "aiex.run",
            ),
        ),
        Family(
            "iron_ir.dialects.aiex.cert",
            (
                "CertApplyOffset57Op", "CertAttachToGroupOp", "CertJobOp",
                "CertLocalBarrierOp", "CertMaskWrite32Op", "CertNopOp",
                "CertRemoteBarrierOp", "CertUcDmaBdOp", "CertUcDmaChainOp",
                "CertUcDmaWriteDesSyncOp", "CertWaitTCTSOp", "CertWrite32Op",
            ),
            (
                "aiex.cert.uc_dma_chain", "aiex.cert.uc_dma_bd", "aiex.cert.job",
                "aiex.cert.write32", "aiex.cert.maskwrite32", "aiex.cert.apply_offset_57",
                "aiex.cert.wait_tcts", "aiex.cert.uc_dma_write_des_sync",
                "aiex.cert.local_barrier", "aiex.cert.remote_barrier", "aiex.cert.nop",
                "aiex.cert.attach_to_group",
            ),
        ),
    ),
    attributes="iron_ir.dialects.aiex.misc:AIEX_ATTRIBUTES",
)


def __getattr__(name: str):
    if name == "AIEX":
        return FAMILIES.dialect_object()
    if name == "AIEX_OPS":
        return list(FAMILIES.dialect_object().operations)
    return FAMILIES.resolve(globals(), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = ["AIEX", "AIEX_OPS", *FAMILIES.names()]
