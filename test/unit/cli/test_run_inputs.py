"""``iron run`` says where every input array came from, and ``--seed`` applies to every kind
of design."""

import textwrap
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pytest

from iron_ir.cli import iron_opt
from iron_ir.cli.iron import main

ROOT = Path(__file__).parents[3]
VSM = ROOT / "test" / "unit" / "sim" / "inputs" / "vector_scalar_mul_npu1_1col.mlir"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_seed_applies_to_an_mlir_file(capsys, tmp_path):
    results = []
    for seed in (1, 2):
        out_file = tmp_path / f"o{seed}.npz"
        code, out, _ = run(capsys, "run", "--mlir", VSM, "--seed", seed, "--out", out_file)
        assert code == 0
        assert f"  arg0 (in): 4096 int16 random (--seed {seed})" in out.splitlines()
        assert f"  arg1 (in): 1 int32 random (--seed {seed})" in out.splitlines()
        results.append(np.load(out_file)["arg0"])
    assert results[0].any() and not np.array_equal(results[0], results[1])


def test_a_design_without_inputs_says_they_are_random(capsys, tmp_path):
    design = tmp_path / "prints.py"
    design.write_text(
        textwrap.dedent(f"""\
            from pathlib import Path
            if __name__ == "__main__":
                print(Path({str(VSM)!r}).read_text())
            """)
    )
    code, out, _ = run(capsys, "run", design)
    assert code == 0
    assert "  arg0 (in): 4096 int16 random (--seed 0)" in out.splitlines()


def test_inputs_from_npz_and_missing_keys_are_named(capsys, tmp_path):
    path = tmp_path / "in.npz"
    np.savez(path, arg0=np.ones(4096, np.int16))
    code, out, err = run(capsys, "run", "--mlir", VSM, "--inputs", path)
    assert code == 0
    assert f"  arg0 (in): 4096 int16 from {path}" in out.splitlines()
    assert f"  arg1 (in): 1 int32 zeros ({path} has no arg1)" in out.splitlines()
    assert "runtime argument 1 is zero-filled" in err


def test_declared_inputs_are_named(capsys):
    code, out, _ = run(capsys, "run", ROOT / "docs" / "tutorial_design.py")
    assert code == 0
    assert "  arg0 (in): 4096 int16 from INPUTS" in out.splitlines()


def test_iron_opt_version(capsys):
    with pytest.raises(SystemExit) as info:
        iron_opt.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"iron-opt {version('iron-ir')} (iron-ir, xDSL {version('xdsl')})\n"
