"""``iron check``: one line per design found (simulated / compiled / failed and why), a summary
table, never stopping at the first failure; designs run in parallel processes."""

import shutil
from pathlib import Path

from iron_ir.cli.check import find_designs
from iron_ir.cli.iron import main

DESIGNS = Path(__file__).parent / "designs"

BROKEN = '''
import numpy as np
from aie.iron import ObjectFifo, Program, Runtime
from aie.iron.device import NPU1Col1
ty = np.ndarray[(16,), np.dtype[np.int32]]
of = ObjectFifo(ty, name="f", depth=0)
PROGRAM = Program(NPU1Col1(), Runtime())
'''

NO_INPUTS = '''
import numpy as np
from aie.iron import ObjectFifo, Program, Runtime
from aie.iron.device import NPU1Col1
ty = np.ndarray[(16,), np.dtype[np.int32]]
of_in = ObjectFifo(ty, name="in")
of_out = of_in.cons().forward(name="out")
rt = Runtime()
with rt.sequence(ty, ty) as (a, b):
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), b, wait=True)
print(Program(NPU1Col1(), rt).resolve_program())
'''


def test_check_reports_every_design_and_a_summary(tmp_path, capsys):
    shutil.copy(DESIGNS / "transpose_forward_compute.py", tmp_path / "good.py")
    wrong = (DESIGNS / "bytes_uint8_into_int32.py").read_text().replace("view(np.int32) + 1", "view(np.int32) + 2")
    (tmp_path / "wrong_reference.py").write_text(wrong)
    (tmp_path / "broken.py").write_text(BROKEN)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "printed.py").write_text(NO_INPUTS)
    (tmp_path / "host_helper.py").write_text("import numpy as np\nprint(np.zeros(3))\n")
    status = main(["check", str(tmp_path), "-j", "2"])
    out = capsys.readouterr().out
    lines = {line.split()[1].rstrip(":"): line for line in out.splitlines() if str(tmp_path) in line}
    assert status == 1
    assert set(lines) == {str(tmp_path / n) for n in ("good.py", "wrong_reference.py", "broken.py", "sub/printed.py")}
    assert lines[str(tmp_path / "good.py")].startswith("simulated") and "matches reference()" in lines[str(tmp_path / "good.py")]
    wrong_line = lines[str(tmp_path / "wrong_reference.py")]
    assert wrong_line.startswith("failed") and "output differs from reference()" in wrong_line
    assert "[1 warning]" in wrong_line
    broken_line = lines[str(tmp_path / "broken.py")]
    assert broken_line.startswith("failed") and "compile:" in broken_line and "broken.py:6" in broken_line
    assert "depth must be an int >= 1" in broken_line
    assert lines[str(tmp_path / "sub/printed.py")].startswith("compiled")
    summary = out[out.index("status"):]
    assert "simulated            1" in summary and "compiled             1" in summary
    assert "failed               2" in summary and "total                4" in summary


def test_design_discovery_skips_host_code_and_tests(tmp_path):
    (tmp_path / "design.py").write_text("from aie.iron import Program\nPROGRAM = Program(None, None)\n")
    (tmp_path / "test_design.py").write_text("from aie.iron import Program\n")
    (tmp_path / "host.py").write_text("import numpy\n")
    found, missing = find_designs([str(tmp_path), str(tmp_path / "nope")])
    assert [p.name for p in found] == ["design.py"] and missing == [str(tmp_path / "nope")]
