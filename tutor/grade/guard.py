"""Secrets kept from other users by their permissions, for as long as a
grade runs: the ``uid`` isolation mode's substitute for covering them with
an empty folder (sandbox.py), where no mount namespace can be had.

Runs in that mode hold a uid of their own with no groups, so only the
"other" permission bits decide what they may read. Each secret loses them;
a secret that holds something runs need (the interpreter, torch, the
`tutor` package: a dev checkout whose pack is the repository) keeps only
the search bit on the folders that lead there, and every other entry on the
way loses them. ``restore`` puts every mode back; a grade killed before it
leaves the secrets readable by their owner only, which is safe.
"""

from __future__ import annotations

import os
import stat

OTHER = stat.S_IRWXO


class Guard:
    def __init__(self, secrets: tuple[str, ...], needed: list[str]) -> None:
        self.changed: list[tuple[str, int]] = []  # (path, its mode before)
        needed = [os.path.realpath(n) for n in needed]
        for secret in secrets:
            if secret and os.path.lexists(secret):
                self._hide(os.path.realpath(secret), needed)

    def _chmod(self, path: str, mode: int) -> None:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode) or stat.S_IMODE(st.st_mode) == mode:
            return
        os.chmod(path, mode)
        self.changed.append((path, stat.S_IMODE(st.st_mode)))

    def _hide(self, path: str, needed: list[str]) -> None:
        inner = [n for n in needed if n == path or n.startswith(path.rstrip("/") + "/")]
        mode = stat.S_IMODE(os.lstat(path).st_mode)
        if not inner:
            self._chmod(path, mode & ~OTHER)
            return
        if path in inner:  # a folder runs need whole: left as it is
            return
        # Runs pass through, but cannot list it; what is not on their way is hidden.
        self._chmod(path, (mode & ~OTHER) | (stat.S_IXOTH if mode & stat.S_IXOTH else 0))
        with os.scandir(path) as entries:
            for entry in entries:
                self._hide(entry.path, inner)

    def restore(self) -> None:
        for path, mode in reversed(self.changed):
            try:
                os.chmod(path, mode)
            except OSError:
                pass
        self.changed.clear()
