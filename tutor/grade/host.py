"""A warm host of grading workers: one sandbox, torch imported once, a worker forked per request.

NOTE [a host of workers]: a worker's start is mostly torch's import (some
1.3 s of CPU, NOTE [workers worth starting], pool.py), paid again by every
pool: by each ``check``, each ``grade`` and each of a test suite's
hundreds of graders. Where many graders run one after another on one
machine (a course's CI grading student by student, the test suite), a host
pays it once. It runs in the very sandbox a worker would (sandbox.py: the
client asks a host only when its own sandbox's command line is the host's,
hosted.py), imports torch and the run side, and then only forks: for each
connection on its socket it takes the three pipes the client sends
(SCM_RIGHTS), forks, and the child becomes a worker exactly as
``python -m tutor.grade.worker ARGS`` would (worker.main: the uid drop,
the worker's own namespaces, the zygote). The host

- reads nothing of a run's: requests and replies travel on the worker's
  pipes, which the host closes once forked; its memory holds imports only
  (as a zygote's does, zygote.py);
- gives the client a pidfd of the worker (signals, exit, and through
  /proc/self/fdinfo the worker's pid in the client's namespace, for the
  tools and tests that watch a worker's processes), and its exit status;
- closes every descriptor of its own in the child before the worker
  starts: no run can reach the socket, another worker's pipes or a pidfd;
- is PID 1 of the sandbox's PID namespace (bubblewrap's --as-pid-1): if it
  dies, the kernel ends every worker it forked (a grader fault, run again:
  pool.py), and clients then start workers of their own (hosted.spawn
  returns None). A death signal could not do this: the host is root, its
  workers are not, and the kernel sends none across uids;
- ends when its lifeline (a pipe whose other end the launcher holds) does:
  when the launcher stops it or is gone.

    python -m tutor.grade.host --listen-fd FD --lifeline-fd FD

Inside the sandbox of sandbox.py, started by hosted.launch.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import sys

MAX_REQUEST = 1 << 16  # one request: the worker's arguments, JSON


def _receive(conn: socket.socket) -> tuple[list[str], list[int]] | None:
    """The worker's arguments and its three pipes (stdin, stdout, stderr), or None."""
    try:
        data, fds, _, _ = socket.recv_fds(conn, MAX_REQUEST, 3)
    except OSError:
        return None
    try:
        args = json.loads(data)
    except ValueError:
        args = None
    if len(fds) != 3 or not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        for fd in fds:
            os.close(fd)
        return None
    return args, fds


def _become_worker(args: list[str], pipes: list[int], own: list[int]) -> None:
    """In the forked child: the pipes as 0, 1 and 2, nothing of the host's
    open, then the worker's main (never returns)."""
    from tutor.grade import jail

    code = 70
    try:
        os.setsid()
        jail.set_name("agt-worker")
        for target, fd in enumerate(pipes):
            os.dup2(fd, target)
        for fd in set(own + pipes) - {0, 1, 2}:
            try:
                os.close(fd)
            except OSError:
                pass
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        sys.argv = ["tutor.grade.worker", *args]
        from tutor.grade import worker

        worker.main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # noqa: BLE001  (a worker that cannot start says why on its stderr)
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def serve(listen_fd: int, lifeline: int) -> None:
    from tutor.grade import jail

    jail.set_name("agt-host")
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the grader's Ctrl-C is the grader's
    import torch

    torch.set_num_threads(1)  # NOTE [a host of workers]: forked, as the zygote forks (zygote.py)
    import tutor.graph.capture  # noqa: F401  (what zygote.serve imports: paid here once)
    from tutor.grade import child, hugepages, lookups, pristine, worker, zygote  # noqa: F401

    # The classes found clean, once for every worker: a zygote's snapshot then reads only the classes its
    # observers changed (lookups.note_clean: some 100 ms of CPU a worker, 15 after this)
    lookups.note_clean(pristine._dict_versions_work())
    # The code every run executes, in huge pages once for every worker (NOTE [the code in huge pages]):
    # a first backward runs autograd's engine here, as each zygote's first ops do (zygote._first_ops).
    zygote._first_ops(torch)
    hugepages.copy_code()

    listener = socket.socket(fileno=listen_fd)
    listener.setblocking(True)
    children: dict[int, tuple[int, socket.socket]] = {}  # pidfd: (pid, the client's connection)
    while True:
        # a second at most: as PID 1 we also reap what the namespace's orphans leave (a worker's zygote)
        readable, _, _ = select.select([listener, lifeline, *children], [], [], 1.0)
        if lifeline in readable:  # the launcher stopped us, or is gone: so is every worker (we are PID 1)
            os._exit(0)
        if listener in readable:
            try:
                conn, _ = listener.accept()
            except OSError:
                conn = None
            if conn is not None:
                _start(conn, listener, lifeline, children)
        _reap(children)


def _reap(children: dict) -> None:
    """Every child that ended: a worker's exit status to its client; an orphan's, nowhere."""
    by_pid = {pid: (pidfd, conn) for pidfd, (pid, conn) in children.items()}
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid in by_pid:
            pidfd, conn = by_pid.pop(pid)
            del children[pidfd]
            try:
                conn.sendall(b"exit %d\n" % os.waitstatus_to_exitcode(status))
            except OSError:
                pass
            conn.close()
            os.close(pidfd)


def _start(conn: socket.socket, listener: socket.socket, lifeline: int, children: dict) -> None:
    conn.settimeout(5.0)  # a client that connects and says nothing holds no other client up for long
    request = _receive(conn)
    if request is None:
        conn.close()
        return
    args, pipes = request
    pid = os.fork()
    if pid == 0:
        # Detached, then closed: the socket objects stay in this stack's frames for the worker's whole
        # life, and none may close a number the worker has reused by then.
        sockets = [listener, conn, *(c for _, c in children.values())]
        _become_worker(args, pipes, [lifeline, *children, *(s.detach() for s in sockets)])
    for fd in pipes:
        os.close(fd)
    try:
        pidfd = os.pidfd_open(pid)
        socket.send_fds(conn, [b"ok\n"], [pidfd])
    except OSError:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        conn.close()
        return
    conn.setblocking(True)
    children[pidfd] = (pid, conn)


def main() -> None:
    args = sys.argv[1:]
    serve(int(args[args.index("--listen-fd") + 1]), int(args[args.index("--lifeline-fd") + 1]))


if __name__ == "__main__":
    main()
