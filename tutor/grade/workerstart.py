"""Why a grading worker did not start, and when a pool stops starting them.

NOTE [workers that cannot start]: a worker that exits before its hello
because of where it runs (a broken install, a venv the sandbox does not
show, a torch that fails to import) fails the same way every time. The pool
used to start a fresh worker for every run lost that way, each failing in
turn: a class of 2 students made 2,196 worker starts in 35 s, and the report
said "the grading worker did not start (stream closed)" and nothing of why,
the worker's own words having gone to /dev/null. Now

- each worker's stderr is drained (``StderrTail``: a thread per worker, so a
  chatty library never blocks it on a full pipe) and its last lines kept;
- a start that fails says how the worker ended and the last line it wrote
  (``why_not_started``): "it exited with status 1: ModuleNotFoundError: ...";
- once three starts in a row end that way with the same words, and no
  worker started between them (``StartWatch``), the pool starts no more:
  every run left comes back lost at once, with those words (``grade`` prints
  them and exits 3; no student is blamed). Three: what one run is given
  (pool.RETRIES + 1), so a failure that passes (a namespace refused for a
  moment under load) costs no more than it did.

A worker killed as it started (SIGKILL, SIGTERM: from outside, or its
zygote killed, which the worker exits with as 128 + the signal, worker.py)
needs ``KILLED`` kills in a row instead. The fault tests kill up to 8
grading processes at random moments (tests/grade/test_faults.py), and each
worker so killed is started again, as before. But a runner short of memory
has the kernel's OOM killer kill every worker as it imports torch: a
student's one exercise took 48 kills and 19 s in a cgroup of 100 MB, and a
class would have taken hours to say only "Grade again". A crash as it
started (SIGSEGV, SIGILL: a torch built for another CPU) is the worker's
own, and counts as an exit does. A worker that stopped answering (the
start's 120 s) or exited 0 never counts.
"""

from __future__ import annotations

import os
import signal
import sys
import threading

from tutor.grade import sanitize

KEEP = 4096  # bytes of a worker's stderr kept: its last lines
ALIKE = 3  # failed starts in a row, alike, that stop a pool
KILLED = 10  # the same for a worker killed from outside as it started: more than the fault tests' 8 kills
FROM_OUTSIDE = {signal.SIGKILL, signal.SIGTERM, signal.SIGINT, signal.SIGHUP}
SAID = 300  # characters of the last line quoted in a reply's words


class StderrTail:
    """Reads a worker's stderr until it ends, keeping the last ``KEEP`` bytes;
    with ``echo`` (AGT_DEBUG_RUNS) it also copies everything to ours."""

    def __init__(self, stream, echo: bool = False) -> None:
        self._stream = stream
        self._echo = echo
        self._tail = bytearray()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._drain, name="agt-worker-stderr", daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        fd = self._stream.fileno()
        try:
            while chunk := os.read(fd, 65536):
                if self._echo:
                    sys.stderr.buffer.write(chunk)
                    sys.stderr.flush()
                with self._lock:
                    self._tail += chunk
                    del self._tail[:-KEEP]
        except (OSError, ValueError):
            pass
        finally:
            self._stream.close()

    def last_line(self, wait: float = 1.0) -> str:
        """The last line the worker wrote, as every report's text is made safe
        (``sanitize.log``: no escapes, no line a CI runner reads as a command),
        at most ``SAID`` characters; waits up to ``wait`` seconds for the rest
        of a worker that has ended (its sandbox may hold the pipe a moment longer)."""
        self._thread.join(wait)
        with self._lock:
            text = self._tail.decode("utf-8", "replace")
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        return sanitize.log(lines[-1], SAID) if lines else ""


def why_not_started(returncode: int | None, said: str, fallback: str) -> tuple[str, int]:
    """Words for a start that failed, and how many such failures in a row
    stop a pool (``StartWatch``; 0: never)."""
    if returncode is None:
        return fallback, 0  # still running (stopped answering) or not known
    if returncode < 0 or returncode >= 128:
        number = -returncode if returncode < 0 else returncode - 128
        try:
            how, limit = f"it was killed ({signal.Signals(number).name})", \
                KILLED if number in FROM_OUTSIDE else ALIKE
        except ValueError:
            how, limit = f"it was killed (signal {number})", ALIKE
        if number == signal.SIGKILL:
            how += " as it started: short of memory? (the kernel's OOM killer sends SIGKILL)"
    elif returncode == 0:
        how, limit = fallback, 0  # it ended quietly, or said something else than hello
    else:
        how, limit = f"it exited with status {returncode}", ALIKE
    return (f"{how}: {said}" if said else how), limit


class StartWatch:
    """A pool's record of its workers' starts: ``broken`` holds the words of
    the starts in a row that failed alike, once there were as many as their
    kind's limit (NOTE [workers that cannot start])."""

    def __init__(self) -> None:
        self.broken = ""
        self.starts = 0  # workers started, or tried: every start counts
        self._last = ""
        self._alike = 0  # failures in a row with the words ``_last``
        self._lock = threading.Lock()

    def started(self) -> None:
        with self._lock:
            self.starts += 1
            self._last, self._alike = "", 0

    def failed(self, words: str, limit: int) -> None:
        with self._lock:
            self.starts += 1
            if not limit:
                self._last, self._alike = "", 0
                return
            self._alike = self._alike + 1 if words == self._last else 1
            self._last = words
            if self._alike >= limit:
                self.broken = words if limit == ALIKE else f"{words}; {self._alike} times in a row"
