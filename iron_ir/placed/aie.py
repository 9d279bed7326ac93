"""``aie.dialects.aie`` for placed designs: ``from aie.dialects.aie import *`` gives these names.

The builders live by family in :mod:`.device`, :mod:`.objectfifo` and :mod:`.dma`; this module
only hands them on, with the enums and the ``T`` type constructors designs use.
"""

from iron_ir.dialects.aie import (
    AIEArch,
    AIEDevice,
    AIETileType,
    CascadeDir,
    DMAChannelDir,
    LockAction,
    LockBlocking,
    ObjectFifoPort,
    ObjectFifoSubviewType,
    ObjectFifoType,
    TraceMode,
    TracePacketType,
    WireBundle,
)
from iron_ir.placed import types as T
from iron_ir.placed.device import (
    Core,
    bd_dim_layout,
    bd_pad_layout,
    buffer,
    core,
    device,
    end,
    external_buffer,
    external_func,
    lock,
    logical_tile,
    tile,
    use_lock,
)
from iron_ir.placed.dma import (
    another_bd,
    bd_chain,
    bds,
    cascade_flow,
    dma,
    dma_bd,
    dma_start,
    flow,
    mem,
    memtile_dma,
    next_bd,
    packetflow,
    shim_dma_allocation,
    shim_mem,
)
from iron_ir.placed.objectfifo import object_fifo, object_fifo_link
from iron_ir.placed.runtime import npu_write_rtp

EndOp = end
"""``EndOp()`` closes a hand-filled region, as the op's constructor does in mlir-aie."""

__all__ = [
    "AIEArch",
    "AIEDevice",
    "AIETileType",
    "CascadeDir",
    "Core",
    "DMAChannelDir",
    "EndOp",
    "LockAction",
    "LockBlocking",
    "ObjectFifoPort",
    "ObjectFifoSubviewType",
    "ObjectFifoType",
    "T",
    "TraceMode",
    "TracePacketType",
    "WireBundle",
    "another_bd",
    "bd_chain",
    "bd_dim_layout",
    "bd_pad_layout",
    "bds",
    "buffer",
    "cascade_flow",
    "core",
    "device",
    "dma",
    "dma_bd",
    "dma_start",
    "end",
    "external_buffer",
    "external_func",
    "flow",
    "lock",
    "logical_tile",
    "mem",
    "memtile_dma",
    "next_bd",
    "npu_write_rtp",
    "object_fifo",
    "object_fifo_link",
    "packetflow",
    "shim_dma_allocation",
    "shim_mem",
    "tile",
    "use_lock",
]
