"""Every name ``aie.iron``, ``aie.iron.placers``, ``aie.iron.device``, ``aie.helpers.*`` and
``aie.utils`` exported in the IRON releases since 2025 imports through the hook."""

import subprocess
import sys
import textwrap

NAMES = {
    "aie.iron": [
        "Buffer", "GlobalBuffer", "LocalBuffer", "ExternalFunction", "CoreFunction", "Kernel",
        "Program", "Worker", "WorkerRuntimeBarrier", "Runtime", "ObjectFifo", "str_to_dtype",
        "dtype_to_str", "jit", "tensor", "ones", "zeros", "randint", "rand", "arange",
        "zeros_like", "set_tensor_class", "set_iron_tensor_class", "get_current_device",
        "set_current_device", "detect_npu_device", "CallableDesign", "compileconfig",
        "Compile", "CompileTime", "In", "Out", "InOut", "algorithms",
    ],
    "aie.iron.placers": [
        "Placer", "SequentialPlacer", "ColumnLimitedPlacer", "AnyComputeTile", "AnyMemTile",
        "AnyShimTile", "Tile", "Device", "Runtime", "Worker", "ObjectFifoHandle",
        "ObjectFifoLink", "ObjectFifoEndpoint",
    ],
    "aie.iron.device": [
        "Device", "Tile", "AnyComputeTile", "AnyMemTile", "AnyShimTile", "PlacementTile",
        "NPU1", "NPU1Col1", "NPU1Col2", "NPU1Col3", "NPU2", "NPU2Col1", "NPU2Col4", "NPU2Col7",
        "XCVC1902", "XCVE2302", "XCVE2802",
    ],
    "aie.iron.device.tile": ["Tile", "AnyComputeTile", "AnyMemTile", "AnyShimTile"],
    "aie.iron.dataflow": ["ObjectFifo", "ObjectFifoHandle", "ObjectFifoLink"],
    "aie.iron.dataflow.objectfifo": ["ObjectFifo", "ObjectFifoHandle"],
    "aie.iron.dataflow.endpoint": ["ObjectFifoEndpoint"],
    "aie.iron.runtime": ["Runtime"],
    "aie.iron.runtime.data": ["RuntimeData"],
    "aie.iron.runtime.taskgroup": ["RuntimeTaskGroup"],
    "aie.iron.controlflow": ["range_"],
    "aie.iron.algorithms": [
        "for_each", "transform", "transform_binary", "transform_parallel",
        "transform_parallel_binary", "transform_typed", "reduce",
    ],
    "aie.iron.hostruntime": ["jit", "tensor", "get_current_device", "set_current_device"],
    "aie.iron.hostruntime.tensor": ["tensor", "zeros", "Tensor"],
    "aie.iron.hostruntime.config": ["get_current_device", "set_current_device"],
    "aie.helpers.taplib": ["TensorAccessPattern", "TensorAccessSequence", "TensorTiler2D"],
    "aie.helpers.taplib.tap": ["TensorAccessPattern"],
    "aie.helpers.util": ["np_ndarray_type_get_shape", "np_ndarray_type_get_dtype"],
    "aie.helpers.dialects.ext.scf": ["_for"],
    "aie.helpers.dialects.ext.func": ["func"],
    "aie.utils": [
        "tensor", "ones", "zeros", "randint", "rand", "arange", "zeros_like",
        "set_tensor_class", "get_current_device", "ceildiv", "Tensor", "DefaultNPURuntime",
    ],
    "aie.utils.config": ["cxx_header_path"],
    "aie.utils.jit": ["jit"],
}


def test_every_released_name_imports():
    lines = ["import iron_ir.compat", "assert iron_ir.compat.install(force=True)", "missing = []"]
    for module, names in NAMES.items():
        for name in names:
            lines.append(
                f"try:\n    exec('from {module} import {name}')\n"
                f"except ImportError as e:\n    missing.append('{module}.{name}: ' + str(e))"
            )
    lines.append("print('\\n'.join(missing) or 'ALL IMPORTED')")
    result = subprocess.run([sys.executable, "-c", "\n".join(lines)], capture_output=True, text=True)
    assert result.stdout.strip() == "ALL IMPORTED", result.stdout + result.stderr


def test_iron_tensor_and_jit_are_the_functions_after_any_import():
    code = textwrap.dedent(
        """
        import iron_ir.compat; iron_ir.compat.install(force=True)
        import aie.iron.hostruntime.jit, aie.iron.hostruntime.tensor
        import aie.iron as iron
        assert callable(iron.tensor) and callable(iron.jit), (iron.tensor, iron.jit)
        print(type(iron.tensor([1, 2], dtype="int32")).__name__)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "Tensor", result.stdout + result.stderr


def test_the_2026_explicit_dma_objects_say_they_are_not_provided():
    code = textwrap.dedent(
        """
        import iron_ir.compat; iron_ir.compat.install(force=True)
        from aie.dialects._aie_enum_gen import AIETileType, DMAChannelDir, WireBundle
        assert AIETileType.MemTile is not None and DMAChannelDir.S2MM is not None
        try:
            from aie.iron import TileDma
        except ImportError as err:
            print(err)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "aie.iron.TileDma: mlir-aie's 2026 explicit tile-DMA objects" in result.stdout
    assert "not provided by iron-ir; write the data movement with ObjectFifos" in result.stdout
