"""The grading worker: a warm fork server.

It imports torch once, then for each request forks a child (see child.py)
that runs one piece of code in isolation, so a run costs a fork, not a fresh
interpreter. The worker watches the child: it enforces the wall-clock limit,
reads the result frame, keeps the tail of the output, and kills the child's
whole process group (and, as root, every process of the run's own uid)
afterwards. Requests and replies are framed JSON on stdin/stdout.

    python -m tutor.grade.worker
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import sys
import tempfile
import time

from tutor.grade import framing

OUTPUT_TAIL = 8 * 1024


def serve(inbox, outbox_fd: int) -> None:
    import torch  # noqa: F401  (the point of the worker: pay for this once)

    from tutor.grade import child  # noqa: F401  (and for everything a run needs)
    import tutor.graph.capture  # noqa: F401

    torch.set_num_threads(1)  # forked children must not inherit a busy thread pool
    _warm_up(torch)
    framing.write_all(outbox_fd, framing.encode({"ready": True, "torch": torch.__version__, "pid": os.getpid()}))
    while True:
        try:
            request = framing.read_frame(inbox)
        except framing.FrameError:
            return
        if request.get("op") == "shutdown":
            return
        reply = run_isolated(request)
        reply["id"] = request.get("id")
        framing.write_all(outbox_fd, framing.encode(reply))


def _warm_up(torch) -> None:
    """Import what torch loads lazily on first use (torch.func, checkpointing,
    sympy/mpmath, profilers), once here rather than in every forked run,
    where it would cost about a second each."""
    try:
        import torch.func
        import torch.utils.checkpoint

        x = torch.ones(2, requires_grad=True)
        torch.func.grad(lambda t: (t * t).sum())(x.detach())
        torch.func.vmap(torch.sin)(x.detach())
        torch.func.jacrev(torch.sin)(x.detach())
        torch.func.hessian(lambda t: (t ** 3).sum())(x.detach())
        torch.func.jvp(torch.sin, (x.detach(),), (x.detach(),))
        torch.utils.checkpoint.checkpoint(torch.sin, x, use_reentrant=False).sum().backward()
        torch.sin(x).backward(gradient=torch.ones(2))
    except Exception:  # a warm-up that fails only costs speed
        pass


def run_isolated(request: dict) -> dict:
    from tutor.grade.child import child_main

    timeout = float(request.get("timeout", 10))
    workdir = tempfile.mkdtemp(prefix="agt-run-")
    output_path = os.path.join(tempfile.mkdtemp(prefix="agt-out-"), "output")
    read_fd, write_fd = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_fd)
        child_main(request, write_fd, workdir, output_path)
    os.close(write_fd)
    try:
        payload, status, exit_info = _collect(pid, read_fd, started + timeout)
    finally:
        os.close(read_fd)
        _kill_everything(pid, request.get("limits", {}).get("uid"))
        elapsed = time.monotonic() - started
    output, truncated = _tail(output_path)
    shutil.rmtree(workdir, ignore_errors=True)
    shutil.rmtree(os.path.dirname(output_path), ignore_errors=True)
    return {
        "status": status,
        "payload": payload,
        "exit": exit_info,
        "output": output,
        "output_truncated": truncated,
        "elapsed": round(elapsed, 6),
    }


def _collect(pid: int, fd: int, deadline: float):
    """Read the child's frame until it arrives, the child dies, or time runs out."""
    buffer = b""
    exit_info = None
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None, "timeout", exit_info
        ready, _, _ = select.select([fd], [], [], min(remaining, 0.05))
        if ready:
            chunk = os.read(fd, 1 << 20)
            if chunk:
                buffer += chunk
                try:
                    found = framing.split_frame(buffer)
                except framing.FrameError:
                    return None, "died", {"why": "the run sent malformed data"}
                if found is not None:
                    # The result is complete; the child is killed with its
                    # group right after, so there is no need to wait for it.
                    return found[0], "ok", None
                if len(buffer) > framing.MAX_FRAME:
                    return None, "died", {"why": "the run sent too much data"}
                continue
            # End of file: every holder of the pipe is gone, the child too.
            return None, "died", _reap(pid, block_for=1.0) or {"why": "closed its result pipe"}
        if exit_info is None:
            exit_info = _reap(pid)
        if exit_info is not None and not ready:
            # The child is gone and nothing more is coming; descendants may
            # still hold the pipe open, so do not wait for EOF.
            return None, "died", exit_info


def _reap(pid: int, block_for: float = 0.0):
    end = time.monotonic() + block_for
    while True:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return {"why": "gone"}
        if done:
            if os.WIFSIGNALED(status):
                return {"signal": os.WTERMSIG(status)}
            return {"code": os.WEXITSTATUS(status)}
        if time.monotonic() >= end:
            return None
        time.sleep(0.005)


def _kill_everything(pid: int, uid: int | None) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        os.waitpid(pid, 0)  # reap first: a zombie still shows the run's uid
    except ChildProcessError:
        pass
    if uid is not None and os.geteuid() == 0:
        _kill_uid(uid)  # processes that left the group (setsid) still have the run's uid


def _kill_uid(uid: int) -> None:
    for _ in range(3):
        found = False
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    os.kill(int(entry), signal.SIGKILL)
                    found = True
            except (OSError, ProcessLookupError):
                pass
        if not found:
            return
        time.sleep(0.01)


def _tail(path: str) -> tuple[str, bool]:
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            if size > OUTPUT_TAIL:
                f.seek(size - OUTPUT_TAIL)
            data = f.read()
    except OSError:
        return "", False
    return data.decode("utf-8", errors="replace"), size > OUTPUT_TAIL


def main() -> None:
    # The protocol owns the original stdout; anything printed by libraries
    # goes to stderr instead of corrupting a frame.
    outbox = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the grader, which shuts us down
    inbox = os.fdopen(os.dup(0), "rb", buffering=0)
    serve(inbox, outbox)


if __name__ == "__main__":
    main()
