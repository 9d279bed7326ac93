"""2026's declarative trace (aie.utils.trace.configure_trace / start_trace): the aie.trace ops
a design declares, aie.trace.host_config, the simulator running past them, misuse at the line."""

from pathlib import Path

import numpy as np
import pytest

from iron_ir.cli.iron import main
from iron_ir.device.trace import CoreEvent, MemEvent
from iron_ir.errors import DeviceError, IronTypeError
from iron_ir.placed import trace as trace_utils
from iron_ir.placed.aie import AIEDevice, WireBundle, tile
from iron_ir.placed.aiex import runtime_sequence
from iron_ir.placed.trace import PortEvent
from placed_helpers import build, here, run_design

DESIGN = Path(__file__).parent / "designs" / "saxpy_traced_placed.py"
VEC = np.ndarray[(64,), np.dtype[np.int32]]


def blocks(text: str) -> dict[str, list[str]]:
    """Each ``aie.trace @name`` op's body lines."""
    found: dict[str, list[str]] = {}
    name = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("aie.trace @"):
            name = line.split("@")[1].split("(")[0]
            found[name] = []
        elif name is not None:
            if line == "}":
                name = None
            else:
                found[name].append(line)
    return found


def test_one_trace_per_unit_named_by_kind_and_packet_id():
    def body():
        shim, core = tile(0, 0), tile(0, 2)
        trace_utils.configure_trace(
            [core, core, shim],
            coretile_events=[CoreEvent.INSTR_VECTOR, PortEvent(CoreEvent.PORT_RUNNING_3, WireBundle.North, 1, False)],
            coremem_events=[MemEvent.LOCK_SEL0_ACQ_GE],
        )

        @runtime_sequence(VEC)
        def sequence(a):
            trace_utils.start_trace(trace_size=4096)

    text = build(body)
    traces = blocks(text)
    assert list(traces) == ["trace_core_1", "trace_mem_2", "trace_shim_3"]
    core = traces["trace_core_1"]
    assert core[:4] == [
        'aie.trace.mode "Event-Time"', "aie.trace.packet id = 1 type = core",
        'aie.trace.event <"INSTR_VECTOR">', 'aie.trace.event <"PORT_RUNNING_3">',
    ]
    assert core.count('aie.trace.event <"NONE">') == 6  # padded to the unit's eight slots
    assert "aie.trace.port<3> port = North channel = 1 direction = MM2S" in core
    assert core[-2:] == ["aie.trace.start broadcast = 15", "aie.trace.stop broadcast = 14"]
    assert "aie.trace.mode" not in " ".join(traces["trace_mem_2"])  # only a core trace has a mode
    assert "aie.trace.packet id = 3 type = shimtile" in traces["trace_shim_3"]
    seq = text[text.index("aie.runtime_sequence"):]
    assert seq.index("aie.trace.host_config buffer_size = 4096") < seq.index("aie.trace.start_config @trace_core_1")
    assert [l.strip() for l in seq.splitlines() if "start_config" in l] == [
        f"aie.trace.start_config @{n}" for n in traces
    ]


def test_host_config_prints_what_differs_from_the_defaults():
    def body():
        tile(0, 2)

        @runtime_sequence(VEC)
        def sequence(a):
            trace_utils.start_trace(trace_size=8192, ddr_id=5)
            trace_utils.start_trace(reuse_output_buffer=True, egress_shim_col=1)

    text = build(body, AIEDevice.npu1_2col)
    assert "aie.trace.host_config buffer_size = 8192 arg_idx = 5\n" in text
    assert "aie.trace.host_config buffer_size = 8192 {egress_shim_col = 1 : i32, reuse_output_buffer = true}" in text


def test_the_traced_design_prints_reparses_and_simulates_to_numpy(tmp_path, capsys):
    printed = run_design(DESIGN)
    assert printed.returncode == 0, printed.stderr
    x = np.arange(256, dtype=np.int32)
    y = (x * 7) % 13
    np.savez(tmp_path / "in.npz", arg0=x, arg1=y)
    code = main(["run", str(DESIGN), "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz")])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "'aie.trace.start_config' op(s) configure registers the simulator does not model" in out + err
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["arg2"], 3 * x + y)
    assert main(["check", str(DESIGN)]) == 0
    assert "compiled" in capsys.readouterr().out


def test_start_trace_outside_the_runtime_sequence_says_where_it_goes():
    lines = {}

    def body():
        tile(0, 2)
        lines["start"] = here(1)
        trace_utils.start_trace()

    with pytest.raises(DeviceError, match="belongs in the runtime sequence") as info:
        build(body)
    assert info.value.location == lines["start"]


@pytest.mark.parametrize(
    "events, message",
    [
        ([CoreEvent.PORT_RUNNING_0], "needs the port it watches"),
        ([PortEvent(CoreEvent.PORT_RUNNING_0, 1, True)], "needs bundle and channel"),
        (
            [PortEvent(CoreEvent.PORT_RUNNING_0, WireBundle.DMA, 0, True),
             PortEvent(CoreEvent.PORT_IDLE_0, WireBundle.DMA, 1, True)],
            "conflicting port configurations for slot 0",
        ),
        ([CoreEvent.TRUE] * 9, "At most 8 events"),
    ],
)
def test_bad_event_lists_name_the_line(events, message):
    lines = {}

    def body():
        core = tile(0, 2)
        lines["configure"] = here(1)
        trace_utils.configure_trace([core], coretile_events=events)

    with pytest.raises(DeviceError, match=message) as info:
        build(body)
    assert info.value.location == lines["configure"]


def test_a_non_tile_and_a_bad_buffer_size_are_type_errors():
    with pytest.raises(IronTypeError, match="not a tile"):
        build(lambda: trace_utils.configure_trace(["core"]))

    def body():
        tile(0, 2)

        @runtime_sequence(VEC)
        def sequence(a):
            trace_utils.start_trace(trace_size=0)

    with pytest.raises(IronTypeError, match="positive number of bytes"):
        build(body)
