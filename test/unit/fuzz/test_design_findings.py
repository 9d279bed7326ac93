"""Crashes and hangs the design fuzzer (bench/fuzz_designs.py) found: each is now one clear
error at the design's line."""

from pathlib import Path

from iron_ir.cli.iron import main

ROOT = Path(__file__).parents[3]


def test_a_tap_of_a_billion_elements_is_reported_at_once(capsys, tmp_path):
    # A hang: sizing the runtime arguments and finding the first bad access listed all 10**9
    # offsets of the task (8 GB) before saying anything.
    source = (ROOT / "examples" / "vector_scalar_mul_placed.py").read_text()
    changed = source.replace(
        "shim_dma_single_bd_task(of_factor, f_in, sizes=[1, 1, 1, 1])",
        "shim_dma_single_bd_task(of_factor, f_in, sizes=[1, 1, 1, 10**9])",
    )
    assert changed != source
    design = tmp_path / "design.py"
    design.write_text(changed)
    line = next(i for i, text in enumerate(changed.splitlines(), 1) if "10**9" in text)
    status = main(["run", str(design)])
    err = capsys.readouterr().err
    assert status == 1
    assert f"error: {design}:{line}:1: fill task on @infactor ({design}:{line}:1) reads " in err


def _variant(tmp_path, old, new, base="docs/tutorial_design.py"):
    source = (ROOT / base).read_text()
    assert source.count(old) == 1
    design = tmp_path / "design.py"
    design.write_text(source.replace(old, new))
    line = next(i for i, text in enumerate(design.read_text().splitlines(), 1) if new in text)
    return design, line


def test_kernel_object_file_of_the_wrong_type(capsys, tmp_path):
    # AttributeError in the simulator's kernel registry: the object file was not a string.
    design, line = _variant(tmp_path, '"add.o"', "object()")
    assert main(["run", str(design)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{design}:{line}: error: IronTypeError: Kernel 'eltwise_add_i16_vector': "
                          "bin_name must name the object file")


def test_compile_error_about_one_op_names_its_design_line(capsys, tmp_path):
    # Named only the design file: the tap that cannot be lowered has a line of its own.
    design, line = _variant(tmp_path, "N = 4096", "N = 3")
    assert main(["run", str(design)]) == 1
    err = capsys.readouterr().err
    fill = next(i for i, t in enumerate(design.read_text().splitlines(), 1) if "rt.fill(of_a" in t)
    assert err.startswith(f"{design}:{fill}: error: IronError: compiling the program failed: "
                          "iron.fill @a: cannot lower the access pattern")
    assert line != fill


def test_an_acquire_of_a_billion_objects_is_refused_at_its_line(capsys, tmp_path):
    # A hang: the placed API built 10**9 subview ops for `acquire(Consume, 10**9)`.
    design, line = _variant(
        tmp_path,
        "elem_factor = of_factor.acquire(ObjectFifoPort.Consume, 1)",
        "elem_factor = of_factor.acquire(ObjectFifoPort.Consume, 10**9)",
        base="examples/vector_scalar_mul_placed.py",
    )
    assert main(["run", str(design)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{design}:{line}: error: FifoError: infactor.acquire(1000000000): ")
    assert "more than a compute tile's 65536 bytes of data memory" in err


def test_a_scalar_of_two_billion_elements_is_refused_as_too_large_for_the_tile(capsys, tmp_path):
    # Was "out of memory" without a location: the fifo's objects could not even be allocated.
    # One such object is more than a core can hold, so its first acquire is the error.
    design, _ = _variant(
        tmp_path,
        "scalar_ty = np.ndarray[(1,), np.dtype[np.int32]]",
        "scalar_ty = np.ndarray[(2**31,), np.dtype[np.int32]]",
        base="examples/vector_scalar_mul_placed.py",
    )
    assert main(["run", str(design)]) == 1
    err = capsys.readouterr().err
    line = next(i for i, t in enumerate(design.read_text().splitlines(), 1)
                if "of_factor.acquire(" in t)
    assert err.startswith(f"{design}:{line}: error: FifoError: infactor.acquire(1): ")
    assert "more than a compute tile's 65536 bytes of data memory" in err
