"""The version line of ``iron --version`` and ``iron-opt --version``."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def iron_ir_version() -> str:
    try:
        return version("iron-ir")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def version_line(tool: str) -> str:
    """``iron 0.1.0 (iron-ir, xDSL 0.74.0)``."""
    try:
        xdsl = version("xdsl")
    except PackageNotFoundError:
        xdsl = "unknown"
    return f"{tool} {iron_ir_version()} (iron-ir, xDSL {xdsl})"


class VersionFormat(str):
    """``xDSLOptMain.version_format`` for ``tool``: xDSL formats it only when ``--version`` is
    given, so the installed versions are looked up then, not at every start-up."""

    def format(self, *args, **kwargs) -> str:
        return version_line(str(self))
