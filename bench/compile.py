"""Compile time and peak memory of the iron-to-aie pipeline, stage by stage, against the floor
(xDSL building and printing the same output ops), and how both grow with design size.

    python bench/compile.py [--repeats N]

Designs:

* ``gemm`` — ``examples/gemm_whole_array.py`` (16 workers, 36 fifos, 12 links on npu2), compiled
  as a user does, Python -> AIE text: ``Program.resolve_program()`` then printing. Stages:
  ``trace`` (tracing the design into the IRON dialect and checking its program rules), the
  three passes, ``verify`` (the output, the one full verification), ``print``; ``api`` is the
  same path timed as one call (``resolve_program`` + print), which the stages add up to;
* ``synth-Nx`` — compiled from IRON dialect text, as ``iron-opt -p iron-to-aie`` does
  (``parse``, ``verify`` = the input and the output). A synthetic design of N columns of the
  device (N = 1, 2, 4, 8 on npu2). Each
  column holds one unit: a runtime fill forwarded through the mem tile (with a layout
  transform) into a chain of workers (one per compute tile of the column, consecutive workers
  sharing memory), a weights fifo broadcast to every worker of the column, and a drain of the
  last worker. Workers, fifos, links, runtime transfers and core bodies all grow N times; no
  device is widened (the device table offers no virtual wider device, and npu2's grid holds the
  8x design exactly).

Floors, each measured in the same process and its printed text checked equal to the
pipeline's: ``floor`` builds the output module with xDSL and prints it — for the synthetic
designs with the aie/aiex/arith/scf/func constructors from plain Python data (the tiles and BD
chains read off the compiled output beforehand), for ``gemm`` (no hand-written builder) by
rebuilding every op and attribute of the output through xDSL's generic constructors
(``Op.create``, ``Attribute.new``, which check what they build); ``rebuild`` gives that generic
measure for every design, ``clone`` (cloning the output, which shares its attributes) a lower
bound. Times are the minimum CPU time of this process over ``--repeats`` rounds (a round
compiles every design once); peak memory is ``tracemalloc``'s peak over one more, untimed,
compile. The growth exponent is the slope of a least-squares fit of log(figure) against
log(scale) over the synthetic designs. Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import math
import os
import platform
import tracemalloc
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, ModuleOp, StringAttr, i32
from xdsl.ir import Attribute, Block, Data, Operation, ParametrizedAttribute, Region, SSAValue

from iron_ir.device import DeviceSpec, get_device
from iron_ir.dialects import aie, aiex
from iron_ir.dialects.aie.enums import ObjectFifoPort
from iron_ir.ir.context import make_context
from iron_ir.ir.diagnostics import diagnostic_handler
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module
from iron_ir.passes.pipelines import iron_to_aie_passes
from iron_ir.passes.placement import SequentialPlacer

ROOT = Path(__file__).resolve().parent.parent
SCALES = (1, 2, 4, 8)
DEVICE = "npu2"
PASSES = ("iron-place", "iron-tile-to-dma-bd", "convert-iron-to-aie", "iron-lint")
STAGES = ("parse", "trace", "verify", *PASSES, "print")

# One unit of the synthetic design (one device column).
OBJ = 256  # i32 elements per fifo object
ITERS = 16  # objects each worker streams per while_true iteration
KERNEL = "scale_add"


# --- the synthetic design ----------------------------------------------------------------------


def _unit_names(col: int, workers: int) -> dict[str, object]:
    p = f"c{col}"
    # "l2l1" sorts before "l3l2": the placer meets the mem-tile fifo (whose worker end pulls the
    # link to this column) before the shim fifo, as in IRON's fifo-name handle order.
    return {
        "l3l2": f"{p}_act_l3l2",
        "l2l1": f"{p}_act_l2l1",
        "link": f"{p}_act_fwd",
        "chain": [f"{p}_chain_{k}" for k in range(1, workers)],
        "out": f"{p}_out",
        "wts": f"{p}_wts",
        "workers": [f"{p}_w{k}" for k in range(workers)],
    }


def synthetic_design(columns: int, spec: DeviceSpec) -> str:
    """IRON dialect text of the synthetic design over ``columns`` columns of ``spec``."""
    if columns > spec.columns:
        raise SystemExit(
            f"synth-{columns}x needs {columns} columns; {spec.name} has {spec.columns}"
        )
    workers = len(spec.compute_rows)
    block = ITERS * OBJ
    obj = f"memref<{OBJ}xi32>"
    lines = [f"iron.program @synth_{columns}x device({spec.name}) {{"]
    units = [_unit_names(c, workers) for c in range(columns)]
    for u in units:
        ws = u["workers"]
        lines += [
            f"  iron.fifo @{u['l3l2']} : {obj} producer(runtime @sequence depth 2 on "
            f"#iron.tile<any_shim>) consumers(link @{u['link']} depth 2)",
            f"  iron.fifo @{u['l2l1']} : {obj} producer(link @{u['link']} depth 2 dims "
            "[<size = 16, stride = 1>, <size = 16, stride = 16>]) "
            f"consumers(worker @{ws[0]} depth 2)",
            f"  iron.link @{u['link']} [@{u['l3l2']}] -> [@{u['l2l1']}] offsets([] [0]) on "
            "#iron.tile<any_mem>",
        ]
        for k, name in enumerate(u["chain"]):
            lines.append(
                f"  iron.fifo @{name} : {obj} producer(worker @{ws[k]} depth 2) "
                f"consumers(worker @{ws[k + 1]} depth 2)"
            )
        lines += [
            f"  iron.fifo @{u['out']} : {obj} producer(worker @{ws[-1]} depth 2) "
            "consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)",
            f"  iron.fifo @{u['wts']} : {obj} producer(runtime @sequence depth 2 on "
            "#iron.tile<any_shim>) consumers("
            + ", ".join(f"worker @{w} depth 1" for w in ws)
            + ")",
        ]
    lines.append(
        f"  func.func private @{KERNEL}({obj}, {obj}, {obj}) -> () attributes "
        f'{{link_with = "{KERNEL}.o"}}'
    )
    for u in units:
        ws = u["workers"]
        ins = [u["l2l1"], *u["chain"]]
        outs = [*u["chain"], u["out"]]
        for w, src, dst in zip(ws, ins, outs):
            lines += [
                f"  iron.worker @{w} on #iron.tile<any_compute> while_true {{",
                f"    %w = iron.acquire @{u['wts']}(consume, 1) : {obj}",
                "    %c0 = arith.constant 0 : index",
                f"    %c{ITERS} = arith.constant {ITERS} : index",
                "    %c1 = arith.constant 1 : index",
                f"    scf.for %i = %c0 to %c{ITERS} step %c1 {{",
                f"      %a = iron.acquire @{src}(consume, 1) : {obj}",
                f"      %b = iron.acquire @{dst}(produce, 1) : {obj}",
                f"      func.call @{KERNEL}(%a, %w, %b) : ({obj}, {obj}, {obj}) -> ()",
                f"      iron.release @{src}(consume, 1)",
                f"      iron.release @{dst}(produce, 1)",
                "    }",
                f"    iron.release @{u['wts']}(consume, 1)",
                "  }",
            ]
    host = f"memref<{columns * block}xi32>"
    host_w = f"memref<{columns * OBJ}xi32>"
    lines += [
        f"  iron.runtime_sequence @sequence(%arg0: {host}, %arg1: {host_w}, %arg2: {host}) {{",
        "    iron.start [" + ", ".join(f"@{w}" for u in units for w in u["workers"]) + "]",
    ]
    for c, u in enumerate(units):
        # A fill interleaving the two halves of the block, whose 2048-long dim exceeds a BD
        # wrap field (iron-tile-to-dma-bd factorises it), and a drain interleaving 4-element
        # pieces of the rows (legal as written).
        lines += [
            f"    iron.fill @{u['l3l2']} from %arg0 offset {c * block} sizes "
            f"[1, 1, {block // 2}, 2] strides [0, 0, 1, {block // 2}] : {host}",
            f"    iron.fill @{u['wts']} from %arg1 offset {c * OBJ} sizes [1, 1, 1, {OBJ}] "
            f"strides [0, 0, 0, 1] : {host_w}",
            f"    iron.drain @{u['out']} into %arg2 offset {c * block} sizes "
            f"[1, {block // 64}, {ITERS}, 4] strides [0, 4, {OBJ}, 1] wait : {host}",
        ]
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


# --- the floor: the same AIE module built directly ---------------------------------------------


@dataclass
class Layout:
    """What the floor builder reads off the compiled output: where things went, and the BDs."""

    tiles: list[tuple[int, int]]
    fifo_tiles: dict[str, tuple[tuple[int, int], list[tuple[int, int]]]]
    symbol_order: list[str]
    """Fifo names in emission order, with ``"link:<first source>"`` where a link is emitted."""
    worker_tiles: list[tuple[int, int]]
    tasks: list[tuple[str, list[tuple[int, int, list[tuple[int, int]]]], int, bool]]
    """Per runtime transfer: fifo, BDs (offset, length, dims), repeat_count, issue_token."""


def read_layout(module: ModuleOp) -> Layout:
    device = next(op for op in module.walk() if isinstance(op, aie.DeviceOp))
    tiles, fifo_tiles, order, workers, tasks = [], {}, [], [], []
    for op in device.body.ops:
        if isinstance(op, aie.TileOp):
            tiles.append(op.col_row)
        elif isinstance(op, aie.ObjectFifoCreateOp):
            prod = op.operands[0].owner.col_row
            cons = [v.owner.col_row for v in op.operands[1:]]
            fifo_tiles[op.sym_name.data] = (prod, cons)
            order.append(op.sym_name.data)
        elif isinstance(op, aie.ObjectFifoLinkOp):
            order.append("link:" + op.fifoIns.data[0].root_reference.data)
        elif isinstance(op, aie.CoreOp):
            workers.append(op.operands[0].owner.col_row)
        elif isinstance(op, aie.RuntimeSequenceOp):
            for t in op.body.block.ops:
                if isinstance(t, aiex.DMAConfigureTaskForOp):
                    bds = [
                        (bd.offset_value, bd.length_value, bd.dims())
                        for bd in t.walk()
                        if isinstance(bd, aie.DMABDOp)
                    ]
                    tasks.append(
                        (
                            t.alloc.root_reference.data,
                            bds,
                            t.repeat_count.value.data,
                            bool(t.issue_token.value.data),
                        )
                    )
    return Layout(tiles, fifo_tiles, order, workers, tasks)


def build_synthetic_aie(columns: int, spec: DeviceSpec, layout: Layout) -> ModuleOp:
    """The AIE module the pipeline produces for ``synthetic_design(columns)``, built directly."""
    workers = len(spec.compute_rows)
    obj = MemRefType(i32, [OBJ])
    block = ITERS * OBJ
    units = [_unit_names(c, workers) for c in range(columns)]
    device = aie.DeviceOp(spec.name)
    body = device.body
    end = body.last_op

    def emit(op):
        body.insert_op_before(op, end)
        return op

    tiles = {t: emit(aie.TileOp(*t)) for t in layout.tiles}
    links = {u["l3l2"]: u for u in units}
    dims = {u["l2l1"]: [(16, 1), (16, 16)] for u in units}
    depth = {u["wts"]: [2] + [1] * workers for u in units}
    for name in layout.symbol_order:
        if name.startswith("link:"):
            u = links[name[5:]]
            emit(aie.ObjectFifoLinkOp([u["l3l2"]], [u["l2l1"]], [], [0]))
            continue
        prod, cons = layout.fifo_tiles[name]
        emit(
            aie.ObjectFifoCreateOp(
                name, tiles[prod], [tiles[c] for c in cons], depth.get(name, 2), obj,
                dims.get(name),
            )
        )
    kernel = emit(func.FuncOp.external(KERNEL, [obj, obj, obj], []))
    kernel.attributes["link_with"] = StringAttr(f"{KERNEL}.o")
    w_index = 0
    for u in units:
        ins = [u["l2l1"], *u["chain"]]
        outs = [*u["chain"], u["out"]]
        for src, dst in zip(ins, outs):
            emit(_core(tiles[layout.worker_tiles[w_index]], u["wts"], src, dst, obj))
            w_index += 1
    host = MemRefType(i32, [columns * block])
    seq = emit(aie.RuntimeSequenceOp([host, MemRefType(i32, [columns * OBJ]), host]))
    args = seq.body.block.args
    arg_of = {}
    for u in units:
        arg_of.update({u["l3l2"]: args[0], u["wts"]: args[1], u["out"]: args[2]})
    waited, freed = [], []
    for fifo, bds, repeat, token in layout.tasks:
        blocks = [Block() for _ in bds]
        for i, (b, (offset, length, bd_dims)) in enumerate(zip(blocks, bds)):
            b.add_op(aie.DMABDOp(arg_of[fifo], offset, length, bd_dims, burst_length=0))
            b.add_op(aie.NextBDOp(blocks[i + 1]) if i + 1 < len(blocks) else aie.EndOp())
        task = aiex.DMAConfigureTaskForOp(
            fifo, Region(blocks), issue_token=token, repeat_count=repeat
        )
        seq.body.block.add_ops([task, aiex.DMAStartTaskOp(task.result)])
        (waited if token else freed).append(task.result)
    seq.body.block.add_ops(aiex.DMAAwaitTaskOp(t) for t in waited)
    seq.body.block.add_ops(aiex.DMAFreeTaskOp(t) for t in freed)
    return ModuleOp([device])


def _core(tile, wts: str, src: str, dst: str, obj: MemRefType) -> aie.CoreOp:
    def index(v: int) -> arith.ConstantOp:
        return arith.ConstantOp(IntegerAttr(v, IndexType()))

    def acquire(fifo: str, port: ObjectFifoPort, into: list):
        acq = aie.ObjectFifoAcquireOp(fifo, port, 1, obj)
        access = aie.ObjectFifoSubviewAccessOp(acq, 0)
        into += [acq, access]
        return access.results[0]

    outer: list = []
    w = acquire(wts, ObjectFifoPort.Consume, outer)
    inner: list = []
    a = acquire(src, ObjectFifoPort.Consume, inner)
    b = acquire(dst, ObjectFifoPort.Produce, inner)
    inner += [
        func.CallOp(KERNEL, [a, w, b], []),
        aie.ObjectFifoReleaseOp(src, ObjectFifoPort.Consume, 1),
        aie.ObjectFifoReleaseOp(dst, ObjectFifoPort.Produce, 1),
        scf.YieldOp(),
    ]
    c0, cn, c1 = index(0), index(ITERS), index(1)
    loop = scf.ForOp(c0, cn, c1, [], Region(Block(inner, arg_types=[IndexType()])))
    outer += [c0, cn, c1, loop, aie.ObjectFifoReleaseOp(wts, ObjectFifoPort.Consume, 1)]
    outer.append(scf.YieldOp())
    z, big, one = index(0), index(sys.maxsize), index(1)
    forever = scf.ForOp(z, big, one, [], Region(Block(outer, arg_types=[IndexType()])))
    return aie.CoreOp(tile, Region(Block([z, big, one, forever, aie.EndOp()])))


# --- the generic floor: rebuilding a module op by op ---------------------------------------------


def rebuild_attr(attr: Attribute) -> Attribute:
    """``attr`` built anew, parameters first, through xDSL's generic constructors."""
    if isinstance(attr, ParametrizedAttribute):
        return type(attr).new([rebuild_attr(p) for p in attr.parameters])
    if isinstance(attr, Data):
        data = attr.data
        if isinstance(data, tuple):
            data = tuple(rebuild_attr(x) if isinstance(x, Attribute) else x for x in data)
        elif isinstance(data, dict):
            data = {k: rebuild_attr(v) if isinstance(v, Attribute) else v for k, v in data.items()}
        return type(attr).new(data)
    return attr


def rebuild(module: ModuleOp) -> ModuleOp:
    """A new module with the same ops, every op and attribute constructed again."""
    values: dict[SSAValue, SSAValue] = {}
    blocks: dict[Block, Block] = {}

    def region(old: Region) -> Region:
        new_blocks = []
        for b in old.blocks:
            nb = Block(arg_types=[rebuild_attr(a.type) for a in b.args])
            values.update(zip(b.args, nb.args))
            blocks[b] = nb
            new_blocks.append(nb)
        for b, nb in zip(old.blocks, new_blocks):
            nb.add_ops(op(o) for o in b.ops)
        return Region(new_blocks)

    def op(old: Operation) -> Operation:
        regions = [region(r) for r in old.regions]
        new = type(old).create(
            operands=[values[v] for v in old.operands],
            result_types=[rebuild_attr(r.type) for r in old.results],
            properties={k: rebuild_attr(v) for k, v in old.properties.items()},
            attributes={k: rebuild_attr(v) for k, v in old.attributes.items()},
            successors=[blocks[b] for b in old.successors],
            regions=regions,
        )
        values.update(zip(old.results, new.results))
        return new

    result = op(module)
    assert isinstance(result, ModuleOp)
    return result


# --- measuring ---------------------------------------------------------------------------------


def cpu(fn: Callable[[], object]) -> tuple[float, object]:
    """CPU time of one call of ``fn`` (GC off while timing), and its result.

    CPU time of this process rather than wall time: the figures then hold on a machine shared
    with other jobs (the compiler is single-threaded, so the two agree on an idle machine).
    """
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        result = fn()
        return time.process_time() - start, result
    finally:
        gc.enable()


def peak_memory(fn: Callable[[], object]) -> int:
    """Peak bytes allocated (``tracemalloc``) while ``fn`` runs."""
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _passes(ctx, module: ModuleOp, times: dict[str, float]) -> None:
    """The iron-to-aie passes as ``compile_to_aie`` runs them: no verification in between;
    lint warnings are collected, not printed."""
    warnings: list[object] = []
    with diagnostic_handler(warnings.append):
        for p in iron_to_aie_passes(SequentialPlacer()):
            times[p.name] = cpu(lambda p=p: p.apply(ctx, module))[0]


def compile_text(text: str, name: str, ctx) -> tuple[dict[str, float], ModuleOp, str]:
    """IRON text -> AIE text as iron-opt does it, stage by stage: the module and its text."""
    times = dict.fromkeys(STAGES, 0.0)
    times["parse"], module = cpu(lambda: parse_module(text, name, ctx=ctx))
    times["verify"] = cpu(module.verify)[0]
    _passes(ctx, module, times)
    times["verify"] += cpu(module.verify)[0]
    times["print"], out = cpu(lambda: print_module(module))
    return times, module, out


def compile_program(program, ctx) -> tuple[dict[str, float], ModuleOp, str]:
    """Python -> AIE text as ``resolve_program`` does it, stage by stage."""
    times = dict.fromkeys(STAGES, 0.0)
    # The tracing step of resolve_program: the design traced into the IRON dialect, its
    # program rules checked (the full verification is the one at the end).
    times["trace"], module = cpu(lambda: program._trace("main"))
    _passes(ctx, module, times)
    times["verify"] = cpu(module.verify)[0]
    times["print"], out = cpu(lambda: print_module(module))
    return times, module, out


def fit_exponent(xs: list[float], ys: list[float]) -> float:
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    num = sum((a - mx) * (b - my) for a, b in zip(lx, ly))
    return num / sum((a - mx) ** 2 for a in lx)


def load_gemm():
    path = ROOT / "examples" / "gemm_whole_array.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("gemm_whole_array", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PROGRAM


def count(module: ModuleOp) -> int:
    return sum(1 for _ in module.walk())


@dataclass
class Row:
    """One design: how to compile it, how to build its floor, and the best figures so far."""

    design: str
    compile: Callable[[object], tuple[dict[str, float], ModuleOp, str]]
    build: Callable[[ModuleOp], Callable[[], ModuleOp]] | None
    """Given the compiled module, a function building the floor module (not timed itself);
    None: the generic rebuild is the floor."""
    api: Callable[[], str] | None = None
    """The same compilation as one public call, for the ``api`` column."""
    ops_out: int = 0
    peak: int = 0
    stages: dict[str, float] = field(default_factory=lambda: dict.fromkeys(STAGES, math.inf))
    floor: float = math.inf
    rebuild: float = math.inf
    clone: float = math.inf
    api_time: float = math.inf

    @property
    def total(self) -> float:
        return sum(self.stages.values())

    def sample(self, ctx) -> None:
        """One round: compile, build the floors, clone; keep the minimum of every figure."""
        times, module, out = self.compile(ctx)
        for stage, t in times.items():
            self.stages[stage] = min(self.stages[stage], t)
        checks = [("rebuild", lambda: rebuild(module))]
        if self.build is not None:
            checks.append(("floor", self.build(module)))
        checks.append(("clone", module.clone))
        for name, make in checks:
            t, text = cpu(lambda make=make: print_module(make()))
            if text != out:
                raise SystemExit(f"{self.design}: the {name} module prints differently")
            setattr(self, name, min(getattr(self, name), t))
        if self.build is None:
            self.floor = self.rebuild
        if self.api is not None:
            t, text = cpu(self.api)
            if text != out:
                raise SystemExit(f"{self.design}: the API path prints differently")
            self.api_time = min(self.api_time, t)
        self.ops_out = count(module)

    def measure_memory(self, ctx) -> None:
        self.peak = peak_memory(lambda: self.compile(ctx))


def synthetic_row(scale: int, spec: DeviceSpec) -> Row:
    text = synthetic_design(scale, spec)
    name = f"synth-{scale}x"

    def build(module: ModuleOp) -> Callable[[], ModuleOp]:
        layout = read_layout(module)
        return lambda: build_synthetic_aie(scale, spec, layout)

    return Row(name, lambda ctx: compile_text(text, name, ctx), build)


def gemm_row(program) -> Row:
    def api() -> str:
        with diagnostic_handler(lambda _: None):
            return print_module(program.resolve_program().module)

    return Row("gemm", lambda ctx: compile_program(program, ctx), None, api)


def render(rows: list[Row]) -> list[list[str]]:
    """The table (markdown), with the growth exponents of the synthetic rows last."""
    ms = lambda t: "" if t in (0.0, math.inf) else f"{t * 1e3:.1f}"  # noqa: E731
    table = [["design", "ops out", *STAGES, "total", "api", "floor", "rebuild", "clone",
              "total/floor", "peak MiB"]]
    for r in rows:
        table.append(
            [r.design, str(r.ops_out), *(ms(r.stages[s]) for s in STAGES), ms(r.total),
             ms(r.api_time), ms(r.floor), ms(r.rebuild), ms(r.clone),
             f"{r.total / r.floor:.1f}", f"{r.peak / 2**20:.1f}"]
        )
    synth = [r for r in rows if r.design.startswith("synth")]
    scales = [float(r.design.split("-")[1].rstrip("x")) for r in synth]
    series = [[r.stages[s] for r in synth] if s != "trace" else None for s in STAGES]
    series += [[r.total for r in synth], None, [r.floor for r in synth],
               [r.rebuild for r in synth], [r.clone for r in synth], None,
               [r.peak for r in synth]]
    table.append(["exponent", "", *("" if ys is None else f"{fit_exponent(scales, ys):.2f}"
                                    for ys in series)])
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="rounds (minimum kept)")
    args = parser.parse_args()
    spec = get_device(DEVICE)
    ctx = make_context()
    program = load_gemm()
    rows = [gemm_row(program)] if program is not None else []
    rows += [synthetic_row(scale, spec) for scale in SCALES]
    # Rounds over all designs (rather than all repeats of one design in a row) spread each
    # design's samples over the run, so a burst of load elsewhere spoils one sample, not all.
    for _ in range(args.repeats):
        for row in rows:
            row.sample(ctx)
    for row in rows:
        row.measure_memory(ctx)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(
        f"iron-to-aie compile time, CPU ms, min of {args.repeats}; load average {load} "
        f"({platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores)\n"
    )
    table = render(rows)
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for i, r in enumerate(table):
        cells = [c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths))]
        print("| " + " | ".join(cells) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) if j == 0 else "-" * (w + 1) + ":"
                                 for j, w in enumerate(widths)) + "|")
    print()
    print("gemm: Python -> AIE text (resolve_program + print); synth: IRON text -> AIE text.")
    print("floor: synth = the output built with the dialect constructors, then printed; gemm = "
          "rebuild (every op and attribute of the output constructed again), then printed.")
    print("exponent: slope of log(figure) against log(scale) over synth-1x..8x.")


if __name__ == "__main__":
    main()
