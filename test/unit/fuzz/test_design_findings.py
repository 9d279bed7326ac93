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
