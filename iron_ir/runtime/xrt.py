"""The hardware backend: run a design on an NPU through XRT's Python bindings (``pyxrt``).

iron-ir does not produce the xclbin or the NPU instruction stream; the vendor toolchain
(``aiecc``) builds them from the printed MLIR. This backend loads both, allocates one buffer
object per runtime-sequence argument (kernel argument groups 3, 4, ...; the instructions are
group 1), copies the inputs in, runs the kernel with opcode 3 and copies every argument back.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np

from iron_ir.collector import started
from iron_ir.runtime.base import BackendError, CompiledDesign

_OPCODE_RUN_INSTRUCTIONS = 3
_INSTRUCTION_GROUP = 1
_FIRST_ARGUMENT_GROUP = 3


def _import_pyxrt():
    try:
        return importlib.import_module("pyxrt")
    except ImportError as err:
        raise BackendError(
            "the 'xrt' backend needs XRT's Python bindings (pyxrt), which are not importable "
            f"here ({err}).\nInstall XRT and the NPU driver, then `source "
            "/opt/xilinx/xrt/setup.sh`; or run on the simulator with backend='sim'."
        ) from None


def read_instructions(path: str | Path) -> np.ndarray:
    """NPU instruction words: a binary file of little-endian uint32 (``insts.bin``) or text
    with one hexadecimal word per line (``insts.txt``)."""
    path = Path(path)
    if not path.is_file():
        raise BackendError(f"instruction file {path} does not exist")
    if path.suffix == ".txt":
        words = [line.strip() for line in path.read_text().splitlines() if line.strip()]
        try:
            return np.array([int(w, 16) for w in words], dtype=np.uint32)
        except ValueError as err:
            raise BackendError(f"{path}: not one hexadecimal word per line ({err})") from None
    data = path.read_bytes()
    if len(data) % 4:
        raise BackendError(f"{path}: {len(data)} bytes is not a whole number of 32-bit words")
    return np.frombuffer(data, dtype="<u4").astype(np.uint32)


class XrtDesign(CompiledDesign):
    backend = "xrt"

    def __init__(
        self,
        module,
        xclbin: str | Path | None = None,
        instructions: str | Path | None = None,
        kernel_name: str = "MLIR_AIE",
        device_index: int = 0,
        device: str | None = None,
        sequence: str | None = None,
    ):
        super().__init__(module, device, sequence)
        if xclbin is None or instructions is None:
            raise BackendError(
                "the 'xrt' backend runs a design the vendor toolchain built: pass xclbin= and "
                "instructions= (e.g. aiecc.py --xclbin-name=final.xclbin "
                "--npu-insts-name=insts.bin design.mlir)"
            )
        if not Path(xclbin).is_file():
            raise BackendError(f"xclbin {xclbin} does not exist")
        self.instructions = read_instructions(instructions)
        xrt = _import_pyxrt()
        self.xrt = xrt
        try:
            self.device = xrt.device(device_index)
        except Exception as err:  # pyxrt raises RuntimeError subclasses without a common base
            raise BackendError(
                f"no NPU at XRT device index {device_index}: {err}\nCheck `xrt-smi examine`."
            ) from None
        self.xclbin = xrt.xclbin(str(xclbin))
        names = [k.get_name() for k in self.xclbin.get_kernels()]
        if kernel_name not in names:
            raise BackendError(
                f"xclbin {xclbin} has no kernel named {kernel_name!r}; it has: "
                f"{', '.join(names) or 'none'}"
            )
        self.device.register_xclbin(self.xclbin)
        self.context = xrt.hw_context(self.device, self.xclbin.get_uuid())
        self.kernel = xrt.kernel(self.context, kernel_name)
        self.instruction_bo = xrt.bo(
            self.device,
            self.instructions.nbytes,
            xrt.bo.cacheable,
            self.kernel.group_id(_INSTRUCTION_GROUP),
        )
        self.instruction_bo.write(self.instructions.view(np.uint8), 0)
        self.instruction_bo.sync(xrt.xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE)

    def __call__(self, *arrays: np.ndarray) -> list[np.ndarray]:
        started()  # the long-running part of a command: the collector runs again
        xrt = self.xrt
        if len(arrays) > len(self.signature):
            raise BackendError(
                f"{len(arrays)} arrays given, the runtime sequence takes {len(self.signature)}"
            )
        host = []
        for i, spec in enumerate(self.signature):
            given = (
                arrays[i]
                if i < len(arrays) and arrays[i] is not None
                else np.zeros(spec.shape, spec.dtype)
            )
            given = np.ascontiguousarray(np.asarray(given).reshape(spec.shape), dtype=spec.dtype)
            host.append(given)
        bos = []
        for i, array in enumerate(host):
            bo = xrt.bo(
                self.device,
                max(array.nbytes, 4),
                xrt.bo.host_only,
                self.kernel.group_id(_FIRST_ARGUMENT_GROUP + i),
            )
            bo.write(array.view(np.uint8).reshape(-1), 0)
            bo.sync(xrt.xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE)
            bos.append(bo)
        run = self.kernel(
            _OPCODE_RUN_INSTRUCTIONS, self.instruction_bo, len(self.instructions), *bos
        )
        state = run.wait()
        if state != xrt.ert_cmd_state.ERT_CMD_STATE_COMPLETED:
            raise BackendError(
                f"the NPU run ended in state {state} (a timeout usually means the design "
                f"deadlocked: run it on the simulator to see where)"
            )
        outputs = []
        for bo, array in zip(bos, host):
            bo.sync(xrt.xclBOSyncDirection.XCL_BO_SYNC_BO_FROM_DEVICE)
            raw = np.array(bo.read(array.nbytes, 0), dtype=np.uint8, copy=True)
            outputs.append(raw.view(array.dtype).reshape(array.shape))
        return outputs
