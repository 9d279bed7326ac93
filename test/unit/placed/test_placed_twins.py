"""Designs written both ways: the placed form and the high-level form compile to AIE text that
the simulator runs to the same outputs, each matching its numpy reference."""

from pathlib import Path

import numpy as np
import pytest

from iron_ir.cli.iron import main

HERE = Path(__file__).parent
EXAMPLES = HERE.parents[2] / "examples"
TWINS = [
    HERE / "twins" / "passthrough",
    HERE / "twins" / "vector_scalar_mul_memtile",
    HERE / "twins" / "reduce_max_split_join",
    HERE / "twins" / "gemm_bf16",
    EXAMPLES / "vector_scalar_mul",
    EXAMPLES / "rtp_scale",
]


def run(path: Path, out: Path, capsys) -> dict[str, np.ndarray]:
    code = main(["run", str(path), "--out", str(out)])
    stdout, stderr = capsys.readouterr()
    assert code == 0, stdout + stderr
    assert stdout.strip().splitlines()[-1] == "PASS", stdout
    return dict(np.load(out))


@pytest.mark.parametrize("stem", TWINS, ids=lambda p: p.name)
def test_placed_and_high_level_twins_give_the_same_outputs(stem, tmp_path, capsys):
    placed = run(stem.with_name(stem.name + "_placed.py"), tmp_path / "placed.npz", capsys)
    high_level = run(stem.with_suffix(".py"), tmp_path / "high_level.npz", capsys)
    assert placed.keys() == high_level.keys()
    for key in placed:
        np.testing.assert_array_equal(placed[key], high_level[key], err_msg=key)


@pytest.mark.parametrize("name", ["vector_scalar_mul", "rtp_scale"])
def test_example_twins_print_the_same_module(name):
    import subprocess
    import sys

    texts = [
        subprocess.run(
            [sys.executable, str(EXAMPLES / f"{name}{suffix}.py")], capture_output=True, text=True, check=True
        ).stdout
        for suffix in ("_placed", "")
    ]
    assert texts[0] == texts[1]
