"""The UI side of the kernel: start it, talk to it, notice when it dies.

Torch-free. ``KernelClient.start`` returns at once; torch loads in the
kernel while the UI paints. A reader thread per kernel process turns its
event lines into a queue; when the stream ends without a ``Shutdown`` the
client emits ``KernelDied`` (one line saying why) and, unless told not to,
starts a fresh kernel and re-runs the current setup code on it.
"""

from __future__ import annotations

import itertools
import os
import queue
import signal
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tutor.kernel.graphwire import GraphReceiver
from tutor.kernel.protocol import (
    Complete,
    Completions,
    Done,
    Event,
    Execute,
    Graph,
    Interrupt,
    KernelDied,
    ProtocolError,
    Ready,
    Request,
    Reset,
    Shutdown,
    Snapshot,
    decode,
    encode,
)

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


def default_threads() -> int:
    """Leave a core for the UI so a busy kernel cannot make typing lag."""
    return max(1, min(8, (os.cpu_count() or 2) - 1))


def default_memory_limit_mb() -> int:
    """Half the machine's memory, at least 2 GiB."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 0
    return max(2048, (total >> 20) // 2)


@dataclass(frozen=True)
class KernelOptions:
    device: str = "auto"
    threads: int | None = None  # None: default_threads()
    memory_limit_mb: int | None = None  # None: default_memory_limit_mb(); 0: none
    output_limit: int = 1 << 20  # characters of output one execution may send
    python: str = sys.executable

    def command(self) -> list[str]:
        threads = self.threads if self.threads is not None else default_threads()
        memory = self.memory_limit_mb if self.memory_limit_mb is not None else default_memory_limit_mb()
        return [
            self.python, "-m", "tutor.kernel",
            "--device", self.device,
            "--threads", str(threads),
            "--memory-limit-mb", str(memory),
            "--output-limit", str(self.output_limit),
        ]  # fmt: skip

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        threads = str(self.threads if self.threads is not None else default_threads())
        env.setdefault("OMP_NUM_THREADS", threads)
        env.setdefault("MKL_NUM_THREADS", threads)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
        return env


class KernelError(RuntimeError):
    """The kernel did not start or did not answer in time."""


class _Process:
    """One kernel process and what the client knows about it."""

    def __init__(self, options: KernelOptions) -> None:
        self.popen = subprocess.Popen(
            options.command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=options.environment(),
            # Its own session: a Ctrl-C at the terminal reaches the UI only,
            # and the UI decides whether to pass it on.
            start_new_session=True,
        )
        self.ready = threading.Event()
        self.info: Ready | None = None
        self.expected_exit = False
        self.stderr_tail: deque[str] = deque(maxlen=20)


class KernelClient:
    def __init__(self, options: KernelOptions | None = None, *, setup: str = "", seed: int = 0,
                 auto_restart: bool = True) -> None:
        self.options = options or KernelOptions()
        self.setup = setup
        self.seed = seed
        self.auto_restart = auto_restart
        self.last_graph: Graph | None = None
        self._events: queue.Queue[Event] = queue.Queue()
        self._ids = itertools.count(1)
        self._lock = threading.RLock()  # guards _proc and writes to its stdin
        self._proc: _Process | None = None
        self._completions: dict[str, queue.Queue[Completions]] = {}
        self._closed = False

    # --- life cycle --------------------------------------------------------

    def start(self) -> None:
        """Start the kernel in the background and queue the setup code.

        Does nothing once shut down: a front end that starts its kernel from
        a background thread may lose the race with its own shutdown."""
        with self._lock:
            if self._closed:
                return
            proc = _Process(self.options)
            self._proc = proc
            for target, name in ((self._read_events, "events"), (self._read_stderr, "stderr")):
                threading.Thread(target=target, args=(proc,), name=f"kernel-{name}", daemon=True).start()
            if self.setup:
                self._send(Reset(self._new_id("setup"), self.setup, self.seed))

    def ready(self, timeout: float | None = 120.0) -> Ready:
        """Wait until the current kernel has loaded torch; returns its Ready."""
        proc = self._current()
        if not proc.ready.wait(timeout):
            raise KernelError("the kernel did not start in time")
        if proc.info is None:
            raise KernelError("the kernel ended before it was ready: " + self._last_stderr(proc))
        return proc.info

    @property
    def info(self) -> Ready | None:
        """The current kernel's Ready, or None while it starts."""
        proc = self._proc
        return proc.info if proc is not None else None

    @property
    def pid(self) -> int | None:
        return self._proc.popen.pid if self._proc else None

    def restart(self) -> None:
        """Kill the kernel (however busy) and start a fresh one with the setup."""
        with self._lock:
            old = self._proc
            if old is not None:
                old.expected_exit = True
                _kill(old.popen)
            self._drain_events()
            self.start()

    def shutdown(self, timeout: float = 2.0) -> None:
        with self._lock:
            self._closed = True
            proc, self._proc = self._proc, None
        if proc is None:
            return
        proc.expected_exit = True
        try:
            proc.popen.stdin.write(encode(Shutdown()))
            proc.popen.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            proc.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            _kill(proc.popen)
        for stream in (proc.popen.stdout, proc.popen.stderr):
            if stream is not None:
                stream.close()

    def __enter__(self) -> KernelClient:
        if self._proc is None:
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    # --- requests ----------------------------------------------------------

    def execute(self, code: str, *, scratch: bool = False) -> str:
        """Send code to run (``scratch``: in the scratch namespace); returns the id its events carry."""
        exec_id = self._new_id("x")
        self._send(Execute(exec_id, code, scratch))
        return exec_id

    def run(self, code: str, timeout: float | None = None) -> Iterator[Event]:
        """Execute and yield every event until its Done, or KernelDied.

        Events of other requests still in flight (the setup after a restart)
        are yielded too, so the caller shows their output and errors."""
        return self._until_done(self.execute(code), timeout)

    def reset(self, setup: str | None = None, seed: int | None = None, timeout: float | None = None) -> Iterator[Event]:
        """Fresh namespace plus setup; remembered for the next crash restart."""
        return self._until_done(self.send_reset(setup, seed), timeout)

    def send_reset(self, setup: str | None = None, seed: int | None = None) -> str:
        """Like ``reset`` but returns the request id; the caller reads the events."""
        if setup is not None:
            self.setup = setup
        if seed is not None:
            self.seed = seed
        reset_id = self._new_id("setup")
        self._send(Reset(reset_id, self.setup, self.seed))
        return reset_id

    def snapshot(self, timeout: float | None = 30.0) -> Graph | None:
        """The namespace's graph now (None when graph capture is unavailable)."""
        snap_id = self._new_id("snap")
        self._send(Snapshot(snap_id))
        graph = None
        for event in self._until_done(snap_id, timeout):
            if isinstance(event, Graph) and event.id == snap_id:
                graph = event
        return graph

    def complete(self, code: str, cursor: int | None = None, timeout: float = 2.0) -> Completions:
        """Names and attributes from the live namespace; empty on timeout."""
        cursor = len(code) if cursor is None else cursor
        request_id = self._new_id("c")
        answer: queue.Queue[Completions] = queue.Queue(maxsize=1)
        self._completions[request_id] = answer
        try:
            self._send(Complete(request_id, code, cursor))
            return answer.get(timeout=timeout)
        except (queue.Empty, KernelError):
            return Completions(request_id, cursor, [])
        finally:
            self._completions.pop(request_id, None)

    def interrupt(self) -> None:
        """Ask the running code to stop with KeyboardInterrupt."""
        try:
            self._send(Interrupt())
        except KernelError:
            pass

    def next_event(self, timeout: float | None = None) -> Event | None:
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    # --- internals ---------------------------------------------------------

    def _until_done(self, request_id: str, timeout: float | None) -> Iterator[Event]:
        while True:
            # Short waits keep the caller's thread responsive to Ctrl-C.
            event = self.next_event(timeout=0.1 if timeout is None else min(0.1, timeout))
            if event is None:
                if timeout is not None:
                    timeout -= 0.1
                    if timeout <= 0:
                        raise KernelError(f"no answer from the kernel for request {request_id}")
                continue
            yield event
            if isinstance(event, KernelDied) or (isinstance(event, Done) and event.id == request_id):
                return

    def _new_id(self, prefix: str) -> str:
        return f"{prefix}{next(self._ids)}"

    def _current(self) -> _Process:
        proc = self._proc
        if proc is None:
            raise KernelError("the kernel is not running")
        return proc

    def _send(self, request: Request, proc: _Process | None = None) -> None:
        """To the kernel running now, or to ``proc`` (a reader's own): if
        that one died, nothing is sent and its reader reports it."""
        with self._lock:
            target = proc or self._current()
            try:
                target.popen.stdin.write(encode(request))
                target.popen.stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as exc:
                # It died; the reader thread reports it. Requests before the
                # restart are lost, which the KernelDied event explains.
                if proc is None:
                    raise KernelError("the kernel is not running") from exc

    def _drain_events(self) -> None:
        while True:
            try:
                self._events.get_nowait()
            except queue.Empty:
                return

    def _read_events(self, proc: _Process) -> None:
        graphs = GraphReceiver()  # NOTE [send what changed]: this process's last snapshot
        for line in proc.popen.stdout:
            try:
                event = decode(line)
            except ProtocolError:
                continue
            event, ask_whole = graphs.receive(event, self._ids)
            if ask_whole is not None:
                self._send(ask_whole, proc)
            if event is None:
                continue
            if isinstance(event, Ready):
                proc.info = event
                proc.ready.set()
            elif isinstance(event, Completions):
                answer = self._completions.get(event.id)
                if answer is not None:
                    answer.put(event)
            else:
                if isinstance(event, Graph):
                    self.last_graph = event
                self._events.put(event)
        exit_code = _wait(proc.popen)
        proc.ready.set()  # wake anyone waiting on a kernel that never got ready
        if proc.expected_exit or self._closed:
            return
        with self._lock:
            if proc is not self._proc:
                return
            restarting = self.auto_restart
            # Replace the process before telling anyone, so a caller that
            # reacts to KernelDied already talks to the new kernel.
            if restarting:
                self.start()
            else:
                self._proc = None
            message = death_message(exit_code, self._last_stderr(proc), restarting)
            self._events.put(KernelDied(exit_code, message, restarting))

    def _read_stderr(self, proc: _Process) -> None:
        # Only what the kernel wrote before capturing its own fds lands here
        # (an import error, a fatal interpreter error): keep the end of it.
        for line in proc.popen.stderr:
            proc.stderr_tail.append(line.decode("utf-8", "replace").rstrip())

    @staticmethod
    def _last_stderr(proc: _Process) -> str:
        lines = [line for line in proc.stderr_tail if line.strip()]
        return lines[-1] if lines else ""


def death_message(exit_code: int | None, last_stderr: str, restarting: bool) -> str:
    """One line: what happened to the kernel and what happens next."""
    if exit_code is not None and exit_code < 0:
        signum = -exit_code
        if signum == signal.SIGSEGV:
            what = "the kernel crashed (segmentation fault)"
        elif signum == signal.SIGKILL:
            what = "the kernel was killed (SIGKILL), most likely for using too much memory"
        elif signum == signal.SIGABRT:
            what = "the kernel aborted"
        else:
            what = f"the kernel was stopped by {signal.Signals(signum).name}"
    else:
        what = f"the kernel exited with code {exit_code}"
        if last_stderr:
            what += f" ({last_stderr})"
    if restarting:
        return f"{what}; restarting it: your setup runs again, other variables are lost"
    return what


def _wait(popen: subprocess.Popen[bytes]) -> int | None:
    try:
        return popen.wait(timeout=5)
    except subprocess.TimeoutExpired:
        return popen.poll()


def _kill(popen: subprocess.Popen[bytes]) -> None:
    try:
        popen.kill()
        popen.wait(timeout=5)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
