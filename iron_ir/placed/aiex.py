"""``aie.dialects.aiex`` for placed designs: the runtime sequence and its DMA ops, plus the
names mlir-aie's ``aiex`` re-exports from ``aie``."""

from iron_ir.dialects.aie import DMAChannelDir, LockAction
from iron_ir.placed.dma import bds, dma_bd
from iron_ir.placed.device import end as EndOp
from iron_ir.placed.runtime import (
    DMATask,
    NpuDmaMemcpyNd,
    dma_await_task,
    dma_configure_task,
    dma_configure_task_for,
    dma_free_task,
    dma_start_bd_chain,
    dma_start_bd_chain_for,
    dma_start_task,
    dma_wait,
    npu_dma_memcpy_nd,
    npu_maskwrite32,
    npu_rtp_write,
    npu_sync,
    npu_write32,
    npu_write_rtp,
    runtime_sequence,
    set_lock,
    set_lock_value,
    shim_dma_bd,
    shim_dma_single_bd_task,
)

__all__ = [
    "DMAChannelDir",
    "DMATask",
    "EndOp",
    "LockAction",
    "NpuDmaMemcpyNd",
    "bds",
    "dma_await_task",
    "dma_bd",
    "dma_configure_task",
    "dma_configure_task_for",
    "dma_free_task",
    "dma_start_bd_chain",
    "dma_start_bd_chain_for",
    "dma_start_task",
    "dma_wait",
    "npu_dma_memcpy_nd",
    "npu_maskwrite32",
    "npu_rtp_write",
    "npu_sync",
    "npu_write32",
    "npu_write_rtp",
    "runtime_sequence",
    "set_lock",
    "set_lock_value",
    "shim_dma_bd",
    "shim_dma_single_bd_task",
]
