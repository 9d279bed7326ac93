"""The import hook: an unmodified mlir-aie design runs on iron-ir (in a fresh interpreter)."""

import subprocess
import sys
import textwrap

DESIGN = textwrap.dedent(
    '''
    import sys
    import numpy as np

    from aie.iron import Kernel, ObjectFifo, Program, Runtime, Worker
    from aie.iron.placers import SequentialPlacer
    from aie.iron.device import NPU1Col1, NPU2, Tile
    from aie.iron.controlflow import range_
    from aie.helpers.taplib import TensorAccessPattern, TensorTiler2D
    from aie.helpers.util import np_ndarray_type_get_shape
    from aie.helpers.dialects.ext.func import func

    N = 1024
    tensor_ty = np.ndarray[(N,), np.dtype[np.int32]]
    tile_ty = np.ndarray[(N // 4,), np.dtype[np.int32]]
    assert np_ndarray_type_get_shape(tile_ty) == (256,)

    of_in = ObjectFifo(tile_ty, name="in")
    of_out = ObjectFifo(tile_ty, name="out")

    @func
    def add_one(a: tile_ty, b: tile_ty):
        for i in range_(N // 4):
            b[i] = a[i] + 1

    def core_fn(of_in, of_out, add_one):
        for _ in range_(4):
            elem_in = of_in.acquire(1)
            elem_out = of_out.acquire(1)
            add_one(elem_in, elem_out)
            of_in.release(1)
            of_out.release(1)

    worker = Worker(core_fn, [of_in.cons(), of_out.prod(), add_one])
    tap = TensorTiler2D.simple_tiler((1, N))[0]

    rt = Runtime()
    with rt.sequence(tensor_ty, tensor_ty) as (a_in, b_out):
        rt.start(worker)
        rt.fill(of_in.prod(), a_in, tap)
        rt.drain(of_out.cons(), b_out, tap, wait=True)

    module = Program(NPU1Col1(), rt).resolve_program(SequentialPlacer())
    print(module)
    '''
)


def run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)


def test_unmodified_design_runs_through_the_hook(tmp_path):
    design = tmp_path / "design.py"
    design.write_text(DESIGN)
    result = run(
        "import runpy, sys, iron_ir.compat as c\n"
        "assert c.install()\n"
        "runpy.run_path(sys.argv[1], run_name='__main__')\n",
        str(design),
    )
    assert result.returncode == 0, result.stderr
    # resolve_program compiles to the AIE dialect, as mlir-aie's does.
    assert result.stdout.startswith("module {\n  aie.device(npu1_1col) {")
    assert "func.func @add_one(" in result.stdout
    assert "func.call @add_one(" in result.stdout
    assert "%core_0_2 = aie.core(%tile_0_2)" in result.stdout


def test_without_the_hook_aie_is_not_importable():
    result = run("import aie.iron")
    assert result.returncode != 0 and "No module named 'aie'" in result.stderr


def test_hook_never_shadows_a_real_mlir_aie_unless_forced(tmp_path):
    real = tmp_path / "aie"
    real.mkdir()
    (real / "__init__.py").write_text("REAL = True\n")
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import iron_ir.compat as c\n"
        "assert c.install() is False\n"
        "import aie; assert aie.REAL\n"
        "assert c.install(force=True) is True\n"
        "import aie.iron, iron_ir; assert aie.iron is iron_ir\n"
        "c.uninstall(); assert not c.is_installed()\n"
        "print('ok')\n"
    )
    result = run(code, str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_helper_modules_map_to_iron_ir():
    code = (
        "import iron_ir.compat as c; c.install()\n"
        "from aie.extras.dialects.ext import arith\n"
        "from aie.dialects.aie import T\n"
        "from aie.helpers.dialects.func import func\n"
        "from aie.helpers.dialects.ext.scf import _for\n"
        "import aie.iron.device.tile as tile_mod, iron_ir.device.tile as ours\n"
        "assert tile_mod is ours and callable(arith.select) and callable(func) and callable(_for)\n"
        "print(T.memref(16, T.i32()), T.bf16())\n"
    )
    result = run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "memref<16xi32> bf16"
