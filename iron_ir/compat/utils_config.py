"""``aie.utils.config`` under the import hook: where the vendor toolchain's headers are.

Designs pass ``include_dirs=[cxx_header_path()]`` to ``ExternalFunction``; iron-ir keeps the
directories as data for the toolchain (the simulator runs kernel models), so the answer is the
mlir-aie installation's include directory when ``$MLIR_AIE_INSTALL_DIR`` names one, else an
``include`` directory beside this package that need not exist.
"""

import os


def root_path() -> str:
    return os.environ.get("MLIR_AIE_INSTALL_DIR", os.path.dirname(os.path.dirname(__file__)))


def cxx_header_path() -> str:
    return os.path.join(root_path(), "include")


def peano_install_dir() -> str:
    return os.environ.get("PEANO_INSTALL_DIR", "")


__all__ = ["cxx_header_path", "peano_install_dir", "root_path"]
