"""`iron run` on placed designs: the module object the design printed is run, so every report
names the design's own lines; misuse is one message at the design's line, never a traceback."""

import numpy as np
import pytest

from iron_ir.cli.iron import main
from placed_helpers import run_design, write

HEAD = """\
import sys
import numpy as np
from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.helpers.dialects.ext.scf import _for as range_

ty = np.ndarray[(16,), np.dtype[np.int32]]
vec = np.ndarray[(64,), np.dtype[np.int32]]
"""

DESIGN = HEAD + """\
with mlir_mod_ctx() as ctx:
    @device(AIEDevice.npu1_1col)
    def device_body():
        shim = tile(0, 0)
        compute = tile(0, 2)
        of_in = object_fifo("in", shim, compute, 2, ty)
        of_out = object_fifo("out", compute, shim, 2, ty)

        @core(compute)
        def core_body():
            for _ in range_(sys.maxsize):
                a = of_in.acquire(ObjectFifoPort.Consume, 1)
                b = of_out.acquire(ObjectFifoPort.Produce, 1)
                for i in range_(16):
                    b[i] = a[i] + 1
                of_in.release(ObjectFifoPort.Consume, 1)  # RELEASE
                of_out.release(ObjectFifoPort.Produce, 1)

        @runtime_sequence(vec, vec)
        def sequence(A, B):
            t_in = shim_dma_single_bd_task(of_in, A, sizes=[1, 1, 1, 64])
            t_out = shim_dma_single_bd_task(of_out, B, sizes=[1, 1, 1, 64], issue_token=True)
            dma_start_task(t_in, t_out)
            dma_await_task(t_out)  # AWAIT
            dma_free_task(t_in)
    assert ctx.module.operation.verify() == True
print(ctx.module)
"""


def line_of(source: str, marker: str) -> int:
    return next(i for i, text in enumerate(source.splitlines(), 1) if marker in text)


def iron(capsys, *argv):
    code = main(["run", *map(str, argv)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_a_placed_design_runs_on_the_simulator(tmp_path, capsys):
    path = write(tmp_path, DESIGN)
    a = np.arange(64, dtype=np.int32)
    np.savez(tmp_path / "in.npz", arg0=a)
    code, out, _ = iron(capsys, path, "--inputs", tmp_path / "in.npz", "--out", tmp_path / "out.npz")
    assert code == 0 and "npu1_1col, 1 cores, 2 objectfifos" in out
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["arg1"], a + 1)


def test_a_release_of_more_than_acquired_names_the_design_line(tmp_path, capsys):
    source = DESIGN.replace("  # RELEASE", "\n                of_in.release(ObjectFifoPort.Consume, 1)  # EXTRA")
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    assert code == 1
    assert f"{path}:{line_of(source, '# EXTRA')}:" in err and "releases 1 object(s)" in err
    assert "printed module" not in err


def test_a_deadlock_report_names_the_design_lines(tmp_path, capsys):
    source = DESIGN.replace("sizes=[1, 1, 1, 64], issue_token=True", "sizes=[1, 1, 1, 32], issue_token=True")
    source = source.replace("t_in = shim_dma_single_bd_task(of_in, A, sizes=[1, 1, 1, 64])", "t_in = shim_dma_single_bd_task(of_in, A, sizes=[1, 1, 1, 16])")
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    assert code == 1 and "Deadlock" in err
    assert f"{path}:{line_of(source, '# AWAIT')}:" in err


def test_verify_failure_names_the_op_line(tmp_path, capsys):
    source = DESIGN.replace("compute = tile(0, 2)", "compute = tile(3, 2)  # BAD")
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    assert code == 1
    assert err.startswith(f"{path}:{line_of(source, '# BAD')}: error: VerificationError: ")
    assert "'aie.tile' op column index (3) must be less than the number of columns" in err


def test_an_invalid_module_printed_without_verify_is_reported_at_its_line(tmp_path, capsys):
    source = DESIGN.replace("compute = tile(0, 2)", "compute = tile(3, 2)  # BAD").replace(
        "    assert ctx.module.operation.verify() == True\n", ""
    )
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    line = line_of(source, "# BAD")
    assert code == 1 and err.startswith(f"{path}:{line}:1: error: 'aie.tile' op column index")
    assert "compute = tile(3, 2)  # BAD" in err  # the design's line, with a caret


def test_api_misuse_names_the_design_line(tmp_path, capsys):
    source = DESIGN.replace('of_out = object_fifo("out", compute, shim, 2, ty)', 'of_out = object_fifo("out", compute, "shim", 2, ty)  # BAD')
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    assert code == 1
    assert err.startswith(f"{path}:{line_of(source, '# BAD')}: error: IronTypeError: object_fifo 'out' consumerTiles")


def test_physical_constructs_are_named_plainly(tmp_path, capsys):
    source = DESIGN.replace(
        "        @core(compute)",
        "        buf = buffer(compute, ty, 'buf')\n"
        "        lk = lock(compute, lock_id=0, init=1)\n"
        "        @mem(compute)  # MEM\n"
        "        def m(block):\n"
        "            dma_start(DMAChannelDir.MM2S, 1, dest=block[1], chain=block[2])\n"
        "            with block[1]:\n"
        "                use_lock(lk, LockAction.AcquireGreaterEqual, value=1)\n"
        "                dma_bd(buf, offset=0, len=16)\n"
        "                use_lock(lk, LockAction.Release, value=1)\n"
        "                next_bd(block[1])\n"
        "            with block[2]:\n"
        "                EndOp()\n"
        "        @core(compute)",
    )
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    assert code == 1
    assert "it verifies, prints and parses back" in err
    assert f"  {path}:{line_of(source, '# MEM')}:1: 'aie.mem'" in err


def test_python_m_iron_ir_compat_runs_an_unmodified_design(tmp_path):
    result = run_design(write(tmp_path, DESIGN))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("module {\n  aie.device(npu1_1col) {\n    %shim_noc_tile_0_0")


@pytest.mark.parametrize("argv", [[], ["--help"]])
def test_python_m_iron_ir_compat_usage(argv):
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "iron_ir.compat", *argv], capture_output=True, text=True)
    assert "python -m iron_ir.compat design.py" in result.stdout
    assert result.returncode == (0 if argv else 1)


RTP_EVERY_ITERATION = HEAD + """\
with mlir_mod_ctx() as ctx:
    @device(AIEDevice.npu1_1col)
    def device_body():
        shim = tile(0, 0)
        compute = tile(0, 2)
        of_in = object_fifo("in", shim, compute, 2, ty)
        of_out = object_fifo("out", compute, shim, 2, ty)
        rtp = buffer(compute, np.ndarray[(16,), np.dtype[np.int32]], "rtp", use_write_rtp=True)
        ready = lock(compute, init=0)

        @core(compute)
        def core_body():
            for _ in range_(sys.maxsize):
                # acquire-equal, as color_threshold_placed.py does once per line
                use_lock(ready, LockAction.Acquire, value=1)
                a = of_in.acquire(ObjectFifoPort.Consume, 1)
                b = of_out.acquire(ObjectFifoPort.Produce, 1)
                for i in range_(16):
                    b[i] = a[i] * rtp[0]
                of_in.release(ObjectFifoPort.Consume, 1)
                of_out.release(ObjectFifoPort.Produce, 1)

        @runtime_sequence(vec, vec)
        def sequence(A, B):
            rtp[0] = 3
            set_lock(ready, 1)
            t_in = shim_dma_single_bd_task(of_in, A, sizes=[1, 1, 1, 64])
            t_out = shim_dma_single_bd_task(of_out, B, sizes=[1, 1, 1, 64], issue_token=True)
            dma_start_task(t_in, t_out)
            dma_await_task(t_out)
print(ctx.module)
"""


def test_a_runtime_parameter_lock_acquired_every_iteration(tmp_path, capsys):
    path = write(tmp_path, RTP_EVERY_ITERATION)
    a = np.arange(64, dtype=np.int32)
    np.savez(tmp_path / "in.npz", arg0=a)
    code, out, err = iron(capsys, path, "--inputs", tmp_path / "in.npz", "--out", tmp_path / "out.npz")
    assert code == 0, err
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["arg1"], a * 3)
