"""Learner output in the kernel: buffering, the per-execution cap, fd capture.

Everything the learner's code prints reaches the client as ``Stream`` events.
Python-level writes (``print``, warnings, tracebacks) go through
``StreamWriter``; C-level writes to fds 1 and 2 (a subprocess, a C++
library) go through pipes that ``FdCapture`` reads. Both feed one
``OutputSink``, which coalesces small writes (one event per 50 ms or 8 KB,
not one per ``print``) and bounds what one execution can send: the first
half of ``limit`` streams live, then only a rolling tail of the second half
is kept and sent when the execution ends, after a line saying how much was
left out. A ``while True: print(...)`` therefore costs the front end at most
``limit`` characters and never stalls it.
"""

from __future__ import annotations

import codecs
import ctypes
import io
import os
import select
import threading
from collections import deque
from collections.abc import Callable

from tutor.kernel.interrupts import InterruptGate, block_sigint_in_this_thread
from tutor.kernel.protocol import Stream

FLUSH_BYTES = 8192
FLUSH_SECONDS = 0.05


class OutputSink:
    def __init__(self, emit: Callable[[Stream], None], gate: InterruptGate, limit: int) -> None:
        self._emit = emit
        self._gate = gate
        self._head_limit = limit // 2
        self._tail_limit = limit - self._head_limit
        self._lock = threading.Lock()
        self._id = ""
        self._begin("")

    def _begin(self, exec_id: str) -> None:
        self._id = exec_id
        self._pending: list[tuple[str, str]] = []
        self._pending_size = 0
        self._sent = 0  # characters streamed live for this execution
        self._dropped = 0  # characters that fell out of the tail
        self._tail: deque[tuple[str, str]] = deque()
        self._tail_size = 0

    def begin(self, exec_id: str) -> None:
        with self._gate.protected(), self._lock:
            self._flush_locked()
            self._begin(exec_id)

    def write(self, name: str, text: str) -> None:
        if not text:
            return
        with self._gate.protected(), self._lock:
            room = self._head_limit - self._sent - self._pending_size
            if room > 0:
                head, text = text[:room], text[room:]
                self._pending.append((name, head))
                self._pending_size += len(head)
                if self._pending_size >= FLUSH_BYTES:
                    self._flush_locked()
            if text:
                self._keep_tail(name, text)

    def flush(self) -> None:
        with self._gate.protected(), self._lock:
            self._flush_locked()

    def end(self) -> None:
        """Send what is buffered and, after a flood, the note and the tail."""
        with self._gate.protected(), self._lock:
            self._flush_locked()
            if self._tail:
                omitted = self._dropped
                note = f"\n[... {_size(omitted)} of output not shown; the last {_size(self._tail_size)} follow ...]\n"
                self._emit(Stream(self._id, "stderr", note))
                for name, text in _merge(self._tail):
                    self._emit(Stream(self._id, name, text))
            self._begin(self._id)

    def _flush_locked(self) -> None:
        for name, text in _merge(self._pending):
            self._emit(Stream(self._id, name, text))
        self._sent += self._pending_size
        self._pending = []
        self._pending_size = 0

    def _keep_tail(self, name: str, text: str) -> None:
        if len(text) > self._tail_limit:
            self._dropped += len(text) - self._tail_limit
            text = text[-self._tail_limit :]
        self._tail.append((name, text))
        self._tail_size += len(text)
        while self._tail_size > self._tail_limit:
            old_name, old = self._tail.popleft()
            excess = self._tail_size - self._tail_limit
            if excess < len(old):
                self._tail.appendleft((old_name, old[excess:]))
                self._tail_size -= excess
                self._dropped += excess
            else:
                self._tail_size -= len(old)
                self._dropped += len(old)


def _merge(chunks: list[tuple[str, str]] | deque[tuple[str, str]]) -> list[tuple[str, str]]:
    """Join neighbouring chunks of the same stream into one event each."""
    merged: list[tuple[str, list[str]]] = []
    for name, text in chunks:
        if merged and merged[-1][0] == name:
            merged[-1][1].append(text)
        else:
            merged.append((name, [text]))
    return [(name, "".join(parts)) for name, parts in merged]


def _size(chars: int) -> str:
    if chars >= 1 << 20:
        return f"{chars / (1 << 20):.1f} MB"
    if chars >= 1 << 10:
        return f"{chars / (1 << 10):.0f} KB"
    return f"{chars} characters"


class StreamWriter(io.TextIOBase):
    """``sys.stdout`` / ``sys.stderr`` inside the kernel."""

    def __init__(self, sink: OutputSink, name: str, fd: int) -> None:
        self._sink = sink
        self._name = name
        self._fd = fd

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._sink.write(self._name, text)
        return len(text)

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self._fd  # the captured fd, for libraries that write to it directly


class FdCapture:
    """Redirects fds 1 and 2 into pipes and forwards what arrives to the sink.

    The forwarding thread also flushes the sink's buffer every FLUSH_SECONDS,
    so output of a long-running cell appears while it runs."""

    def __init__(self, sink: OutputSink) -> None:
        self._sink = sink
        self._readers: dict[int, tuple[str, codecs.IncrementalDecoder]] = {}
        self._lock = threading.Lock()
        for fd, name in ((1, "stdout"), (2, "stderr")):
            read_end, write_end = os.pipe()
            os.dup2(write_end, fd)
            os.close(write_end)
            os.set_blocking(read_end, False)
            self._readers[read_end] = (name, codecs.getincrementaldecoder("utf-8")("replace"))
        self._libc_fflush = _libc_fflush()
        threading.Thread(target=self._forward, name="kernel-output", daemon=True).start()

    def drain(self) -> None:
        """Move everything already written to fds 1 and 2 into the sink."""
        if self._libc_fflush is not None:
            self._libc_fflush(None)  # C stdio on a pipe is block-buffered
        with self._lock:
            for fd in self._readers:
                self._read(fd)

    def _forward(self) -> None:
        block_sigint_in_this_thread()
        while True:
            ready, _, _ = select.select(list(self._readers), [], [], FLUSH_SECONDS)
            with self._lock:
                for fd in ready:
                    self._read(fd)
            self._sink.flush()

    def _read(self, fd: int) -> None:
        name, decoder = self._readers[fd]
        while True:
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                return
            if not data:
                return
            self._sink.write(name, decoder.decode(data))


def _libc_fflush() -> Callable[[object], int] | None:
    try:
        return ctypes.CDLL(None).fflush
    except (OSError, AttributeError):
        return None
