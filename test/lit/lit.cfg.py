# lit configuration for iron-ir's FileCheck tests (run by test/unit/test_lit_suite.py).
import os
import sys

import lit.formats

config.name = "iron-ir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "lit.cfg.py", "lit.local.cfg"]

_repo = os.path.dirname(os.path.dirname(config.test_source_root))
_iron_opt = f'"{sys.executable}" "{os.path.join(_repo, "tools", "iron-opt")}"'

# filecheck and other console scripts live beside the interpreter running lit.
config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(sys.executable), os.environ.get("PATH", "")]
)
for _var in ("PYTHONPATH", "HOME", "IRON_OPT_TRACEBACK"):
    if _var in os.environ:
        config.environment[_var] = os.environ[_var]

# Substitutions are regular expressions applied in order: the round-trip macros first, since
# they expand to `iron-opt` and `%s`; `iron-opt` only as a whole word, never inside a path.
config.substitutions.append(
    (
        "IRON_ROUNDTRIP",
        "iron-opt %s --print-op-generic --split-input-file"
        " | iron-opt --split-input-file | filecheck %s",
    )
)
config.substitutions.append(
    (
        "IRON_GENERIC_ROUNDTRIP",
        "iron-opt %s --print-op-generic --split-input-file"
        " | filecheck %s --check-prefix=CHECK-GENERIC",
    )
)
config.substitutions.append((r"(?<![-\w/.])iron-opt(?![-\w.])", _iron_opt))
config.substitutions.append(("%python", f'"{sys.executable}"'))
