"""``python -m iron_ir.compat design.py [args...]``: run an unmodified mlir-aie design with
the import hook installed (``aie.*`` resolves to iron_ir), as ``python design.py`` runs it
under mlir-aie. The design prints its module as it does there."""

import runpy
import sys
from pathlib import Path

from iron_ir.compat import install
from iron_ir.errors import IronError


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) >= 2 else 1
    install()
    path = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path.insert(0, str(Path(path).resolve().parent))  # as `python design.py` does
    try:
        runpy.run_path(path, run_name="__main__")
    except IronError as err:  # API misuse: the message names the design's file:line
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
