"""iron-to-aie on random small IRON programs: a verified, re-parsable AIE module or an error
about a resource or a tile, never anything else.

The generator writes IRON dialect text: a random number of workers on a small device, now and
then one pinned to a tile; fifos from the runtime or a worker to one or several workers and/or
the runtime (broadcasts), some through a mem-tile forward, split or join link; random depths
per end; sometimes a layout transform on a worker's end; worker bodies acquiring up to the
depth of each end, running loops over the first object and calling a kernel; runtime fills and
drains with random taps (offsets, repeats, strides) over host buffers sized to hold them, some
waited, some in task groups. The programs are valid IRON (the test fails if the input does not
verify); whether they fit the device is up to chance.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.utils.exceptions import PassFailedException

from iron_ir.device import TileKind, get_device
from iron_ir.ir.context import make_context
from iron_ir.ir.diagnostics import OpError
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module
from iron_ir.passes.pipelines import run_pipeline

DEVICES = ("npu1_1col", "npu1_2col", "npu2_1col", "npu2_2col")
ELEMENT_BYTES = {"i32": 4, "i16": 2, "i8": 1}
# What every failure must be about: a tile (by kind or coordinates) or one of its resources.
ABOUT_HARDWARE = re.compile(
    r"tile|Tile|DMA channel|data memory|locks|buffer descriptor", re.UNICODE
)

_CTX = make_context()


@dataclass
class Fifo:
    name: str
    elem: str
    elems: int
    producer: str  # "runtime", "link:<name>" or a worker
    consumers: list[str]
    depths: list[int]  # producer first
    dims: list[list[tuple[int, int]]]  # per end, [] = none

    @property
    def memref(self) -> str:
        return f"memref<{self.elems}x{self.elem}>"


@dataclass
class Program:
    device: str
    workers: list[str]
    fifos: list[Fifo] = field(default_factory=list)
    links: list[tuple[str, list[str], list[str], list[int]]] = field(default_factory=list)
    pins: dict[str, tuple[int, int]] = field(default_factory=dict)


def _endpoint(who: str, depth: int, dims: list[tuple[int, int]]) -> str:
    if who == "runtime":
        text = f"runtime @sequence depth {depth} on #iron.tile<any_shim>"
    elif who.startswith("link:"):
        text = f"link @{who[5:]} depth {depth}"
    else:
        text = f"worker @{who} depth {depth}"
    if dims:
        text += " dims [" + ", ".join(f"<size = {s}, stride = {t}>" for s, t in dims) + "]"
    return text


@st.composite
def _transpose_dims(draw, elems: int) -> list[tuple[int, int]]:
    """A layout transform inside one object: rows x cols read column-major."""
    divisors = [d for d in range(2, elems) if elems % d == 0]
    if not divisors:
        return []
    cols = draw(st.sampled_from(divisors))
    return [(cols, 1), (elems // cols, cols)]


@st.composite
def _tap(draw, elems: int) -> tuple[int, list[int], list[int], int]:
    """A tap of whole objects or a random 4-D pattern; returns offset, sizes, strides and the
    host buffer size that holds it."""
    if draw(st.booleans()):
        count = draw(st.integers(1, 4))
        sizes, strides, offset = [1, 1, count, elems], [0, 0, elems, 1], 0
    else:
        sizes = [draw(st.integers(1, 3)), draw(st.integers(1, 4)), draw(st.integers(1, 8)),
                 draw(st.sampled_from([1, 2, 4, 8, 16, 32]))]
        strides = [draw(st.sampled_from([0, 64, 256])), draw(st.integers(0, 96)),
                   draw(st.integers(0, 64)), draw(st.sampled_from([1, 1, 1, 2]))]
        strides = [t if s > 1 else 0 for s, t in zip(sizes, strides)]
        offset = draw(st.sampled_from([0, 0, 4, 8, 12, 16]))
    span = offset + sum((s - 1) * t for s, t in zip(sizes, strides)) + 1
    return offset, sizes, strides, span


@st.composite
def programs(draw) -> str:
    device = draw(st.sampled_from(DEVICES))
    # Mostly what fits; five workers overflow a one-column device on purpose.
    n_workers = draw(st.sampled_from([1, 2, 2, 3, 3, 4, 5]))
    workers = [f"w{i}" for i in range(n_workers)]
    prog = Program(device, workers)
    # Now and then a worker is pinned to a compute tile (two pins may collide, on purpose).
    compute = get_device(device).tiles(TileKind.COMPUTE)
    for w in workers:
        if draw(st.integers(0, 5)) == 0:
            prog.pins[w] = draw(st.sampled_from(compute))
    depth = st.integers(1, 3)

    def new_fifo(name, producer, consumers, elem, elems):
        dims = []
        for who in [producer, *consumers]:
            on_worker = who in workers
            wants = on_worker and draw(st.integers(0, 7)) == 0
            dims.append(draw(_transpose_dims(elems)) if wants else [])
        prog.fifos.append(
            Fifo(name, elem, elems, producer, consumers,
                 [draw(depth) for _ in range(1 + len(consumers))], dims)
        )

    for k in range(draw(st.integers(1, 4))):
        elem = draw(st.sampled_from(["i32", "i32", "i32", "i16", "i8"]))
        elems = draw(st.sampled_from([16, 32, 64, 256, 1024]))
        producer = draw(st.sampled_from(["runtime", *workers]))
        others = [w for w in workers if w != producer]
        choices = others + (["runtime"] if producer != "runtime" else [])
        if not choices:
            continue
        n_consumers = draw(st.sampled_from([1, 1, 1, 2, 3]))
        consumers = draw(
            st.lists(st.sampled_from(choices), min_size=1, max_size=n_consumers, unique=True)
        )
        via = draw(st.sampled_from(["direct", "direct", "forward", "split", "join"]))
        if via == "join" and producer != "runtime" and consumers == ["runtime"]:
            sources = [producer] + draw(
                st.lists(st.sampled_from(others), max_size=2, unique=True) if others
                else st.just([])
            )
            link = f"f{k}_join"
            parts = [f"f{k}_{i}" for i in range(len(sources))]
            for part, source in zip(parts, sources):
                new_fifo(part, source, [f"link:{link}"], elem, elems)
            new_fifo(f"f{k}", f"link:{link}", ["runtime"], elem, elems * len(sources))
            prog.links.append((link, parts, [f"f{k}"], [i * elems for i in range(len(parts))]))
        elif producer != "runtime" or via not in ("forward", "split"):
            new_fifo(f"f{k}", producer, consumers, elem, elems)
        elif via == "forward":
            link = f"f{k}_fwd"
            new_fifo(f"f{k}", "runtime", [f"link:{link}"], elem, elems)
            new_fifo(f"f{k}_l2", f"link:{link}", consumers, elem, elems)
            prog.links.append((link, [f"f{k}"], [f"f{k}_l2"], [0]))
        else:
            link = f"f{k}_split"
            parts = [f"f{k}_{i}" for i in range(len(consumers))]
            new_fifo(f"f{k}", "runtime", [f"link:{link}"], elem, elems * len(consumers))
            for part, consumer in zip(parts, consumers):
                new_fifo(part, f"link:{link}", [consumer], elem, elems)
            prog.links.append((link, [f"f{k}"], parts, [i * elems for i in range(len(parts))]))
    return _text(prog, draw)


def _text(prog: Program, draw) -> str:
    lines = [f"iron.program @random device({prog.device}) {{"]
    for f in prog.fifos:
        ends = [_endpoint(who, d, dims) for who, d, dims in
                zip([f.producer, *f.consumers], f.depths, f.dims)]
        lines.append(f"  iron.fifo @{f.name} : {f.memref} producer({ends[0]}) "
                     f"consumers({', '.join(ends[1:])})")
    for name, srcs, dsts, offsets in prog.links:
        src_offsets = offsets if len(srcs) > 1 else []
        dst_offsets = offsets if len(srcs) == 1 else []
        lines.append(
            f"  iron.link @{name} [{', '.join('@' + s for s in srcs)}] -> "
            f"[{', '.join('@' + d for d in dsts)}] offsets({src_offsets} {dst_offsets}) "
            "on #iron.tile<any_mem>"
        )
    bodies = []
    for w in prog.workers:
        acquires = []  # (fifo, port, count, memref)
        for f in prog.fifos:
            ends = [f.producer, *f.consumers]
            if w in ends:
                i = ends.index(w)
                port = "produce" if i == 0 else "consume"
                acquires.append((f.name, port, draw(st.integers(1, f.depths[i])), f.memref))
        body, args = [], []
        for n, (fifo, port, count, memref) in enumerate(acquires):
            results = ", ".join(f"%a{n}_{j}" for j in range(count))
            body.append(f"    {results} = iron.acquire @{fifo}({port}, {count}) : {memref}")
            args.append((f"%a{n}_0", memref))
        if args:
            types = ", ".join(t for _, t in args)
            lines.append(f"  func.func private @k_{w}({types}) -> () attributes "
                         f'{{link_with = "k_{w}.o"}}')
            # Sibling loops with constants of their own, as traced IRON code has: the printer
            # must keep every SSA name unique in its scope for the text to parse back.
            for n in range(draw(st.integers(0, 2))):
                buf, memref = args[0]
                trips = draw(st.integers(1, 8))
                body += [
                    f"    %lo{n} = arith.constant 0 : index",
                    f"    %hi{n} = arith.constant {trips} : index",
                    f"    %st{n} = arith.constant 1 : index",
                    f"    scf.for %i{n} = %lo{n} to %hi{n} step %st{n} {{",
                    f"      %k{n} = arith.constant 0 : index",
                    f"      %v{n} = memref.load {buf}[%k{n}] : {memref}",
                    f"      memref.store %v{n}, {buf}[%i{n}] : {memref}",
                    "    }",
                ]
            body.append(f"    func.call @k_{w}({', '.join(a for a, _ in args)}) : ({types}) -> ()")
        body += [f"    iron.release @{fifo}({port}, {count})" for fifo, port, count, _ in acquires]
        body = body or ["    %z = arith.constant 0 : index"]
        tile = "{}, {}".format(*prog.pins[w]) if w in prog.pins else "any_compute"
        bodies.append([f"  iron.worker @{w} on #iron.tile<{tile}> while_true {{", *body, "  }"])
    for b in bodies:
        lines += b

    transfers = []
    for f in prog.fifos:
        if f.producer == "runtime":
            transfers += [("fill", f)] * draw(st.integers(1, 2))
        if "runtime" in f.consumers:
            transfers += [("drain", f)] * draw(st.integers(1, 2))
    args, ops = [], []
    groups = 0
    open_group = None
    for n, (verb, f) in enumerate(transfers):
        offset, sizes, strides, span = draw(_tap(f.elems))
        host = f"memref<{span}x{f.elem}>"
        args.append(f"%arg{n}: {host}")
        if open_group is None and draw(st.integers(0, 3)) == 0:
            open_group = f"%tg{groups}"
            groups += 1
            ops.append(f"    {open_group} = iron.task_group")
        wait = " wait" if draw(st.booleans()) else ""
        group = f" group({open_group})" if open_group else ""
        prep = "from" if verb == "fill" else "into"
        ops.append(f"    iron.{verb} @{f.name} {prep} %arg{n} offset {offset} sizes {sizes} "
                   f"strides {strides}{wait}{group} : {host}")
        if open_group is not None and draw(st.booleans()):
            ops.append(f"    iron.finish_task_group {open_group}")
            open_group = None
    if open_group is not None:
        ops.append(f"    iron.finish_task_group {open_group}")
    order = draw(st.permutations(prog.workers))
    lines.append(f"  iron.runtime_sequence @sequence({', '.join(args)}) {{")
    lines.append("    iron.start [" + ", ".join(f"@{w}" for w in order) + "]")
    lines += ops
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def _compile(text: str):
    module = parse_module(text, "random.mlir", ctx=_CTX)
    module.verify()  # the generator writes valid IRON; a failure here is the generator's bug
    try:
        run_pipeline(module, "iron-to-aie", _CTX)
    except (OpError, PassFailedException) as error:
        return None, str(error)
    return module, None


@settings(
    max_examples=75,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(programs())
def test_random_programs_lower_to_verified_reparsable_aie_or_name_the_hardware(text):
    module, error = _compile(text)
    if error is not None:
        assert ABOUT_HARDWARE.search(error), f"error names no tile or resource: {error}\n{text}"
        return
    module.verify()
    printed = print_module(module)
    assert "iron." not in printed, printed
    # one objectfifo per fifo, one core per worker, one DMA task per fill/drain
    assert printed.count("aie.objectfifo @") == text.count("iron.fifo @")
    assert printed.count("aie.core(") == text.count("iron.worker @")
    assert printed.count("aiex.dma_configure_task_for @") == (
        text.count("iron.fill @") + text.count("iron.drain @")
    )
    again = parse_module(printed, "lowered.mlir", ctx=_CTX)
    again.verify()
    assert print_module(again) == printed


def test_the_generator_reaches_both_outcomes():
    """The property above is only worth something if both branches are taken."""
    outcomes = {"ok": 0, "error": 0}

    @settings(max_examples=30, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(programs())
    def run(text):
        module, error = _compile(text)
        outcomes["error" if module is None else "ok"] += 1

    run()
    assert outcomes["ok"] >= 5 and outcomes["error"] >= 3, outcomes
