"""The xrt backend up to the pyxrt calls, against a fake pyxrt module."""

import sys
import types
from pathlib import Path

import numpy as np
import pytest

from iron_ir.runtime import BackendError, compile_module
from iron_ir.runtime.xrt import read_instructions

VSM = Path(__file__).parent / "inputs" / "vector_scalar_mul_npu1_1col.mlir"


class FakeXrt:
    """Records every call; its kernel multiplies group 3 by group 4's factor into group 5."""

    def __init__(self, state="COMPLETED", kernels=("MLIR_AIE",), device_error=None):
        self.calls = []
        self.bos = []
        fake = self

        class ert_cmd_state:
            ERT_CMD_STATE_COMPLETED = "COMPLETED"
            ERT_CMD_STATE_TIMEOUT = "TIMEOUT"

        class xclBOSyncDirection:
            XCL_BO_SYNC_BO_TO_DEVICE = "to_device"
            XCL_BO_SYNC_BO_FROM_DEVICE = "from_device"

        class device:
            def __init__(self, index):
                if device_error:
                    raise RuntimeError(device_error)
                fake.calls.append(("device", index))

            def register_xclbin(self, xclbin):
                fake.calls.append(("register_xclbin", xclbin.path))

        class _Kernel:
            def __init__(self, name):
                self.name = name

            def get_name(self):
                return self.name

        class xclbin:
            def __init__(self, path):
                self.path = path

            def get_kernels(self):
                return [_Kernel(k) for k in kernels]

            def get_uuid(self):
                return "uuid"

        class hw_context:
            def __init__(self, dev, uuid):
                fake.calls.append(("hw_context", uuid))

        class bo:
            host_only = "host_only"
            cacheable = "cacheable"

            def __init__(self, dev, size, flags, group):
                self.data = np.zeros(size, dtype=np.uint8)
                self.flags, self.group = flags, group
                fake.bos.append(self)

            def write(self, data, offset):
                self.data[offset : offset + data.size] = data

            def read(self, size, offset):
                return self.data[offset : offset + size].copy()

            def sync(self, direction):
                fake.calls.append(("sync", self.group, direction))

        class _Run:
            def wait(self):
                return state

        class kernel:
            def __init__(self, context, name):
                fake.calls.append(("kernel", name))

            def group_id(self, index):
                return index

            def __call__(self, opcode, instr, n_instr, *bos):
                fake.calls.append(("run", opcode, instr.group, n_instr, [b.group for b in bos]))
                a = bos[0].data.view(np.int16)
                factor = bos[1].data.view(np.int32)[0]
                bos[2].data.view(np.int16)[:] = (a * factor).astype(np.int16)
                return _Run()

        self.module = types.SimpleNamespace(
            device=device,
            xclbin=xclbin,
            hw_context=hw_context,
            bo=bo,
            kernel=kernel,
            ert_cmd_state=ert_cmd_state,
            xclBOSyncDirection=xclBOSyncDirection,
        )


@pytest.fixture
def files(tmp_path):
    (tmp_path / "final.xclbin").write_bytes(b"xclbin")
    (tmp_path / "insts.txt").write_text("0000000a\nDEADBEEF\n\n")
    return tmp_path


@pytest.fixture
def module(load):
    return load("vector_scalar_mul_npu1_1col.mlir")


def install(monkeypatch, fake):
    monkeypatch.setitem(sys.modules, "pyxrt", fake.module)


def test_runs_through_pyxrt(monkeypatch, files, module):
    fake = FakeXrt()
    install(monkeypatch, fake)
    design = compile_module(
        module, "xrt", xclbin=files / "final.xclbin", instructions=files / "insts.txt"
    )
    a = np.arange(4096, dtype=np.int16)
    out = design(a, np.array([3], dtype=np.int32))
    np.testing.assert_array_equal(out[2], (a * 3).astype(np.int16))
    assert out[2].dtype == np.int16 and out[1].shape == (1,)
    run = next(c for c in fake.calls if c[0] == "run")
    assert run == ("run", 3, 1, 2, [3, 4, 5])
    assert ("sync", 1, "to_device") in fake.calls
    assert [c for c in fake.calls if c[0] == "sync" and c[2] == "from_device"] == [
        ("sync", g, "from_device") for g in (3, 4, 5)
    ]
    assert fake.bos[0].data.view(np.uint32).tolist() == [0xA, 0xDEADBEEF]


def test_binary_instruction_file(tmp_path):
    path = tmp_path / "insts.bin"
    path.write_bytes(np.array([1, 2, 0xFFFFFFFF], dtype="<u4").tobytes())
    assert read_instructions(path).tolist() == [1, 2, 0xFFFFFFFF]
    path.write_bytes(b"abc")
    with pytest.raises(BackendError, match="not a whole number of 32-bit words"):
        read_instructions(path)


def test_failed_run_state(monkeypatch, files, module):
    install(monkeypatch, FakeXrt(state="TIMEOUT"))
    design = compile_module(
        module, "xrt", xclbin=files / "final.xclbin", instructions=files / "insts.txt"
    )
    with pytest.raises(BackendError, match="ended in state TIMEOUT"):
        design()


def test_missing_kernel_name(monkeypatch, files, module):
    install(monkeypatch, FakeXrt(kernels=("OTHER",)))
    with pytest.raises(BackendError, match="no kernel named 'MLIR_AIE'; it has: OTHER"):
        compile_module(
            module, "xrt", xclbin=files / "final.xclbin", instructions=files / "insts.txt"
        )


def test_no_npu(monkeypatch, files, module):
    install(monkeypatch, FakeXrt(device_error="no devices found"))
    with pytest.raises(BackendError, match="no NPU at XRT device index 0: no devices found"):
        compile_module(
            module, "xrt", xclbin=files / "final.xclbin", instructions=files / "insts.txt"
        )


def test_without_pyxrt_or_files(monkeypatch, files, module):
    monkeypatch.setitem(sys.modules, "pyxrt", None)
    with pytest.raises(BackendError, match="pass xclbin= and instructions="):
        compile_module(module, "xrt")
    with pytest.raises(BackendError, match="does not exist"):
        compile_module(
            module, "xrt", xclbin=files / "nope.xclbin", instructions=files / "insts.txt"
        )
    with pytest.raises(BackendError, match="pyxrt"):
        compile_module(
            module, "xrt", xclbin=files / "final.xclbin", instructions=files / "insts.txt"
        )


def test_unknown_backend(module):
    with pytest.raises(BackendError, match="unknown backend 'gpu'; choose one of sim, xrt"):
        compile_module(module, "gpu")


def test_pyxrt_is_imported_only_when_asked(module):
    sys.modules.pop("pyxrt", None)
    compile_module(module)()
    assert "pyxrt" not in sys.modules
