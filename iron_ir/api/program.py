"""``Program(device, rt)``: turns the IRON object graph into the IRON dialect
(``resolve_iron``) and, once the passes exist, into the AIE dialect (``resolve_program``)."""

from __future__ import annotations

import sys
from typing import Any

from xdsl.dialects import func as func_dialect
from xdsl.dialects.builtin import ArrayAttr, IntAttr, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import DiagnosticException

from iron_ir.api.buffer import Buffer
from iron_ir.api.dataflow import (
    ObjectFifo,
    ObjectFifoHandle,
    ObjectFifoLink,
    RuntimeEndpoint,
)
from iron_ir.errors import (
    DeviceError,
    FifoError,
    IronError,
    IronTypeError,
    TraceError,
    location_attr,
    user_location,
    warn_once,
)
from iron_ir.api.kernel import BaseKernel
from iron_ir.api.placers import Placer, SequentialPlacer
from iron_ir.api.runtime import (
    CreateGroupTask,
    DMATask,
    FinishGroupTask,
    InlineOpsTask,
    Runtime,
    SetBarrierTask,
    StartTask,
)
from iron_ir.tracing.engine import Tracer, tracing
from iron_ir.ir.constraints import int_attr
from iron_ir.api.worker import Worker, WorkerRuntimeBarrier
from iron_ir.device import TileKind
from iron_ir.device.device import Device
from iron_ir.device.tile import AnyComputeTile, AnyMemTile, AnyShimTile, Tile
from iron_ir.dialects.iron import (
    BarrierOp,
    BufferOp,
    DrainOp,
    EndpointAttr,
    EndpointKind,
    FifoOp,
    FillOp,
    FinishTaskGroupOp,
    LinkOp,
    ProgramOp,
    RuntimeSequenceOp,
    SetBarrierOp,
    StartOp,
    TaskGroupOp,
    TileAttr,
    WorkerOp,
)

SEQUENCE_NAME = "sequence"


def print_module_text(module: ModuleOp) -> str:
    """The module's text, as ``iron_ir.ir.printer`` prints it (mlir-aie style)."""
    from iron_ir.ir.printer import print_module

    return print_module(module)


class IronModule:
    """What ``resolve_program``/``resolve_iron`` return: ``print(module)`` prints the IR text;
    ``module.module`` is the xDSL ``ModuleOp``. ``module.operation.verify()`` works as with
    mlir-aie's modules."""

    def __init__(self, module: ModuleOp):
        self.module = module

    @property
    def operation(self) -> IronModule:
        return self

    def verify(self) -> bool:
        """Verify the module (raises on failure); True, as mlir-aie's ``verify()`` returns."""
        self.module.verify()
        return True

    def __str__(self) -> str:
        from iron_ir.ir.printed import note_printed

        text = print_module_text(self.module)
        note_printed(self.module, text)
        return text

    def __repr__(self) -> str:
        return f"IronModule({self.module.name})"


def _tile_attr(tile: Any) -> TileAttr:
    if isinstance(tile, Tile):
        return TileAttr.at(tile.col, tile.row)
    hint = {AnyComputeTile: "any_compute", AnyMemTile: "any_mem", AnyShimTile: "any_shim"}[tile]
    return TileAttr.any(hint)


class Program:
    """An IRON program: a device and the runtime that starts its workers."""

    def __init__(self, device: Device, rt: Runtime, workers: list[Worker] | None = None):
        if not isinstance(device, Device):
            raise IronTypeError(
                f"Program(device, rt): device must be a device object such as NPU1Col1(), got "
                f"{device!r}"
            )
        if not isinstance(rt, Runtime):
            raise IronTypeError(f"Program(device, rt): rt must be a Runtime, got {rt!r}")
        self._device = device
        self._rt = rt
        self._extra_workers = list(workers or [])
        self._location = user_location()

    @property
    def device(self) -> Device:
        return self._device

    @property
    def runtime(self) -> Runtime:
        return self._rt

    def resolve_iron(self, name: str = "main") -> IronModule:
        """The program in the IRON dialect (unplaced: placements are hints)."""
        module = self._trace(name)
        try:
            module.verify()
        except DiagnosticException as err:
            raise IronError(f"the program is inconsistent: {err}") from None
        return IronModule(module)

    def _trace(self, name: str) -> ModuleOp:
        """The traced IRON module, with the program rules checked that catch misuse of the
        API (fifo ends, depths, names); the ops' own structure is the builder's, checked when
        a full verification runs (resolve_iron, or once at the end of resolve_program)."""
        spec = self._device.spec
        if not spec.compile_target:
            raise DeviceError(
                f"device {spec.name} is not a target iron-ir compiles for; use an NPU device "
                "(NPU1, NPU1Col1..3, NPU2, NPU2Col1..7)"
            )
        module = _ProgramBuilder(self, name).build()
        try:
            for op in module.ops:
                if isinstance(op, ProgramOp):
                    op.verify_()
        except DiagnosticException as err:
            raise IronError(f"the program is inconsistent: {err}") from None
        return module

    def resolve_program(self, placer: Placer | None = None, device_name: str = "main") -> IronModule:
        """Compile the program to the AIE dialect: the IRON module, placed by ``placer``
        (default ``SequentialPlacer()``), through iron-tile-to-dma-bd and convert-iron-to-aie."""
        from iron_ir.passes.pipelines import compile_to_aie

        if placer is None:
            placer = SequentialPlacer()
        if not isinstance(placer, Placer):
            raise IronTypeError(f"resolve_program(placer): expected a Placer such as SequentialPlacer(), got {placer!r}")
        if type(placer).make_placement is not Placer.make_placement:
            placer = self._make_placement(placer)
        module = self._trace(device_name)
        try:
            # One full verification, of the result; tracing checked the program rules.
            return IronModule(compile_to_aie(module, placer))
        except DiagnosticException as err:
            raise IronError(f"compiling the program failed: {err}", _design_line(err)) from None


    def _make_placement(self, placer: Placer) -> Placer:
        """Run an mlir-aie style placer (``make_placement``) on the API objects, and return the
        placer that places what it left: its own ``place()``, else SequentialPlacer's."""
        workers = self._rt.workers + [w for w in self._extra_workers if w not in self._rt.workers]
        fifos: list[ObjectFifoHandle] = []
        for handle in [*self._rt.fifos, *(h for w in workers for h in w.fifos)]:
            if handle not in fifos:
                fifos.append(handle)
        placer.make_placement(self._device, self._rt, workers, fifos)
        if type(placer).place is not Placer.place:
            return placer
        left = [w.describe() for w in workers if not isinstance(w.tile, Tile)]
        for h in fifos:
            for e in h.all_of_endpoints():
                what = f"{e.describe()} of fifo '{h.name}'"
                if not isinstance(e.tile, Tile) and e not in workers and what not in left:
                    left.append(what)
        if left:
            warn_once(
                f"{type(placer).__name__}.make_placement() left {len(left)} endpoint(s) unplaced "
                f"({'; '.join(left[:4])}{'; ...' if len(left) > 4 else ''}); "
                "SequentialPlacer places them (mlir-aie would stop at them)",
                self._location,
            )
        return SequentialPlacer()

    def compile(self, placer: Placer | None = None, backend: str = "sim", **options):
        """A callable that runs the compiled program: ``f(*arrays) -> arrays``.

        Give one numpy array per runtime-sequence argument; it returns every runtime argument
        after the run (drained outputs by position). ``backend`` is ``"sim"`` (the functional
        simulator, default) or ``"xrt"`` (an NPU through pyxrt, with ``xclbin=`` and
        ``instructions=`` built by the vendor toolchain); ``options`` go to the backend
        (``iron_ir.runtime.compile_module``).
        """
        from iron_ir.runtime import compile_module

        return compile_module(self.resolve_program(placer), backend, **options)


def print_program(program: Program, placer: Placer | None = None, argv: list[str] | None = None) -> None:
    """What a design file does when run: print the compiled module, or the IRON dialect when
    the command line has ``--iron``."""
    argv = sys.argv[1:] if argv is None else argv
    if "--iron" in argv:
        print(program.resolve_iron())
    else:
        print(program.resolve_program(placer))


class _ProgramBuilder:
    """One resolution of a Program into an ``iron.program``."""

    def __init__(self, program: Program, name: str):
        self.program = program
        self.name = name
        self.device = program.device
        self.rt = program.runtime
        self.workers = self._collect_workers()
        self.fifos, self.links = self._collect_fifos()
        self.kernel_decls: dict[str, tuple[BaseKernel, func_dialect.FuncOp]] = {}
        self.buffer_ops: dict[int, BufferOp] = {}
        self.buffer_names: dict[str, Buffer] = {}
        self.buffer_users: dict[int, Worker] = {}
        self.local_counts: dict[str, int] = {}
        self.barriers: dict[int, WorkerRuntimeBarrier] = {}

    # --- object graph -------------------------------------------------------------------------

    def _collect_workers(self) -> list[Worker]:
        workers = list(self.rt.workers)
        for w in self.program._extra_workers:
            if w not in workers:
                workers.append(w)
        names: dict[str, Worker] = {}
        for i, w in enumerate(workers):
            w._resolved_name = w._name or f"worker_{i}"
            if w.name in names:
                raise IronError(f"two workers are named '{w.name}'; worker names must be unique", w._location)
            names[w.name] = w
            if isinstance(w.tile, Tile):
                self._check_tile(w.tile, (TileKind.COMPUTE,), w.describe(), w._location)
        return workers

    def _check_tile(self, tile: Tile, kinds: tuple[TileKind, ...], what: str, location: str) -> None:
        kind = self.device.tile_kind(tile)
        spec = self.device.spec
        if kind is None:
            raise DeviceError(
                f"{what} is placed on {tile}, which is not on {spec.name} "
                f"({spec.columns} columns x {spec.rows} rows)",
                location,
            )
        if kind not in kinds:
            raise DeviceError(
                f"{what} is placed on {tile}, a {kind.human}, but needs a "
                f"{' or '.join(k.human for k in kinds)}",
                location,
            )

    def _collect_fifos(self) -> tuple[list[ObjectFifo], list[ObjectFifoLink]]:
        seen: dict[int, ObjectFifo] = {}
        links: list[ObjectFifoLink] = []
        todo: list[ObjectFifo] = [h.object_fifo for h in self.rt.fifos]
        for w in self.workers:
            todo += [h.object_fifo for h in w.fifos]
        while todo:
            of = todo.pop(0)
            if id(of) in seen:
                continue
            seen[id(of)] = of
            for h in [of.producer_handle, *of.consumer_handles]:
                if isinstance(h, ObjectFifoHandle) and isinstance(h.endpoint, ObjectFifoLink):
                    link = h.endpoint
                    if link not in links:
                        links.append(link)
                    todo += [x.object_fifo for x in link.srcs + link.dsts]
        fifos = sorted(seen.values(), key=lambda f: f.name)
        by_name: dict[str, ObjectFifo] = {}
        for f in fifos:
            if f.name in by_name:
                raise FifoError(
                    f"two ObjectFifos are named '{f.name}' (created at {by_name[f.name]._location} "
                    f"and {f._location}); fifo names must be unique",
                    f._location,
                )
            by_name[f.name] = f
        taken = set(by_name) | {w.name for w in self.workers} | {SEQUENCE_NAME}
        for link in links:
            big = link.dsts[0] if link.kind == "join" else link.srcs[0]
            base = f"{big.name}_{link.kind}"
            name, k = base, 1
            while name in taken:
                name, k = f"{base}_{k}", k + 1
            taken.add(name)
            link.name = name
            # A 1:1 link may sit on any tile with a DMA; distribute and join need a mem tile's
            # memory and channels (mlir-aie's link verifier rejects them elsewhere).
            kinds = (TileKind.MEM, TileKind.COMPUTE) if link.kind == "forward" else (TileKind.MEM,)
            if link.tile is AnyComputeTile and link.kind != "forward":
                raise FifoError(
                    f"{link} is placed on AnyComputeTile, but {link.kind} links need a mem tile; "
                    "use placement=AnyMemTile (the default) or a mem Tile(col, 1)",
                    link.location,
                )
            if isinstance(link.tile, Tile):
                self._check_tile(link.tile, kinds, str(link), link.location)
        return fifos, links

    def _endpoint(self, of: ObjectFifo, handle: ObjectFifoHandle, role: str) -> EndpointAttr:
        ep = handle.endpoint
        dims = of.dims_to_stream if handle.is_prod else handle.dims_from_stream
        if ep is None:
            raise FifoError(
                f"ObjectFifo '{of.name}': its {role} handle (created at {handle._location}) is not "
                "used: give it to a Worker's fn_args, to rt.fill/rt.drain, or to split/join/forward",
                of._location,
            )
        if isinstance(ep, Worker):
            if ep not in self.workers:
                raise FifoError(
                    f"ObjectFifo '{of.name}': its {role} is {ep.describe()}, which is never started; "
                    "call rt.start(worker) in the runtime sequence",
                    of._location,
                )
            return EndpointAttr.make(EndpointKind.worker, ep.name, handle.depth, dims)
        if isinstance(ep, ObjectFifoLink):
            return EndpointAttr.make(EndpointKind.link, ep.name or "", handle.depth, dims)
        assert isinstance(ep, RuntimeEndpoint)
        if isinstance(ep.tile, Tile):
            self._check_tile(ep.tile, (TileKind.SHIM_NOC,), f"the runtime end of ObjectFifo '{of.name}'", handle._endpoint_location or of._location)
        return EndpointAttr.make(EndpointKind.runtime, SEQUENCE_NAME, handle.depth, dims, _tile_attr(ep.tile))

    def _fifo_op(self, of: ObjectFifo) -> FifoOp:
        prod = of.producer_handle
        if prod is None or prod.endpoint is None:
            raise FifoError(
                f"ObjectFifo '{of.name}' has no producer: give of.prod() to a Worker, to rt.fill, "
                "or make it the output of split/join/forward",
                of._location,
            )
        consumers: list[EndpointAttr] = []
        runtime_cons: EndpointAttr | None = None
        for h in of.consumer_handles:
            ep = self._endpoint(of, h, "consumer")
            if ep.endpoint_kind is EndpointKind.runtime:
                if runtime_cons is not None:
                    if runtime_cons != ep:
                        raise FifoError(
                            f"ObjectFifo '{of.name}' is drained through two consumer handles with "
                            "different depths, dims or placements; drain it through one handle",
                            of._location,
                        )
                    continue
                runtime_cons = ep
            consumers.append(ep)
        if not consumers:
            raise FifoError(
                f"ObjectFifo '{of.name}' has no consumer: give of.cons() to a Worker, to rt.drain, "
                "or to split/join/forward",
                of._location,
            )
        op = FifoOp(of.name, of.memref_type, self._endpoint(of, prod, "producer"), consumers, plio=of.plio)
        if of._disable_synchronization:
            op.disable_synchronization = UnitAttr()
        if of._iter_count is not None:
            op.iter_count = IntAttr(of._iter_count)
        if of._repeat_count is not None:
            op.repeat_count = IntAttr(of._repeat_count)
        if of._pad_dimensions:
            op.pad_dimensions = ArrayAttr(
                [ArrayAttr([IntAttr(int(v)) for v in pad]) for pad in of._pad_dimensions]
            )
        return op

    def _link_op(self, link: ObjectFifoLink) -> LinkOp:
        return LinkOp(
            link.name or "",
            [h.name for h in link.srcs],
            [h.name for h in link.dsts],
            link.src_offsets,
            link.dst_offsets,
            _tile_attr(link.tile),
        )

    # --- services for tracing ---------------------------------------------------------------------

    def declare_kernel(self, kernel: BaseKernel) -> func_dialect.FuncOp:
        known = self.kernel_decls.get(kernel.name)
        if known is not None:
            other, decl = known
            if other is not kernel and list(decl.function_type.inputs.data) != kernel.arg_types:
                raise TraceError(
                    f"two different kernels are named '{kernel.name}' with different argument "
                    "types; kernel names must be unique in a program"
                )
            return decl
        decl = kernel.declaration(self)
        self.kernel_decls[kernel.name] = (kernel, decl)
        return decl

    def buffer_value(self, buffer: Buffer, worker: Worker) -> SSAValue:
        op = self.buffer_ops.get(id(buffer))
        if op is None:
            op = self._buffer_op(buffer, owner=None)
        user = self.buffer_users.setdefault(id(buffer), worker)
        if user is not worker:
            raise IronError(
                f"buffer '{buffer.name}' is used by {user.describe()} and by {worker.describe()}; "
                "a buffer lives in one compute tile's memory: give each worker its own buffer"
            )
        return op.buffer

    def _buffer_op(self, buffer: Buffer, owner: Worker | None) -> BufferOp:
        clash = self.buffer_names.get(buffer.name)
        if clash is not None and clash is not buffer:
            raise IronError(f"two buffers are named '{buffer.name}'; buffer names must be unique", buffer._location)
        if isinstance(buffer.tile, Tile):
            self._check_tile(buffer.tile, (TileKind.COMPUTE,), f"buffer '{buffer.name}'", buffer._location)
        op = BufferOp(
            buffer.name,
            buffer.memref_type,
            _tile_attr(buffer.tile),
            initial_value=buffer.initial_value_attr(),
            use_write_rtp=buffer.use_write_rtp,
            owner=owner.name if owner is not None else None,
        )
        for key, value in (("address", buffer.address), ("mem_bank", buffer.mem_bank)):
            if value is not None:
                op.attributes[key] = int_attr(value)
        self.buffer_ops[id(buffer)] = op
        self.buffer_names[buffer.name] = buffer
        return op

    def local_buffer_name(self, worker: Worker) -> str:
        k = self.local_counts.get(worker.name, 0)
        self.local_counts[worker.name] = k + 1
        return f"{worker.name}_buf_{k}"

    def add_local_buffer(self, buffer: Buffer, worker: Worker) -> None:
        self._buffer_op(buffer, owner=worker)

    # --- assembly -----------------------------------------------------------------------------------

    def _worker_op(self, worker: Worker) -> WorkerOp:
        op = WorkerOp(
            worker.name,
            _tile_attr(worker.tile),
            while_true=worker.while_true,
            stack_size=worker.stack_size,
        )
        if worker.allocation_scheme is not None:
            op.attributes["allocation_scheme"] = StringAttr(worker.allocation_scheme)
        for k in worker.kernels:
            self.declare_kernel(k)
        for b in worker.buffers:
            if id(b) not in self.buffer_ops:
                self._buffer_op(b, owner=None)
        for b in worker.barriers:
            self.barriers.setdefault(id(b), b)
        if worker.core_fn is not None:
            with tracing(Tracer(op.body.block, worker, self)):
                worker.core_fn(*worker.fn_args)
        return op

    def _sequence_op(self) -> RuntimeSequenceOp:
        self.rt.check_sequence()
        data = self.rt.data
        seq = RuntimeSequenceOp(SEQUENCE_NAME, [d.memref_type for d in data])
        block = seq.body.block
        groups: dict[int, SSAValue] = {}
        for task in self.rt.tasks:
            new: Operation | None = None
            match task:
                case StartTask():
                    new = StartOp([w.name for w in task.workers])
                case CreateGroupTask():
                    new = TaskGroupOp()
                    groups[task.group.group_id] = new.group
                case FinishGroupTask():
                    new = FinishTaskGroupOp(groups[task.group.group_id])
                case DMATask():
                    op_type = FillOp if task.is_fill else DrainOp
                    new = op_type(
                        task.handle.name,
                        block.args[task.data.index],
                        task.offset,
                        task.sizes,
                        task.strides,
                        wait=task.wait,
                        group=groups[task.group.group_id] if task.group is not None else None,
                    )
                    new.location = location_attr(task.location)
                case InlineOpsTask():
                    with tracing(Tracer(block, self.rt, self)):
                        task.fn(*task.args)
                case SetBarrierTask():
                    if id(task.barrier) not in self.barriers:
                        raise IronError(
                            f"rt.set_barrier: barrier '{task.barrier.name}' is not passed to any "
                            "started Worker's fn_args"
                        )
                    new = SetBarrierOp(task.barrier.name, task.value)
            if new is not None:
                block.add_op(new)
        return seq

    def build(self) -> ModuleOp:
        if self.rt._data is None:
            raise IronError("the Runtime has no sequence: use `with rt.sequence(...) as ...:`", self.program._location)
        fifo_ops = [self._fifo_op(of) for of in self.fifos]
        link_ops = [self._link_op(link) for link in self.links]
        worker_ops = [self._worker_op(w) for w in self.workers]
        seq = self._sequence_op()
        barrier_ops = [BarrierOp(b.name, b.initial_value) for b in self.barriers.values()]
        program = ProgramOp(self.name, self.device.spec.name)
        body = program.body.block
        for op in (
            *fifo_ops,
            *link_ops,
            *(decl for _, decl in self.kernel_decls.values()),
            *self.buffer_ops.values(),
            *barrier_ops,
            *worker_ops,
            seq,
        ):
            body.add_op(op)
        return ModuleOp([program])


def _design_line(err: Exception) -> str | None:
    """``file:line`` of the design line that built the op a compile error is about (ops traced
    from a design carry it), or None when the error names no such op."""
    from iron_ir.ir.diagnostics import OpError, op_location

    location = op_location(err.op) if isinstance(err, OpError) else None
    if location is None:
        return None
    return f"{location.filename.data}:{location.line.data}"
