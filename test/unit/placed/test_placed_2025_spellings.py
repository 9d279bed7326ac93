"""The 2025 spellings of placed designs that mlir-aie's examples still carry: ``aie.lock`` through
aiex's star import, ``_for(start=n)``, ``shim_dma_allocation(name, direction, channel,
column)``, ``npu_dma_wait``, ``memref.global_``, ``aie.dialects.vector`` imported; and a design
of that shape (a mem tile forwarding packets by the header kept in its buffer) simulating to its
reference."""

from pathlib import Path

import numpy as np
import pytest

from iron_ir.cli.iron import main
from iron_ir.errors import IronTypeError, TraceError
from iron_ir.placed import aiex
from iron_ir.placed import types as T
from iron_ir.placed.aie import DMAChannelDir, core, shim_dma_allocation, tile
from iron_ir.placed.aiex import npu_dma_wait, runtime_sequence
from iron_ir.placed.memref import global_
from placed_helpers import build, device_lines, run_design

DESIGN = Path(__file__).parent / "designs" / "packet_mux_2025_placed.py"
VEC = np.ndarray[(64,), np.dtype[np.int32]]


def test_the_packet_mux_design_prints_and_simulates_to_its_input(tmp_path, capsys):
    printed = run_design(DESIGN)
    assert printed.returncode == 0, printed.stderr
    text = printed.stdout
    assert 'memref.global "private" constant @offsets : memref<2xi32> = dense<[0, 64]>' in text
    assert "aie.shim_dma_allocation @into_mem(%shim_noc_tile_0_0, MM2S, 0)" in text
    assert text.count("= aie.tile(0, 0)") == 1  # the column form found the design's own tile
    assert "packet = <pkt_type = 0, pkt_id = 2>) {id = 2 : i64, metadata = @into_mem}" in text
    assert text.count("aiex.npu.dma_wait {symbol = @from_workers}") == 2
    out = tmp_path / "out.npz"
    assert main(["run", str(DESIGN), "--out", str(out)]) == 0, capsys.readouterr()
    arrays = np.load(out)
    np.testing.assert_array_equal(arrays["arg1"], arrays["arg0"])


def test_aiex_star_import_brings_the_aie_module():
    assert "aie" in aiex.__all__ and aiex.aie.lock is not None


def test_the_column_form_of_shim_dma_allocation_makes_the_shim_tile_when_missing():
    def body():
        tile(0, 2)
        shim_dma_allocation("in", DMAChannelDir.MM2S, 1, 0)

    lines = device_lines(build(body))
    assert lines[1] == "%shim_noc_tile_0_0 = aie.tile(0, 0)"
    assert lines[2] == "aie.shim_dma_allocation @in(%shim_noc_tile_0_0, MM2S, 1)"


def test_the_column_form_wants_a_column():
    def body():
        shim_dma_allocation("in", DMAChannelDir.MM2S, 0, -1)

    with pytest.raises(IronTypeError, match="the column must be a non-negative integer, got -1"):
        build(body)


def test_for_counts_from_zero_to_start_alone():
    from iron_ir.compat.helpers_scf import _for

    def body():
        t = tile(0, 2)

        @core(t)
        def work():
            for _ in _for(start=4):
                pass
            for _ in _for(1, 9, 2):
                pass

    text = build(body)
    assert "scf.for %arg0 = %c0 to %c4 step %c1 {" in text
    assert "scf.for %arg0 = %c1_0 to %c9 step %c2 {" in text


def test_npu_dma_wait_is_dma_wait():
    def body():
        shim = tile(0, 0)
        shim_dma_allocation("out", shim, DMAChannelDir.S2MM, 0)

        @runtime_sequence(VEC)
        def sequence(a):
            npu_dma_wait("out")

    assert "aiex.npu.dma_wait {symbol = @out}" in build(body)


def test_memref_global_prints_mlirs_form_and_checks_its_arguments():
    def body():
        global_("ext", T.memref(8, T.f32()), sym_visibility="public")
        global_("lut", T.memref(4, T.i16()), initial_value=np.array([1, 2, 3, 4], np.int16),
                constant=True, alignment=64)

    lines = device_lines(build(body))
    assert lines[0] == 'memref.global "public" @ext : memref<8xf32>'
    assert lines[1] == (
        "memref.global constant @lut : memref<4xi16> = dense<[1, 2, 3, 4]> {alignment = 64 : i64}"
    )
    with pytest.raises(IronTypeError, match="initial_value has 3 elements but the type memref<4xi16> holds 4"):
        build(lambda: global_("lut", T.memref(4, T.i16()), initial_value=[1, 2, 3]))
    with pytest.raises(IronTypeError, match="the name must be a string"):
        build(lambda: global_(None, T.memref(4, T.i16())))


def test_a_vector_op_in_a_core_body_says_it_is_not_traced():
    from iron_ir.placed import vector

    with pytest.raises(TraceError, match=r"vector\.load: iron-ir does not trace vector dialect"):
        vector.load  # noqa: B018 - the attribute access is the call site
