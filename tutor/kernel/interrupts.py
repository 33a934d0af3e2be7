"""Turning an interrupt request into KeyboardInterrupt at a safe moment.

SIGINT is aimed at the main thread (``signal.pthread_kill``) so it also
breaks blocking calls such as ``time.sleep``. The handler raises only while
learner code runs, and never while the kernel is half-way through writing a
message: a KeyboardInterrupt there would cut a JSON line in two and corrupt
the stream. Such an interrupt is held back and raised right after.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class InterruptGate:
    def __init__(self) -> None:
        self._main_thread = threading.main_thread().ident
        self._running = False  # learner code is on the main thread's stack
        self._protected = 0  # depth of kernel bookkeeping on the main thread
        self._pending = False

    def install(self) -> None:
        signal.signal(signal.SIGINT, self._on_sigint)

    def interrupt(self) -> None:
        """Called from any thread: interrupt the main thread."""
        if self._running:
            signal.pthread_kill(self._main_thread, signal.SIGINT)

    @contextmanager
    def learner_code(self) -> Iterator[None]:
        self._pending = False
        self._running = True
        try:
            yield
        finally:
            self._running = False
            self._pending = False

    @contextmanager
    def protected(self) -> Iterator[None]:
        """Defer interrupts on the main thread for the duration of the block."""
        if threading.get_ident() != self._main_thread:
            yield
            return
        self._protected += 1
        try:
            yield
        finally:
            self._protected -= 1
        if not self._protected and self._pending and self._running:
            self._pending = False
            raise KeyboardInterrupt

    def _on_sigint(self, signum: int, frame: object) -> None:
        if not self._running:
            return  # idle or between requests: nothing to stop
        if self._protected:
            self._pending = True
            return
        raise KeyboardInterrupt


def block_sigint_in_this_thread() -> None:
    """Helper threads call this so a process-wide SIGINT lands on the main thread."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
