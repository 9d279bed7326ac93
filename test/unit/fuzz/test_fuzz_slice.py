"""A small seeded slice of the fuzz drivers in bench/ (the bench runs are the real search):
mutated IR through iron-opt, iron-opt -p iron-to-aie and iron run --mlir, and misused designs
through iron run. Nothing may crash or hang; each outcome is a module, a located diagnostic or
the simulator's report."""

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).parents[3] / "bench"


def _bench(name):
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_mutated_ir_never_crashes_or_hangs(tmp_path):
    fuzz_ir = _bench("fuzz_ir")
    report = fuzz_ir.fuzz(count=80, seed=13, timeout=20.0, scratch=tmp_path)
    assert report.tried == 80
    assert not report.crashes, {
        key: (mutant.seed, mutant.mutations, outcome.err[-600:])
        for key, (mutant, outcome) in report.crashes.items()
    }


def test_misused_designs_never_crash_or_hang(tmp_path):
    fuzz_designs = _bench("fuzz_designs")
    report = fuzz_designs.fuzz(count=10, seed=13, timeout=20.0, scratch=tmp_path)
    assert report.tried == 10
    assert not (report.counts["crash"] or report.counts["hang"]), {
        key: (variant.change, outcome.err[-600:])
        for key, (variant, outcome) in report.groups.items()
        if key[0] in ("crash", "hang")
    }
