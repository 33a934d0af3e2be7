"""The grader's side of a host of workers (NOTE [a host of workers], host.py). Torch-free.

``AGT_WORKER_HOST`` names a host's folder (made by ``launch``: its socket,
and the sandbox it was started in). A pool in the ``bwrap`` mode asks it
for each worker (``spawn``) when the sandbox it would build is the host's,
command line for command line, and the interpreter is the same; otherwise,
or when the host does not answer, it starts the worker itself, as without
a host. A hosted worker is a ``HostedProc``: what the pool does with a
``subprocess.Popen`` (pipes, ``pid``, ``poll``, ``wait``, ``kill``) it
does with that.
The test suite starts one per process of its own (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

ENV = "AGT_WORKER_HOST"
ANSWER_TIMEOUT = 30.0  # the host answers once its imports are done (seconds), then at once: past this it is stuck


def _sandbox(secrets: tuple[str, ...], device: str) -> list[str]:
    from tutor.grade import sandbox

    return [sys.executable, *sandbox.command([], secrets=secrets, device=device)]


class Host:
    """A host started by ``launch``: its ``folder`` (for ``AGT_WORKER_HOST``) and its bubblewrap
    process. It lives while ``stop`` is not called and the process that launched it lives: it ends
    when the pipe it holds the far end of closes (its lifeline), and every worker it forked with it."""

    def __init__(self, folder: str, proc: subprocess.Popen, lifeline: int) -> None:
        self.folder, self.proc, self._lifeline = folder, proc, lifeline

    def stop(self) -> None:
        if self._lifeline >= 0:
            os.close(self._lifeline)
            self._lifeline = -1
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def launch(secrets: tuple[str, ...] = (), device: str = "cpu") -> Host:
    """Start a host in the sandbox a pool with these ``secrets`` builds."""
    folder = tempfile.mkdtemp(prefix="agt-host-")  # 0700: no other user connects
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(os.path.join(folder, "socket"))
    listener.listen(64)
    sandbox = _sandbox(secrets, device)
    with open(os.path.join(folder, "sandbox.json"), "w") as f:
        json.dump(sandbox, f)
    bwrap = sandbox[1:-1]  # the interpreter first, "--" last
    far, near = os.pipe()  # the lifeline: ours is close-on-exec, so no command we start holds it
    argv = [bwrap[0], "--as-pid-1", *bwrap[1:], "--", sys.executable, "-m", "tutor.grade.host",
            "--listen-fd", str(listener.fileno()), "--lifeline-fd", str(far)]  # PID 1: NOTE [a host of workers]
    env = {key: os.environ[key] for key in ("PATH", "LANG", "LC_ALL") if key in os.environ}
    proc = subprocess.Popen(argv, pass_fds=[listener.fileno(), far], stdin=subprocess.DEVNULL, env=env,
                            start_new_session=True)
    with open(os.path.join(folder, "pid"), "w") as f:  # for the tools that tell its processes from a grader's
        f.write(str(proc.pid))
    listener.close()  # the host's now: once it is gone, connecting fails and pools start their own
    os.close(far)
    return Host(folder, proc, near)


def spawn(args: list[str], secrets: tuple[str, ...], device: str) -> "HostedProc | None":
    """A worker forked by the host ``AGT_WORKER_HOST`` names, run with the
    worker's arguments ``args``; None where there is no host, it was started
    in another sandbox, or it does not answer."""
    folder = os.environ.get(ENV)
    if not folder:
        return None
    try:
        with open(os.path.join(folder, "sandbox.json")) as f:
            if json.load(f) != _sandbox(secrets, device):
                return None
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.settimeout(ANSWER_TIMEOUT)
        conn.connect(os.path.join(folder, "socket"))
    except (OSError, ValueError):
        return None
    pipes = [os.pipe2(os.O_CLOEXEC) for _ in range(3)]  # (read, write): stdin, stdout, stderr
    theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
    ours = [pipes[0][1], pipes[1][0], pipes[2][0]]
    try:
        socket.send_fds(conn, [json.dumps(args).encode()], theirs)
        data, fds, _, _ = socket.recv_fds(conn, 16, 1)
        if data != b"ok\n" or len(fds) != 1:
            for fd in fds:
                os.close(fd)
            raise OSError("the host did not start a worker")
    except OSError:
        for fd in ours:
            os.close(fd)
        conn.close()
        return None
    finally:
        for fd in theirs:
            os.close(fd)
    conn.settimeout(None)
    return HostedProc(conn, fds[0], ours)


def _pid_of(pidfd: int) -> int:
    """The process's pid in our PID namespace (the kernel's fdinfo of a pidfd)."""
    with open(f"/proc/self/fdinfo/{pidfd}") as f:
        for line in f:
            if line.startswith("Pid:"):
                return int(line.split()[1])
    return -1


class HostedProc:
    """A worker the host forked, as the pool uses a ``subprocess.Popen``."""

    def __init__(self, conn: socket.socket, pidfd: int, pipes: list[int]) -> None:
        self._conn, self._pidfd = conn, pidfd
        self.stdin = open(pipes[0], "wb")
        self.stdout = open(pipes[1], "rb")
        self.stderr = open(pipes[2], "rb")
        self.pid = _pid_of(pidfd)
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self._pidfd], [], [], 0)[0]:
            self._reap()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            if not select.select([self._pidfd], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired("hosted worker", timeout)
            self._reap()
        return self.returncode

    def _reap(self) -> None:
        """The exit status the host sends once it has waited for the worker;
        a host that is gone says nothing (then: killed)."""
        code = -signal.SIGKILL
        deadline = time.monotonic() + ANSWER_TIMEOUT
        data = b""
        try:
            while not data.endswith(b"\n") and time.monotonic() < deadline:
                self._conn.settimeout(max(deadline - time.monotonic(), 0.01))
                chunk = self._conn.recv(64)
                if not chunk:
                    break
                data += chunk
            if data.startswith(b"exit "):
                code = int(data[5:].strip())
        except (OSError, ValueError):
            pass
        self.returncode = code
        self._conn.close()
        os.close(self._pidfd)
        self._pidfd = -1

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            try:
                signal.pidfd_send_signal(self._pidfd, sig)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)
