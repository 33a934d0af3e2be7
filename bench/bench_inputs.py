"""What the default `inputs` check (NOTE [inputs unchanged]) costs a run:
every built-in exercise's reference run in this process (child.run, no
sandbox: the observer's own cost), with the inputs snapshot and without it,
side by side, interleaved.

    .venv/bin/python bench/bench_inputs.py [--rounds 5]

Prints per-run medians for both and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from tutor.grade import child
from tutor.grade.grader import Grader, probes_for
from tutor.pack import load_pack


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pack = load_pack(None)
    grader = Grader.__new__(Grader)  # only request(): no workers
    grader.timeout, grader.device = None, "cpu"
    from tutor.grade.protocol import Limits

    grader.limits = Limits(memory_bytes=1 << 31, output_bytes=1 << 20)
    pairs = []
    for ex in pack.exercises.values():
        with_inputs = grader.request(ex, ex.solution, ex.trials[0].seed, "reference")
        probes = tuple(p if p.key != "observed" else replace(p, options={k: v for k, v in p.options.items()
                                                                          if k != "inputs"})
                       for p in with_inputs.probes)
        pairs.append((with_inputs, replace(with_inputs, probes=probes)))
    for a, b in pairs:  # warm up torch and every exercise once
        child.run(a), child.run(b)
    times = {"with": [], "without": []}
    for _ in range(args.rounds):
        for a, b in pairs:
            for name, request in (("with", a), ("without", b)):
                started = time.perf_counter()
                child.run(request)
                times[name].append(time.perf_counter() - started)
    w, wo = statistics.median(times["with"]), statistics.median(times["without"])
    print(f"{len(pairs)} reference runs x {args.rounds} rounds, in process")
    print(f"  with the inputs snapshot:    {w * 1000:7.2f} ms per run (median)")
    print(f"  without it:                  {wo * 1000:7.2f} ms per run (median)")
    print(f"  ratio:                       {w / wo:7.3f}")


if __name__ == "__main__":
    main()
