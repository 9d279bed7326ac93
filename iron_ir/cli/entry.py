"""The console scripts ``iron`` and ``iron-opt``.

Each runs its command as its process's entry point (:func:`iron_ir.collector.command`): the
cyclic garbage collector is paused from before the command's first import until its
long-running part begins, and the process exits without a last collection over the start-up
objects. Calling ``iron_ir.cli.iron.main`` or ``iron_ir.cli.iron_opt.main`` directly (as the
tests do) runs the same command with the collector left alone.
"""

from __future__ import annotations

from iron_ir.collector import command


def iron() -> int:
    with command(entry_point=True):
        from iron_ir.cli.iron import main

        return main()


def iron_opt() -> None:
    with command(entry_point=True):
        from iron_ir.cli.iron_opt import main

        main()
