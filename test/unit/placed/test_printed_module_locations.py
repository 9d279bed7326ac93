"""Issue 13 item 5: a high-level design that prints its module keeps its locations under
`iron run` (the module object is taken, not its text), and API misuse under plain Python names
the design's line, not the standard library's."""

import subprocess
import sys

from iron_ir.cli.iron import main
from placed_helpers import write

DESIGN = """\
import numpy as np
from aie.iron import ObjectFifo, Program, Runtime, Worker
from aie.iron.device import NPU1Col1
from aie.iron.controlflow import range_
from aie.iron.placers import SequentialPlacer

ty = np.ndarray[(16,), np.dtype[np.int32]]
of_in = ObjectFifo(ty, name="in")
of_out = ObjectFifo(ty, name="out")

def core_fn(of_in, of_out):
    for _ in range_(4):
        a = of_in.acquire(1)
        b = of_out.acquire(1)
        for i in range_(16):
            b[i] = a[i]
        of_in.release(1)  # RELEASE
        of_out.release(1)

w = Worker(core_fn, [of_in.cons(), of_out.prod()])
rt = Runtime()
with rt.sequence(np.ndarray[(64,), np.dtype[np.int32]], np.ndarray[(64,), np.dtype[np.int32]]) as (a, b):  # SEQUENCE
    rt.start(w)
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), b, wait=True)  # DRAIN
print(Program(NPU1Col1(), rt).resolve_program(SequentialPlacer()))
"""


def line_of(source: str, marker: str) -> int:
    return next(i for i, text in enumerate(source.splitlines(), 1) if marker in text)


def iron(capsys, path):
    code = main(["run", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "printed module" not in out + err
    return code, out, err


def test_a_release_of_more_than_acquired_names_the_design_line(tmp_path, capsys):
    source = DESIGN.replace("  # RELEASE", "\n        of_in.release(1)  # EXTRA")
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    assert code == 1 and f"{path}:{line_of(source, '# EXTRA')}:" in err


def test_data_left_for_the_host_names_the_drain_line(tmp_path, capsys):
    source = DESIGN.replace(
        "np.ndarray[(64,), np.dtype[np.int32]]) as (a, b)", "np.ndarray[(48,), np.dtype[np.int32]]) as (a, b)"
    )
    path = write(tmp_path, source)
    code, _, err = iron(capsys, path)
    assert code == 0
    assert f"drain task on @out ({path}:{line_of(source, '# DRAIN')}:" in err


def test_a_bad_sequence_argument_names_the_design_line_under_plain_python(tmp_path):
    source = DESIGN.replace("rt.sequence(np.ndarray[(64,), np.dtype[np.int32]], ", 'rt.sequence("oops", ')
    path = write(tmp_path, source)
    result = subprocess.run([sys.executable, "-m", "iron_ir.compat", str(path)], capture_output=True, text=True)
    assert result.returncode != 0
    assert f"{path}:{line_of(source, '# SEQUENCE')}: rt.sequence argument 0" in result.stderr
    assert "contextlib.py" not in result.stderr.splitlines()[-1]
