"""The process tree under a pid, read from /proc: what the class and phase
benches sum their CPU time and memory over."""

from __future__ import annotations

import os


def child_pids(pid: int) -> list[int]:
    """The direct children of ``pid`` (every thread's), [] when it is gone."""
    out = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return out
