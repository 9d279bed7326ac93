"""The structural verifier of an ``iron.program``.

Op verifiers check each op alone; this checks how the ops of one program fit together: every
fifo end refers to a worker, link or runtime that really uses it, acquires fit the endpoint's
depth, links agree with their fifos, the runtime only fills and drains fifo ends it owns, kernel
calls match their declarations, buffers and tiles sit where the device allows.
"""

from __future__ import annotations

from collections import defaultdict

from xdsl.dialects import func
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import DeviceSpec, TileKind
from iron_ir.dialects.aiex._support import element_bits
from iron_ir.dialects.iron.attrs import EndpointAttr, EndpointKind
from iron_ir.dialects.iron.program import BarrierOp, BufferOp, FifoOp, LinkOp, ProgramOp
from iron_ir.dialects.iron.runtime import (
    DrainOp,
    FillOp,
    RtpWriteOp,
    RuntimeSequenceOp,
    SetBarrierOp,
    StartOp,
)
from iron_ir.dialects.iron.worker import (
    AcquireOp,
    BarrierReleaseOp,
    BarrierWaitOp,
    Port,
    ReleaseOp,
    WorkerOp,
)

_COMPUTE = (TileKind.COMPUTE,)
_MEM_OR_COMPUTE = (TileKind.MEM, TileKind.COMPUTE)
_SHIM = (TileKind.SHIM_NOC, TileKind.SHIM_PL)


def _numel(t: MemRefType) -> int:
    n = 1
    for d in t.get_shape():
        n *= d
    return n


class _Program:
    """The symbols of one program, indexed once."""

    def __init__(self, program: ProgramOp):
        self.spec: DeviceSpec = program.spec
        self.fifos: dict[str, FifoOp] = {}
        self.links: dict[str, LinkOp] = {}
        self.workers: dict[str, WorkerOp] = {}
        self.buffers: dict[str, BufferOp] = {}
        self.barriers: dict[str, BarrierOp] = {}
        self.funcs: dict[str, func.FuncOp] = {}
        self.sequences: list[RuntimeSequenceOp] = []
        for op in program.body.block.ops:
            match op:
                case FifoOp():
                    self.fifos[op.fifo_name] = op
                case LinkOp():
                    self.links[op.sym_name.data] = op
                case WorkerOp():
                    self.workers[op.worker_name] = op
                case BufferOp():
                    self.buffers[op.sym_name.data] = op
                case BarrierOp():
                    self.barriers[op.sym_name.data] = op
                case func.FuncOp():
                    self.funcs[op.sym_name.data] = op
                case RuntimeSequenceOp():
                    self.sequences.append(op)
                case _:
                    raise VerifyException(
                        f"'{op.name}' cannot appear directly in an iron.program: expected "
                        "iron.fifo, iron.link, iron.buffer, iron.barrier, func.func, iron.worker "
                        "or iron.runtime_sequence"
                    )

    def fifo(self, name: str, user: str) -> FifoOp:
        if name not in self.fifos:
            raise VerifyException(f"{user} refers to @{name}, which is not a fifo of this program")
        return self.fifos[name]


def verify_program(program: ProgramOp) -> None:
    p = _Program(program)
    if len(p.sequences) > 1:
        raise VerifyException("an iron.program holds at most one iron.runtime_sequence")
    for fifo in p.fifos.values():
        _verify_fifo_endpoints(p, fifo)
    for link in p.links.values():
        _verify_link(p, link)
    for worker in p.workers.values():
        _verify_worker(p, worker)
    for buffer in p.buffers.values():
        _verify_buffer(p, buffer)
    for seq in p.sequences:
        _verify_sequence(p, seq)


def _verify_fifo_endpoints(p: _Program, fifo: FifoOp) -> None:
    name = f"fifo @{fifo.fifo_name}"
    seen: set[tuple[EndpointKind, str]] = set()
    for role, ep in [("producer", fifo.producer)] + [("consumer", c) for c in fifo.consumers]:
        kind, ref = ep.endpoint_kind, ep.ref_name
        where = f"{name}: its {role} {kind.value} @{ref}"
        if kind is EndpointKind.worker and ref not in p.workers:
            raise VerifyException(f"{where} is not a worker of this program")
        if kind is EndpointKind.link:
            link = p.links.get(ref)
            if link is None:
                raise VerifyException(f"{where} is not a link of this program")
            listed = link.dst_names if role == "producer" else link.src_names
            if fifo.fifo_name not in listed:
                side = "destinations" if role == "producer" else "sources"
                raise VerifyException(f"{where} does not list @{fifo.fifo_name} among its {side}")
        if kind is EndpointKind.runtime:
            if not any(s.sym_name.data == ref for s in p.sequences):
                raise VerifyException(f"{where} is not the runtime sequence of this program")
            ep.tile_attr.check_on(p.spec, _SHIM, f"the runtime end ({role}) of {name}")  # type: ignore[union-attr]
        if role == "consumer":
            if (kind, ref) in seen:
                raise VerifyException(
                    f"{name}: {kind.value} @{ref} is listed twice among its consumers; one "
                    "endpoint consumes a fifo once (acquire more objects instead)"
                )
            seen.add((kind, ref))
    links = sorted({ep.ref_name for ep in fifo.endpoints if ep.endpoint_kind is EndpointKind.link})
    if len(links) > 1:
        # aie.objectfifo.link takes each fifo once: a forward of a forward cannot lower.
        raise VerifyException(
            f"{name} is an end of {len(links)} links ({', '.join('@' + l for l in links)}); a fifo "
            "may be in at most one link. Link the fifos directly (one split/join/forward), or "
            "put a worker between the two links."
        )


def _endpoint_for(fifo: FifoOp, kind: EndpointKind, ref: str, port: Port) -> EndpointAttr | None:
    ends = [fifo.producer] if port is Port.produce else list(fifo.consumers)
    for ep in ends:
        if ep.endpoint_kind is kind and ep.ref_name == ref:
            return ep
    return None


def _verify_link(p: _Program, link: LinkOp) -> None:
    name = f"link @{link.sym_name.data}"
    link.tile.check_on(p.spec, _MEM_OR_COMPUTE, name)
    srcs = [p.fifo(s, name) for s in link.src_names]
    dsts = [p.fifo(d, name) for d in link.dst_names]
    for f in srcs:
        if _endpoint_for(f, EndpointKind.link, link.sym_name.data, Port.consume) is None:
            raise VerifyException(f"{name} reads fifo @{f.fifo_name}, but is not its consumer")
    for f in dsts:
        if _endpoint_for(f, EndpointKind.link, link.sym_name.data, Port.produce) is None:
            raise VerifyException(f"{name} writes fifo @{f.fifo_name}, but is not its producer")
    elem = srcs[0].elem_type.get_element_type()
    for f in srcs + dsts:
        if f.elem_type.get_element_type() != elem:
            raise VerifyException(
                f"{name}: fifo @{f.fifo_name} holds {f.elem_type.get_element_type()} elements "
                f"but fifo @{srcs[0].fifo_name} holds {elem}; a link moves elements of one type"
            )
    if link.mode == "forward":
        return
    big, parts, offsets = (
        (dsts[0], srcs, [o.data for o in link.src_offsets.data])
        if link.mode == "join"
        else (srcs[0], dsts, [o.data for o in link.dst_offsets.data])
    )
    total = _numel(big.elem_type)
    for part, off in zip(parts, offsets):
        size = _numel(part.elem_type)
        if off < 0 or off + size > total:
            raise VerifyException(
                f"{name}: fifo @{part.fifo_name} ({size} elements) at offset {off} does not fit "
                f"in an object of fifo @{big.fifo_name} ({total} elements)"
            )
    if offsets != sorted(offsets):
        raise VerifyException(f"{name}: offsets {offsets} must be in increasing order")


def _verify_worker(p: _Program, worker: WorkerOp) -> None:
    name = f"worker @{worker.worker_name}"
    worker.tile.check_on(p.spec, _COMPUTE, name)
    for op in worker.body.walk():
        if isinstance(op, AcquireOp | ReleaseOp):
            _verify_access(p, worker, op)
        elif isinstance(op, BarrierWaitOp | BarrierReleaseOp):
            if op.barrier_name not in p.barriers:
                raise VerifyException(
                    f"{name}: {op.name} refers to @{op.barrier_name}, which is not an "
                    "iron.barrier of this program"
                )
        elif isinstance(op, func.ReturnOp | WorkerOp | RuntimeSequenceOp):
            raise VerifyException(f"{name}: '{op.name}' cannot appear in a worker body")


def _verify_access(p: _Program, worker: WorkerOp, op: AcquireOp | ReleaseOp) -> None:
    name = f"worker @{worker.worker_name}"
    fifo = p.fifo(op.fifo_name, f"{name}: {op.name}")
    ep = _endpoint_for(fifo, EndpointKind.worker, worker.worker_name, op.port_enum)
    if ep is None:
        role = "producer" if op.port_enum is Port.produce else "consumer"
        raise VerifyException(
            f"{name}: {op.name} @{fifo.fifo_name}({op.port.data}, {op.count.data}) needs the "
            f"worker to be the fifo's {role}, but it is not"
        )
    if op.count.data > ep.depth.data:
        raise VerifyException(
            f"{name}: {op.name} of {op.count.data} objects on fifo @{fifo.fifo_name} exceeds "
            f"the depth {ep.depth.data} of this end of the fifo"
        )
    if isinstance(op, AcquireOp) and op.objects[0].type != fifo.elem_type:
        raise VerifyException(
            f"{name}: iron.acquire on fifo @{fifo.fifo_name} yields {op.objects[0].type}, but the "
            f"fifo holds {fifo.elem_type}"
        )


def _verify_buffer(p: _Program, buffer: BufferOp) -> None:
    name = f"buffer @{buffer.sym_name.data}"
    buffer.tile.check_on(p.spec, _COMPUTE, name)
    users: set[str] = set()
    for use in buffer.buffer.uses:
        user: Operation | None = use.operation
        while user is not None and not isinstance(user, WorkerOp):
            user = user.parent_op()
        if user is None:
            raise VerifyException(f"{name} is used outside a worker by '{use.operation.name}'")
        users.add(user.worker_name)
    if len(users) > 1:
        raise VerifyException(
            f"{name} is used by workers {', '.join('@' + u for u in sorted(users))}; a buffer "
            "lives in one compute tile's memory and belongs to one worker"
        )
    if buffer.owner is not None:
        owner = buffer.owner.root_reference.data
        if owner not in p.workers:
            raise VerifyException(f"{name} is local to @{owner}, which is not a worker")
        if users - {owner}:
            raise VerifyException(
                f"{name} is local to worker @{owner} but used by @{next(iter(users - {owner}))}"
            )


def _verify_sequence(p: _Program, seq: RuntimeSequenceOp) -> None:
    seq_name = seq.sym_name.data
    started: set[str] = set()
    transfers: dict[str, list[str]] = defaultdict(list)
    for op in seq.body.walk():
        if isinstance(op, StartOp):
            for w in op.worker_names:
                if w not in p.workers:
                    raise VerifyException(f"iron.start @{w}: no worker of that name")
                if w in started:
                    raise VerifyException(f"iron.start: worker @{w} is started twice")
                started.add(w)
        elif isinstance(op, FillOp | DrainOp):
            what = f"{op.name} @{op.fifo_name}"
            fifo = p.fifo(op.fifo_name, what)
            port = Port.produce if isinstance(op, FillOp) else Port.consume
            if _endpoint_for(fifo, EndpointKind.runtime, seq_name, port) is None:
                owner = fifo.producer if port is Port.produce else None
                end = "producer" if port is Port.produce else "consumer"
                detail = (
                    f"; its producer is {owner.endpoint_kind.value} @{owner.ref_name}"
                    if owner is not None
                    else ""
                )
                raise VerifyException(
                    f"{what}: the runtime is not a {end} of fifo @{fifo.fifo_name}{detail}"
                )
            _check_host_elements(what, op.host.type, fifo.elem_type)
            transfers[op.fifo_name].append(op.name)
        elif isinstance(op, RtpWriteOp):
            buf = p.buffers.get(op.buffer_name)
            if buf is None:
                raise VerifyException(f"iron.rtp_write @{op.buffer_name}: no buffer of that name")
            if buf.use_write_rtp is None:
                raise VerifyException(
                    f"iron.rtp_write @{op.buffer_name}: the buffer is not a runtime parameter "
                    "(create it with use_write_rtp=True)"
                )
            n = _numel(buf.buffer.type)
            if not 0 <= op.index.data < n:
                raise VerifyException(
                    f"iron.rtp_write @{op.buffer_name}[{op.index.data}]: index outside the "
                    f"buffer's {n} elements"
                )
            if op.value.type != buf.buffer.type.get_element_type():
                raise VerifyException(
                    f"iron.rtp_write @{op.buffer_name}: value of type {op.value.type} but the "
                    f"buffer holds {buf.buffer.type.get_element_type()}"
                )
        elif isinstance(op, SetBarrierOp):
            if op.barrier_name not in p.barriers:
                raise VerifyException(f"iron.set_barrier @{op.barrier_name}: no barrier of that name")
    for fifo in p.fifos.values():
        for port, ep_list in ((Port.produce, [fifo.producer]), (Port.consume, fifo.consumers)):
            for ep in ep_list:
                if ep.endpoint_kind is EndpointKind.runtime:
                    op_name = "iron.fill" if port is Port.produce else "iron.drain"
                    if op_name not in transfers[fifo.fifo_name]:
                        raise VerifyException(
                            f"fifo @{fifo.fifo_name}: the runtime is an endpoint but never does "
                            f"an {op_name} on it"
                        )


def _check_host_elements(what: str, host: MemRefType, obj: MemRefType) -> None:
    """The DMA moves bytes: a host buffer of another element type is read as the fifo's type,
    which needs a fifo object to be a whole number of host elements."""
    host_elem, obj_elem = host.get_element_type(), obj.get_element_type()
    if host_elem == obj_elem:
        return
    host_bits, obj_bytes = element_bits(host_elem), _numel(obj) * element_bits(obj_elem) // 8
    if host_bits % 8 or (obj_bytes * 8) % host_bits:
        raise VerifyException(
            f"{what}: host buffer elements are {host_elem} but the fifo holds {obj_elem}, and a "
            f"fifo object ({obj_bytes} bytes) is not a whole number of {host_elem} elements"
        )
