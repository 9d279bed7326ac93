"""``iron-lint``: legal AIE/AIEX IR that will hang, overflow or mis-transfer on the NPU.

mlir-aie's verifiers accept this IR, so ours do too (a file aie-opt reads, we read); these
checks are ours, reported as warnings at the op (``file:line:col: warning: ...`` with the
caret), each naming its rule. ``--werror`` (``iron-lint{werror=true}``) makes them errors.

Each rule is a function from one op to a message (or None); :data:`RULES` maps the op name it
looks at to its rules. Device facts come from the device table, BD hardware limits from
:mod:`iron_ir.dialects.aie.bd_rules`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, MemRefType, ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from iron_ir.dialects.aie import (
    BufferOp,
    CoreOp,
    DMABDOp,
    DMAStartOp,
    LockOp,
    ObjectFifoAcquireOp,
    ObjectFifoCreateOp,
    ObjectFifoLinkOp,
    ObjectFifoReleaseOp,
    TileOp,
    UseLockOp,
)
from iron_ir.dialects.aie.enums import DMAChannelDir, ObjectFifoPort
from iron_ir.dialects.aie.bd_rules import check_bd_dims, check_bd_padding
from iron_ir.dialects.aie.device import (
    element_bytes,
    memref_elements,
    tile_kind_of,
)
from iron_ir.dialects.aie.dma_bd import bd_tile_context
from iron_ir.dialects.aie.objectfifo import endpoint_depth, lookup_objectfifo
from iron_ir.ir.diagnostics import OpError, format_op_error

Rule = Callable[[Operation], "str | None"]


@dataclass(frozen=True)
class Finding:
    """One warning: the op, the rule's name and what is wrong."""

    op: Operation
    rule: str
    message: str

    def format(self, severity: str = "warning") -> str:
        return format_op_error(self.op, f"{self.message} [iron-lint: {self.rule}]", None, severity)


# --- objectfifo ---------------------------------------------------------------------------------


def _enclosing_core(op: Operation) -> CoreOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, CoreOp):
        parent = parent.parent_op()
    return parent


def _access_beyond_depth(op: Operation) -> str | None:
    assert isinstance(op, ObjectFifoAcquireOp | ObjectFifoReleaseOp)
    core = _enclosing_core(op)
    fifo = lookup_objectfifo(op, op.objFifo_name)
    if core is None or fifo is None:
        return None
    port = op.port.value.data
    depth = endpoint_depth(fifo, port, core.tile)
    size = op.size.value.data
    if size <= depth:
        return None
    verb = "acquires" if isinstance(op, ObjectFifoAcquireOp) else "releases"
    if port == ObjectFifoPort.Consume:
        effect = f"the stateful transform raises this consumer's depth to {size}"
    else:
        effect = "the producer waits forever for objects the fifo does not have"
    return (
        f"{verb} {size} objects from an objectFifo that holds {depth} "
        f"(@{fifo.sym_name.data}): {effect}; declare depth {size} for this end"
    )


def _fifo_without_consumer(op: Operation) -> str | None:
    assert isinstance(op, ObjectFifoCreateOp)
    if op.consumerTiles:
        return None
    return f"objectfifo @{op.sym_name.data} has no consumer tile: nothing ever releases it"


def _fifo_depth_zero(op: Operation) -> str | None:
    assert isinstance(op, ObjectFifoCreateOp)
    for endpoint in range(len(op.consumerTiles) + 1):
        if op.depth(endpoint) < 1:
            return (
                f"objectfifo @{op.sym_name.data} has depth {op.depth(endpoint)} at "
                f"{'the producer' if endpoint == 0 else f'consumer {endpoint - 1}'}: it holds "
                "no object, so every acquire waits forever"
            )
    return None


def _init_value_shape(op: Operation) -> str | None:
    assert isinstance(op, ObjectFifoCreateOp)
    if op.initValues is None:
        return None
    shape = tuple(op.element_memref.get_shape())
    for value in op.initValues.data:
        get_shape = getattr(value.get_type(), "get_shape", None)  # pyright: ignore
        if get_shape is None or tuple(get_shape()) != shape:
            return (
                f"objectfifo @{op.sym_name.data}: an init value does not have the element "
                f"shape {list(shape)}; the object is filled with something else"
            )
    return None


def _link_parts(op: Operation) -> str | None:
    """Join/distribute parts must tile the whole object in order, without overlap."""
    assert isinstance(op, ObjectFifoLinkOp)
    ins, outs = op.in_names, op.out_names
    if len(ins) > 1:
        parts, whole, offsets, mode = ins, outs[0], op.src_offsets, "join"
    elif len(outs) > 1:
        parts, whole, offsets, mode = outs, ins[0], op.dst_offsets, "distribute"
    else:
        return None
    whole_fifo = lookup_objectfifo(op, whole)
    fifos = [lookup_objectfifo(op, name) for name in parts]
    if whole_fifo is None or None in fifos or len(offsets.data) != len(parts):
        return None
    total = memref_elements(whole_fifo.element_memref)
    end = 0
    for fifo, offset_attr in zip(fifos, offsets.data):
        assert fifo is not None
        offset = offset_attr.value.data
        size = memref_elements(fifo.element_memref)
        if offset < end:
            return (
                f"{mode}: offset {offset} of @{fifo.sym_name.data} overlaps the previous part "
                f"(which ends at element {end}); the parts overwrite each other"
            )
        if offset + size > total:
            return (
                f"{mode}: @{fifo.sym_name.data} ({size} elements) at offset {offset} does not "
                f"fit in @{whole} ({total} elements); the transfer runs past the object"
            )
        end = offset + size
    return None


# --- tiles, buffers, locks ----------------------------------------------------------------------


def _tile_memory(op: Operation) -> str | None:
    """Buffers plus the core's stack fit the tile's data memory (aie-assign-buffer-addresses
    fails otherwise)."""
    assert isinstance(op, TileOp)
    found = tile_kind_of(op.result)
    if found is None:
        return None
    _, spec, kind = found
    users = [u.operation for u in op.result.uses if u.operation.operands[0] is op.result]
    buffers = [u for u in users if isinstance(u, BufferOp)]
    if not buffers:
        return None
    capacity = spec.kinds[kind].data_memory_bytes
    c, r = op.col_row
    if capacity == 0:
        return (
            f"aie.buffer on tile ({c}, {r}), a {kind.human}, which has no data memory; place "
            "buffers on compute or mem tiles"
        )
    stack = sum(u.stack_size_bytes for u in users if isinstance(u, CoreOp))
    used = stack + sum(b.size_bytes for b in buffers)
    if used <= capacity:
        return None
    return (
        f"buffers on tile ({c}, {r}) ({kind.human}) need {used} bytes"
        + (f" (including the {stack}-byte core stack)" if stack else "")
        + f" but the tile has {capacity} bytes of data memory; buffer allocation will fail: "
        "shrink the buffers or objectfifo depths, or move some to another tile"
    )


def _duplicate_tile(op: Operation) -> str | None:
    assert isinstance(op, TileOp)
    device = op.parent_op()
    if device is None:
        return None
    for other in device.regions[0].block.ops:
        if other is op:
            return None
        if isinstance(other, TileOp) and other.col_row == op.col_row:
            c, r = op.col_row
            return (
                f"aie.tile({c}, {r}) is declared twice in this aie.device; passes treat the two "
                "values as different tiles: reuse the first tile's value"
            )
    return None


def _duplicate_dma_program(op: Operation) -> str | None:
    assert isinstance(op, TileOp)
    names = [
        u.operation.name
        for u in op.result.uses
        if u.operation.name in ("aie.mem", "aie.memtile_dma", "aie.shim_dma")
        and u.operation.operands[0] is op.result
    ]
    for name in set(names):
        if names.count(name) > 1:
            c, r = op.col_row
            return (
                f"tile ({c}, {r}) has {names.count(name)} '{name}' programs; they configure the "
                "same DMA, so the last one loaded wins: merge their bodies into one op"
            )
    return None


def _lock_resources(op: Operation) -> str | None:
    assert isinstance(op, LockOp)
    found = tile_kind_of(op.tile)
    if found is None:
        return None
    tile, spec, kind = found
    kind_spec = spec.kinds[kind]
    c, r = tile.col_row
    if kind_spec.locks == 0:
        return f"tile ({c}, {r}) is a {kind.human}, which has no locks"
    if op.init is not None and not 0 <= op.init.value.data <= kind_spec.lock_max_value:
        return (
            f"lock init value {op.init.value.data} is out of range: locks on a {kind.human} of "
            f"{spec.name} hold 0..{kind_spec.lock_max_value}"
        )
    return None


def _use_lock_value(op: Operation) -> str | None:
    assert isinstance(op, UseLockOp)
    lock = op.lock.owner
    if not isinstance(lock, LockOp):
        return None
    found = tile_kind_of(lock.tile)
    if found is None:
        return None
    _, spec, kind = found
    limit = spec.kinds[kind].lock_max_value
    if 0 <= op.value_or_default <= limit:
        return None
    return (
        f"aie.use_lock value {op.value_or_default} is out of range: locks on a {kind.human} of "
        f"{spec.name} hold 0..{limit}"
    )


# --- DMA programs and BDs -----------------------------------------------------------------------


def _dma_channel(op: Operation) -> str | None:
    """The channel exists on the tile, and no other dma_start of the program starts it."""
    assert isinstance(op, DMAStartOp)
    program = op.parent_op()
    if program is None or program.name not in ("aie.mem", "aie.memtile_dma", "aie.shim_dma"):
        return None
    found = tile_kind_of(program.operands[0])
    direction = DMAChannelDir(op.channel_dir.value.data).name
    channel = op.channel_index.value.data
    if found is not None:
        _, spec, kind = found
        available = spec.kinds[kind].dma_channels(direction)
        if not 0 <= channel < available:
            return (
                f"{direction} channel {channel} does not exist: a {kind.human} has {available} "
                f"{direction} channels"
            )
    for other in program.walk():
        if other is op:
            return None
        if (
            isinstance(other, DMAStartOp)
            and other.channel_dir == op.channel_dir
            and other.channel_index == op.channel_index
        ):
            return (
                f"{direction} channel {channel} is started twice in this '{program.name}'; "
                "the second start replaces the first one's BD chain"
            )
    return None


def _bd_hardware(op: Operation) -> str | None:
    """The BD fits the hardware BD of the tile that runs it, in 32-bit words (a runtime task's
    BD may carry the iteration dimension)."""
    assert isinstance(op, DMABDOp)
    context = bd_tile_context(op)
    buffer_type = op.buffer.type
    if context is None or not isinstance(buffer_type, MemRefType):
        return None
    _, kind_spec, owner = context
    static = all(d >= 0 for d in buffer_type.get_shape())
    if not static and op.len is None:
        return None
    eb = element_bytes(buffer_type)
    dims = op.dims()
    sizes, strides = [s for s, _ in dims], [t for _, t in dims]
    in_task = owner.name not in ("aie.mem", "aie.memtile_dma", "aie.shim_dma")
    elements = memref_elements(buffer_type) if static else None
    padded = op.pad_dimensions is not None and len(op.pad_dimensions.pairs()) > 0
    message = check_bd_dims(
        sizes,
        strides,
        op.offset_value,
        op.length_value,
        eb,
        None if padded else elements,
        kind_spec,
        allow_iteration_dim=in_task,
    )
    if message is None and padded:
        assert op.pad_dimensions is not None
        message = check_bd_padding(
            op.pad_dimensions.pairs(), sizes, op.length_value, eb, kind_spec
        )
    if message is None:
        return None
    where = "runtime task" if in_task else owner.name
    return f"{message} [the {kind_spec.kind.human} BD of this {where}]"


# --- runtime sequence ---------------------------------------------------------------------------


def _await_without_token(op: Operation) -> str | None:
    task = op.operands[0].owner
    if not isinstance(task, Operation) or not task.name.startswith("aiex.dma_"):
        return None
    token = task.properties.get("issue_token")
    if isinstance(token, IntegerAttr) and token.value.data:
        return None
    return (
        f"Cannot wait on a BD that is not configured to issue a token: set issue_token = true "
        f"on the '{task.name}' of this task, or free it with aiex.dma_free_task; lowering "
        "(aie-dma-tasks-to-npu) rejects this wait"
    )


def _memcpy_on_fifo(op: Operation) -> str | None:
    """A memcpy naming an objectfifo is checked against the shim BD once the stateful transform
    turns the fifo into a shim_dma_allocation; say so now."""
    from iron_ir.dialects.aiex.npu import memcpy_pattern_problem

    return memcpy_pattern_problem(op)


RULES: dict[str, list[tuple[str, Rule]]] = {
    "aie.objectfifo": [
        ("objectfifo-no-consumer", _fifo_without_consumer),
        ("objectfifo-depth", _fifo_depth_zero),
        ("objectfifo-init-shape", _init_value_shape),
    ],
    "aie.objectfifo.acquire": [("objectfifo-access-depth", _access_beyond_depth)],
    "aie.objectfifo.release": [("objectfifo-access-depth", _access_beyond_depth)],
    "aie.objectfifo.link": [("objectfifo-link-offsets", _link_parts)],
    "aie.tile": [
        ("tile-duplicate", _duplicate_tile),
        ("tile-memory", _tile_memory),
        ("tile-dma-programs", _duplicate_dma_program),
    ],
    "aie.lock": [("lock-resources", _lock_resources)],
    "aie.use_lock": [("lock-value", _use_lock_value)],
    "aie.dma_start": [("dma-channel", _dma_channel)],
    "aie.dma_bd": [("bd-hardware", _bd_hardware)],
    "aiex.dma_await_task": [("await-token", _await_without_token)],
    "aiex.npu.dma_memcpy_nd": [("memcpy-pattern", _memcpy_on_fifo)],
}
"""Op name -> (rule name, rule) pairs; docs/passes.md lists them."""


def lint(module: Operation) -> Iterator[Finding]:
    """Every finding in ``module``, in op order."""
    for op in module.walk():
        for name, rule in RULES.get(op.name, ()):
            message = rule(op)
            if message is not None:
                yield Finding(op, name, message)


def report(module: Operation, *, werror: bool = False, stream=None) -> list[Finding]:
    """Print every finding to ``stream`` (stderr) and return them; with ``werror`` they print
    as errors, the last one raised as an :class:`OpError` (so the pass fails)."""
    findings = list(lint(module))
    out = stream if stream is not None else sys.stderr
    for finding in findings[:-1] if werror else findings:
        out.write(finding.format("error" if werror else "warning"))
    if werror and findings:
        last = findings[-1]
        raise OpError(last.op, f"{last.message} [iron-lint: {last.rule}]")
    return findings


@dataclass(frozen=True)
class IronLintPass(ModulePass):
    """``iron-lint``: warn about legal IR that will hang, overflow or mis-transfer."""

    name = "iron-lint"

    werror: bool = False
    """Report the findings as errors (the pass then fails)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        report(op, werror=self.werror)


__all__ = ["Finding", "IronLintPass", "RULES", "lint", "report"]
