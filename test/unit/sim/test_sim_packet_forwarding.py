"""A packet header carried in the data: a mem tile forwards buffers it received with their
headers kept, its own BD carrying none, and the switch routes each by the header in its first
word (mlir-aie's flexible data movement examples multiplex one shim channel to several cores
this way). Packet ids name flows per source: the shim's packet 1 and the mem tile's packet 1
go to different places."""

import numpy as np
import pytest

from iron_ir.sim import SimOptions, simulate
from iron_ir.sim.errors import DesignError
from iron_ir.sim.machine.packet import header_word

from conftest import parse_design


def _relay(tile: str, words: int, dims: str = "", attrs: str = "", dma: str = "aie.mem") -> str:
    """A tile's buffer ``<tile>_buf`` of ``words`` i32 and its DMA program: S2MM 0 receives
    into it, MM2S 0 sends it on (its BD with ``dims`` after the length and ``attrs``)."""
    return f"""
    %{tile}_buf = aie.buffer(%{tile}) {{sym_name = "{tile}_buf"}} : memref<{words}xi32>
    %{tile}_prod = aie.lock(%{tile}, 0) {{init = 1 : i32, sym_name = "{tile}_prod"}}
    %{tile}_cons = aie.lock(%{tile}, 1) {{init = 0 : i32, sym_name = "{tile}_cons"}}
    %{tile}_dma = {dma}(%{tile}) {{
      %a = aie.dma_start(S2MM, 0, ^recv, ^out)
    ^recv:
      aie.use_lock(%{tile}_prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%{tile}_buf : memref<{words}xi32>, 0, {words})
      aie.use_lock(%{tile}_cons, Release, 1)
      aie.next_bd ^recv
    ^out:
      %b = aie.dma_start(MM2S, 0, ^send, ^end)
    ^send:
      aie.use_lock(%{tile}_cons, AcquireGreaterEqual, 1)
      aie.dma_bd(%{tile}_buf : memref<{words}xi32>, 0, {words}{dims}){attrs}
      aie.use_lock(%{tile}_prod, Release, 1)
      aie.next_bd ^send
    ^end:
      aie.end
    }}"""


def _core_loop(tile: str, pid: int, dims: str) -> str:
    """A core tile's DMA: S2MM 0 into ``buf``, MM2S 0 sends it as packet ``pid``."""
    return _relay(tile, 16, dims, f" {{packet = #aie.packet_info<pkt_type = 0, pkt_id = {pid}>}}")


def _send_receive(pid: int, offset: int) -> str:
    return f"""
      %in{pid} = aiex.dma_configure_task(%shim, MM2S, 0) {{
        aie.dma_bd(%x : memref<32xi32>, {offset}, 16) {{packet = #aie.packet_info<pkt_type = 0, pkt_id = {pid}>}}
        aie.end
      }}
      %out{pid} = aiex.dma_configure_task(%shim, S2MM, 0) {{
        aie.dma_bd(%y : memref<32xi32>, {offset}, 16)
        aie.end
      }} {{issue_token = true}}
      aiex.dma_start_task(%in{pid})
      aiex.dma_start_task(%out{pid})
      aiex.dma_await_task(%out{pid})
      aiex.dma_free_task(%in{pid})
"""


def forwarding_design(mem_feed: str = "packets", mem_words: int = 17) -> str:
    """Shim MM2S 0 sends packets 1 and 2 to the mem tile's S2MM 0 with their headers kept
    (``mem_feed="circuit"``: a plain flow instead, so the mem tile's buffer holds raw data);
    the mem tile sends each buffer on, header word first, its BD without a header of its own;
    packet 1 of the mem tile goes to core 0, packet 2 to core 1, which sends it back
    transposed as 4 x 4; both come back to one shim S2MM as packets 3 and 4."""
    if mem_feed == "packets":
        feed = "".join(
            f"""
    aie.packet_flow({pid}) {{
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%mem, DMA : 0>
    }} {{keep_pkt_header = true}}"""
            for pid in (1, 2)
        )
    else:
        feed = "\n    aie.flow(%shim, DMA : 0, %mem, DMA : 0)"
    routes = "".join(
        f"""
    aie.packet_flow({pid}) {{
      aie.packet_source<%{src}, DMA : 0>
      aie.packet_dest<%{dst}, DMA : 0>
    }}"""
        for pid, src, dst in ((1, "mem", "c0"), (2, "mem", "c1"), (3, "c0", "shim"), (4, "c1", "shim"))
    )
    return f"""module {{
  aie.device(npu1_1col) {{
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %c0 = aie.tile(0, 2)
    %c1 = aie.tile(0, 3){feed}{routes}
{_relay("mem", mem_words, dma="aie.memtile_dma")}{_core_loop("c0", 3, "")}{_core_loop("c1", 4, ", [<size = 4, stride = 1>, <size = 4, stride = 4>]")}
    aie.runtime_sequence(%x: memref<32xi32>, %y: memref<32xi32>) {{{_send_receive(1, 0)}{_send_receive(2, 16)}    }}
  }}
}}
"""


def test_mem_tile_forwards_by_the_header_in_its_data():
    mod = parse_design(forwarding_design(), "forwarding.mlir")
    x = np.arange(32, dtype=np.int32) * 3 + 7
    fast = simulate(mod, [x])
    exact = simulate(mod, [x], SimOptions(exact_schedule=True))
    for run in (fast, exact):
        y = run.outputs[1]
        np.testing.assert_array_equal(y[:16], x[:16])  # through core 0
        np.testing.assert_array_equal(y[16:], x[16:].reshape(4, 4).T.reshape(-1))  # core 1
        # The mem tile's buffer last held packet 2: its header (kept) and its data.
        mbuf = run.buffers["mem_buf"]
        assert mbuf[0].view(np.uint32) == header_word(2, 0)
        np.testing.assert_array_equal(mbuf[1:], x[16:])
    assert fast.warnings == exact.warnings


def test_a_header_in_the_data_that_no_flow_routes_is_named():
    # Raw data reaches the mem tile: the first word it forwards (7) reads as packet id 7.
    mod = parse_design(forwarding_design("circuit", 16), "raw.mlir")
    x = np.arange(32, dtype=np.int32) + 7
    with pytest.raises(DesignError) as err:
        simulate(mod, [x])
    text = str(err.value)
    assert "sends packet id 7 (read from the first word of its BD's data, 0x00000007" in text
    assert "mem_tile_0_1 MM2S:0" in text
    assert "routes anywhere from it" in text


def test_iron_run_counts_configured_tasks_and_ends_cleanly(capsys, tmp_path):
    """The run's summary counts ``aiex.dma_configure_task`` tasks, and the end-of-run checks
    pass over packet streams into the host (they used to expect a circuit there)."""
    from iron_ir.cli.iron import main

    design = tmp_path / "forwarding.mlir"
    design.write_text(forwarding_design())
    code = main(["run", "--mlir", str(design)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "npu1_1col, 0 cores, 0 objectfifos, 0 links, 4 runtime DMA tasks" in out
    assert "Traceback" not in out + err
