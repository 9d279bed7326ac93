"""``iron run`` checks every path it is given before any work, and never overwrites an input."""

from importlib.metadata import version
from pathlib import Path

import numpy as np
import pytest
from probes import probe

from iron_ir.cli.iron import main

ROOT = Path(__file__).parents[3]
VSM = ROOT / "test" / "unit" / "sim" / "inputs" / "vector_scalar_mul_npu1_1col.mlir"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "internal error" not in err
    return code, out, err


@pytest.fixture
def design(tmp_path):
    """A design whose loading leaves a mark: no mark means no work was done."""
    path = tmp_path / "design.py"
    mark = tmp_path / "loaded"
    path.write_text(f"open({str(mark)!r}, 'w').close()\nprint('module {{}}')\n")
    return path


def loaded(design) -> bool:
    return (design.parent / "loaded").exists()


@pytest.mark.parametrize("option", ["--out", "--trace"])
def test_output_in_a_missing_folder_fails_before_the_run(capsys, design, option):
    name = "/nonexistent/dir/o.npz" if option == "--out" else "/nonexistent/dir/t.json"
    code, out, err = run(capsys, "run", design, option, name)
    assert code == 1 and out == ""
    assert err == f"error: {option} {name}: the folder /nonexistent/dir does not exist\n"
    assert not loaded(design)


def test_output_that_is_a_folder(capsys, design, tmp_path):
    code, _, err = run(capsys, "run", design, "--trace", tmp_path)
    assert code == 1 and "is a folder; give a file name inside it" in err
    assert not loaded(design)


def test_out_must_be_an_npz(capsys, design, tmp_path):
    code, _, err = run(capsys, "run", design, "--out", tmp_path / "o")
    assert code == 1 and err.endswith(f"name it {tmp_path / 'o'}.npz\n")


@pytest.mark.parametrize("option", ["--out", "--trace"])
def test_an_output_never_overwrites_an_input(capsys, tmp_path, option):
    inputs = tmp_path / "in.npz"
    np.savez(inputs, arg0=np.ones(4096, np.int16))
    before = inputs.read_bytes()
    code, _, err = run(capsys, "run", "--mlir", VSM, "--inputs", inputs, option, inputs)
    assert code == 1 and f"{option} {inputs} is also --inputs: iron run never overwrites" in err
    assert inputs.read_bytes() == before


def test_the_design_is_an_input_too(capsys, tmp_path):
    mlir = tmp_path / "d.npz"  # an odd name, but a readable AIE file
    mlir.write_text(VSM.read_text())
    code, _, err = run(capsys, "run", "--mlir", mlir, "--out", mlir)
    assert code == 1 and "is also --mlir" in err
    assert mlir.read_text() == VSM.read_text()


def test_out_and_trace_are_different_files(capsys, tmp_path):
    code, _, err = run(capsys, "run", "--mlir", VSM, "--out", tmp_path / "o.npz", "--trace",
                       tmp_path / "o.npz")
    assert code == 1 and "--out and --trace are the same file" in err


def test_missing_inputs_file(capsys, tmp_path):
    code, _, err = run(capsys, "run", "--mlir", VSM, "--inputs", tmp_path / "none.npz")
    assert code == 1 and err == f"error: {tmp_path / 'none.npz'}: no such file\n"


def test_inputs_that_are_not_npz(capsys, tmp_path):
    text = tmp_path / "in.txt"
    text.write_text("1 2 3\n")
    code, _, err = run(capsys, "run", "--mlir", VSM, "--inputs", text)
    assert code == 1 and "pickle" not in err
    assert f"{text}: not a .npz archive; --inputs takes the arrays" in err
    npy = tmp_path / "a.npy"
    np.save(npy, np.zeros(3))
    code, _, err = run(capsys, "run", "--mlir", VSM, "--inputs", npy)
    assert code == 1 and "a .npy file (one array), but --inputs takes a .npz archive" in err


def test_npz_with_python_objects(capsys, tmp_path):
    path = tmp_path / "in.npz"
    np.savez(path, arg0=np.array([{"a": 1}], dtype=object))
    code, _, err = run(capsys, "run", "--mlir", VSM, "--inputs", path)
    assert code == 1 and "holds Python objects (pickled), not plain arrays" in err


def test_mlir_that_is_not_utf8(capsys, tmp_path):
    path = tmp_path / "bin.mlir"
    path.write_bytes(b"module {\xff\xfe}")
    code, _, err = run(capsys, "run", "--mlir", path)
    assert code == 1
    assert err == f"{path}: error: not UTF-8 text (byte 8 is 0xff); --mlir takes an AIE-dialect text file\n"


def test_python_design_given_as_mlir(capsys, design):
    code, _, err = run(capsys, "run", "--mlir", design)
    assert code == 1 and f"{design} is a Python design: run it as `iron run {design}`" in err
    assert not loaded(design)


@pytest.mark.parametrize("value", ["0", "-5", "nan"])
def test_budgets_must_be_positive(capsys, value):
    with pytest.raises(SystemExit) as info:
        main(["run", "--mlir", str(VSM), "--timeout", value])
    assert info.value.code == 1
    assert "argument --timeout: must be positive" in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"iron {version('iron-ir')} (iron-ir, xDSL {version('xdsl')})\n"


def test_help_does_not_load_the_compiler_or_the_simulator():
    loaded = probe(
        "import sys\nfrom iron_ir.cli import iron\n"
        "try:\n    iron.main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('iron_ir.sim', 'iron_ir.runtime', "
        "'xdsl', 'numpy'))))\n"
    )
    assert loaded == "[]"


def test_a_design_imports_the_modules_beside_it(capsys, tmp_path):
    """As `python design.py`: the design's folder is on the path while it loads (mlir-aie's
    examples share a harness.py between their variants), and only then."""
    import shutil
    import sys

    folder = tmp_path / "example"
    folder.mkdir()
    (folder / "beside_harness.py").write_text("SCALE = 3\n")
    design = folder / "design.py"
    shutil.copy(ROOT / "examples" / "vector_scalar_mul.py", design)
    design.write_text("from beside_harness import SCALE  # noqa: F401\n" + design.read_text())
    code, out, err = run(capsys, "run", design)
    assert code == 0, err
    assert "PASS" in out
    assert str(folder) not in sys.path
    sys.modules.pop("beside_harness", None)


def test_a_designs_own_messages_are_shown_and_its_printed_module_is_not(capsys, tmp_path):
    """What a design prints while it loads appears as `python design.py` shows it, before the
    run's summary; a module it prints is what iron run runs, not output."""
    high = tmp_path / "high.py"
    high.write_text("print('building the design')\n" + (ROOT / "examples" / "vector_scalar_mul.py").read_text())
    code, out, err = run(capsys, "run", high)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "building the design" and lines[1].startswith(f"{high}: npu1_1col")
    placed = tmp_path / "placed.py"
    source = (ROOT / "examples" / "vector_scalar_mul_placed.py").read_text()
    placed.write_text(source + "\nprint('placed design printed')\n")
    code, out, err = run(capsys, "run", placed)
    assert code == 0, err
    assert out.splitlines()[0] == "placed design printed"
    assert "aie.device" not in out
