"""The app's side of the kernel: one thread turns client events into messages.

Torch-free. ``KernelBridge`` wraps a ``KernelClient`` (or a fake with the
same methods, in tests); it never touches widgets. The state it reports is
one of ``starting`` (torch loading), ``ready``, ``busy`` (code running),
``crashed`` (the process died; a line says why) and ``restarting``.

The pump polls the client 20 times a second and posts what it finds to its
target (the main screen). Messages that a newer one makes stale (a graph
snapshot, a state) coalesce in the target's queue (``Message.can_replace``);
the transcript's events never do: every line of output must arrive.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.message_pump import MessagePump

STATES = ("starting", "ready", "busy", "crashed", "restarting")


class KernelBridge:
    @dataclass
    class StateChanged(Message):
        """The kernel's state changed (or its detail: torch version, device, why it crashed)."""

        state: str
        """One of :data:`STATES`."""

        detail: str = ""

        seq: int = 0
        """Its place among the states posted: see NOTE [one state at a time]."""

        def can_replace(self, message: Message) -> bool:
            # A newer state supersedes this one, except a crash: its line must be shown.
            return isinstance(message, KernelBridge.StateChanged) and self.state != "crashed"

    @dataclass
    class EventReceived(Message):
        """A protocol event for the transcript: Stream, Result, Error, Done or KernelDied. Never coalesced."""

        event: Any

    @dataclass
    class GraphChanged(Message):
        """A new graph snapshot of the namespace, already parsed off the UI thread."""

        snapshot: Any
        """A tutor.graph.model.GraphSnapshot."""

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, KernelBridge.GraphChanged)  # only the newest graph is worth drawing

    def __init__(self, client: Any, target: MessagePump) -> None:
        self.client = client
        self.target = target
        self.state = "starting"
        self.detail = ""
        self._pending: set[str] = set()
        self._lock = threading.Lock()
        # NOTE [one state at a time]: the UI thread (a request) and the pump
        # (an answer) both work out the state, and their messages can reach
        # the screen out of order: Textual queues a message from the UI thread
        # at once, and one from another thread only when the event loop next
        # runs its callbacks. A pump's "ready" (the setup done) once arrived
        # after the UI's "busy" (the code sent), and the status bar showed a
        # running kernel as idle for as long as the code ran. So working out
        # a state, keeping it and numbering it happen under one lock, and the
        # screen applies only the newest (``is_current``).
        self._state_lock = threading.RLock()
        self._state_seq = 0
        self._restarting = False
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        self._graph: Any = None  # the last snapshot decoded (the pump thread's alone)

    # --- life cycle --------------------------------------------------------

    def start(self) -> None:
        """Spawn the kernel and the event pump; returns at once."""
        self._thread = threading.Thread(target=self._pump, name="tutor-kernel-pump", daemon=True)
        self._thread.start()

    def shutdown(self) -> None:
        self._stopped.set()
        try:
            self.client.shutdown()
        except Exception:  # noqa: BLE001 - closing down; nothing useful to do
            pass

    # --- requests (UI thread) ----------------------------------------------

    def execute(self, code: str, *, scratch: bool = False) -> str | None:
        """Run code in the namespace (or, ``scratch``, in the kernel's scratch namespace)."""
        from tutor.kernel.client import KernelError

        # Hold the lock from sending to noting it pending: the kernel can
        # answer before execute() returns, and the pump must not see that
        # Done before the id is in _pending.
        with self._lock:
            try:
                request_id = self.client.execute(code, scratch=True) if scratch else self.client.execute(code)
            except KernelError as exc:
                request_id, error = None, str(exc)
            else:
                self._pending.add(request_id)
        if request_id is None:
            self._set_state("crashed", error)
            return None
        self._update_state()
        return request_id

    def reset(self, setup: str, seed: int = 0) -> str | None:
        """A fresh namespace with ``setup`` run in it (remembered for a crash restart)."""
        from tutor.kernel.client import KernelError

        with self._lock:
            try:
                request_id = self.client.send_reset(setup, seed)
            except KernelError:
                self.client.setup = setup  # the restart after a crash runs it
                self.client.seed = seed
                return None
            self._pending.add(request_id)
        self._update_state()
        return request_id

    def run_fresh(self, setup: str, seed: int, code: str) -> str | None:
        """Run as the grader does: fresh namespace, setup with ``seed``, then ``code``.

        The kernel handles requests in order, so the code runs after the setup."""
        if self.reset(setup, seed) is None:
            return None
        return self.execute(code)

    def interrupt(self) -> None:
        self.client.interrupt()

    def restart(self) -> None:
        """Kill and restart the kernel, off the UI thread (killing can wait)."""
        with self._lock:
            self._pending.clear()
            self._restarting = True
        self._update_state(force=True)
        threading.Thread(target=self.client.restart, name="tutor-kernel-restart", daemon=True).start()

    def complete(self, code: str, cursor: int) -> Any:
        """Blocking (up to a second): call from a worker thread."""
        return self.client.complete(code, cursor, timeout=1.0)

    @property
    def info(self) -> Any:
        return self.client.info

    # --- the pump (its own thread) -----------------------------------------

    def _pump(self) -> None:
        from tutor.kernel.protocol import Done, Graph, KernelDied

        try:
            self.client.start()
        except Exception as exc:  # noqa: BLE001 - python missing, fork failed, ...
            self._set_state("crashed", f"the kernel could not start: {exc}")
            return
        self._update_state(force=True)
        while not self._stopped.is_set():
            event = self.client.next_event(timeout=0.05)
            if event is None:
                self._update_state()
                continue
            if isinstance(event, Graph):
                self._post_graph(event)
            elif isinstance(event, KernelDied):
                with self._lock:
                    self._pending.clear()
                    self._restarting = event.restarting
                self._set_state("crashed", event.message)
                self.target.post_message(self.EventReceived(event))
            else:
                if isinstance(event, Done):
                    with self._lock:
                        self._pending.discard(event.id)
                self.target.post_message(self.EventReceived(event))
            self._update_state()

    def _post_graph(self, event: Any) -> None:
        from tutor.graph.model import GraphSnapshot

        try:
            # Only what changed since the last snapshot is validated again.
            snapshot = GraphSnapshot.from_untrusted(event.snapshot, previous=self._graph, incremental=True)
        except (KeyError, TypeError, ValueError):
            return
        self._graph = snapshot
        self.target.post_message(self.GraphChanged(snapshot))

    def _set_state(self, state: str, detail: str = "") -> None:
        with self._state_lock:  # NOTE [one state at a time]
            self.state, self.detail = state, detail
            self._state_seq += 1
            self.target.post_message(self.StateChanged(state, detail, self._state_seq))

    def is_current(self, message: StateChanged) -> bool:
        """Whether ``message`` is the newest state posted (an older one can arrive later)."""
        return message.seq == self._state_seq

    def _update_state(self, force: bool = False) -> None:
        with self._state_lock:  # NOTE [one state at a time]
            self._update_state_locked(force)

    def _update_state_locked(self, force: bool) -> None:
        info = self.client.info
        with self._lock:
            if info is None:
                state = "restarting" if self._restarting else "starting"
                if self.state == "crashed" and not self._restarting:
                    state = "crashed"
            else:
                self._restarting = False
                state = "busy" if self._pending else "ready"
        detail = ""
        if info is not None:
            detail = f"torch {info.torch} · {info.device}"
            if getattr(info, "note", ""):
                detail += f" ({info.note})"
        elif self.state == "crashed" and state == "restarting":
            detail = self.detail
        if force or state != self.state or detail != self.detail:
            self._set_state(state, detail)
