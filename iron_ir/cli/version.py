"""The version line of ``iron --version`` and ``iron-opt --version``."""

from __future__ import annotations

import argparse

# importlib.metadata is imported only when a version is asked for: it costs every process
# ~30 ms of start-up otherwise.


def iron_ir_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("iron-ir")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def version_line(tool: str) -> str:
    """``iron 0.1.0 (iron-ir, xDSL 0.74.0)``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        xdsl = version("xdsl")
    except PackageNotFoundError:
        xdsl = "unknown"
    return f"{tool} {iron_ir_version()} (iron-ir, xDSL {xdsl})"


class VersionAction(argparse.Action):
    """``--version``: prints :func:`version_line` of the parser's program and exits; the
    versions are looked up only then."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        print(version_line(parser.prog))
        parser.exit(0)
