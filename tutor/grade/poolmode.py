"""Which isolation a pool of grading workers gets (sandbox.py), and the
uids its workers run as."""

from __future__ import annotations

import itertools
import os

# As root, each worker drops to a uid of its own, so that no run holds root's
# identity and the per-uid process limit applies. A pool's uids derive
# from its process id and a per-process pool number: two pools on one machine
# (CI shards, a learner's check beside a course's grade, two pools in one
# process) never share a uid, so never kill each other's runs.
SANDBOX_UID_BASE = 100_000
SLOTS_PER_POOL = 64
POOLS_PER_PROCESS = 16
_pool_numbers = itertools.count()


def sandbox_uid_base() -> int:
    pool = next(_pool_numbers) % POOLS_PER_PROCESS
    return SANDBOX_UID_BASE + ((os.getpid() % (1 << 21)) * POOLS_PER_PROCESS + pool) * SLOTS_PER_POOL


class SandboxRequired(Exception):
    """``sandbox="require"`` where no sandbox can be made; one line why."""


def choose_mode(sandbox: str, uid: int = SANDBOX_UID_BASE) -> str:
    """``"bwrap"``, ``"uid"`` or ``"none"`` (sandbox.py) for a pool asked for
    ``sandbox``: ``"auto"`` (the strongest isolation there is, a learner's
    own check), ``"require"`` (refuse without one: grading untrusted code)
    or ``"off"``."""
    if sandbox == "off":
        return "none"
    from tutor.grade import sandbox as sb

    mode, why = sb.probe()
    if mode == "none":
        mode, why_not_uid = sb.probe_uid(uid)
        why = f"{why}; {why_not_uid}"
    if mode == "none" and sandbox == "require":
        raise SandboxRequired(why)
    return mode
