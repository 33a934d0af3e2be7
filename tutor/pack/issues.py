"""Problems found in a pack, each tied to a place in a file."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.errors import UserError


@dataclass(frozen=True, order=True)
class PackIssue:
    """One problem: printed as ``path:line:col: field: message``."""

    path: str
    line: int
    col: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.col}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class PackInvalid(UserError):
    """A pack failed validation; carries every issue found, not only the first."""

    def __init__(self, issues: list[PackIssue]) -> None:
        self.issues = sorted(issues)
        lines = "\n".join(str(i) for i in self.issues)
        super().__init__(lines, exit_code=1)


def format_field(path: tuple) -> str:
    """``('checks', 2, 'rtol')`` -> ``checks[2].rtol``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
