"""App benchmarks: time to first paint, key latency while the kernel is busy, graph pane updates.

    python bench/bench_app.py [--runs 5] [--keys 30] [--skip-latency]

- First paint: whole process, from spawning ``python`` to the first frame of
  the app (headless), median of ``--runs``, beside ``python -c "import torch"``
  and ``python -c "import textual.app"``. Also the time until the lesson text
  is on screen (the pack loads in a worker after the first frame). Target:
  first paint 0.4 s or less, far below the torch import.
- Key to screen: a key pressed in the editor until it is processed and the
  screen refreshed, with the kernel idle and with the kernel busy in a Python
  loop (median and 95th percentile).
- Graph pane: ``show_snapshot`` plus the refresh, for graphs of 100, 1,000
  and 5,000 nodes (a balanced tree and a straight chain): the first show, and
  an update that adds one node (reconciled, not rebuilt).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
PACK = None  # the built-in pack, as a learner meets it

CHILD = r"""
import sys
from tutor.app.main import TutorApp
from tutor.app.services import Services

def painted():
    print("PAINTED", flush=True)
    def lesson():
        main = app.main
        if main is not None and main.exercise is not None:
            print("LESSON", flush=True)
            app.exit()
    app.set_interval(0.005, lesson)

app = TutorApp(Services(pack_ref=sys.argv[1] or None, device="cpu"), on_first_paint=painted)
app.run(headless=True, size=(120, 40))
"""


def whole_process(argv: list[str], marks: tuple[str, ...] = ()) -> dict[str, float]:
    """Seconds from spawning until each mark line (or until exit, as "exit")."""
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": tempfile.mkdtemp(prefix="bench-app-")}
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    out: dict[str, float] = {}
    for line in proc.stdout:
        word = line.strip()
        if word in marks and word not in out:
            out[word] = time.perf_counter() - start
    proc.wait()
    out["exit"] = time.perf_counter() - start
    return out


def median(values: list[float]) -> float:
    return statistics.median(values)


def bench_first_paint(runs: int) -> None:
    print(f"whole-process time, median of {runs} runs:")
    torch_times = [whole_process([sys.executable, "-c", "import torch"])["exit"] for _ in range(runs)]
    textual_times = [whole_process([sys.executable, "-c", "import textual.app"])["exit"] for _ in range(runs)]
    app_runs = [whole_process([sys.executable, "-c", CHILD, PACK or ""], ("PAINTED", "LESSON")) for _ in range(runs)]
    paint = median([r["PAINTED"] for r in app_runs])
    lesson = median([r["LESSON"] for r in app_runs])
    t_torch, t_textual = median(torch_times), median(textual_times)
    print(f"  python -c 'import torch'          {t_torch:6.3f} s")
    print(f"  python -c 'import textual.app'    {t_textual:6.3f} s")
    print(f"  app: first paint (headless)       {paint:6.3f} s   ({paint / t_torch:.2f} x import torch; target <= 0.4 s)")
    print(f"  app: lesson text on screen        {lesson:6.3f} s")


async def _key_latency(keys: int) -> tuple[list[float], list[float]]:
    from app_support import started, wait_for

    from tutor.app.main import TutorApp
    from tutor.app.services import Services

    os.environ["AUTOGRAD_TUTOR_HOME"] = tempfile.mkdtemp(prefix="bench-app-")
    app = TutorApp(Services(pack_ref=PACK, device="cpu"))
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await started(pilot)
        bar = screen.query_one("StatusBar")
        await wait_for(pilot, lambda: bar.kernel_state == "ready", 300)
        area = screen.query_one("EditorPane").area
        area.focus()
        await pilot.pause()

        async def measure() -> list[float]:
            times = []
            for _ in range(keys):
                t0 = time.perf_counter()
                await pilot.press("a")
                await pilot.pause()
                times.append(time.perf_counter() - t0)
            return times

        idle = await measure()
        screen.bridge.execute("n = 0\nwhile True:\n    n += 1\n")
        await wait_for(pilot, lambda: bar.kernel_state == "busy", 30)
        await pilot.pause(0.5)
        busy = await measure()
        screen.bridge.interrupt()
        await wait_for(pilot, lambda: bar.kernel_state == "ready", 30)
    return idle, busy


def bench_key_latency(keys: int) -> None:
    idle, busy = asyncio.run(_key_latency(keys))

    def p95(values: list[float]) -> float:
        return sorted(values)[max(0, int(len(values) * 0.95) - 1)]

    print(f"key to screen (editor, {keys} keys; Pilot press + refresh):")
    print(f"  kernel idle                       median {median(idle) * 1000:6.1f} ms   p95 {p95(idle) * 1000:6.1f} ms")
    print(f"  kernel busy (Python loop)         median {median(busy) * 1000:6.1f} ms   p95 {p95(busy) * 1000:6.1f} ms")


async def _graph_updates() -> list[tuple[str, int, float, float, float]]:
    from app_support import FakeKernel, chain_snapshot, started, wide_snapshot

    from tutor.app.main import TutorApp
    from tutor.app.services import Services
    from tutor.graph.model import GraphEdge, GraphNode, GraphSnapshot

    def plus_one(snapshot: GraphSnapshot) -> GraphSnapshot:
        """The same graph with one more op on top (as after ``z = y * 2``)."""
        data = GraphSnapshot.from_dict(snapshot.to_dict())
        top = max(n.id for n in data.nodes) + 1
        old_root = next(iter(data.roots.values()))
        data.nodes.append(GraphNode(top, "MulBackward0", "Mul", "op", names=["z"]))
        data.edges.append(GraphEdge(top, old_root, 0, 0))
        data.roots["z"] = top
        return data

    os.environ["AUTOGRAD_TUTOR_HOME"] = tempfile.mkdtemp(prefix="bench-app-")
    kernel = FakeKernel()
    app = TutorApp(Services(pack_ref=PACK, kernel_factory=lambda device: kernel))
    rows = []
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await started(pilot)
        pane = screen.query_one("GraphPane")
        for shape, make in (("tree", wide_snapshot), ("chain", chain_snapshot)):
            for n in (100, 1000, 5000):
                snapshot = make(n)
                payload = snapshot.to_dict()
                t0 = time.perf_counter()
                GraphSnapshot.from_dict(payload)
                parse = time.perf_counter() - t0
                pane.clear_graph()
                await pilot.pause()
                t0 = time.perf_counter()
                pane.show_snapshot(snapshot)
                await pilot.pause()
                first = time.perf_counter() - t0
                bigger = plus_one(snapshot)
                t0 = time.perf_counter()
                pane.show_snapshot(bigger)
                await pilot.pause()
                update = time.perf_counter() - t0
                rows.append((shape, len(snapshot.nodes), parse, first, update))
    return rows


def bench_graph() -> None:
    rows = asyncio.run(_graph_updates())
    print("graph pane (show_snapshot + refresh; parsing happens off the UI thread):")
    print("  graph   nodes    parse      first show   update (+1 node)")
    for shape, n, parse, first, update in rows:
        print(f"  {shape:6} {n:6}  {parse * 1000:7.1f} ms  {first * 1000:9.1f} ms  {update * 1000:9.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--skip-latency", action="store_true", help="skip the key latency part (starts a kernel)")
    args = parser.parse_args()
    bench_first_paint(args.runs)
    bench_graph()
    if not args.skip_latency:
        bench_key_latency(args.keys)


if __name__ == "__main__":
    main()
