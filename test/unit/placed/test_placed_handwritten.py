"""Hand-programmed runtime sequences: npu_push_queue, control_packet and get_target_model, in a
design whose shim BD is written by hand; it runs on the simulator to its numpy reference."""

from pathlib import Path

import numpy as np
import pytest

from iron_ir.cli.iron import main
from iron_ir.errors import DeviceError, IronTypeError
from iron_ir.placed.aie import AIEDevice, DMAChannelDir, get_target_model, tile
from iron_ir.placed.aiex import control_packet, npu_push_queue, runtime_sequence
from placed_helpers import build, here, run_design

DESIGN = Path(__file__).parent / "designs" / "memtile_to_host_placed.py"
VEC = np.ndarray[(64,), np.dtype[np.int32]]


def test_push_queue_and_control_packet_print_as_mlir_aie():
    def body():
        tile(0, 0)

        @runtime_sequence(VEC)
        def sequence(a):
            npu_push_queue(0, 0, DMAChannelDir.MM2S, 1, False, 2, 5)
            control_packet(address=0x0001F000, opcode=0, stream_id=3, data=[1, 2])
            control_packet(address=0x0001F004, opcode=1, stream_id=3, length=2)

    text = build(body)
    assert "aiex.npu.push_queue(0, 0, MM2S : 1) {bd_id = 5 : i32, issue_token = false, repeat_count = 2 : i32}" in text
    assert "aiex.control_packet {address = 126976 : ui32, data = array<i32: 1, 2>, opcode = 0 : i32, stream_id = 3 : i32}" in text
    assert "aiex.control_packet {address = 126980 : ui32, length = 2 : i32, opcode = 1 : i32, stream_id = 3 : i32}" in text


def test_a_bad_push_queue_direction_names_the_line():
    lines = {}

    def body():
        tile(0, 0)

        @runtime_sequence(VEC)
        def sequence(a):
            lines["push"] = here(1)
            npu_push_queue(0, 0, 7, 0, True, 0, 1)

    with pytest.raises(IronTypeError, match="not a DMA direction") as info:
        build(body)
    assert info.value.location == lines["push"]


def test_the_target_model_reads_the_device_table():
    npu1 = get_target_model(AIEDevice.npu1_1col)
    assert (npu1.columns(), npu1.rows()) == (1, 6)
    assert npu1.is_shim_noc_tile(0, 0) and npu1.is_mem_tile(0, 1) and npu1.is_core_tile(0, 5)
    assert not npu1.is_core_tile(0, 1) and not npu1.is_core_tile(0, 6)
    assert (npu1.get_column_shift(), npu1.get_row_shift()) == (25, 20)
    assert npu1.get_num_locks(0, 1) == 64 and npu1.get_num_bds(0, 0) == 16
    assert get_target_model("npu2").columns() == 8
    with pytest.raises(DeviceError, match="unknown device"):
        get_target_model("npu9")


def test_the_hand_programmed_design_simulates_to_numpy(tmp_path, capsys):
    printed = run_design(DESIGN)
    assert printed.returncode == 0, printed.stderr
    assert main(["run", str(DESIGN), "--out", str(tmp_path / "out.npz")]) == 0, capsys.readouterr()
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["arg0"], np.arange(128, dtype=np.int32) * 5 - 7)


CHAIN = Path(__file__).parent / "designs" / "shim_locks_chain_placed.py"


@pytest.mark.parametrize("exact", [False, True])
def test_hand_written_shim_bds_chain_through_undeclared_shim_locks(exact):
    """A shim tile's hardware locks exist whether or not the design declares them: BD 1 waits
    on lock 1 that BD 0 releases, so the compute tile receives the table BD 0 brought in."""
    from iron_ir.cli.load import load_python
    from iron_ir.sim import SimOptions, simulate

    module = load_python(str(CHAIN), []).module
    table = np.arange(64, dtype=np.int32) * 3 + 1
    result = simulate(module, [np.zeros(64, np.int32)], SimOptions(exact_schedule=exact))
    np.testing.assert_array_equal(result.outputs[0], table)
    np.testing.assert_array_equal(result.buffers["landed"], table)


def test_a_lock_id_past_the_tiles_locks_is_named(tmp_path, capsys):
    source = CHAIN.read_text().replace("acq_id=1, acq_val=1", "acq_id=16, acq_val=1")
    design = tmp_path / "bad_lock.py"
    design.write_text(source)
    assert main(["run", str(design)]) == 1
    err = capsys.readouterr().err
    assert "lock 16 of tile (0, 0): the tile has 16 locks (0 to 15)" in err
    assert "Traceback" not in err
