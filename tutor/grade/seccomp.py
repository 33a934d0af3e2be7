"""Seccomp filters: system calls a process gives up for good.

Used where namespaces cannot be had (a container whose seccomp profile
refuses them: the ``uid`` isolation mode, sandbox.py). There a run cannot
get a network namespace of its own, so it gives up the calls that reach a
network or outlive it instead: sockets other than AF_UNIX, io_uring (which
opens sockets without ``socket()``), SysV IPC objects and POSIX message
queues (both would survive the run for the next one to read).

A filter is inherited by every child and cannot be removed. It is a classic
BPF program (seccomp(2)) built here from a table: no libseccomp needed.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct

# seccomp(2) and filter(2) constants.
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
BPF_LD_W_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
BPF_JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
BPF_JGE_K = 0x35  # BPF_JMP | BPF_JGE | BPF_K
BPF_JSET_K = 0x45  # BPF_JMP | BPF_JSET | BPF_K
BPF_RET_K = 0x06  # BPF_RET | BPF_K
# struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6]
NR, ARCH = 0, 4


def _arg(n: int) -> int:
    return 16 + 8 * n  # low 32 bits of args[n] (little-endian)


# (audit arch, syscall numbers) of the machines torch runs on.
_ARCHES = {
    "x86_64": (0xC000003E, {"socket": 41, "io_uring_setup": 425, "shmget": 29, "msgget": 68, "semget": 64,
                            "mq_open": 240, "unshare": 272, "clone": 56, "clone3": 435, "setns": 308,
                            "mount": 165, "fsopen": 430, "open_tree": 428, "prlimit64": 302, "setrlimit": 160,
                            "memfd_create": 319, "move_mount": 429, "fsmount": 432, "fspick": 433,
                            "rt_sigqueueinfo": 129, "rt_tgsigqueueinfo": 297, "pidfd_send_signal": 424,
                            "rt_sigaction": 13, "ptrace": 101, "add_key": 248, "request_key": 249, "keyctl": 250,
                            "socketpair": 53, "inotify_init": 253, "inotify_init1": 294, "vmsplice": 278,
                            "memfd_secret": 447, "perf_event_open": 298, "fanotify_init": 300,
                            "open_tree_attr": 467, "mount_setattr": 442, "fcntl": 72}),
    "aarch64": (0xC00000B7, {"socket": 198, "io_uring_setup": 425, "shmget": 194, "msgget": 186, "semget": 190,
                             "mq_open": 180, "unshare": 97, "clone": 220, "clone3": 435, "setns": 268,
                             "mount": 40, "fsopen": 430, "open_tree": 428, "prlimit64": 261, "setrlimit": 164,
                             "memfd_create": 279, "move_mount": 429, "fsmount": 432, "fspick": 433,
                             "rt_sigqueueinfo": 138, "rt_tgsigqueueinfo": 240, "pidfd_send_signal": 424,
                             "rt_sigaction": 134, "ptrace": 117, "add_key": 217, "request_key": 218, "keyctl": 219,
                             "socketpair": 199, "inotify_init1": 26, "vmsplice": 75,
                             "memfd_secret": 447, "perf_event_open": 241, "fanotify_init": 262,
                             "open_tree_attr": 467, "mount_setattr": 442, "fcntl": 25}),
}
X32_BIT = 0x40000000  # x86_64's x32 ABI: other numbers for the same calls

AF_UNIX = 1
RLIMIT_CPU = 0
SIGCHLD = 17
# fcntl's record locks: F_GETLK, F_SETLK, F_SETLKW and their open-file forms (NOTE [locks on shared files]).
RECORD_LOCKS = (5, 6, 7, 36, 37, 38)
# The namespace flags of clone(2) and unshare(2).
NAMESPACE_FLAGS = 0x00020000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000 | 0x02000000


class Unsupported(Exception):
    """No seccomp here (not Linux, an unknown machine, or the kernel refused)."""


def _machine() -> tuple[int, dict[str, int]]:
    try:
        return _ARCHES[platform.machine()]
    except KeyError:
        raise Unsupported(f"no syscall table for {platform.machine()}") from None


def program(deny: dict[str, int], deny_sockets_but_unix: bool = False,
            deny_clone_flags: int = 0, enosys: tuple[str, ...] = (),
            deny_cpu_limit: bool = False, keep_child_signal: bool = False,
            deny_record_locks: bool = False) -> list[tuple[int, int, int, int]]:
    """The BPF program: ``deny`` maps syscall names to the errno they fail
    with; ``deny_sockets_but_unix`` fails ``socket()`` of every family but
    AF_UNIX with EPERM; ``deny_clone_flags`` fails a ``clone()`` that asks
    for any of these flags; ``enosys`` fail as if the kernel lacked them
    (what Docker does to clone3, so that libc falls back to clone);
    ``deny_cpu_limit`` fails setting RLIMIT_CPU (NOTE [a CPU limit of its
    own]); ``keep_child_signal`` fails changing what SIGCHLD does (NOTE
    [children the kernel reaps]); reading either still works;
    ``deny_record_locks`` fails fcntl's record locks (NOTE [locks on shared files]).
    Calls of another ABI than the machine's fail with EPERM."""
    arch, numbers = _machine()
    errno_ret = lambda e: (BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | (e & 0xFFFF))  # noqa: E731
    allow = (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW)
    prog = [(BPF_LD_W_ABS, 0, 0, ARCH), (BPF_JEQ_K, 1, 0, arch), errno_ret(errno.EPERM),
            (BPF_LD_W_ABS, 0, 0, NR)]
    if platform.machine() == "x86_64":
        prog += [(BPF_JGE_K, 0, 1, X32_BIT), errno_ret(errno.EPERM)]
    for name, code in [*deny.items(), *((n, errno.ENOSYS) for n in enosys)]:
        prog += [(BPF_JEQ_K, 0, 1, numbers[name]), errno_ret(code)]
    # Blocks that look at an argument end the program (allow or deny), so
    # they come last, each skipped whole when its call does not match.
    if deny_clone_flags:
        block = [(BPF_LD_W_ABS, 0, 0, _arg(0)), (BPF_JSET_K, 0, 1, deny_clone_flags), errno_ret(errno.EPERM),
                 (BPF_LD_W_ABS, 0, 0, NR)]
        prog += [(BPF_JEQ_K, 0, len(block), numbers["clone"]), *block]
    if deny_cpu_limit:
        # prlimit64(pid, RLIMIT_CPU, new != NULL, old); setrlimit(RLIMIT_CPU, ...)
        block = [(BPF_LD_W_ABS, 0, 0, _arg(1)), (BPF_JEQ_K, 0, 5, RLIMIT_CPU), (BPF_LD_W_ABS, 0, 0, _arg(2)),
                 (BPF_JEQ_K, 0, 2, 0), (BPF_LD_W_ABS, 0, 0, _arg(2) + 4), (BPF_JEQ_K, 1, 0, 0),
                 errno_ret(errno.EPERM), (BPF_LD_W_ABS, 0, 0, NR)]
        prog += [(BPF_JEQ_K, 0, len(block), numbers["prlimit64"]), *block]
        block = [(BPF_LD_W_ABS, 0, 0, _arg(0)), (BPF_JEQ_K, 0, 1, RLIMIT_CPU), errno_ret(errno.EPERM),
                 (BPF_LD_W_ABS, 0, 0, NR)]
        prog += [(BPF_JEQ_K, 0, len(block), numbers["setrlimit"]), *block]
    if keep_child_signal:
        # rt_sigaction(SIGCHLD, act != NULL, ...)
        block = [(BPF_LD_W_ABS, 0, 0, _arg(0)), (BPF_JEQ_K, 0, 5, SIGCHLD), (BPF_LD_W_ABS, 0, 0, _arg(1)),
                 (BPF_JEQ_K, 0, 2, 0), (BPF_LD_W_ABS, 0, 0, _arg(1) + 4), (BPF_JEQ_K, 1, 0, 0),
                 errno_ret(errno.EPERM), (BPF_LD_W_ABS, 0, 0, NR)]
        prog += [(BPF_JEQ_K, 0, len(block), numbers["rt_sigaction"]), *block]
    if deny_record_locks:
        # fcntl(fd, cmd, ...) with cmd one of RECORD_LOCKS: each JEQ jumps to the errno, the last one over it
        n = len(RECORD_LOCKS)
        block = [(BPF_LD_W_ABS, 0, 0, _arg(1)),
                 *((BPF_JEQ_K, n - 1 - i, 0, cmd) for i, cmd in enumerate(RECORD_LOCKS[:-1])),
                 (BPF_JEQ_K, 0, 1, RECORD_LOCKS[-1]), errno_ret(errno.EPERM), (BPF_LD_W_ABS, 0, 0, NR)]
        prog += [(BPF_JEQ_K, 0, len(block), numbers["fcntl"]), *block]
    if deny_sockets_but_unix:
        prog += [(BPF_JEQ_K, 0, 3, numbers["socket"]), (BPF_LD_W_ABS, 0, 0, _arg(0)),
                 (BPF_JEQ_K, 1, 0, AF_UNIX), errno_ret(errno.EPERM)]
    prog.append(allow)
    return prog


def install(prog: list[tuple[int, int, int, int]]) -> None:
    """Load the filter into this process (and every child it will have).
    Sets no_new_privs first, which an unprivileged process needs."""
    prepare(prog)()


def prepare(prog: list[tuple[int, int, int, int]]):
    """``install`` in two steps: the ctypes objects made now (once, in a zygote), the filter loaded
    when the function returned is called (in each run)."""
    if not os.path.exists("/proc/self/status"):
        raise Unsupported("not Linux")
    libc = ctypes.CDLL(None, use_errno=True)
    raw = b"".join(struct.pack("=HBBI", *op) for op in prog)
    buffer = ctypes.create_string_buffer(raw, len(raw))

    class Fprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = Fprog(len(prog), ctypes.addressof(buffer))

    def load() -> None:
        buffer  # noqa: B018  (kept alive with the function: fprog points into it)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise Unsupported(f"no_new_privs: {os.strerror(ctypes.get_errno())}")
        if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
            raise Unsupported(f"seccomp: {os.strerror(ctypes.get_errno())}")

    return load


def confine_run() -> None:
    """What a run without namespaces gives up (see the module's docstring), and what every run gives up
    (``run_filter``)."""
    deny = {name: errno.EPERM for name in ("io_uring_setup", "shmget", "msgget", "semget", "mq_open")}
    install(program({**deny, **RUN_DENY}, deny_sockets_but_unix=True, deny_cpu_limit=True,
                    deny_clone_flags=NAMESPACE_FLAGS, enosys=("clone3",), keep_child_signal=True,
                    deny_record_locks=True))


# NOTE [memory the sum did not see] (runwatch.resident): a memfd's pages that
# no process maps are in no process's memory: 60 of them of 60 MiB each (the
# file size limit) passed, and the file limit allowed 20,000 per process
# (found by a security probe). No exercise needs one.
#
# NOTE [a signal that says it came from the kernel]: `rt_sigqueueinfo` lets a
# process send itself SIGKILL with `si_code = SI_KERNEL`, which reaches a PID
# namespace's init as if the kernel sent it: the monitor read the run's own
# kill as one from outside, ran it again and again, and the class's grade
# ended in exit 3 (found by a security probe, as root and as a normal user).
# The calls that send a signal with a sender's record of the caller's making
# (`rt_sigqueueinfo`, `rt_tgsigqueueinfo`, `pidfd_send_signal`) are refused;
# `kill`, `tgkill` and `raise` are not.
#
# NOTE [no namespace of its own]: a run made user and mount namespaces of its
# own and chained them through nsfs bind mounts until its user's host-wide
# `max_mnt_namespaces` ran out (in seconds): every sandbox of that user
# failed then, and a classmate's run in a concurrent grade was read as the
# pack's fault (found by a security probe, as a normal user). A run may not
# make or enter namespaces (`unshare`, `setns`, namespace flags of `clone`;
# `clone3` answers ENOSYS, so that libc falls back to `clone`) nor mount.
#
# NOTE [children the kernel reaps]: the CPU sum of a run reads each process's
# own time and what it reaped (runwatch.py). Children of a process that
# ignores SIGCHLD (or sets SA_NOCLDWAIT) are reaped by the kernel, and their
# time is added nowhere: a loop of children of 30 ms each ran past a 3 s
# limit to the wall-clock bound, on every core (found by a security probe).
# A run may not change what SIGCHLD does (it may read it).
#
# NOTE [a tracer's signal]: a run's child attached to the run with `ptrace`
# and let it go on with signal 9, which the kernel delivers even to a
# namespace's init: a kill read as one from outside, exit 3 for the class
# (found by a security probe, as root and as a normal user). A run may not
# trace (process_vm_readv, which sends no signal, stays: the memory test of
# tests/grade/test_isolation.py reads the run's own memory with it).
#
# NOTE [the grader's keys]: every run inherited the grader's session keyring
# (`@s`), which holding lets a process read whatever its owner can: a CI
# token put there reached a report, a run's key outlived the grade, and two
# runs passed values through it (found by a security probe). A run may not
# use the kernel's keys at all.
#
# NOTE [memory in socket buffers]: data queued in socketpairs is the
# kernel's memory, in no process's resident set: 30 processes of 500 pairs
# each held 5 GiB under a run's 2 GiB (found by a security probe). A run
# makes no socket (the ones the grader hands it still work); multiprocessing's
# pipes and asyncio's loop need one and fail. inotify instances, 128 for
# the grading user on the whole host, one run could hold them all: refused too.
#
# NOTE [memory no process maps]: a SysV segment detached after it was
# filled (7 of 512 MiB), sockets made through io_uring (which needs no
# `socket()`) and huge pages that `vmsplice` pinned in pipes each held
# gigabytes beside a run's 2 GiB, in no process's resident set (found by a
# security probe, as root and as a normal user). A run makes no SysV IPC
# object, no io_uring and no vmsplice; its own IPC namespace still bounded
# nothing. epoll watches stay (the kernel caps them per host user).
# fanotify groups, 128 for the grading user on the whole host as inotify's
# instances, and `open_tree_attr` and `mount_setattr`, the newer kin of the
# mount calls, are refused too.
#
# NOTE [locks on shared files]: a POSIX record lock is kernel memory no
# process holds, and nothing bounds how many a process takes: 60 processes
# of 240 locks on each of 1,000 files under /usr held 3.2 GiB beside a run
# that passed; and the lock table is the host's, so a run read a message
# that a process outside the sandbox wrote as lock ranges on /usr/bin/env
# (found by a security probe, as root and as a normal user). fcntl's record
# locks (F_GETLK, F_SETLK, F_SETLKW and their OFD forms) are refused;
# flock, one lock per open file (what torch.compile's caches take), stays.
# `memfd_secret` is a memfd too: 200 of 8 MiB, each unmapped once touched,
# held 1.6 GiB beside a run's 2 GiB that passed, and under a runner's memory
# limit a classmate's run was killed for it (exit 3); `perf_event_open`'s
# ring buffers are pinned in no resident set (found by a security probe, as
# root and as a normal user).
RUN_DENY = {name: errno.EPERM for name in (
    "memfd_create", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_send_signal",
    "unshare", "setns", "mount", "fsopen", "open_tree", "move_mount", "fsmount", "fspick",
    "ptrace", "add_key", "request_key", "keyctl",
    "socket", "socketpair", "inotify_init1", *(("inotify_init",) if platform.machine() == "x86_64" else ()),
    "io_uring_setup", "shmget", "msgget", "semget", "vmsplice", "memfd_secret", "perf_event_open", "fanotify_init",
    "open_tree_attr", "mount_setattr")}


# NOTE [a CPU limit of its own]: the kernel kills a process that reaches its
# RLIMIT_CPU hard limit with SIGKILL, which a sandboxed run (PID 1 of its
# namespace) can receive from nowhere else inside: the monitor reads such a
# kill as one from outside, the grader's fault, and runs it again (NOTE
# [whose kill], monitor.py). A run that set `resource.setrlimit(RLIMIT_CPU,
# (1, 1))` and spun made its own result "no verdict", and its class's grade
# exit 3 (found by a security probe). The grader bounds CPU time itself; a
# run may not set that limit (it may read it).
def run_filter():
    """The loader of the filter of a run in a sandbox (it refuses RLIMIT_CPU changes, RUN_DENY and new
    namespaces), or None where there is no seccomp."""
    try:
        return prepare(program(RUN_DENY, deny_cpu_limit=True, deny_clone_flags=NAMESPACE_FLAGS, enosys=("clone3",),
                               keep_child_signal=True, deny_record_locks=True))
    except (Unsupported, OSError):
        return None
