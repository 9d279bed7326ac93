"""The ``iron`` command: one message and exit status 1 for every user error, never a traceback."""

import json
import textwrap
from pathlib import Path

import numpy as np
import pytest

from iron_ir.cli.iron import main

INPUTS = Path(__file__).parent / "inputs"
VSM = INPUTS / "vector_scalar_mul_npu1_1col.mlir"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_mlir_inputs_and_outputs_by_position(tmp_path, capsys):
    a = (np.arange(4096) % 300 - 150).astype(np.int16)
    np.savez(tmp_path / "in.npz", arg0=a, arg1=np.array([-4], dtype=np.int32))
    code, out, _ = run(
        capsys,
        "run",
        "--mlir",
        str(VSM),
        "--inputs",
        str(tmp_path / "in.npz"),
        "--out",
        str(tmp_path / "out.npz"),
    )
    assert code == 0 and "simulated" in out
    result = np.load(tmp_path / "out.npz")
    assert sorted(result.files) == ["arg0", "arg1", "arg2"]
    np.testing.assert_array_equal(result["arg2"], (a * -4).astype(np.int16))
    np.testing.assert_array_equal(result["arg0"], a)


def test_missing_input_is_zero_filled_with_a_warning(tmp_path, capsys):
    np.savez(tmp_path / "in.npz", arg0=np.ones(4096, dtype=np.int16))
    code, _, err = run(
        capsys,
        "run",
        "--mlir",
        str(VSM),
        "--inputs",
        str(tmp_path / "in.npz"),
        "--out",
        str(tmp_path / "o.npz"),
    )
    assert code == 0
    assert "warning:" in err and "runtime argument 1 is zero-filled" in err
    assert not np.load(tmp_path / "o.npz")["arg2"].any()


def test_unknown_npz_key(tmp_path, capsys):
    np.savez(tmp_path / "in.npz", input=np.ones(3))
    code, _, err = run(capsys, "run", "--mlir", str(VSM), "--inputs", str(tmp_path / "in.npz"))
    assert code == 1 and "keys input do not name runtime arguments" in err


def test_deadlock_is_one_report(capsys):
    code, _, err = run(capsys, "run", "--mlir", str(INPUTS / "deadlock_missing_fill.mlir"))
    assert code == 1 and err.startswith("error: Deadlock after")
    assert "no runtime DMA task ever fills objectfifo @in" in err


def test_parse_error_points_at_the_line(tmp_path, capsys):
    bad = tmp_path / "bad.mlir"
    bad.write_text("module {\n  aie.device(npu1_1col) {\n    %t = aie.tile(0, 2\n  }\n}\n")
    code, _, err = run(capsys, "run", "--mlir", str(bad))
    assert code == 1 and f"{bad}:4:3: error: ')' expected" in err and "^" in err


def test_missing_file_and_wrong_usage(capsys):
    assert (
        run(capsys, "run", "--mlir", "/no/such.mlir")[2].strip()
        == "error: /no/such.mlir: no such file"
    )
    code, _, err = run(capsys, "run", str(VSM))
    assert code == 1 and "--mlir" in err


def test_trace_is_chrome_json(tmp_path, capsys):
    trace = tmp_path / "t.json"
    code, _, _ = run(capsys, "run", "--mlir", str(VSM), "--trace", str(trace))
    assert code == 0
    events = json.loads(trace.read_text())["traceEvents"]
    kinds = {e["ph"] for e in events}
    assert {"M", "X", "C"} <= kinds
    threads = {e["tid"]: e["args"]["name"] for e in events if e["name"] == "thread_name"}
    assert "core_0_2" in threads.values()
    assert all(isinstance(e.get("tid", 0), int) for e in events)
    assert any(e["ph"] == "X" and threads.get(e["tid"]) == "core_0_2" for e in events)


def printing_design(tmp_path, reference_factor):
    design = tmp_path / "design.py"
    design.write_text(textwrap.dedent(f"""
            from pathlib import Path
            import numpy as np

            INPUTS = [np.arange(4096, dtype=np.int16) % 100, np.array([3], dtype=np.int32)]

            def reference(inputs):
                a, f = inputs
                return [(a * {reference_factor}).astype(np.int16)]

            if __name__ == "__main__":
                print(Path({str(VSM)!r}).read_text())
            """))
    return design


def test_design_file_that_prints_its_module_pass(tmp_path, capsys):
    code, out, _ = run(capsys, "run", str(printing_design(tmp_path, 3)))
    assert code == 0 and out.strip().endswith("PASS")


def test_design_file_mismatch_fail_lists_first_mismatches(tmp_path, capsys):
    code, out, _ = run(capsys, "run", str(printing_design(tmp_path, 4)))
    assert code == 1
    lines = out.splitlines()
    assert "FAIL" in lines
    assert any(line.startswith("arg2: ") and "elements differ" in line for line in lines)
    assert any("got 3, expected 4" in line for line in lines)


def test_design_file_exception_is_located(tmp_path, capsys):
    design = tmp_path / "broken.py"
    design.write_text(
        "import numpy as np\n\nx = 1\nraise ValueError('tile size must divide 4096')\n"
    )
    code, _, err = run(capsys, "run", str(design))
    assert code == 1 and f"{design}:4: ValueError: tile size must divide 4096" in err


def test_xrt_backend_without_pyxrt(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(__import__("sys").modules, "pyxrt", None)
    (tmp_path / "a.xclbin").write_bytes(b"x")
    (tmp_path / "insts.txt").write_text("00000001\n")
    code, _, err = run(
        capsys,
        "run",
        "--mlir",
        str(VSM),
        "--backend",
        "xrt",
        "--xclbin",
        str(tmp_path / "a.xclbin"),
        "--insts",
        str(tmp_path / "insts.txt"),
    )
    assert code == 1 and "needs XRT's Python bindings (pyxrt)" in err


EXAMPLE = Path(__file__).parents[3] / "examples" / "vector_scalar_mul.py"


@pytest.mark.skipif(not EXAMPLE.is_file(), reason="the IRON examples are not in this checkout")
def test_iron_design_with_program_runs_end_to_end(capsys):
    code, out, err = run(capsys, "run", str(EXAMPLE))
    assert code == 0, err
    assert out.strip().endswith("PASS")


@pytest.mark.skipif(
    __import__("importlib.util").util.find_spec("iron_ir.compat") is None,
    reason="the import hook for unmodified IRON designs is not in this checkout",
)
def test_unmodified_mlir_aie_design_with_its_own_arguments(tmp_path, capsys):
    design = INPUTS / "unmodified_passthrough_kernel.py"
    out_file = tmp_path / "o.npz"
    code, out, err = run(capsys, "run", str(design), "--out", str(out_file), "--", "-s", "4096")
    assert code == 0, err
    result = np.load(out_file)
    np.testing.assert_array_equal(result["arg1"], result["arg0"])
    assert result["arg0"].any()  # random inputs (fixed seed) when the design declares none


def test_usage_errors_exit_with_status_one(capsys):
    with pytest.raises(SystemExit) as info:
        main(["run", "--max-steps", "many"])
    assert info.value.code == 1
    assert "invalid int value: 'many'" in capsys.readouterr().err


def test_api_misuse_in_a_design_is_one_located_error(tmp_path, capsys):
    design = tmp_path / "two_producers.py"
    design.write_text(
        textwrap.dedent(
            """\
            import numpy as np
            from iron_ir import ObjectFifo, Worker
            of = ObjectFifo(np.ndarray[(16,), np.dtype[np.int32]], name="in")
            Worker(lambda a: None, [of.prod()])
            Worker(lambda a: None, [of.prod()])
            """
        )
    )
    code, out, err = run(capsys, "run", str(design))
    assert code == 1 and out == ""
    assert err.startswith(f"{design}:5: error: FifoError: ObjectFifo 'in': this producer handle")
    assert err.count(str(design)) == 2  # the error's line, and the first producer's line


def test_a_compile_error_of_program_names_the_design_file(tmp_path, capsys):
    design = tmp_path / "deep.py"
    source = (Path(__file__).resolve().parents[3] / "docs" / "tutorial_design.py").read_text()
    design.write_text(source.replace("of_a.cons()", "of_a.cons(depth=32)"))
    code, out, err = run(capsys, "run", str(design))
    assert code == 1
    assert err.startswith(f"{design}: error: IronError: compiling the program failed: compute tile")


def test_a_deadlock_in_a_python_design_names_the_design_lines(tmp_path, capsys):
    """Ops traced from the design carry its file:line, so reports point into the design."""
    design = tmp_path / "no_release.py"
    source = (Path(__file__).resolve().parents[3] / "docs" / "tutorial_design.py").read_text()
    design.write_text(source.replace("        of_c.release(1)\n", "        pass\n"))
    code, out, err = run(capsys, "run", str(design))
    lines = source.splitlines()
    acquire = next(i for i, l in enumerate(lines, 1) if "of_a.acquire(1)" in l)
    drain = next(i for i, l in enumerate(lines, 1) if "rt.drain(" in l)
    assert code == 1 and "Deadlock" in err
    assert f"core_0_2: waits at {design}:{acquire}:1 on objectfifo @a (Consume)" in err
    assert f"drain task on @c ({design}:{drain}:1)" in err


def test_level_physical_simulates_the_lowered_design(tmp_path, capsys):
    a = (np.arange(4096) % 300 - 150).astype(np.int16)
    np.savez(tmp_path / "in.npz", arg0=a, arg1=np.array([3], dtype=np.int32))
    code, out, _ = run(
        capsys, "run", "--mlir", str(VSM), "--level", "physical",
        "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz"),
    )
    assert code == 0 and "simulated" in out
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["arg2"], (a * 3).astype(np.int16))


def test_a_physical_design_runs_from_its_text(capsys):
    code, out, _ = run(
        capsys, "run", "--mlir", str(INPUTS / "physical" / "compute_tile_add_one.mlir")
    )
    assert code == 0 and "simulated" in out
