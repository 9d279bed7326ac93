"""The meta-path finder behind :func:`iron_ir.compat.install`."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types

MODULE_MAP: dict[str, str | None] = {
    "aie": None,
    "aie.iron": "iron_ir",
    "aie.iron.placers": "iron_ir.placers",
    "aie.iron.device": "iron_ir.compat.device",
    "aie.iron.device.device": "iron_ir.device.device",
    "aie.iron.device.tile": "iron_ir.device.tile",
    "aie.iron.controlflow": "iron_ir.controlflow",
    "aie.iron.dataflow": "iron_ir.dataflow",
    "aie.iron.dataflow.objectfifo": "iron_ir.dataflow",
    "aie.iron.worker": "iron_ir.worker",
    "aie.iron.program": "iron_ir.program",
    "aie.iron.kernel": "iron_ir.kernel",
    "aie.iron.buffer": "iron_ir.buffer",
    "aie.iron.globalbuffer": "iron_ir.buffer",
    "aie.iron.localbuffer": "iron_ir.buffer",
    "aie.iron.runtime": "iron_ir.api.runtime",
    "aie.iron.dtype": "iron_ir.dtype",
    "aie.helpers": None,
    "aie.helpers.taplib": "iron_ir.taplib",
    "aie.helpers.taplib.tap": "iron_ir.taplib.tap",
    "aie.helpers.taplib.tas": "iron_ir.taplib.tas",
    "aie.helpers.taplib.tensortiler2d": "iron_ir.taplib.tensortiler2d",
    "aie.helpers.util": "iron_ir.compat.helpers_util",
    "aie.helpers.dialects": None,
    "aie.helpers.dialects.func": "iron_ir.compat.helpers_func",
    "aie.helpers.dialects.ext": None,
    "aie.helpers.dialects.ext.func": "iron_ir.compat.helpers_func",
    "aie.helpers.dialects.ext.scf": "iron_ir.compat.helpers_scf",
    "aie.helpers.dialects.scf": "iron_ir.compat.helpers_scf",
    "aie.extras": None,
    "aie.extras.dialects": None,
    "aie.extras.dialects.ext": None,
    "aie.extras.dialects.ext.arith": "iron_ir.tracing.arith",
    "aie.extras.dialects.arith": "iron_ir.tracing.arith",
    "aie.extras.context": "iron_ir.placed",
    "aie.extras.types": "iron_ir.placed.types",
    "aie.utils.trace": "iron_ir.placed.trace",
    "aie.utils.trace.events": "iron_ir.placed.trace",
    "aie.utils.trace.setup": "iron_ir.placed.trace",
    "aie.utils.trace_events_enum": "iron_ir.device.trace",
    "aie.dialects": None,
    "aie.ir": "iron_ir.placed.ir",
    # Host side of the releases since 2025: the jit, host tensors, the current device.
    "aie.iron.jit": "iron_ir.hostruntime.jit",
    "aie.iron.tensor": "iron_ir.hostruntime.tensor",
    "aie.iron.config": "iron_ir.hostruntime.tensor",
    "aie.iron.hostruntime": "iron_ir.compat.hostruntime",
    "aie.iron.hostruntime.jit": "iron_ir.hostruntime.jit",
    "aie.iron.hostruntime.tensor": "iron_ir.hostruntime.tensor",
    "aie.iron.hostruntime.config": "iron_ir.hostruntime.tensor",
    "aie.iron.hostruntime.callabledesign": "iron_ir.hostruntime.jit",
    "aie.iron.algorithms": "iron_ir.algorithms",
    "aie.iron.kernels": "iron_ir.kernels",
    "aie.iron.kernels.eltwise": "iron_ir.kernels.eltwise",
    "aie.iron.kernels.reduce": "iron_ir.kernels.reduce",
    "aie.iron.kernels.vision": "iron_ir.kernels.vision",
    "aie.iron.kernels.activation": "iron_ir.kernels.activation",
    "aie.iron.kernels.datamovement": "iron_ir.kernels.datamovement",
    "aie.iron.kernels.linalg": "iron_ir.kernels.linalg",
    "aie.iron.algorithms.for_each": "iron_ir.algorithms",
    "aie.iron.algorithms.transform": "iron_ir.algorithms",
    "aie.iron.algorithms.reduce": "iron_ir.algorithms",
    "aie.iron.dataflow.endpoint": "iron_ir.dataflow",
    "aie.iron.runtime.runtime": "iron_ir.api.runtime",
    "aie.iron.runtime.data": "iron_ir.api.runtime",
    "aie.iron.runtime.taskgroup": "iron_ir.api.runtime",
    "aie.iron.runtime.endpoint": "iron_ir.api.runtime",
    "aie.helpers.taplib.utils": "iron_ir.taplib.utils",
    "aie.helpers.taplib.visualization2d": "iron_ir.taplib.visualization2d",
    "aie.utils": "iron_ir.compat.utils",
    "aie.utils.config": "iron_ir.compat.utils_config",
    "aie.utils.jit": "iron_ir.hostruntime.jit",
    "aie.utils.callabledesign": "iron_ir.hostruntime.jit",
    "aie.utils.compile": None,
    "aie.utils.compile.jit": "iron_ir.hostruntime.jit",
    "aie.utils.compile.jit.markers": "iron_ir.hostruntime.jit",
    "aie.utils.hostruntime": "iron_ir.compat.hostruntime",
    "aie.utils.hostruntime.tensor_class": "iron_ir.hostruntime.tensor",
    "aie.utils.hostruntime.argparse": "iron_ir.compat.design_cli",
    "aie.utils.hostruntime.cli": "iron_ir.compat.design_cli",
    "aie.utils.verify": "iron_ir.compat.verify",
    "aie.dialects.aie": "iron_ir.placed.aie",
    "aie.dialects.aiex": "iron_ir.placed.aiex",
    "aie.dialects.arith": "iron_ir.tracing.arith",
    "aie.dialects.scf": "iron_ir.compat.helpers_scf",
    # The 2023-2024 module names of placed designs.
    "aie.dialects.func": "iron_ir.placed.func",
    "aie.dialects.memref": "iron_ir.placed.memref",
    "aie.dialects.vector": "iron_ir.placed.vector",
    # The generated enum module (AIETileType, DMAChannelDir, WireBundle, LockAction, ...).
    "aie.dialects._aie_enum_gen": "iron_ir.placed.aie",
    "aie.extras.dialects.ext.memref": "iron_ir.placed.memref",
    "aie.dialects.extras": None,
    "aie.dialects.extras.memref": "iron_ir.placed.memref",
    "aie.dialects.extras.arith": "iron_ir.tracing.arith",
    "aie.util": "iron_ir.placed",
}
"""mlir-aie module → the iron_ir module it resolves to (None: an empty package)."""


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str | None):
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        if self.target is None:
            module = types.ModuleType(spec.name, f"iron-ir stand-in for package {spec.name}")
            module.__path__ = []
            return module
        target = importlib.import_module(self.target)
        if spec.submodule_search_locations is not None and not hasattr(target, "__path__"):
            # mlir-aie's name is a package (aie.utils has aie.utils.config) but iron-ir's is a
            # module: a package holding the module's names stands in for it.
            module = types.ModuleType(spec.name, target.__doc__)
            module.__dict__.update(
                {k: v for k, v in vars(target).items() if not k.startswith("__")}
            )
            module.__path__ = []
            return module
        return target

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the target module is already imported."""


class IronCompatFinder(importlib.abc.MetaPathFinder):
    """Resolves the names in :data:`MODULE_MAP`; any other ``aie.*`` name is not found."""

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname != "aie" and not fullname.startswith("aie."):
            return None
        if fullname not in MODULE_MAP:
            return None
        target = MODULE_MAP[fullname]
        has_children = any(name.startswith(fullname + ".") for name in MODULE_MAP)
        is_package = target is None or has_children or (
            importlib.util.find_spec(target).submodule_search_locations is not None  # type: ignore[union-attr]
        )
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(target), is_package=is_package)


_FINDER = IronCompatFinder()


def is_installed() -> bool:
    return _FINDER in sys.meta_path


def install(force: bool = False) -> bool:
    """Make ``aie.*`` imports resolve to iron_ir. Returns whether the hook is active.

    Without ``force``, does nothing when a real mlir-aie (an importable ``aie`` package) exists.
    """
    if is_installed():
        return True
    if not force:
        if "aie" in sys.modules:
            return False
        if importlib.util.find_spec("aie") is not None:
            return False
    else:
        for name in [m for m in sys.modules if m == "aie" or m.startswith("aie.")]:
            del sys.modules[name]
    sys.meta_path.insert(0, _FINDER)
    return True


def uninstall() -> None:
    """Remove the hook and forget the ``aie.*`` modules it provided."""
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    for name in [m for m in sys.modules if m == "aie" or m.startswith("aie.")]:
        if name in MODULE_MAP:
            del sys.modules[name]
