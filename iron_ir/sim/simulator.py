"""Run an objectfifo-level AIE module on the CPU: ``simulate(module, inputs) -> SimResult``."""

from __future__ import annotations

import math
import sys
import warnings
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.ir import Operation, SSAValue

from iron_ir.device.table import Arch
from iron_ir.sim.batching import KernelQueue, entry, pure_kernel_caller
from iron_ir.sim.build import build_machine
from iron_ir.sim.codegen import (
    CORE_HANDLERS,
    RUNTIME_HELPERS,
    Emitter,
    Scope,
    build_function,
    exec_function,
    where,
)
from iron_ir.sim.design import Core, Design, prop, read_design, read_globals, sym_name
from iron_ir.sim.errors import DesignError, KernelError, SimulationError
from iron_ir.sim.host import HANDLERS as HOST_HANDLERS
from iron_ir.sim.host import HostContext
from iron_ir.sim.machine import FifoPort, FifoWait, LockWait, Machine, Progress, Wait
from iron_ir.sim.scheduler import TICKS, Budget, Process, Scheduler
from iron_ir.sim.trace import Recorder
from iron_ir.sim.types import is_float, memref_shape, numpy_dtype


@dataclass
class SimOptions:
    max_steps: int | None = 5_000_000
    """Scheduler rounds before the run is stopped as a runaway."""
    timeout: float | None = 300.0
    """Wall-clock seconds before the run is stopped as a runaway."""
    trace: bool = False
    progress: bool = False
    device: str | None = None
    """The ``aie.device`` symbol to run when the module has several."""
    sequence: str | None = None
    """The runtime sequence symbol to run when the device has several."""
    exact_schedule: bool = False
    """Run step by step (every round resumes every core, channel and stream, one chunk per
    stream) instead of with the event scheduler; the same outputs and reports, slower."""


@dataclass
class SimResult:
    outputs: list[np.ndarray]
    steps: int
    notes: dict[str, int] = field(default_factory=dict)
    """Ops the run did not model (register writes for trace set-up), by name."""
    recorder: Recorder | None = None
    warnings: list[str] = field(default_factory=list)
    """Suspicious end states that are not errors (objects produced but never drained)."""
    buffers: dict[str, np.ndarray] = field(default_factory=dict)
    """The design's own ``aie.buffer``/``aie.external_buffer`` contents after the run, by
    name (what a design without a runtime sequence leaves, e.g.)."""


@dataclass(frozen=True)
class ArgSpec:
    shape: tuple[int, ...]
    dtype: np.dtype
    type: str = ""
    """The argument's MLIR type as written (``memref<4096xi16>``)."""


def runtime_signature(
    module: ModuleOp, device: str | None = None, sequence: str | None = None
) -> list[ArgSpec]:
    """Shapes and dtypes of the runtime sequence's arguments, in order."""
    return _signature(read_design(module, device, sequence))


def _signature(design: Design) -> list[ArgSpec]:
    if design.runtime is None:
        if design.cores:
            return []  # the cores run until they finish (a Versal-style design)
        raise DesignError("the device has no runtime sequence and no core: nothing to run")
    from iron_ir.sim.host import argument_extents

    specs = []
    args = design.runtime.regions[0].blocks[0].args
    for arg in args:
        if not isinstance(arg.type, MemRefType):
            raise DesignError(f"runtime sequence argument of type {arg.type} is not a memref")
    for arg, extent in zip(args, argument_extents(design.runtime)):
        shape = memref_shape(arg.type)
        # Taps reaching past the declared type need the larger buffer the host would allocate.
        if extent > int(np.prod(shape)):
            shape = (extent,)
        specs.append(ArgSpec(shape, numpy_dtype(arg.type.element_type), str(arg.type)))
    return specs


def argument_roles(
    module: ModuleOp, device: str | None = None, sequence: str | None = None
) -> list[set[str]]:
    """Per runtime argument: ``{"in"}`` if filled, ``{"out"}`` if drained (both, or neither)."""
    from iron_ir.sim.host import argument_directions

    design = read_design(module, device, sequence)
    if design.runtime is None:
        return []
    return argument_directions(design, build_machine(design))


_MEMO_SIZE = 64
"""Argument tuples a kernel call site remembers the checks of (core code that makes a new
view per call fills it; it is then started again)."""


def _kernel_wrapper(
    symbol: str,
    model,
    link_with: str | None,
    caller: str,
    call_site: str,
    floats: list[int],
    queue: KernelQueue,
):
    """The call of a kernel model from compiled code. ``floats``: the positions of float
    scalars (numpy/bf16 scalars in core code), passed to models as Python floats. While
    ``queue`` is active a model that batches is prepared (checked) now and run at the queue's
    next flush; any other model first flushes the queue, then runs."""
    prepare = getattr(model, "prepare", None)
    # The checks of a call depend on its arguments' types and layouts, not their contents:
    # the queue entry of the same argument objects is reused. The memo holds the arguments,
    # so no other object can have their identities while their entry is in it: a key found
    # is the same objects.
    memo: dict[tuple, tuple] = {}

    def failed(err: Exception) -> KernelError:
        hint = (
            "\n(an index outside an argument: the kernel reads or writes beyond the "
            "buffers it was given)"
            if isinstance(err, IndexError)
            else ""
        )
        return KernelError(
            f"{call_site}: kernel model @{symbol}"
            f"{f' ({link_with})' if link_with else ''} called from {caller} failed: "
            f"{type(err).__name__}: {err}{hint}"
        )

    def call(*args):
        if floats:
            args = list(args)
            for i in floats:
                args[i] = float(args[i])
        if queue.active:
            if prepare is not None:
                key = tuple(map(id, args))
                hit = memo.get(key)
                if hit is not None:
                    queue.pending.append(hit[1])
                    return
                try:
                    found = entry(prepare(*args))
                except SimulationError:
                    raise
                except Exception as err:  # a model is user code: every failure becomes a report
                    raise failed(err) from None
                if len(memo) >= _MEMO_SIZE:
                    memo.clear()
                memo[key] = (args, found)
                queue.pending.append(found)
                return
            if queue.pending:
                queue.flush()
        try:
            model(*args)
        except SimulationError:
            raise
        except Exception as err:  # a model is user code: every failure becomes a report
            raise failed(err) from None

    return call


class _Compiler:
    """Compiles every core body, the functions they call and the runtime sequence."""

    def __init__(
        self,
        design: Design,
        machine: Machine,
        host: HostContext,
        budget: Budget,
        queue: KernelQueue | None = None,
    ):
        self.design = design
        self.queue = queue if queue is not None else KernelQueue()
        self.machine = machine
        self.host = host
        self.globals: dict = {
            **RUNTIME_HELPERS,
            "_TICKS": TICKS,
            "_tick": budget.tick,
            "_LockWait": LockWait,
            "_FifoWait": FifoWait,
            "_rt": host,
            "_regs": host.registers if host is not None else None,
            "np": np,
        }
        self.values: dict[SSAValue, str] = {}
        self.progress: dict[str, Progress] = {}

    def outside_object(self, obj, hint: str) -> str:
        name = f"_{hint}_{len(self.globals)}"
        self.globals[name] = obj
        return name

    def outside(self, value: SSAValue) -> str:
        name = self.values.get(value)
        if name is not None:
            return name
        d = self.design
        if value in d.buffers:
            obj, prefix = d.buffers[value], "buf_" + d.buffer_names[value]
        elif value in d.locks:
            obj, prefix = d.locks[value], "lock"
        elif value in d.tiles:
            obj, prefix = d.tiles[value], "tile"
        else:
            owner = value.owner
            raise DesignError(
                f"compiled code uses a value defined by "
                f"'{owner.name if isinstance(owner, Operation) else 'a block argument'}' outside "
                f"it; only tiles, buffers and locks may be used across regions"
            )
        name = f"_{''.join(ch if ch.isalnum() else '_' for ch in prefix)}_{len(self.globals)}"
        self.globals[name] = obj
        self.values[value] = name
        return name

    def scope(self, core: Core | None, funcs: dict[str, tuple[str, bool]]) -> Scope:
        ports: dict[tuple[str, str], str] = {}
        core_name = f"core_{core.tile.col}_{core.tile.row}" if core else "runtime sequence"
        progress = Progress()
        if core is not None:
            self.progress[core_name] = progress

        def fifo_port(fifo_name: str, port: str, op: Operation) -> str:
            key = (fifo_name, port)
            if key in ports:
                return ports[key]
            if core is None:
                raise DesignError(f"{where(op)}: objectfifo ops belong in cores")
            fifo = self.design.fifos.get(fifo_name)
            if fifo is None:
                raise DesignError(f"{where(op)}: {core_name} uses unknown objectfifo @{fifo_name}")
            tile = core.tile
            if port == "Produce":
                if fifo.producer != tile:
                    raise DesignError(
                        f"{where(op)}: {core_name} produces into @{fifo_name}, whose producer is "
                        f"{fifo.producer.name}"
                    )
                pool = self.machine.producer_pool.get(fifo_name)
            else:
                ends = [i for i, c in enumerate(fifo.consumers) if c == tile]
                if not ends:
                    raise DesignError(
                        f"{where(op)}: {core_name} consumes from @{fifo_name}, whose consumers are "
                        f"{', '.join(c.name for c in fifo.consumers)}"
                    )
                pool = self.machine.consumer_pool.get((fifo_name, ends[0]))
            if pool is None:  # this end of the fifo belongs to an aie.objectfifo.link
                raise DesignError(
                    f"{where(op)}: {core_name} accesses @{fifo_name}, an objectFifo used in an "
                    f"aie.objectfifo.link: the link moves its objects, a core cannot acquire them "
                    f"(mlir-aie: currently cannot access objectFifo used in ObjectFifoLinkOp)"
                )
            safe = "".join(ch if ch.isalnum() else "_" for ch in fifo_name)
            name = f"_port_{safe}_{port}_{len(self.globals)}"
            fifo_port_obj = FifoPort(fifo_name, port, pool, core_name, progress)
            self.machine.ports.append(fifo_port_obj)
            self.globals[name] = fifo_port_obj
            ports[key] = name
            return name

        def cascade(putting: bool, op: Operation):
            ends = self.machine.cascades_out if putting else self.machine.cascades_in
            found = ends.get(core.tile) if core is not None else None
            if found is None:
                verb = "puts a value on" if putting else "gets a value from"
                raise DesignError(
                    f"{where(op)}: {core_name} {verb} a cascade that no aie.cascade_flow or "
                    f"aie.configure_cascade connects"
                )
            return found

        scope = Scope(self.globals, self.outside, None)
        scope.extra["aie1"] = self.design.spec is not None and self.design.spec.arch is Arch.AIE1
        scope.extra["fifo_port"] = fifo_port
        scope.extra["cascade"] = cascade
        if core is not None:
            scope.extra["progress"] = self.outside_object(progress, f"progress_{core_name}")
        scope.extra["memref_globals"] = self.design.memref_globals
        scope.extra["host"] = self.host

        def callee(sym: str, op: Operation) -> tuple[str, bool]:
            if sym in funcs:
                return funcs[sym]
            fn_op = self.design.funcs.get(sym)
            if fn_op is None:
                raise DesignError(f"{where(op)}: {core_name} calls unknown function @{sym}")
            if fn_op.regions[0].blocks:
                funcs[sym] = ("_pending", False)
                funcs[sym] = self.compile_func(fn_op, sym, scope, core_name)
                return funcs[sym]
            link_with = prop(fn_op, "link_with")
            link_with = (
                link_with.data if link_with is not None else (core.link_with if core else None)
            )
            from iron_ir.sim.kernels import MissingKernelModelError, lookup_model

            try:
                model = lookup_model(sym, link_with)
            except MissingKernelModelError as err:
                raise KernelError(f"{where(op)}: {err}") from None
            name = f"_kernel_{sym}_{len(self.globals)}"
            inputs = prop(fn_op, "function_type").inputs.data
            floats = [i for i, t in enumerate(inputs) if is_float(t)]
            self.globals[name] = _kernel_wrapper(
                sym, model, link_with, core_name, where(op), floats, self.queue
            )
            funcs[sym] = (name, False)
            return funcs[sym]

        scope.callee = callee
        return scope

    def compile_func(self, fn_op: Operation, sym: str, scope: Scope, core_name: str):
        block = fn_op.regions[0].blocks[0]
        e = Emitter(CORE_HANDLERS, scope, f"function @{sym} (called by {core_name})")
        params = [e.define(a, "p") for a in block.args]
        e.block(block)
        name = f"_fn_{sym}_{len(self.globals)}"
        source = build_function(e, name, params, generator=e.blocking)
        exec_function(source, name, self.globals, f"<sim @{sym}>")
        return name, e.blocking

    def compile_core(self, core: Core) -> tuple[str, object]:
        name = f"core_{core.tile.col}_{core.tile.row}"
        scope = self.scope(core, {})
        e = Emitter(CORE_HANDLERS, scope, f"{name} ({where(core.op)})")
        body = core.op.regions[0].blocks
        if body:  # an empty region (`aie.core(%t) {}`) is a core with nothing to run
            e.block(body.first)
        source = build_function(e, f"_{name}", [], generator=True)
        return name, exec_function(source, f"_{name}", self.globals, f"<sim {name}>")

    def compile_runtime(self):
        runtime = self.design.runtime
        if runtime is None:
            return None
        scope = self.scope(None, {})
        e = Emitter(HOST_HANDLERS, scope, f"the runtime sequence ({where(runtime)})")
        block = runtime.regions[0].blocks[0]
        params = [e.define(a, "arg") for a in block.args]
        # Register-level ops (address patches) name the host buffers by argument index.
        e.line(f"_regs.args = ({''.join(p + ', ' for p in params)})")
        e.block(block)
        source = build_function(e, "_runtime_sequence", params, generator=True)
        return exec_function(source, "_runtime_sequence", self.globals, "<sim runtime>")


def compile_function(module: ModuleOp, name: str):
    """A ``func.func`` of ``module`` (arith/scf/memref/func ops) as a Python function.

    Integers go in and come out as Python ints in their signed reading, floats as numpy
    scalars of their type, memrefs as numpy arrays (updated in place). Functions it calls are
    compiled too; external ones resolve to kernel models.
    """
    fn_op = next(
        (
            op
            for op in module.walk()
            if op.name == "func.func" and sym_name(prop(op, "sym_name")) == name
        ),
        None,
    )
    if fn_op is None or not fn_op.regions[0].blocks:
        raise DesignError(f"no func.func @{name} with a body in the module")
    parent = fn_op.parent_op()
    funcs = {
        sym_name(prop(op, "sym_name")): op
        for op in (parent.regions[0].blocks[0].ops if parent is not None else [fn_op])
        if op.name == "func.func"
    }
    design = Design(module=module, device=fn_op, spec=None, funcs=funcs)
    design.memref_globals = read_globals(module)
    budget = Budget(None, None)
    compiler = _Compiler(design, Machine(), None, budget)
    scope = compiler.scope(None, {})
    fn_name, _ = compiler.compile_func(fn_op, name, scope, f"@{name}")
    return compiler.globals[fn_name]


def _fresh(spec: ArgSpec, spares: list, i: int) -> np.ndarray:
    """A zeroed array for argument ``i``: the one this simulator returned last time if the
    caller has dropped every reference to it (fresh pages cost more than the run)."""
    spare = spares[i] if i < len(spares) else None
    if spare is not None and sys.getrefcount(spare) <= _UNREFERENCED:
        spare[...] = 0
        return spare
    return np.zeros(spec.shape, dtype=spec.dtype)


# sys.getrefcount of a spare only the spares list and the local name hold.
_UNREFERENCED = 3


def _coerce_inputs(
    specs: list[ArgSpec], inputs, read_only: list[bool], spares: list
) -> tuple[list[np.ndarray], list]:
    """The arrays the run works on, and which of them it allocated.

    An argument the design only reads is used as given when it already has the right
    layout (no copy); every other one is a zeroed array or a copy of the input.
    """
    if len(inputs) > len(specs):
        raise DesignError(
            f"{len(inputs)} arrays given but the runtime sequence takes {len(specs)} arguments"
        )
    arrays, owned = [], []
    for i, spec in enumerate(specs):
        if i >= len(inputs) or inputs[i] is None:
            array = _fresh(spec, spares, i)
            arrays.append(array)
            owned.append(array)
            continue
        given = np.asarray(inputs[i])
        # The host may pass a buffer of another size than the sequence's type (a design whose
        # taps reach past it): the DMA bounds check reports any access outside what was passed.
        shape = spec.shape if given.size == math.prod(spec.shape) else given.shape
        if given.dtype.kind == "V" and given.dtype != spec.dtype:
            # numpy saves ml_dtypes arrays (bfloat16, ...) to .npz as raw void items (|V2):
            # same-sized items are the argument's bits.
            if given.dtype.itemsize != spec.dtype.itemsize:
                raise DesignError(
                    f"argument {i}: got raw {given.dtype.itemsize}-byte items ({given.dtype.str}), "
                    f"but the runtime sequence expects {spec.dtype} ({spec.dtype.itemsize} bytes)"
                )
            given = given.view(spec.dtype)
        if given.dtype != spec.dtype:
            same_bits = given.dtype.itemsize == spec.dtype.itemsize
            if same_bits and given.dtype.kind in "iu" and spec.dtype.kind in "iu":
                given = given.view(spec.dtype)
            else:
                warnings.warn(
                    f"argument {i}: {given.dtype} array converted to {spec.dtype}", stacklevel=4
                )
                given = given.astype(spec.dtype)
        if given.shape != tuple(shape):
            # (An array of the right shape is kept as it is: the same array in every run lets
            # the runtime tasks reuse their plans on it.)
            given = given.reshape(shape)
        if read_only[i] and given.flags.c_contiguous:
            arrays.append(given)
            owned.append(None)
            continue
        array = (
            _fresh(spec, spares, i)
            if tuple(shape) == tuple(spec.shape)
            else np.empty(shape, dtype=spec.dtype)
        )
        array[...] = given
        arrays.append(array)
        owned.append(array)
    return arrays, owned


class _CoresDone(Wait):
    """A design without a runtime sequence runs until every core has finished."""

    __slots__ = ("cores",)

    def __init__(self, cores):
        self.cores = cores

    def ready(self) -> bool:
        return all(core.done for core in self.cores)

    def arm(self, entity) -> None:
        for core in self.cores:
            if not core.done:
                core.done_waiters.append(entity)
                return

    def describe(self) -> str:
        left = ", ".join(core.name for core in self.cores if not core.done)
        return f"waits for every core to finish (still running: {left})"


def _cores_finish(cores):
    wait = _CoresDone(cores)
    while not wait.ready():
        yield wait


class Simulator:
    """A design built and compiled once, run on many inputs (each run starts from the
    design's initial state)."""

    def __init__(self, module: ModuleOp, options: SimOptions | None = None):
        options = options or SimOptions()
        self.options = options
        design = read_design(module, options.device, options.sequence)
        self.design = design
        self.specs = _signature(design)
        self.machine = build_machine(design)
        self.host = HostContext(design, self.machine)
        self.budget = Budget(options.max_steps, options.timeout)
        self.kernels = KernelQueue()
        compiler = _Compiler(design, self.machine, self.host, self.budget, self.kernels)
        self.cores = []
        for core in design.cores:
            name, fn = compiler.compile_core(core)
            self.cores.append((name, fn, f"{name} ({where(core.op)})", compiler.progress[name]))
        self.runtime_fn = compiler.compile_runtime()
        # Kernel calls are deferred and batched across cores when no core reads or writes
        # memory but through kernels (the event scheduler flushes them before any DMA moves
        # data); the step-by-step schedule runs every call where it is.
        self.defers = not options.exact_schedule and all(
            pure_kernel_caller(core.op, design.funcs) for core in design.cores
        )
        from iron_ir.sim.host import argument_directions

        roles = argument_directions(design, self.machine) if design.runtime is not None else []
        self.read_only = [r == {"in"} for r in roles]
        self.spares: list = []

    def run(self, inputs=()) -> SimResult:
        options = self.options
        # Reset first: the last run's tasks hold views of its arrays, which would keep the
        # spares from being reused.
        self.machine.reset()
        self.host.reset()
        arrays, owned = _coerce_inputs(self.specs, list(inputs), self.read_only, self.spares)
        self.host.use_given([a for a, own in zip(arrays, owned) if own is None])
        self.spares = []
        self.budget.restart()
        self.kernels.reset_counters()
        cores = []
        for name, fn, what, progress in self.cores:
            progress.takes = progress.mark = 0
            cores.append(Process(name, fn(), what, progress))
        if self.runtime_fn is not None:
            runtime = Process(
                "runtime sequence", self.runtime_fn(*arrays), "the runtime sequence"
            )
        else:
            runtime = Process(
                "runtime sequence (none: the run ends when every core has finished)",
                _cores_finish(cores),
                "the end of the run",
            )
        recorder = Recorder() if options.trace else None
        scheduler = Scheduler(
            cores,
            runtime,
            self.machine,
            self.host,
            self.budget,
            recorder,
            options.progress,
            options.exact_schedule,
            self.kernels if self.defers else None,
        )
        with np.errstate(all="ignore"):
            steps = scheduler.run()
        self.spares = owned
        buffers = {
            self.design.buffer_names[v]: a.copy()
            for v, a in (*self.design.buffers.items(), *self.design.external_buffers.items())
        }
        return SimResult(
            arrays, steps, dict(self.host.notes), recorder, scheduler.warnings, buffers
        )


def simulate(module: ModuleOp, inputs=(), options: SimOptions | None = None) -> SimResult:
    """Run the design's runtime sequence once on ``inputs`` (one array per argument).

    Returns every runtime argument after the run (inputs included), the number of steps and
    notes about what was not modelled. Raises a :class:`SimulationError` subclass with a
    human-readable report when the design deadlocks, misuses a DMA or runs away.
    """
    return Simulator(module, options).run(inputs)
