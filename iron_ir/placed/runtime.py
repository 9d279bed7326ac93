"""The runtime sequence of a placed design and its host-side DMA ops.

``@runtime_sequence(*types)`` builds ``aie.runtime_sequence`` and runs the decorated function
with its arguments. Inside it: ``npu_dma_memcpy_nd`` / ``dma_wait`` / ``npu_sync`` (the older
``aie2.py`` form), ``shim_dma_single_bd_task`` / ``dma_start_task`` / ``dma_await_task`` /
``dma_free_task`` (DMA tasks), ``dma_configure_task(_for)`` with hand-written BD blocks,
``dma_start_bd_chain(_for)``, runtime parameters (``npu_write_rtp``/``npu_rtp_write``, or
``buf[i] = v``) and ``set_lock``. Offsets, sizes and strides are outermost first; a
``TensorAccessPattern`` (``tap=``) gives them instead. Signatures are mlir-aie's
(``python/dialects/aiex.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    BoolAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Signedness,
    SymbolRefAttr,
    i1,
    i32,
)
from xdsl.ir import Region, SSAValue

from iron_ir.dialects.aie import (
    BDChainOp,
    DMAChannelDir,
    EndOp,
    PacketInfoAttr,
    RuntimeSequenceOp,
)
from iron_ir.dialects.aiex import (
    DMAAwaitTaskOp,
    DMAConfigureTaskForOp,
    DMAConfigureTaskOp,
    DMAFreeTaskOp,
    DMAStartBdChainForOp,
    DMAStartBdChainOp,
    DMAStartTaskOp,
    NpuAddressPatchOp,
    NpuControlPacketOp,
    NpuDmaMemcpyNdOp,
    NpuDmaWaitOp,
    NpuMaskWrite32Op,
    NpuPushQueueOp,
    NpuSyncOp,
    NpuWrite32Op,
    NpuWriteBdOp,
    NpuWriteRTPOp,
    SetLockOp,
)
from iron_ir.errors import IronTypeError, RuntimeSequenceError
from iron_ir.placed.builder import OpHandle, emit, inside, ssa
from iron_ir.placed.device import lock_value, mlir_type, tile_value
from iron_ir.placed.dma import bds, dma_bd
from iron_ir.tracing.engine import TracedValue

_UI32 = IntegerType(32, Signedness.UNSIGNED)


# --- the sequence -------------------------------------------------------------------------------


class _Sequence(OpHandle):
    op: RuntimeSequenceOp


def runtime_sequence(
    *inputs: Any, sym_name: str | None = None, context: Any = None
) -> Callable[[Callable[..., Any]], _Sequence]:
    """``@runtime_sequence(tensor_ty, ...)`` on ``def sequence(a, ...)``: the host's program,
    named after the function (``sequence``, the default name, is not printed)."""
    types = [mlir_type(t, f"runtime_sequence argument {i}") for i, t in enumerate(inputs)]

    def decorate(body: Callable[..., Any]) -> _Sequence:
        op = RuntimeSequenceOp(types, sym_name or body.__name__)
        emit(op, "@runtime_sequence")
        with inside(op.block, "@runtime_sequence"):
            body(*(TracedValue(a) for a in op.block.args))
        return _Sequence(op)

    return decorate


# --- arguments ----------------------------------------------------------------------------------


def _symbol(target: Any, what: str) -> str:
    """The symbol an objectfifo, allocation, buffer or name stands for."""
    if isinstance(target, str):
        return target
    sym = getattr(target, "sym_name", None)
    if sym is not None:
        return str(sym)
    raise IronTypeError(f"{what}: expected an object_fifo, a buffer or a symbol name, got {target!r}")


def _dims_from(
    what: str,
    tap: Any,
    offsets: Any,
    sizes: Any,
    strides: Any,
) -> tuple[Any, Any, Any]:
    if tap is not None:
        if not (offsets is None and sizes is None and strides is None):
            raise RuntimeSequenceError(
                f"{what} takes either a TensorAccessPattern (tap=) or offsets/sizes/strides, "
                "not both"
            )
        return int(tap.offset), list(tap.sizes), list(tap.strides)
    return offsets, sizes, strides


def _dim_list(values: Any, what: str) -> list[int | SSAValue]:
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise IronTypeError(f"{what}: expected a list of four integers, got {values!r}")
    result: list[int | SSAValue] = []
    for v in values:
        if isinstance(v, TracedValue | SSAValue):
            result.append(ssa(v, what))
        elif isinstance(v, int | np.integer) and not isinstance(v, bool):
            result.append(int(v))
        else:
            raise IronTypeError(f"{what}: entries must be integers, got {v!r}")
    if len(result) != 4:
        raise RuntimeSequenceError(
            f"{what} has {len(result)} entries; a shim DMA takes four (outermost first; pad "
            "unused outer dimensions with 1 for sizes and 0 for strides)"
        )
    return result


def _packet(packet: Any, what: str) -> PacketInfoAttr | None:
    if packet is None:
        return None
    if isinstance(packet, PacketInfoAttr):
        return packet
    if isinstance(packet, tuple | list) and len(packet) == 2:
        return PacketInfoAttr(int(packet[0]), int(packet[1]))
    raise IronTypeError(f"{what}: packet is (packet_type, packet_id), got {packet!r}")


def _host_buffer(mem: Any, what: str) -> SSAValue:
    value = ssa(mem, what)
    if not isinstance(value.type, MemRefType):
        raise IronTypeError(f"{what}: expected a host buffer (a runtime_sequence argument), got a {value.type} value")
    return value


# --- aiex.npu.* ---------------------------------------------------------------------------------


def npu_dma_memcpy_nd(
    metadata: Any,
    bd_id: int,
    mem: Any,
    tap: Any = None,
    offsets: Any = None,
    sizes: Any = None,
    strides: Any = None,
    issue_token: bool | None = None,
    burst_length: int = 0,
    packet: Any = None,
) -> OpHandle:
    """``aiex.npu.dma_memcpy_nd``: a transfer between host buffer ``mem`` and the shim channel
    of ``metadata`` (an objectfifo or allocation), using BD ``bd_id``."""
    what = "npu_dma_memcpy_nd"
    offset, sizes, strides = _dims_from(what, tap, offsets, sizes, strides)
    if tap is not None:
        offsets = [0, 0, 0, offset]
    offsets = [0] * 4 if offsets is None else offsets
    sizes = [0] * 4 if sizes is None else sizes
    strides = [0, 0, 0, 1] if strides is None else strides
    if isinstance(bd_id, bool) or not isinstance(bd_id, int | np.integer):
        raise IronTypeError(f"{what}: bd_id must be an integer, got {bd_id!r}")
    op = NpuDmaMemcpyNdOp(
        _host_buffer(mem, f"{what}(mem)"),
        _dim_list(offsets, f"{what} offsets"),
        _dim_list(sizes, f"{what} sizes"),
        _dim_list(strides, f"{what} strides"),
        metadata=_symbol(metadata, f"{what}(metadata)"),
        id=int(bd_id),
        issue_token=bool(issue_token),
        packet=_packet(packet, what),
        burst_length=int(burst_length),
    )
    return OpHandle(emit(op, what))


NpuDmaMemcpyNd = npu_dma_memcpy_nd


def dma_wait(*args: Any) -> None:
    """``aiex.npu.dma_wait {symbol = @fifo}`` for each objectfifo (or name) given."""
    if not args:
        raise RuntimeSequenceError("dma_wait must receive at least one objectfifo to wait for")
    for target in args:
        emit(NpuDmaWaitOp(_symbol(target, "dma_wait")), "dma_wait")


def npu_dma_wait(symbol: Any, *, loc: Any = None, ip: Any = None) -> None:
    """``aiex.npu.dma_wait {symbol = @name}``: the op's own builder (one objectfifo or
    ``shim_dma_allocation`` name), as older designs call it."""
    dma_wait(symbol)


def npu_sync(
    column: int,
    row: int,
    direction: int,
    channel: int,
    column_num: int = 1,
    row_num: int = 1,
) -> None:
    """``aiex.npu.sync``: wait for a task-complete token (direction 0 = S2MM, 1 = MM2S)."""
    emit(NpuSyncOp(int(column), int(row), int(direction), int(channel), int(column_num), int(row_num)), "npu_sync")


def npu_push_queue(
    column: int,
    row: int,
    direction: int,
    channel: int,
    issue_token: bool,
    repeat_count: int,
    bd_id: int,
) -> None:
    """``aiex.npu.push_queue``: start BD ``bd_id`` on a tile DMA channel's task queue,
    ``repeat_count`` extra times; ``issue_token`` makes its completion visible to
    ``npu_sync``."""
    if int(direction) not in (0, 1):
        raise IronTypeError(
            f"npu_push_queue: direction {direction!r} is not a DMA direction; use "
            "DMAChannelDir.S2MM (0, into the array's memory) or DMAChannelDir.MM2S (1)"
        )
    emit(
        NpuPushQueueOp.create(
            properties={
                "column": IntegerAttr(int(column), i32),
                "row": IntegerAttr(int(row), i32),
                "direction": IntegerAttr(int(direction), i32),
                "channel": IntegerAttr(int(channel), i32),
                "issue_token": BoolAttr.from_bool(bool(issue_token)),
                "repeat_count": IntegerAttr(int(repeat_count), i32),
                "bd_id": IntegerAttr(int(bd_id), i32),
            }
        ),
        "npu_push_queue",
    )


def control_packet(
    address: int,
    opcode: int,
    stream_id: int,
    *,
    length: int | None = None,
    data: Sequence[int] | None = None,
) -> None:
    """``aiex.control_packet``: a control packet on stream ``stream_id`` writing ``data`` at
    (or reading ``length`` words from) array address ``address``."""
    props: dict = {
        "address": IntegerAttr(int(address), _UI32),
        "opcode": IntegerAttr(int(opcode), i32),
        "stream_id": IntegerAttr(int(stream_id), i32),
    }
    if length is not None:
        props["length"] = IntegerAttr(int(length), i32)
    if data is not None:
        props["data"] = DenseArrayBase.from_list(i32, [int(v) for v in data])
    emit(NpuControlPacketOp.create(properties=props), "control_packet")


def _register_target(buffer: Any, column: Any, row: Any) -> dict:
    props: dict = {}
    if buffer is not None:
        props["buffer"] = SymbolRefAttr(_symbol(buffer, "buffer"))
    if column is not None:
        props["column"] = IntegerAttr(int(column), i32)
    if row is not None:
        props["row"] = IntegerAttr(int(row), i32)
    return props


def npu_write32(address: int, value: int, *, buffer: Any = None, column: Any = None, row: Any = None) -> None:
    """``aiex.npu.write32``: write one register word (absolute or tile-relative address)."""
    props = {"address": IntegerAttr(int(address), _UI32), "value": IntegerAttr(int(value), _UI32)}
    emit(NpuWrite32Op.create(properties={**props, **_register_target(buffer, column, row)}), "npu_write32")


def npu_maskwrite32(
    address: int, value: int, mask: int, *, buffer: Any = None, column: Any = None, row: Any = None
) -> None:
    """``aiex.npu.maskwrite32``: write the bits of ``value`` selected by ``mask``."""
    props = {
        "address": IntegerAttr(int(address), _UI32),
        "value": IntegerAttr(int(value), _UI32),
        "mask": IntegerAttr(int(mask), _UI32),
    }
    emit(NpuMaskWrite32Op.create(properties={**props, **_register_target(buffer, column, row)}), "npu_maskwrite32")


def npu_writebd(**fields: int) -> None:
    """``aiex.npu.writebd {...}``: write a whole shim BD (every field by keyword)."""
    emit(NpuWriteBdOp(**{k: int(v) for k, v in fields.items()}), "npu_writebd")


def npu_address_patch(addr: int, arg_idx: int, arg_plus: int) -> None:
    """``aiex.npu.address_patch``: patch runtime argument ``arg_idx``'s host address (plus
    ``arg_plus`` bytes) into the BD word at array address ``addr``."""
    emit(
        NpuAddressPatchOp.create(
            properties={
                "addr": IntegerAttr(int(addr), _UI32),
                "arg_idx": IntegerAttr(int(arg_idx), i32),
                "arg_plus": IntegerAttr(int(arg_plus), i32),
            }
        ),
        "npu_address_patch",
    )


def npu_write_rtp(buffer: Any, index: int, value: int, loc: Any = None, ip: Any = None) -> None:
    """``aiex.npu.rtp_write(@buffer, index, value)``: a runtime parameter, word ``index`` of
    an ``aie.buffer``."""
    name = _symbol(buffer, "npu_write_rtp(buffer)")
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise IronTypeError(
            f"runtime parameter @{name}[{index}]: the value must be a Python integer (written "
            f"by the host before the run), got {value!r}"
        )
    emit(
        NpuWriteRTPOp.create(
            properties={
                "buffer": SymbolRefAttr(name),
                "index": IntegerAttr(int(index), _UI32),
                "value": IntegerAttr(int(value), i32),
            }
        ),
        "npu_write_rtp",
    )


def npu_rtp_write(buffer: Any, index: int, value: int, *, loc: Any = None, ip: Any = None) -> None:
    """mlir-aie's generated spelling of :func:`npu_write_rtp` (``buffer`` by name)."""
    npu_write_rtp(buffer, index, value)


def set_lock(lock: Any, value: int) -> None:
    """``aiex.set_lock(%lock, value)``: set a lock from the runtime sequence."""
    emit(SetLockOp(lock_value(lock, "set_lock(lock)"), int(value)), "set_lock")


set_lock_value = set_lock


# --- DMA tasks ----------------------------------------------------------------------------------


class DMATask(OpHandle):
    """A configured DMA task (``aiex.dma_configure_task[_for]``); ``body`` takes BD blocks."""

    @property
    def body(self) -> Region:
        return self.op.regions[0]


def dma_configure_task_for(alloc: Any, *, issue_token: bool = False, repeat_count: int = 0) -> DMATask:
    """``%t = aiex.dma_configure_task_for @alloc { ... }``: fill its BDs with ``bds(task)``."""
    op = DMAConfigureTaskForOp(
        _symbol(alloc, "dma_configure_task_for(alloc)"),
        Region(),
        issue_token=bool(issue_token),
        repeat_count=int(repeat_count),
    )
    return DMATask(emit(op, "dma_configure_task_for"))


def dma_configure_task(
    tile: Any,
    direction: Any,
    channel: int,
    *,
    issue_token: bool = False,
    repeat_count: int = 0,
    packet: Any = None,
) -> DMATask:
    """``%t = aiex.dma_configure_task(%tile, MM2S|S2MM, channel) { ... }``."""
    op = DMAConfigureTaskOp(
        tile_value(tile, "dma_configure_task(tile)"),
        DMAChannelDir(int(direction)),
        int(channel),
        Region(),
        issue_token=bool(issue_token),
        repeat_count=int(repeat_count),
        packet=_packet(packet, "dma_configure_task"),
    )
    return DMATask(emit(op, "dma_configure_task"))


def shim_dma_bd(
    mem: Any,
    tap: Any = None,
    offset: int | None = None,
    sizes: Any = None,
    strides: Any = None,
    transfer_len: int | None = None,
    burst_length: int = 0,
    packet: Any = None,
) -> None:
    """One ``aie.dma_bd`` on a host buffer, with four (size, stride) dims."""
    offset, sizes, strides = _dims_from("shim_dma_bd", tap, offset, sizes, strides)
    offset = 0 if offset is None else offset
    sizes = [0] * 4 if sizes is None else list(sizes)
    strides = [0, 0, 0, 1] if strides is None else list(strides)
    if transfer_len is None:
        transfer_len = int(np.prod(sizes[-3:]))
    dma_bd(
        mem,
        offset=int(offset),
        len=int(transfer_len),
        dimensions=list(zip(sizes, strides)),
        burst_length=burst_length,
        packet=packet,
    )


def shim_dma_single_bd_task(
    alloc: Any,
    mem: Any,
    tap: Any = None,
    offset: int | None = None,
    sizes: Any = None,
    strides: Any = None,
    transfer_len: int | None = None,
    issue_token: bool = False,
    burst_length: int = 0,
    packet: Any = None,
) -> DMATask:
    """A one-BD task moving host buffer ``mem`` through the shim channel of ``alloc``; the
    outermost size (``sizes[0] > 1``) becomes the task's repeat count."""
    offset, sizes, strides = _dims_from("shim_dma_single_bd_task", tap, offset, sizes, strides)
    repeat_count = int(sizes[0]) - 1 if sizes and int(sizes[0]) > 1 else 0
    task = dma_configure_task_for(alloc, issue_token=issue_token, repeat_count=repeat_count)
    with bds(task) as bd:
        with bd[0]:
            shim_dma_bd(
                mem,
                offset=offset,
                sizes=sizes,
                strides=strides,
                transfer_len=transfer_len,
                burst_length=burst_length,
                packet=packet,
            )
            emit(EndOp(), "shim_dma_single_bd_task")
    return task


def _tasks(args: Sequence[Any], what: str) -> list[SSAValue]:
    if not args:
        raise RuntimeSequenceError(f"{what} must receive at least one task")
    tasks = []
    for t in args:
        value = ssa(t, what)
        if value.owner.name not in (
            "aiex.dma_configure_task_for",
            "aiex.dma_configure_task",
            "aiex.dma_start_bd_chain",
            "aiex.dma_start_bd_chain_for",
        ):
            raise IronTypeError(f"{what}: expected a DMA task (e.g. from shim_dma_single_bd_task), got {t!r}")
        tasks.append(value)
    return tasks


def dma_start_task(*args: Any) -> None:
    """``aiex.dma_start_task`` for each task given, in order."""
    for task in _tasks(args, "dma_start_task"):
        emit(DMAStartTaskOp(task), "dma_start_task")


def dma_await_task(*args: Any) -> None:
    """``aiex.dma_await_task`` for each task given (each must issue a token)."""
    for task in _tasks(args, "dma_await_task"):
        emit(DMAAwaitTaskOp(task), "dma_await_task")


def dma_free_task(*args: Any) -> None:
    """``aiex.dma_free_task`` for each task given."""
    for task in _tasks(args, "dma_free_task"):
        emit(DMAFreeTaskOp(task), "dma_free_task")


def _chain_symbol(symbol: Any) -> str:
    if isinstance(symbol, OpHandle) and isinstance(symbol.op, BDChainOp):
        return symbol.op.sym_name.data
    return _symbol(symbol, "dma_start_bd_chain(symbol)")


def dma_start_bd_chain(
    symbol: Any, args: Sequence[Any], tile: Any, direction: Any, channel: int, *,
    issue_token: bool = False, repeat_count: int = 0,
) -> DMATask:
    """``aiex.dma_start_bd_chain @chain(args) on (%tile, dir, channel)``."""
    op = DMAStartBdChainOp.create(
        operands=[*(ssa(a, "dma_start_bd_chain(args)") for a in args), tile_value(tile, "dma_start_bd_chain(tile)")],
        properties=_chain_props(_chain_symbol(symbol), issue_token, repeat_count)
        | {"direction": IntegerAttr(int(direction), i32), "channel": IntegerAttr(int(channel), i32)},
        result_types=[IndexType()],
    )
    return DMATask(emit(op, "dma_start_bd_chain"))


def dma_start_bd_chain_for(
    symbol: Any, args: Sequence[Any], alloc: Any, *, issue_token: bool = False, repeat_count: int = 0
) -> DMATask:
    """``aiex.dma_start_bd_chain_for @chain(args) : (...) for @alloc``."""
    op = DMAStartBdChainForOp.create(
        operands=[ssa(a, "dma_start_bd_chain_for(args)") for a in args],
        properties=_chain_props(_chain_symbol(symbol), issue_token, repeat_count)
        | {"alloc": SymbolRefAttr(_symbol(alloc, "dma_start_bd_chain_for(alloc)"))},
        result_types=[IndexType()],
    )
    return DMATask(emit(op, "dma_start_bd_chain_for"))


def _chain_props(symbol: str, issue_token: bool, repeat_count: int) -> dict:
    return {
        "symbol": SymbolRefAttr(symbol),
        "issue_token": IntegerAttr(int(bool(issue_token)), i1),
        "repeat_count": IntegerAttr(int(repeat_count), i32),
    }


__all__ = [
    "DMATask",
    "NpuDmaMemcpyNd",
    "dma_await_task",
    "dma_configure_task",
    "dma_configure_task_for",
    "dma_free_task",
    "dma_start_bd_chain",
    "dma_start_bd_chain_for",
    "dma_start_task",
    "dma_wait",
    "npu_dma_wait",
    "npu_dma_memcpy_nd",
    "npu_address_patch",
    "npu_maskwrite32",
    "npu_rtp_write",
    "npu_sync",
    "npu_write32",
    "npu_write_rtp",
    "npu_writebd",
    "runtime_sequence",
    "set_lock",
    "set_lock_value",
    "shim_dma_bd",
    "shim_dma_single_bd_task",
]
