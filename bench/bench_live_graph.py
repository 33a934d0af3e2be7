"""The live pane's graph message, whole (before) against what changed (now):
printed figures, not a timed test.

    .venv/bin/python bench/bench_live_graph.py [--repeat 15]

After a cell that adds one op to a 10,000-op chain (the kernel's cap keeps
5,000 nodes, as the REPL sends it; ``--uncapped``: all 15,001), what each
process spends on the new snapshot, CPU time, medians of interleaved
rounds (NOTE [send what changed], tutor/kernel/graphwire.py):

- the kernel: before, the whole snapshot encoded for its hash and line
  (``to_json_and_hash``, ``protocol.encode``); now ``GraphSender.message``
  and ``protocol.encode``. The capture is the same both ways, left out.
- the UI process: before, the line decoded; now decoded and the whole
  snapshot rebuilt (``GraphReceiver.receive``); both then validated against
  the last snapshot as the app does (NOTE [validate what changed]).
- the bytes on the pipe.

Both ways run in this one process, round after round, so machine noise hits
both; read the ratios.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from tutor.graph.capture import capture_namespace  # noqa: E402
from tutor.graph.model import GraphSnapshot  # noqa: E402
from tutor.kernel import protocol  # noqa: E402
from tutor.kernel.graphwire import GraphReceiver, GraphSender  # noqa: E402


def chain(n: int) -> torch.Tensor:
    h = torch.ones(3, requires_grad=True)
    for _ in range(n):
        h = h * 1.0001
    return h


def before(snapshot) -> tuple[bytes, float, float, object]:
    t0 = time.process_time()
    text, digest = snapshot.to_json_and_hash()
    line = protocol.encode(protocol.Graph("e", digest, protocol.EncodedJSON(text)))
    t1 = time.process_time()
    event = protocol.decode(line)
    return line, t1 - t0, time.process_time() - t1, event


def now(sender: GraphSender, receiver: GraphReceiver, snapshot) -> tuple[bytes, float, float, object]:
    t0 = time.process_time()
    line = protocol.encode(sender.message("e", snapshot, only_if_changed=True))
    t1 = time.process_time()
    event, _ask = receiver.receive(protocol.decode(line), itertools.count())
    return line, t1 - t0, time.process_time() - t1, event


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--uncapped", action="store_true")
    args = parser.parse_args(argv)
    gc.enable()  # as in the app
    out = chain(10_000)
    cap = 20_000 if args.uncapped else 5_000
    first = capture_namespace({"h": out}, max_nodes=cap)
    second = capture_namespace({"h": out, "y": out * 2}, max_nodes=cap)
    figures: dict[str, list[float]] = {k: [] for k in ("k0", "u0", "v0", "k1", "u1", "v1")}
    sizes = {}
    for _ in range(args.repeat):
        # before: the whole snapshot each time
        last = GraphSnapshot.from_untrusted(protocol.decode(before(first)[0]).snapshot, incremental=True)
        line, kernel, ui, event = before(second)
        t0 = time.process_time()
        GraphSnapshot.from_untrusted(event.snapshot, previous=last, incremental=True)
        figures["k0"].append(kernel), figures["u0"].append(ui), figures["v0"].append(time.process_time() - t0)
        sizes["before"] = len(line)
        # now: the first snapshot whole, then what changed
        sender, receiver = GraphSender(), GraphReceiver()
        _line, _k, _u, event = now(sender, receiver, first)
        last = GraphSnapshot.from_untrusted(event.snapshot, incremental=True)
        line, kernel, ui, event = now(sender, receiver, second)
        t0 = time.process_time()
        checked = GraphSnapshot.from_untrusted(event.snapshot, previous=last, incremental=True)
        figures["k1"].append(kernel), figures["u1"].append(ui), figures["v1"].append(time.process_time() - t0)
        sizes["now"] = len(line)
        assert event.hash == second.content_hash() and len(checked.nodes) == len(second.nodes)
    med = {k: statistics.median(v) * 1e3 for k, v in figures.items()}
    print(f"one op more on a 10k-op chain, {len(second.nodes):,} nodes sent, CPU ms, median of {args.repeat}")
    print(f"{'':28s} {'before':>9s} {'now':>9s} {'ratio':>7s}")
    for label, a, b in (("kernel: hash + line", "k0", "k1"), ("UI: decode (+ rebuild)", "u0", "u1"),
                        ("UI: validate vs last", "v0", "v1")):
        print(f"{label:28s} {med[a]:9.1f} {med[b]:9.1f} {med[b] / med[a]:7.2f}")
    total0, total1 = med["k0"] + med["u0"] + med["v0"], med["k1"] + med["u1"] + med["v1"]
    print(f"{'both processes':28s} {total0:9.1f} {total1:9.1f} {total1 / total0:7.2f}")
    print(f"{'bytes on the pipe':28s} {sizes['before']:9,d} {sizes['now']:9,d} {sizes['now'] / sizes['before']:7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
