"""Namespaces of one run (Linux only; elsewhere a run is a plain child
process). NOTE [one fork per run] (relay.py): the zygote, PID 1 of the
worker's own user and PID namespace, forks each run into a new PID
namespace and the run makes its user, IPC, UTS (network) namespaces
itself; in the uid mode, and where the kernel refuses the worker's
namespaces, a monitor makes them all just before it forks the run:

    zygote or monitor (worker side) -- never runs submitted code
      └─ run: PID 1 of its own PID namespace, in a mount namespace of its own
           covers /proc, mounts a size-capped tmpfs on /tmp, drops every
           capability, then runs setup + code (child.py)
           └─ probe process: forked after the code, single-threaded,
              reads the probes and gets the result pipe

When the run (PID 1) dies, the kernel kills every process of its namespace,
whatever its uid, session or process group: nothing a run started survives
it. Its tmpfs, IPC objects and network namespace go with it.
"""

from __future__ import annotations

import ctypes
import os
import resource

from tutor.grade import barefork

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_REMOUNT = 0x20
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 0x40000
PR_SET_PDEATHSIG = 1
PR_GET_DUMPABLE, PR_SET_DUMPABLE = 3, 4
PR_SET_CHILD_SUBREAPER = 36
PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
RUN_UID = 1000  # the run's uid inside its own user namespace
TMP_BYTES = 64 << 20
TMP_INODES = 4096

_libc = ctypes.CDLL(None, use_errno=True) if os.name == "posix" else None
_prctl = getattr(_libc, "prctl", None) if _libc is not None else None  # Linux only


class JailError(Exception):
    pass


def _check(result: int, what: str) -> None:
    if result != 0:
        errno = ctypes.get_errno()
        raise JailError(f"{what}: {os.strerror(errno)}")


def available() -> bool:
    return _libc is not None and hasattr(_libc, "unshare") and os.path.exists("/proc/self/ns/user")


def unshare_all(network: bool = True, pid: bool = True) -> None:
    """In the monitor: new user (mapped to RUN_UID), PID, IPC and UTS (and
    network) namespaces. Its next child is PID 1 of the new PID namespace and
    makes its own mount namespace (``mount_private_fs``). ``pid`` False: in a
    run the zygote forked as PID 1 of a PID namespace already (NOTE [one
    fork per run]), which makes the rest itself."""
    flags = CLONE_NEWUSER | CLONE_NEWIPC | CLONE_NEWUTS | (CLONE_NEWPID if pid else 0) | \
        (CLONE_NEWNET if network else 0)
    _unshare_user(flags, RUN_UID)
    set_dumpable(False)  # maps written: nothing in the run may trace or read the monitor


def _unshare_user(flags: int, inner: int) -> None:
    """unshare(flags), CLONE_NEWUSER among them, this process's uid and gid
    mapped to ``inner`` in the new user namespace."""
    uid, gid = os.geteuid(), os.getegid()
    # A worker that dropped from root to its uid is not dumpable, which makes
    # its /proc files root's: it could not write its own uid map.
    set_dumpable(True)
    _check(_libc.unshare(flags), "unshare")
    with open("/proc/self/setgroups", "w") as f:
        f.write("deny")
    with open("/proc/self/uid_map", "w") as f:
        f.write(f"{inner} {uid} 1")
    with open("/proc/self/gid_map", "w") as f:
        f.write(f"{inner} {gid} 1")


def enter_worker_namespaces() -> bool:
    """NOTE [one fork per run]: a user and a PID namespace for the whole
    worker, made once at its start (its uid mapped to itself). The next
    child (the zygote) is PID 1 of that PID namespace, with every
    capability of that user namespace, which lets it make a PID namespace
    for each run and step back into its own (``fork_into_pid_namespace``).
    False where the kernel refuses (then runs get a monitor each, as
    before), with the process as dumpable as it was: a worker that dropped
    from root stays undumpable, so that no run of its uid can trace it."""
    if not available() or not hasattr(os, "pidfd_open") or not hasattr(_libc, "setns"):
        return False
    was = _prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) if _prctl is not None else 0
    before = os.readlink("/proc/self/ns/user")
    try:
        _unshare_user(CLONE_NEWUSER | CLONE_NEWPID, os.geteuid())
    except (JailError, OSError):
        set_dumpable(bool(was))
        if os.readlink("/proc/self/ns/user") != before:
            # Inside a new namespace without its maps: no safe way on.
            raise JailError("the worker's user namespace was made but its uid could not be mapped")
        return False
    set_dumpable(False)
    return True


def fork_into_pid_namespace(own: int) -> int:
    """In the zygote (NOTE [one fork per run]): fork a child as PID 1 of a
    new PID namespace (``os.fork``'s return), and step back into the
    zygote's own (``own``: /proc/self/ns/pid, opened once) for its next
    children. Both sides of the fork are PID 1 of their namespaces, so
    only the return value tells them apart."""
    _check(_libc.unshare(CLONE_NEWPID), "unshare a PID namespace")
    try:
        pid = barefork.fork()  # NOTE [a bare fork]
    except BaseException:
        _check(_libc.setns(own, CLONE_NEWPID), "back to the zygote's PID namespace")
        raise
    if pid:
        _check(_libc.setns(own, CLONE_NEWPID), "back to the zygote's PID namespace")
    return pid


PR_SET_NAME = 15


def set_name(name: str) -> None:
    """The process's name in ps and /proc/PID/comm (agt-zygote, agt-relay,
    agt-run): for people and the tests' model of a worker, never for a
    decision (a run can rename itself)."""
    if _prctl is not None:
        _prctl(PR_SET_NAME, ctypes.c_char_p(name.encode()[:15]), 0, 0, 0)


def mount_private_fs(tmp_bytes: int = TMP_BYTES) -> None:
    """In the run (PID 1): no /proc at all, and its own size-capped /tmp (it
    sees no earlier run's files; gone with the run).

    /proc is covered, not remounted: the kernel refuses a new proc mount in a
    user namespace while the sandbox's /proc has parts covered (bubblewrap
    covers /proc/sys), and the worker's /proc would show the worker and the
    monitor."""
    _check(_libc.unshare(CLONE_NEWNS), "unshare the mount namespace")
    _check(_libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "make mounts private")
    # Python itself may live under /tmp (a virtual environment made there):
    # keep a handle on it, and put it back, read-only, into the new /tmp.
    kept = [(root, os.open(root, os.O_PATH | os.O_DIRECTORY)) for root in roots_under_tmp()]
    options = f"size={int(tmp_bytes)},nr_inodes={TMP_INODES},mode=1777".encode()
    _check(_libc.mount(b"tmpfs", b"/tmp", b"tmpfs", MS_NOSUID | MS_NODEV, options), "mount /tmp")
    for root, fd in kept:
        os.makedirs(root, exist_ok=True)
        source = f"/proc/self/fd/{fd}".encode()
        _check(_libc.mount(source, root.encode(), None, MS_BIND | MS_REC, None), f"keep {root}")
        # Already read-only inside the sandbox (a bind keeps its source's
        # flags); without one, make it so where the kernel lets us.
        _libc.mount(None, root.encode(), None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, None)
        os.close(fd)
    _check(_libc.mount(b"tmpfs", b"/proc", b"tmpfs", MS_NOSUID | MS_NODEV | MS_RDONLY, b"size=4k,mode=0555"),
           "cover /proc")
    _read_only_dev()
    _libc.sethostname(b"run", 3)


# NOTE [a /dev of the worker's]: bubblewrap's /dev is a tmpfs of the worker's,
# which a normal user's runs could write (their uid owns it: as root the
# worker's uid is not theirs) and which lived as long as the worker: one
# student's files in /dev/shm reached the next run, and 50 of 60 MiB each
# held 3 GiB beside a run's 2 GiB (found by a security probe). A run covers
# /dev/shm and makes /dev read-only in its own mount namespace.
def _read_only_dev() -> None:
    """/dev read-only and /dev/shm covered, where the run could write them."""
    if os.access("/dev", os.W_OK):
        _check(_libc.mount(b"tmpfs", b"/dev/shm", b"tmpfs", MS_NOSUID | MS_NODEV | MS_RDONLY, b"size=4k,mode=0555"),
               "cover /dev/shm")
        for flags in (MS_NOSUID | MS_NODEV, MS_NOSUID, 0):  # a remount must keep the flags the mount was locked with
            if _libc.mount(None, b"/dev", None, MS_BIND | MS_REMOUNT | MS_RDONLY | flags, None) == 0:
                break
        if os.access("/dev", os.W_OK):
            raise JailError("make /dev read-only: the kernel refused")


_ROOTS_UNDER_TMP: list[str] | None = None


def roots_under_tmp() -> list[str]:
    """``_roots_under("/tmp")``, found once per worker (the zygote calls it)."""
    global _ROOTS_UNDER_TMP
    if _ROOTS_UNDER_TMP is None:
        _ROOTS_UNDER_TMP = _roots_under("/tmp")
    return list(_ROOTS_UNDER_TMP)


def _roots_under(top: str) -> list[str]:
    """The interpreter's and the tutor's folders that lie inside ``top``."""
    import sys

    import tutor

    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, os.path.dirname(os.path.dirname(os.__file__)),
             os.path.dirname(os.path.dirname(os.path.abspath(tutor.__file__)))}
    torch = sys.modules.get("torch")
    if torch is not None and getattr(torch, "__file__", None):
        roots.add(os.path.dirname(os.path.dirname(torch.__file__)))
    inside = sorted({os.path.realpath(r) for r in roots if r and os.path.realpath(r).startswith(top + "/")})
    return [r for r in inside if os.path.isdir(r) and not any(r != o and r.startswith(o + "/") for o in inside)]


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32)]


def _last_cap() -> int:
    """The highest capability this kernel knows: dropping one past it is
    EINVAL, nothing more. Read once at import (in the zygote), not per run."""
    try:
        with open("/proc/sys/kernel/cap_last_cap") as f:
            return min(63, int(f.read()))
    except (OSError, ValueError):
        return 63


_LAST_CAP = _last_cap()


def drop_privileges() -> None:
    """No capability in any set, none to gain: bounding set emptied, ambient
    cleared, no_new_privs set (execve of a setuid file gains nothing). The
    ctypes classes are made at import: made here, they cost every run half
    a millisecond and a hundred page copies."""
    _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    for cap in range(_LAST_CAP + 1):
        _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)
    header = _CapHeader(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
    _check(_libc.capset(ctypes.byref(header), (_CapData * 2)()), "drop capabilities")


def become_subreaper() -> None:
    """Orphaned descendants are reparented to this process (which reaps
    them) rather than to init, which in a container may never reap."""
    if _prctl is not None:
        _prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def set_dumpable(flag: bool) -> None:
    """A process that is not dumpable cannot be traced or have its memory
    read by another process of the same uid (the probe process, against
    threads the submission left running)."""
    if _prctl is not None:
        _prctl(PR_SET_DUMPABLE, 1 if flag else 0, 0, 0, 0)


def is_dumpable() -> bool:
    return bool(_prctl(PR_GET_DUMPABLE, 0, 0, 0, 0)) if _prctl is not None else False


def die_with_parent(parent: int | None) -> None:
    """SIGKILL this process when its parent (``parent``) dies: a monitor
    with its worker, a run with its monitor, even without a sandbox. (PID 1
    of a new namespace sees no parent: ``parent`` None skips the check.)"""
    if _prctl is None:
        return
    _prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0)
    if parent is not None and os.getppid() != parent:  # it died before the request took effect
        os._exit(1)


def drop_to_uid(uid: int) -> None:
    """In a worker started as root: become ``uid`` (no supplementary groups),
    which clears every capability."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def address_space() -> int:
    """Bytes this process maps now: a memory limit goes on top of it."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


def limit(which: int, value: int) -> None:
    soft, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    try:
        resource.setrlimit(which, (value, value))
    except (ValueError, OSError):
        pass
