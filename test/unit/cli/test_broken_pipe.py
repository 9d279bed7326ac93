"""A reader that stops early (`| head -c 1`) ends our tools quietly: no traceback, no
'internal error', no 'Exception ignored' at exit."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).parents[3]


def _piped(command: str) -> str:
    result = subprocess.run(
        ["bash", "-c", f"{command} | head -c 1 > /dev/null"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    return result.stderr


def _quiet(stderr: str) -> None:
    for sign in ("Traceback", "internal error", "Exception ignored", "BrokenPipeError"):
        assert sign not in stderr, stderr


def test_iron_opt_into_a_closed_pipe(tmp_path):
    # Far more text than a pipe buffers, so iron-opt is still printing when head leaves.
    body = "\n".join(f"  %c{i} = arith.constant {i} : i32" for i in range(20000))
    path = tmp_path / "big.mlir"
    path.write_text(f"func.func @f() {{\n{body}\n  func.return\n}}\n")
    _quiet(_piped(f"iron-opt {path}"))


def test_iron_check_into_a_closed_pipe():
    _quiet(_piped("iron check examples/vector_scalar_mul.py examples/passthrough_memtile.py"))


def test_iron_run_into_a_closed_pipe(tmp_path):
    # The design's own messages (echoed as `python design.py` shows them) overflow the pipe
    # while iron run is still going.
    design = tmp_path / "chatty.py"
    source = (ROOT / "examples" / "vector_scalar_mul.py").read_text()
    design.write_text("for i in range(20000):\n    print('line', i)\n" + source)
    _quiet(_piped(f"iron run {design}"))
