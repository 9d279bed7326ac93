"""Small objectfifo-level designs for the simulator tests, written as MLIR text."""

from __future__ import annotations

from iron_ir.ir.diagnostics import verify_module
from iron_ir.ir.parse import parse_module

TILES = """
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %mem_tile_0_1 = aie.tile(0, 1)
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %tile_0_4 = aie.tile(0, 4)
"""


def module(
    body: str, args: list[str], runtime: str, device: str = "npu1_1col", verify: bool = True
):
    """A module (verified unless asked not to): the five tiles of column 0, ``body``, and a
    runtime sequence."""
    params = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(args))
    text = (
        f"module {{\n  aie.device({device}) {{{TILES}{body}\n"
        f"    aie.runtime_sequence({params}) {{\n{runtime}\n    }}\n  }}\n}}\n"
    )
    parsed = parse_module(text, "design.mlir")
    if verify:
        verify_module(parsed)
    return parsed


def task(
    fifo: str,
    arg: int,
    memref: str,
    length: int,
    dims: str = "",
    token: bool = False,
    repeat: int = 0,
    name: str | None = None,
    offset: int = 0,
) -> str:
    name = name or f"%t_{fifo}"
    attrs = []
    if token:
        attrs.append("issue_token = true")
    if repeat:
        attrs.append(f"repeat_count = {repeat} : i32")
    suffix = f" {{{', '.join(attrs)}}}" if attrs else ""
    dims_text = f", {dims}" if dims else ""
    return (
        f"      {name} = aiex.dma_configure_task_for @{fifo} {{\n"
        f"        aie.dma_bd(%arg{arg} : {memref}, {offset}, {length}{dims_text})\n"
        f"        aie.end\n"
        f"      }}{suffix}\n"
        f"      aiex.dma_start_task({name})\n"
    )


def await_(fifo: str) -> str:
    return f"      aiex.dma_await_task(%t_{fifo})\n"


def core(tile: str, body: str, loops: int | None = None) -> str:
    """A core whose ``body`` runs ``loops`` times (``None``: forever, as IRON's while_true)."""
    count = 9223372036854775807 if loops is None else loops
    bound = "%bound"
    const = f"      %bound = arith.constant {count} : index\n"
    return (
        f"    %core_{tile} = aie.core(%tile_{tile}) {{\n"
        f"      %c0 = arith.constant 0 : index\n      %c1 = arith.constant 1 : index\n{const}"
        f"      scf.for %iter = %c0 to {bound} step %c1 {{\n{body}      }}\n"
        f"      aie.end\n    }}\n"
    )


def acquire(fifo: str, port: str, n: int, ty: str, name: str, index: int = 0) -> str:
    sub = f"!aie.objectfifosubview<{ty}>"
    return (
        f"        %{name}_sv = aie.objectfifo.acquire @{fifo}({port}, {n}) : {sub}\n"
        f"        %{name} = aie.objectfifo.subview.access %{name}_sv[{index}] : {sub} -> {ty}\n"
    )


def release(fifo: str, port: str, n: int) -> str:
    return f"        aie.objectfifo.release @{fifo}({port}, {n})\n"


def add_const(
    src: str, dst: str, n: int, k: int, ty: str = "memref<8xi32>", elem: str = "i32"
) -> str:
    """``dst[i] = src[i] + k`` for i < n (inline core code)."""
    u = f"{src}_{dst}"
    return (
        f"        %n_{u} = arith.constant {n} : index\n"
        f"        %k_{u} = arith.constant {k} : {elem}\n"
        f"        scf.for %i_{u} = %c0 to %n_{u} step %c1 {{\n"
        f"          %v_{u} = memref.load %{src}[%i_{u}] : {ty}\n"
        f"          %w_{u} = arith.addi %v_{u}, %k_{u} : {elem}\n"
        f"          memref.store %w_{u}, %{dst}[%i_{u}] : {ty}\n"
        f"        }}\n"
    )
