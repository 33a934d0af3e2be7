"""Graph capture benchmark: printed figures, not a timed test.

    .venv/bin/python bench/bench_graph.py [--quick]
    .venv/bin/python bench/bench_graph.py --baseline DIR [--rounds 3]

1. Capture (with saved-tensor details), normalization and JSON encoding for
   a 50-layer MLP, a ResNet-like net, a 10,000-op chain and a 100,000-op
   chain (capped), side by side with torchviz's ``make_dot(...).source`` (a
   test-only dependency; its failures are reported, not hidden).
2. The pipeline (capture + normalize + JSON) of the 10k chain and of the
   100k chain uncapped, phase by phase, against a bare ``grad_fn`` walk of the
   same graph measured in the same loop (interleaved, so machine noise hits
   both), with ratios. Targets: whole pipeline <= 4x the bare walk; 100k
   uncapped <= 1 s. The "floor" column is the walk plus torch's own
   accessors for what a snapshot holds (``accessor_walk``): what any capture
   pays before it writes anything down.
   With ``--baseline DIR`` (a tree made by ``bench/baseline_tree.sh``), only
   this section: run by the old tree's python and this one's, taking turns.
   Then the same on graphs nobody walked yet (``first_look``): the first
   access to a Node makes its Python wrapper, which repeated walks find made.
3. What the UI does with the kernel's graph message (decode and validate,
   the cyclic GC on as in the app); run it under the old tree's python too.
   The kernel's message for a changed 10k-op chain (hash + protocol line),
   encoded twice (before) and once, interleaved.
4. ``autograd-tutor graph chain.py --dot`` as a whole process: what it
   spends before and after the script's own lines (the CLI's start, the
   capture, the DOT, the exit) beyond what ``python chain.py`` spends there,
   against a bare walk run after the same lines (target <= 4x). Each process
   notes its CPU and clock at the script's first and last line, so torch's
   import (seconds, noisier than these figures) is not subtracted across
   processes.

The machine this was written on has 2 cores shared with other work: read the
ratios (each pair measured in one loop), not the absolute times.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import torch
from torch import nn

import tutor.graph.stack_guard as stack_guard
from tutor.graph.capture import capture
from tutor.graph.normalize import normalize

REPEAT = 7


def median_ms(fn, repeat=REPEAT):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def mlp():
    layers = []
    for _ in range(50):
        layers += [nn.Linear(64, 64), nn.ReLU()]
    return nn.Sequential(*layers)(torch.randn(8, 64)).sum()


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c1, self.b1 = nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c)
        self.c2, self.b2 = nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c)

    def forward(self, x):
        return torch.relu(x + self.b2(self.c2(torch.relu(self.b1(self.c1(x))))))


def resnet():
    net = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), *[Block(16) for _ in range(16)], nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
    return net(torch.randn(2, 3, 16, 16)).sum()


def chain(n):
    x = torch.randn(4, requires_grad=True)
    h = x
    for i in range(n):
        h = h * 1.0001 if i % 2 else h.sin()
    return h


def bare_walk(out) -> int:
    """What walking the graph costs at the least: every Node once, through
    ``next_functions``, with a seen set."""
    seen = set()
    stack = [out.grad_fn]
    while stack:
        fn = stack.pop()
        for child, _ in fn.next_functions:
            if child is not None and child not in seen:
                seen.add(child)
                stack.append(child)
    return len(seen)


def accessor_walk(out) -> int:
    """The floor of any capture that holds what a snapshot holds: the bare
    walk plus torch's own accessors for each Node (its output's shape, dtype
    and device from ``_input_metadata``, ``_sequence_nr()``, each saved
    tensor unpacked for its shape and dtype), and nothing written down."""
    from tutor.graph.autograd_facts import NODE_TYPES, NodeType

    seen = set()
    stack = [out.grad_fn]
    while stack:
        fn = stack.pop()
        metas = fn._input_metadata
        if metas:
            m = metas[0]
            m.shape, m.dtype, m.device
        fn._sequence_nr()
        info = NODE_TYPES.get(type(fn)) or NODE_TYPES.setdefault(type(fn), NodeType(fn))
        for _, saved_name, _ in info.tensor_reads:
            value = getattr(fn, saved_name, None)
            if isinstance(value, torch.Tensor):
                value.shape, value.dtype
        for child, _ in fn.next_functions:
            if child is not None and child not in seen:
                seen.add(child)
                stack.append(child)
    return len(seen)


def table() -> None:
    try:
        from torchviz import make_dot
    except ImportError:
        make_dot = None
        print("torchviz not installed: comparison column skipped")
    cases = [("mlp-50", mlp(), 20_000), ("resnet-like", resnet(), 20_000), ("chain-10k", chain(10_000), 20_000), ("chain-100k (cap 5000)", chain(100_000), 5000)]
    print(f"{'graph':24s} {'nodes':>7s} {'total':>7s} {'capture':>9s} {'normalize':>10s} {'json':>8s} {'json KB':>8s} {'torchviz':>10s} {'ratio':>6s}")
    for name, out, cap in cases:
        snap = capture(out, max_nodes=cap)
        cap_ms = median_ms(lambda: capture(out, max_nodes=cap))
        norm_ms = median_ms(lambda: normalize(snap))
        json_ms = median_ms(lambda: snap.to_json())
        size_kb = len(snap.to_json()) / 1024
        tv = "n/a"
        ratio = ""
        if make_dot is not None:
            try:
                tv_ms = median_ms(lambda: make_dot(out).source, repeat=3)
                tv, ratio = f"{tv_ms:8.1f}ms", f"{tv_ms / cap_ms:5.1f}x"
            except RecursionError:
                tv = "RecursionError"
            except Exception as exc:  # report, do not hide
                tv = type(exc).__name__
        print(f"{name:24s} {len(snap.nodes):7d} {snap.total_nodes:7d} {cap_ms:7.1f}ms {norm_ms:8.1f}ms {json_ms:6.1f}ms {size_kb:8.0f} {tv:>10s} {ratio:>6s}")


PIPELINE_CASES = (("chain-10k", 10_000, 20_000), ("chain-100k uncapped", 100_000, 200_000))


def pipeline(repeat: int, cases=PIPELINE_CASES) -> dict:
    """Prints the table; returns {case: {phase: median CPU ms, "total": ...}}."""
    result: dict = {}
    print()
    print("pipeline vs a bare grad_fn walk (medians of interleaved runs; ratio = pipeline / walk)")
    print(f"{'graph':22s} {'nodes':>7s} {'walk':>8s} {'capture':>9s} {'normalize':>10s} {'json':>8s} {'total':>8s} {'ratio':>6s}")
    for name, n, cap in cases:
        stack_guard.make_room(cap)  # before the bare walk touches 150k Nodes (docs/graph.md)
        out = chain(n)
        wall: dict[str, list[float]] = {"walk": [], "capture": [], "normalize": [], "json": [], "floor": []}
        cpu: dict[str, list[float]] = {k: [] for k in wall}
        snap = None
        for _ in range(repeat):
            clocks = [(time.perf_counter(), time.process_time())]
            bare_walk(out)
            clocks.append((time.perf_counter(), time.process_time()))
            snap = capture(out, max_nodes=cap)
            clocks.append((time.perf_counter(), time.process_time()))
            normalize(snap)
            clocks.append((time.perf_counter(), time.process_time()))
            snap.to_json()
            clocks.append((time.perf_counter(), time.process_time()))
            accessor_walk(out)
            clocks.append((time.perf_counter(), time.process_time()))
            steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(clocks, clocks[1:])]
            for key, (w, c) in zip(wall, steps):
                wall[key].append(w * 1e3)
                cpu[key].append(c * 1e3)
        for label, phases in (("wall", wall), ("cpu", cpu)):
            med = {k: statistics.median(v) for k, v in phases.items()}
            total = statistics.median([c + m + j for c, m, j in zip(phases["capture"], phases["normalize"], phases["json"])])
            if label == "cpu":
                result[name] = dict(med, total=total)
            print(f"{name + ' ' + label:22s} {len(snap.nodes):7d} {med['walk']:6.1f}ms {med['capture']:7.1f}ms "
                  f"{med['normalize']:8.1f}ms {med['json']:6.1f}ms {total:6.1f}ms {total / med['walk']:5.1f}x"
                  f"   floor {med['floor']:6.1f}ms {med['floor'] / med['walk']:4.1f}x")
        del snap, out
    return result


def side_by_side(baseline: str, rounds: int) -> None:
    """The pipeline section run by this tree's python and by the baseline
    tree's (``bench/baseline_tree.sh REV DIR``), one process each, taking
    turns: per case and phase, the median over rounds of each process's
    CPU medians, and the ratio new / old."""
    import json

    here = Path(__file__).resolve()
    pythons = {"old": str(Path(baseline) / ".venv/bin/python"), "new": sys.executable}
    figures: dict = {"old": [], "new": []}
    for i in range(rounds):
        for which in (("old", "new") if i % 2 == 0 else ("new", "old")):
            done = subprocess.run([pythons[which], str(here), "--pipeline-json"], capture_output=True, text=True,
                                  cwd="/", check=True)
            figures[which].append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(f"round {i + 1} {which}: " + ", ".join(f"{c} {f['total']:.0f} ms" for c, f in figures[which][-1].items()),
                  flush=True)
    print()
    print(f"pipeline, CPU ms, median of {rounds} rounds each, the baseline tree {baseline} and this one taking turns")
    print(f"{'graph':22s} {'phase':>10s} {'old':>9s} {'new':>9s} {'new/old':>8s}")
    for case in figures["new"][0]:
        for phase in ("walk", "capture", "normalize", "json", "total", "floor"):
            old = statistics.median(f[case][phase] for f in figures["old"])
            new = statistics.median(f[case][phase] for f in figures["new"])
            print(f"{case:22s} {phase:>10s} {old:8.1f} {new:8.1f} {new / old:7.2f}x")
        walk = statistics.median(f[case]["walk"] for f in figures["new"])
        print(f"{case:22s} {'total/walk':>10s} {'':>9s} {statistics.median(f[case]['total'] for f in figures['new']) / walk:8.1f}x")


_CHAIN_SCRIPT = """\
import torch
x = torch.randn(4, requires_grad=True)
h = x
for i in range(10_000):
    h = h * 1.0001 if i % 2 else h.sin()
"""

_WALK = textwrap.dedent("""
    seen = set()
    stack = [h.grad_fn]
    while stack:
        fn = stack.pop()
        for child, _ in fn.next_functions:
            if child is not None and child not in seen:
                seen.add(child)
                stack.append(child)
""")


# The script notes the CPU and wall clock when its first and its last line
# run: what a process spends before and after the script is then measured
# inside each process, apart from torch's import (some 4 s here, whose noise
# is larger than the figures sought when whole processes are subtracted).
_MARK = "import os as _os, time as _time\nopen(_os.environ['AGT_BENCH_MARKS'], 'a').write(f'{_time.process_time()} {_time.time()}\\n')\n"


def whole_process(repeat: int) -> None:
    print()
    print("`autograd-tutor graph chain.py --dot` (10k-op chain), whole process: the time spent before and after "
          "the script's own lines, against a bare walk after them")
    cli = Path(sys.executable).with_name("autograd-tutor")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp, "chain.py")
        script.write_text(_MARK + _CHAIN_SCRIPT + _MARK)
        walked = Path(tmp, "chain_walk.py")
        walked.write_text(_MARK + _CHAIN_SCRIPT + _MARK + _WALK)
        marks = Path(tmp, "marks")
        env = {**os.environ, "AGT_BENCH_MARKS": str(marks)}
        commands = {
            "script": [sys.executable, str(script)],
            "script + walk": [sys.executable, str(walked)],
            "graph --dot": [str(cli), "graph", str(script), "--dot"],
        }
        # per command: (CPU before the script, CPU after it), (wall before, wall after)
        cpu: dict[str, list[tuple[float, float]]] = {k: [] for k in commands}
        wall: dict[str, list[tuple[float, float]]] = {k: [] for k in commands}
        size = 0
        for _ in range(repeat):
            for key, cmd in commands.items():
                marks.write_text("")
                t0 = time.time()
                r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
                done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, check=False)
                t1 = time.time()
                r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                if done.returncode:
                    print(f"  {key} failed ({done.returncode}): {done.stderr.decode()[-300:]}")
                    continue
                (c_start, w_start), (c_end, w_end) = [tuple(map(float, line.split()))
                                                      for line in marks.read_text().split("\n")[:2]]
                total = r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime
                cpu[key].append((c_start, total - c_end))
                wall[key].append((w_start - t0, t1 - w_end))
                if key == "graph --dot":
                    size = len(done.stdout)
    for label, table_ in (("cpu", cpu), ("wall", wall)):
        before = {k: statistics.median(b for b, _ in v) for k, v in table_.items()}
        after = {k: statistics.median(a for _, a in v) for k, v in table_.items()}
        walk = after["script + walk"] - after["script"]
        ours = (before["graph --dot"] - before["script"]) + (after["graph --dot"] - after["script"])
        ratio = f"{ours / walk:.1f}x" if walk > 0 else "n/a (walk within noise)"
        print(f"  {label}: before the script: python {before['script'] * 1e3:.0f} ms, graph --dot "
              f"{before['graph --dot'] * 1e3:.0f} ms; after it: python {after['script'] * 1e3:.0f} ms, "
              f"+ bare walk {after['script + walk'] * 1e3:.0f} ms, graph --dot {after['graph --dot'] * 1e3:.0f} ms "
              f"({size // 1024} KB of DOT)")
        print(f"  {label}: graph --dot's own {ours * 1e3:.0f} ms; the bare walk {walk * 1e3:.0f} ms; ratio {ratio} "
              f"(goal <= 4x; median of {repeat})")


def kernel_message(repeat: int) -> None:
    """What the kernel does with a changed graph after a cell: its content
    hash and the protocol line, the old way (the dict encoded for the hash,
    then again for the line) and the new (encoded once: to_json_and_hash and
    protocol.EncodedJSON), interleaved in one loop."""
    import json

    from tutor.graph.model import content_digest
    from tutor.kernel import protocol

    snap = capture({"h": chain(10_000)}, max_nodes=100_000)

    def twice() -> bytes:
        body = snap.to_dict()
        digest = content_digest(json.dumps(body, separators=(",", ":")))
        return protocol.encode(protocol.Graph("e", digest, body))

    def once() -> bytes:
        text, digest = snap.to_json_and_hash()
        return protocol.encode(protocol.Graph("e", digest, protocol.EncodedJSON(text)))

    assert json.loads(twice()) == json.loads(once())
    times: dict[str, list[float]] = {"twice": [], "once": []}
    for _ in range(repeat):
        for name, fn in (("twice", twice), ("once", once)):
            t0 = time.perf_counter()
            fn()
            times[name].append((time.perf_counter() - t0) * 1e3)
    old, new = statistics.median(times["twice"]), statistics.median(times["once"])
    print(f"\nkernel: a changed 10k-op chain's hash and protocol line ({len(snap.nodes)} nodes, median of {repeat})")
    print(f"  encoded twice (before) {old:7.1f} ms   once {new:7.1f} ms   ratio x{new / old:.2f}")


def ui_receive(repeat: int) -> None:
    """What the UI process does with the kernel's graph message, as the app
    runs it (the cyclic GC on, as in any process): the protocol line decoded
    (``protocol.decode``) and the snapshot validated (``GraphSnapshot.from_dict``,
    untrusted.py), for the capped 10k chain the kernel sends (5,000 nodes)
    and for a 10k chain it sends uncapped (15,001); then the next cell's
    snapshot (one op more) validated in full and against the last one (NOTE
    [validate what changed]). Run it under the old tree's python too
    (bench/baseline_tree.sh) for a before and after."""
    import gc
    import json

    from tutor.graph.model import GraphSnapshot
    from tutor.kernel import protocol

    gc.enable()
    out = chain(10_000)
    print("\nUI: the kernel's graph message decoded and validated (CPU, median of %d, GC on)" % repeat)
    for label, cap in (("capped (5,000 nodes)", 5000), ("uncapped (15,001 nodes)", 20_000)):
        snap = capture({"h": out}, max_nodes=cap)
        text, digest = snap.to_json_and_hash()
        line = protocol.encode(protocol.Graph("e", digest, protocol.EncodedJSON(text)))
        loads, check = [], []
        for _ in range(repeat):
            t0 = time.process_time()
            event = protocol.decode(line)
            t1 = time.process_time()
            GraphSnapshot.from_dict(event.snapshot)
            t2 = time.process_time()
            loads.append((t1 - t0) * 1e3)
            check.append((t2 - t1) * 1e3)
        a, b_ = statistics.median(loads), statistics.median(check)
        print(f"  {label:24s} {len(line) // 1024:5d} KB   decode {a:6.1f} ms   validate {b_:6.1f} ms   total {a + b_:6.1f} ms")
        if "incremental" not in GraphSnapshot.from_untrusted.__code__.co_varnames:
            continue  # an old tree: no NOTE [validate what changed]
        # The next cell adds one op: validated against the snapshot decoded last.
        after = capture({"h": out, "y": out * 2}, max_nodes=cap).to_json()
        full, again = [], []
        for _ in range(repeat):
            previous = GraphSnapshot.from_untrusted(json.loads(text), incremental=True)
            data = json.loads(after)
            t0 = time.process_time()
            GraphSnapshot.from_untrusted(data)
            t1 = time.process_time()
            GraphSnapshot.from_untrusted(data, previous=previous, incremental=True)
            t2 = time.process_time()
            full.append((t1 - t0) * 1e3)
            again.append((t2 - t1) * 1e3)
        f, g = statistics.median(full), statistics.median(again)
        print(f"  {'':24s} one op more: validated in full {f:6.1f} ms, against the last snapshot {g:6.1f} ms (x{g / f:.2f})")


def first_look(repeat: int, n: int = 10_000) -> None:
    """The pipeline on a graph nobody has walked yet, as the kernel meets one
    after a cell: the first access to a Node's ``next_functions`` makes its
    Python wrapper (the walks above, repeated, find them made). Each round
    builds two fresh chains: one is walked, the other captured, normalized
    and encoded."""
    walk, pipe = [], []
    for _ in range(repeat):
        a, b = chain(n), chain(n)
        t0 = time.process_time()
        bare_walk(a)
        t1 = time.process_time()
        snap = capture(b, max_nodes=2 * n + 10)
        normalize(snap)
        snap.to_json()
        t2 = time.process_time()
        walk.append((t1 - t0) * 1e3)
        pipe.append((t2 - t1) * 1e3)
        del a, b, snap
    w, p_ = statistics.median(walk), statistics.median(pipe)
    print(f"\nfirst look at a fresh {n // 1000}k-op chain (CPU, median of {repeat}): bare walk {w:.1f} ms, "
          f"capture + normalize + JSON {p_:.1f} ms, ratio {p_ / w:.1f}x")


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    if "--pipeline-json" in argv:  # one process of side_by_side: the table, then its figures as JSON
        import json

        figures = pipeline(3)
        print(json.dumps(figures))
        return 0
    if "--baseline" in argv:
        rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
        side_by_side(argv[argv.index("--baseline") + 1], rounds)
        return 0
    if "--ui" in argv:  # the UI section alone (for a side-by-side with an old tree)
        ui_receive(REPEAT)
        return 0
    if not quick:
        table()
    pipeline(5 if quick else REPEAT)
    first_look(3 if quick else 5)
    ui_receive(5 if quick else REPEAT)
    kernel_message(5 if quick else REPEAT)
    whole_process(3 if quick else 5)
    return 0


if __name__ == "__main__":
    # Default recursion limit on purpose: raising it lets torchviz overflow
    # the C stack and kill the process instead of raising RecursionError.
    raise SystemExit(main(sys.argv[1:]))
