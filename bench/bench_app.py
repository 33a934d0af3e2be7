"""App benchmarks: time to first paint, key latency while the kernel is busy, graph pane updates.

    python bench/bench_app.py [--runs 5] [--keys 30] [--skip-latency] [--pack DIR] [--baseline DIR]

    # beside the code as committed (the code before a change):
    mkdir /tmp/base && git archive HEAD | tar -x -C /tmp/base
    python bench/bench_app.py --skip-latency --skip-graph --baseline /tmp/base --pack /tmp/base

- First paint: whole process, from spawning ``python`` to the first frame of
  the app (headless), median of ``--runs``, beside ``python -c "import torch"``
  and ``python -c "import textual.app"``; then the time until the lesson text
  is on screen (the first frame that shows the opened exercise's task and
  lesson: the start screen's preview from the pack cache, tutor.app.preview,
  else the main screen), and until the main screen has it (the editor
  ready for keys), with a warm
  pack cache (the pack was validated before: tutor.pack.cache) and a cold one
  (an empty cache folder). Runs go in rounds (every process once per round),
  so a machine whose load changes slows all alike; the CPU time the process
  had used at each mark (all its threads) is printed beside the wall time:
  on a busy machine it is the steadier figure. With ``--baseline DIR`` (a
  folder holding another copy of ``tutor/``) the same marks of that code run
  in the same rounds, with the ratios. Goals (issue 19): first paint within
  1.5x ``import textual.app``; lesson text within 0.6 s when ``import
  textual.app`` takes 0.25 s (2.4x).
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
import sys, time

def mark(word):
    print(word, time.process_time(), flush=True)

from tutor.app.main import TutorApp
from tutor.app.services import Services

def painted():
    mark("PAINTED")
    from tutor.app.screens.start import StartScreen
    show_preview = getattr(StartScreen, "show_preview", None)  # None: code from before the preview
    if show_preview is not None:
        def preview_shown(screen, preview):
            show_preview(screen, preview)
            app.call_after_refresh(mark, "LESSON")  # the frame that shows it
        StartScreen.show_preview = preview_shown
    def lesson():
        main = app.main
        if main is not None and main.exercise is not None:
            timer.stop()
            app.call_after_refresh(lambda: (mark("LESSON"), mark("MAIN"), app.exit()))
    timer = app.set_interval(0.005, lesson)

app = TutorApp(Services(pack_ref=sys.argv[1] or None, device="cpu"), on_first_paint=painted)
app.run(headless=True, size=(120, 40))
"""
CPU_CHILD = "import sys, time; exec(sys.argv[1]); print('DONE', time.process_time(), flush=True)"


def whole_process(argv: list[str], marks: tuple[str, ...] = (), cwd: Path = ROOT,
                  cache: str | None = None) -> dict[str, tuple[float, float]]:
    """(wall seconds from spawning, CPU seconds the process had used) at each
    mark line ``WORD <cpu>``; "exit" has the wall time until the process ended."""
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": tempfile.mkdtemp(prefix="bench-app-")}
    env.pop("AUTOGRAD_TUTOR_NO_CACHE", None)
    if cache is not None:
        env["AUTOGRAD_TUTOR_CACHE"] = cache
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=cwd)
    out: dict[str, tuple[float, float]] = {}
    for line in proc.stdout:
        word, _, cpu = line.strip().partition(" ")
        if word in marks and word not in out:
            out[word] = (time.perf_counter() - start, float(cpu or "nan"))
    proc.wait()
    out["exit"] = (time.perf_counter() - start, float("nan"))
    return out


def median(values: list[float]) -> float:
    return statistics.median(values)


def bench_first_paint(runs: int, pack: str | None = None, baseline: Path | None = None) -> None:
    import shutil

    def python_import(module: str) -> list[str]:
        return [sys.executable, "-c", CPU_CHILD, f"import {module}"]

    app_argv = [sys.executable, "-c", CHILD, pack or ""]
    warm = tempfile.mkdtemp(prefix="bench-app-cache-")
    # Fill the warm cache: one start that validates the pack and writes the entry.
    whole_process(app_argv, ("MAIN",), cache=warm)
    warm_base = tempfile.mkdtemp(prefix="bench-app-cache-")  # the baseline's own, filled the same way
    if baseline is not None:
        whole_process(app_argv, ("MAIN",), cwd=baseline, cache=warm_base)
    rows: dict[str, list[dict]] = {"torch": [], "textual": [], "warm": [], "cold": [], "baseline": []}
    for _ in range(runs):
        rows["torch"].append(whole_process(python_import("torch"), ("DONE",)))
        rows["textual"].append(whole_process(python_import("textual.app"), ("DONE",)))
        rows["warm"].append(whole_process(app_argv, ("PAINTED", "LESSON", "MAIN"), cache=warm))
        cold = tempfile.mkdtemp(prefix="bench-app-cache-")
        rows["cold"].append(whole_process(app_argv, ("PAINTED", "LESSON", "MAIN"), cache=cold))
        shutil.rmtree(cold, ignore_errors=True)
        if baseline is not None:
            rows["baseline"].append(whole_process(app_argv, ("PAINTED", "LESSON", "MAIN"), cwd=baseline, cache=warm_base))
    shutil.rmtree(warm, ignore_errors=True)
    shutil.rmtree(warm_base, ignore_errors=True)

    def at(name: str, word: str) -> tuple[float, float]:
        runs_ = [r for r in rows[name] if word in r]
        if not runs_:
            return float("nan"), float("nan")
        return median([r[word][0] for r in runs_]), median([r[word][1] for r in runs_])

    torch_wall, torch_cpu = at("torch", "DONE")
    tx_wall, tx_cpu = at("textual", "DONE")
    print(f"whole-process time, median of {runs} runs (wall, and CPU used by then; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    print(f"  python -c 'import torch'              {torch_wall:6.3f} s  CPU {torch_cpu:6.3f} s")
    print(f"  python -c 'import textual.app'        {tx_wall:6.3f} s  CPU {tx_cpu:6.3f} s   (1.00x)")

    def show(label: str, name: str, word: str, goal: float | None = None) -> None:
        wall, cpu = at(name, word)
        line = f"  {label:<37} {wall:6.3f} s  CPU {cpu:6.3f} s   ({wall / tx_wall:.2f}x wall, {cpu / tx_cpu:.2f}x CPU"
        if goal is not None:
            line += f"; goal <= {goal:.1f}x: {'ok' if wall / tx_wall <= goal else 'OVER'}"
        line += ")"
        if name == "warm" and rows["baseline"]:  # the baseline's starts are warm-cache ones
            b_wall, b_cpu = at("baseline", word)
            line += f"   now/baseline {wall / b_wall:.2f}x wall, {cpu / b_cpu:.2f}x CPU"
        print(line)

    show("app: first paint", "warm", "PAINTED", 1.5)
    show("app: lesson text on screen, warm cache", "warm", "LESSON", 0.6 / 0.25)
    show("app: main screen (editor), warm cache", "warm", "MAIN")
    show("app: lesson text on screen, cold cache", "cold", "LESSON")
    show("app: main screen (editor), cold cache", "cold", "MAIN")
    if rows["baseline"]:
        show("baseline: first paint", "baseline", "PAINTED")
        show("baseline: lesson text on screen, warm", "baseline", "LESSON")
        show("baseline: main screen (editor), warm", "baseline", "MAIN")


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
    parser.add_argument("--skip-graph", action="store_true", help="skip the graph pane part")
    parser.add_argument("--pack", help="the pack the app opens (default: the built-in pack)")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="another copy of the code (a folder holding tutor/) whose first paint runs beside")
    args = parser.parse_args()
    bench_first_paint(args.runs, args.pack, args.baseline.resolve() if args.baseline else None)
    if not args.skip_graph:
        bench_graph()
    if not args.skip_latency:
        bench_key_latency(args.keys)


if __name__ == "__main__":
    main()
