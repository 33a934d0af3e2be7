"""A fake kernel, a fake grader and graph builders for the app's UI-only
tests and for bench/bench_app.py (no torch, no processes). Test code: never
in the wheel."""

from __future__ import annotations

import queue
import threading
from typing import Any

from tutor.graph.model import GraphEdge, GraphNode, GraphSnapshot
from tutor.kernel.protocol import Completions, Done, Error, Graph, KernelDied, Ready, Result, Stream

READY = Ready(protocol=1, pid=4242, python="3.11", torch="2.13.0", device="cpu", threads=1, graph=True)


def chain_snapshot(n: int, *, root: str = "y", first_id: int = 1) -> GraphSnapshot:
    """A leaf x followed by n-1 ops in a straight line; the last is named ``root``."""
    nodes = [GraphNode(first_id, "AccumulateGrad", "Leaf", "leaf", names=["x"], shape=[3], dtype="float32",
                       device="cpu", is_leaf=True)]
    edges = []
    for i in range(1, n):
        nid = first_id + i
        nodes.append(GraphNode(nid, "MulBackward0", "Mul", "op", shape=[3], dtype="float32", device="cpu"))
        edges.append(GraphEdge(nid, nid - 1, 0, 0))
    nodes[-1].names = [root]
    return GraphSnapshot(nodes, edges, {root: nodes[-1].id, "x": first_id}, total_nodes=n)


def wide_snapshot(n: int) -> GraphSnapshot:
    """A balanced binary tree of Add nodes over leaves: about n nodes, depth log n."""
    nodes: list[GraphNode] = []
    edges: list[GraphEdge] = []
    leaves = max(2, (n + 1) // 2)
    level = []
    for i in range(leaves):
        nodes.append(GraphNode(i + 1, "AccumulateGrad", "Leaf", "leaf", names=[f"w{i}"], shape=[2], is_leaf=True))
        level.append(i + 1)
    next_id = leaves + 1
    while len(level) > 1:
        up = []
        for j in range(0, len(level) - 1, 2):
            nodes.append(GraphNode(next_id, "AddBackward0", "Add", "op", shape=[2]))
            edges += [GraphEdge(next_id, level[j], 0, 0), GraphEdge(next_id, level[j + 1], 1, 0)]
            up.append(next_id)
            next_id += 1
        if len(level) % 2:
            up.append(level[-1])
        level = up
    nodes[-1].names = ["loss"]
    return GraphSnapshot(nodes, edges, {"loss": level[0]}, total_nodes=len(nodes))


def linear_snapshot(*, backward: bool = False, with_b: bool = True) -> GraphSnapshot:
    """y = w * x + b (ids stable across calls), optionally after backward."""
    w = GraphNode(1, "AccumulateGrad", "Leaf", "leaf", names=["w"], shape=[], dtype="float32", device="cpu",
                  is_leaf=True, has_grad=backward, grad_shape=[] if backward else None)
    x = GraphNode(2, "AccumulateGrad", "Leaf", "leaf", names=["x"], shape=[], dtype="float32", device="cpu",
                  is_leaf=True, has_grad=backward, grad_shape=[] if backward else None)
    mul = GraphNode(4, "MulBackward0", "Mul", "op", shape=[], dtype="float32", device="cpu")
    from tutor.graph.model import FREED, SavedTensor

    mul.saved = [SavedTensor("self", [], "float32", FREED if backward else "available"),
                 SavedTensor("other", [], "float32", FREED if backward else "available")]
    nodes, edges = [w, x, mul], [GraphEdge(4, 1, 0, 0), GraphEdge(4, 2, 1, 0)]
    roots = {"w": 1, "x": 2}
    if with_b:
        b = GraphNode(3, "AccumulateGrad", "Leaf", "leaf", names=["b"], shape=[], dtype="float32", device="cpu",
                      is_leaf=True, has_grad=backward, grad_shape=[] if backward else None)
        add = GraphNode(5, "AddBackward0", "Add", "op", names=["y"], shape=[], dtype="float32", device="cpu")
        nodes += [b, add]
        edges += [GraphEdge(5, 4, 0, 0), GraphEdge(5, 3, 1, 0)]
        roots.update(b=3, y=5)
    else:
        mul.names = ["y"]
        roots["y"] = 4
    return GraphSnapshot(nodes, edges, roots, total_nodes=len(nodes))


class FakeKernel:
    """Speaks KernelClient's methods. ``script`` maps code to the graph it makes."""

    def __init__(self, device: str = "cpu", *, ready: bool = True) -> None:
        self.device = device
        self.setup = ""
        self.seed = 0
        self.info = None
        self.last_graph = None
        self.executed: list[str] = []
        self.scratch_executed: list[str] = []  # lesson examples (the kernel's scratch namespace)
        self.resets: list[str] = []
        self.reset_seeds: list[int] = []
        self.log: list[tuple[str, str]] = []  # ("reset"|"execute"|"scratch", code) in order
        self.interrupts = 0
        self.restarts = 0
        self.graphs: dict[str, GraphSnapshot] = {}  # code -> snapshot sent after it
        self.hold = False  # keep executions running until interrupt()
        self._running: str | None = None
        self._events: queue.Queue = queue.Queue()
        self._ids = 0
        self._auto_ready = ready
        self.started = threading.Event()

    # life cycle
    def start(self) -> None:
        self.started.set()
        if self._auto_ready:
            self.info = READY

    def become_ready(self) -> None:
        self.info = READY

    def shutdown(self, timeout: float = 2.0) -> None:
        self.closed = True

    def restart(self) -> None:
        self.restarts += 1
        self.info = None
        self._running = None
        self.info = READY

    def crash(self, message: str = "the kernel was killed (SIGKILL); restarting it") -> None:
        self.info = None
        self._running = None
        self._events.put(KernelDied(-9, message, True))

    @property
    def pid(self) -> int:
        return 4242

    # requests
    def _id(self, prefix: str) -> str:
        self._ids += 1
        return f"{prefix}{self._ids}"

    def execute(self, code: str, *, scratch: bool = False) -> str:
        request = self._id("x")
        (self.scratch_executed if scratch else self.executed).append(code)
        self.log.append(("scratch" if scratch else "execute", code))
        if "print(" in code:
            self._events.put(Stream(request, "stdout", code.split("print(", 1)[1].split(")")[0] + "\n"))
        if "raise" in code:
            self._events.put(Error(request, "ValueError", "boom", "Traceback (most recent call last):\nValueError: boom\n"))
        elif code.strip() and "=" not in code and "print(" not in code:
            self._events.put(Result(request, f"<{code.strip()}>"))
        snapshot = None if scratch else self.graphs.get(code)
        if snapshot is not None:
            self._events.put(Graph(request, "h", snapshot.to_dict()))
        if self.hold:
            self._running = request
        else:
            self._events.put(Done(request, "error" if "raise" in code else "ok", len(self.executed), 0.001))
        return request

    def send_reset(self, setup=None, seed=None) -> str:
        if setup is not None:
            self.setup = setup
        if seed is not None:
            self.seed = seed
        request = self._id("setup")
        self.resets.append(self.setup)
        self.reset_seeds.append(self.seed)
        self.log.append(("reset", self.setup))
        self._events.put(Done(request, "ok", 0, 0.001))
        return request

    def send_snapshot(self) -> str:
        self.snapshots = getattr(self, "snapshots", 0) + 1
        return self._id("snap")

    def interrupt(self) -> None:
        self.interrupts += 1
        if self._running is not None:
            self._events.put(Error(self._running, "KeyboardInterrupt", "", "KeyboardInterrupt\n"))
            self._events.put(Done(self._running, "interrupted", 1, 0.5))
            self._running = None

    def finish(self) -> None:
        if self._running is not None:
            self._events.put(Done(self._running, "ok", 1, 0.5))
            self._running = None

    def complete(self, code: str, cursor: int | None = None, timeout: float = 2.0) -> Completions:
        cursor = len(code) if cursor is None else cursor
        head = code[:cursor]
        start = len(head.rstrip("abcdefghijklmnopqrstuvwxyz_"))
        word = head[start:]
        names = ["requires_grad", "retain_grad", "register_hook", "grad", "grad_fn"]
        if "." not in head[:start][-1:]:
            names = ["torch", "tensor_a", "tensor_b", "x", "y"]
        return Completions("c", start, [n for n in names if n.startswith(word)])

    def next_event(self, timeout: float | None = None):
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None


def fake_grade(exercise, code: str, label: str = "graph of y") -> Any:
    """The grader, faked for the test pack's linear-gradients: passes when the
    code calls backward() and uses b; else the graph check fails.

    As the grader reports it: each check with its id (its place in the
    exercise, "c0", "c1") and the graph check's two snapshots under that id.
    ``label`` names the graph check (the grader's labels follow the language)."""
    from tutor.grade.report import CheckResult, ExerciseResult

    uses_b = "+ b" in code
    backward = "backward()" in code
    checks = [
        CheckResult("grad of w", "grad", backward, "" if backward else "`w.grad` is None: did you call backward()?",
                    1.0 if backward else 0.0, 1.0, check_id="c0"),
        CheckResult(label, "graph", uses_b, "" if uses_b else "your graph has no `b`: `y` should use `b`.",
                    1.0 if uses_b else 0.0, 1.0, check_id="c1"),
    ]
    score = sum(c.score for c in checks)
    graphs = {"c1": {"root": "y", "expected": linear_snapshot(backward=True).to_dict(),
                     "yours": linear_snapshot(with_b=uses_b).to_dict()}}
    return ExerciseResult(exercise.id, "passed" if score == 2 else "failed", score, 2.0, checks, graphs=graphs)
