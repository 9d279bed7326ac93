"""The error every ``iron`` subcommand raises for bad input: one message, exit status 1."""


class UserError(Exception):
    """Bad input to the ``iron`` command: shown as one message, exit status 1."""


def stdout_closed() -> int:
    """The reader of our output went away (``iron check | head``): stop quietly, as a pipe's
    writer should, instead of failing again while Python flushes stdout at exit. Returns the
    exit status (1, as Python's own documentation of SIGPIPE handling suggests)."""
    import os
    import sys

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 1
