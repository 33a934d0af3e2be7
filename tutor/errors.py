"""Errors a user can cause. The CLI prints them as one line, never a traceback."""

from __future__ import annotations


class UserError(Exception):
    """A problem with the user's input: bad path, bad pack, bad arguments.

    ``exit_code`` follows docs/design.md: 1 for a pack that fails validation or a
    grade below the bar, 2 for usage errors and unreadable inputs.
    """

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
