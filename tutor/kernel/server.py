"""The kernel process: a persistent namespace with torch, driven by requests.

Threads: the main thread runs requests one at a time (learner code runs
here, so SIGINT can stop it); a reader thread takes requests off stdin,
turns ``Interrupt`` into a signal and answers ``Complete`` at once, even
while code runs; an output thread forwards fd-level output. Events go out on
a private duplicate of the original stdout, written whole under a lock.
This is the only module of the kernel package that imports torch.
"""

from __future__ import annotations

import argparse
import os
import platform
import queue
import re
import rlcompleter
import sys
import threading
import time
import types
from typing import Any

from tutor.kernel import cells
from tutor.kernel.graphwire import GraphSender
from tutor.kernel.interrupts import InterruptGate, block_sigint_in_this_thread
from tutor.kernel.output import FdCapture, OutputSink, StreamWriter
from tutor.kernel.protocol import (
    PROTOCOL_VERSION,
    Complete,
    Completions,
    Done,
    Error,
    Event,
    Execute,
    Interrupt,
    ProtocolError,
    Ready,
    Request,
    Reset,
    Result,
    Shutdown,
    Snapshot,
    Stream,
    decode,
    encode,
)

NAMES_NOT_GRAPHED = frozenset({"torch", "nn", "F", "device", "seed", "_"})
_COMPLETABLE = re.compile(r"[A-Za-z_][\w.]*$|$")


class EventChannel:
    """Writes whole events to the client; safe from any thread."""

    def __init__(self, fd: int, gate: InterruptGate) -> None:
        self._fd = fd
        self._gate = gate
        self._lock = threading.Lock()

    def send(self, event: Event) -> None:
        data = encode(event)
        with self._gate.protected(), self._lock:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view) :]


class Kernel:
    def __init__(self, torch: Any, device: str, channel: EventChannel, gate: InterruptGate, sink: OutputSink,
                 capture: FdCapture) -> None:
        self.torch = torch
        self.device = device
        self.channel = channel
        self.gate = gate
        self.sink = sink
        self.capture = capture
        self.namespace: dict[str, Any] = {}
        self.mains: dict[int, Any] = {}  # id of a namespace -> the module `__main__` whose dict it is
        self.scratch: dict[str, Any] | None = None  # lesson examples run here
        self.cell = 0
        self._graph_sender = GraphSender()
        self._graph_failures: set[str] = set()
        self._capture_graph = _load_graph_capture()

    @property
    def graph_enabled(self) -> bool:
        return self._capture_graph is not None

    # --- requests ----------------------------------------------------------

    def handle(self, request: Request) -> None:
        if isinstance(request, Execute):
            if request.scratch:
                self.execute_scratch(request.id, request.code)
            else:
                self.execute(request.id, request.code)
        elif isinstance(request, Reset):
            self.reset(request)
        elif isinstance(request, Snapshot):
            started = time.perf_counter()
            self.send_graph(request.id, only_if_changed=False)
            self.channel.send(Done(request.id, "ok", self.cell, time.perf_counter() - started))

    def reset(self, request: Reset) -> None:
        self.new_namespace(request.seed)
        self.execute(request.id, request.setup, filename="<setup>", echo=False)

    def new_namespace(self, seed: int) -> None:
        self.namespace = self._fresh_namespace(seed)
        self.scratch = None
        self._graph_sender.forget()
        # Seeded as the grader seeds each run, so Run agrees with Check.
        import random

        random.seed(seed)
        self.torch.manual_seed(seed)

    def execute_scratch(self, exec_id: str, code: str) -> None:
        """Run in the scratch namespace; its tensors stay out of the graph pane."""
        if self.scratch is None:
            self.scratch = self._fresh_namespace(0)
        main, self.namespace = self.namespace, self.scratch
        try:
            self.execute(exec_id, code, graph=False)
        finally:
            self.namespace = main

    def _fresh_namespace(self, seed: int) -> dict[str, Any]:
        """The dict of a module named `__main__`, as a script's is (``execute`` makes it sys.modules'
        `__main__`: pickle and torch.compile find the learner's classes and globals there)."""
        import types

        torch = self.torch
        main = types.ModuleType("__main__")
        live = (id(self.namespace), id(self.scratch))
        self.mains = {key: module for key, module in self.mains.items() if key in live}
        self.mains[id(vars(main))] = main
        vars(main).update({
            "__builtins__": __builtins__,
            "torch": torch,
            "nn": torch.nn,
            "F": torch.nn.functional,
            "device": torch.device(self.device),
            "seed": seed,
        })
        return vars(main)

    def execute(self, exec_id: str, code: str, *, filename: str | None = None, echo: bool = True,
                graph: bool = True) -> None:
        if filename is None:
            self.cell += 1
            filename = cells.cell_filename(self.cell)
        self.sink.begin(exec_id)
        started = time.perf_counter()
        shown: str | None = None
        error: BaseException | None = None
        status = "ok"
        try:
            with self.gate.learner_code():
                sys.modules["__main__"] = self.mains.get(id(self.namespace), sys.modules["__main__"])
                value = cells.run_cell(code, self.namespace, filename)
                shown = cells.echo(value, self.namespace) if echo else None
        except KeyboardInterrupt as exc:
            status, error = "interrupted", exc
        except BaseException as exc:  # the learner's SystemExit too: the kernel stays up
            status, error = "error", exc
        seconds = time.perf_counter() - started
        self.capture.drain()
        self.sink.end()
        if shown is not None:
            self.channel.send(Result(exec_id, shown))
        if error is not None:
            self.channel.send(Error(exec_id, type(error).__name__, str(error), cells.format_exception(error)))
        del error
        if graph:
            self.send_graph(exec_id, only_if_changed=True)
        self.channel.send(Done(exec_id, status, self.cell, seconds))

    def send_graph(self, exec_id: str, *, only_if_changed: bool) -> None:
        if self._capture_graph is None:
            return
        tensors = {
            name: value
            for name, value in self.namespace.items()
            if not name.startswith("_") and name not in NAMES_NOT_GRAPHED and not isinstance(value, types.ModuleType)
        }
        try:
            snapshot = self._capture_graph(tensors)
            # Grads and freed buffers count as changes; only what changed is
            # sent (NOTE [send what changed]); a Snapshot request gets it whole.
            message = self._graph_sender.message(exec_id, snapshot, only_if_changed=only_if_changed)
            if message is not None:
                self.channel.send(message)
        except Exception as exc:  # a bug in capture must not cost the learner's run
            problem = f"{type(exc).__name__}: {exc}"
            if problem not in self._graph_failures:  # say it once, not after every cell
                self._graph_failures.add(problem)
                self.channel.send(Stream(exec_id, "stderr", f"[graph snapshot failed: {problem}]\n"))

    def complete(self, request: Complete) -> Completions:
        before = request.code[: request.cursor]
        text = _COMPLETABLE.search(before).group()
        start = request.cursor - len(text)
        matches: list[str] = []
        if text:
            completer = rlcompleter.Completer(self.namespace)
            try:
                for state in range(500):
                    match = completer.complete(text, state)
                    if match is None:
                        break
                    matches.append(match.rstrip("("))
            except Exception:
                pass  # a property that raises while we look: offer what we have
        return Completions(request.id, start, sorted(set(matches), key=_completion_order))


def _completion_order(name: str) -> tuple[int, str]:
    last = name.rsplit(".", 1)[-1]
    return (last.startswith("_"), name)


def _load_graph_capture() -> Any:
    """The graph model's capture function, or None while it is unavailable."""
    try:
        from tutor.graph.capture import capture_namespace
    except ImportError:
        return None
    return capture_namespace


def resolve_device(torch: Any, wanted: str) -> tuple[str, str]:
    """(device, note): auto prefers CUDA, then MPS; a missing one falls back to CPU."""
    cuda = torch.cuda.is_available()
    mps_backend = getattr(torch.backends, "mps", None)
    mps = bool(mps_backend and mps_backend.is_available())
    if wanted == "auto":
        return ("cuda" if cuda else "mps" if mps else "cpu"), ""
    if wanted == "cuda" and not cuda:
        why = "this torch build has no CUDA support" if torch.version.cuda is None else "no CUDA GPU was found"
        return "cpu", f"CUDA was requested but is not available ({why}); using the CPU instead."
    if wanted == "mps" and not mps:
        return "cpu", "MPS was requested but is not available (it needs Apple silicon); using the CPU instead."
    return wanted, ""


def apply_memory_limit(megabytes: int) -> None:
    """Cap the kernel's writable memory so a runaway allocation fails with an
    error in the kernel instead of swapping the machine to a halt. RLIMIT_DATA
    counts committed private memory, not reserved address space, so CUDA's
    large reservations are not mistaken for use."""
    if megabytes <= 0:
        return
    try:
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        limit = megabytes << 20
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))
    except (ImportError, ValueError, OSError):
        pass  # not enforceable here (e.g. Windows); the limit is best effort


def _read_requests(stdin: Any, kernel: Kernel, requests: queue.Queue[Request]) -> None:
    block_sigint_in_this_thread()
    for line in stdin:
        try:
            request = decode(line)
        except ProtocolError as exc:
            kernel.channel.send(Stream("", "stderr", f"[kernel: {exc}]\n"))
            continue
        if isinstance(request, Interrupt):
            kernel.gate.interrupt()
        elif isinstance(request, Complete):
            kernel.channel.send(kernel.complete(request))
        else:
            requests.put(request)
    # The client went away: stop whatever runs and leave, even if it will not stop.
    requests.put(Shutdown())
    kernel.gate.interrupt()
    time.sleep(2.0)
    os._exit(0)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tutor.kernel")
    parser.add_argument("--device", default="auto", choices=("auto", "cpu", "cuda", "mps"))
    parser.add_argument("--threads", type=int, default=0, help="torch intra-op threads (0: torch's default)")
    parser.add_argument("--memory-limit-mb", type=int, default=0, help="0: no limit")
    parser.add_argument("--output-limit", type=int, default=1 << 20, help="characters of output per execution")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    gate = InterruptGate()
    gate.install()
    # Events get a private copy of stdout; fds 1 and 2 become capture pipes.
    channel = EventChannel(os.dup(1), gate)
    sink = OutputSink(channel.send, gate, args.output_limit)
    capture = FdCapture(sink)
    sys.stdout = StreamWriter(sink, "stdout", 1)
    sys.stderr = StreamWriter(sink, "stderr", 2)
    apply_memory_limit(args.memory_limit_mb)

    import torch

    if args.threads > 0:
        torch.set_num_threads(args.threads)
    device, note = resolve_device(torch, args.device)
    kernel = Kernel(torch, device, channel, gate, sink, capture)
    requests: queue.Queue[Request] = queue.Queue()
    kernel.new_namespace(seed=0)
    channel.send(
        Ready(
            protocol=PROTOCOL_VERSION,
            pid=os.getpid(),
            python=platform.python_version(),
            torch=torch.__version__,
            device=device,
            threads=torch.get_num_threads(),
            graph=kernel.graph_enabled,
            note=note,
        )
    )
    # Requests get a private copy of stdin; input() in learner code sees EOF.
    stdin = os.fdopen(os.dup(0), "rb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - lives as long as the process
    threading.Thread(target=_read_requests, args=(stdin, kernel, requests), name="kernel-requests", daemon=True).start()
    while True:
        request = requests.get()
        if isinstance(request, Shutdown):
            return 0
        kernel.handle(request)
