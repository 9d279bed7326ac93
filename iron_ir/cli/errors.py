"""The error every ``iron`` subcommand raises for bad input: one message, exit status 1."""


class UserError(Exception):
    """Bad input to the ``iron`` command: shown as one message, exit status 1."""
