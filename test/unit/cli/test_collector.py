"""The collector around a command (iron_ir.collector) and the console scripts that use it."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from probes import probe

from iron_ir.collector import command, started

REPO = Path(__file__).resolve().parents[3]
TINY = "aie.device(npu1) {\n  %t = aie.tile(0, 2)\n}\n"


@pytest.fixture
def collector_restored():
    enabled = gc.isenabled()
    yield
    gc.unfreeze()  # what an entry-point test froze goes back to the collector
    if enabled:
        gc.enable()
    else:
        gc.disable()


def test_an_in_process_command_pauses_and_restores_the_collector(collector_restored):
    gc.enable()
    frozen = gc.get_freeze_count()
    with command(entry_point=False):
        assert not gc.isenabled()
        started()
        assert gc.isenabled()
        started()  # once running, a second start changes nothing
        assert gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen  # nothing of the calling process is kept


def test_a_command_that_never_starts_still_gives_the_collector_back(collector_restored):
    gc.enable()
    with pytest.raises(SystemExit):
        with command(entry_point=False):
            raise SystemExit(1)
    assert gc.isenabled()


def test_a_command_leaves_a_paused_collector_paused(collector_restored):
    gc.disable()
    with command(entry_point=False):
        started()
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_started_outside_a_command_changes_nothing(collector_restored):
    gc.disable()
    started()
    assert not gc.isenabled()


def test_an_entry_point_freezes_start_up_and_everything_at_its_end(collector_restored):
    gc.enable()
    gc.unfreeze()
    with command(entry_point=True):
        assert not gc.isenabled()
        start_up_objects = [[i] for i in range(100)]
        started()
        assert gc.isenabled()
        assert gc.get_freeze_count() >= len(start_up_objects)
        tracked = {id(o) for o in gc.get_objects()}  # the collector's generations
        assert not any(id(o) in tracked for o in start_up_objects)
        running = [[i] for i in range(100)]
        tracked = {id(o) for o in gc.get_objects()}
        assert all(id(o) in tracked for o in running)
    assert gc.isenabled()
    tracked = {id(o) for o in gc.get_objects()}
    assert not any(id(o) in tracked for o in running)  # the exit collection skips them


def test_the_console_scripts_run_their_command_as_an_entry_point():
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"iron-opt": "iron_ir.cli.entry:iron_opt", "iron": "iron_ir.cli.entry:iron"}
    seen = probe(
        "import gc, sys\n"
        "from iron_ir.cli import entry, iron\n"
        "seen = {}\n"
        "real = iron._main\n"
        "def spy(argv):\n"
        "    seen['during'] = gc.isenabled()\n"
        "    return real(argv)\n"
        "iron._main = spy\n"
        "sys.argv = ['iron', '--version']\n"
        "try:\n    entry.iron()\nexcept SystemExit:\n    pass\n"
        "print(seen['during'], gc.isenabled(), gc.get_freeze_count() > 0)\n"
    )
    assert seen == "False True True"


def test_iron_opt_entry_point_output_is_the_same(tmp_path):
    source = tmp_path / "tiny.mlir"
    source.write_text(TINY)
    outputs = []
    for code in (
        "from iron_ir.cli.entry import iron_opt; iron_opt()",
        "from iron_ir.cli.iron_opt import main; main()",
    ):
        result = subprocess.run(
            [sys.executable, "-c", code, str(source), "-p", "aie-assign-lock-ids"],
            capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(REPO)),
        )
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert "aie.tile(0, 2)" in outputs[0]


def test_a_simulation_resumes_the_collector(collector_restored):
    from iron_ir.cli.iron import main

    gc.enable()
    seen = []
    import iron_ir.runtime.sim as sim

    real = sim.Simulator.run

    def spy(self, arrays):
        seen.append(gc.isenabled())
        return real(self, arrays)

    sim.Simulator.run = spy
    try:
        with command(entry_point=False):
            assert main(["run", str(REPO / "examples" / "vector_scalar_mul.py")]) == 0
    finally:
        sim.Simulator.run = real
    assert seen == [True]
    assert gc.isenabled()
