"""What a fork costs a warm zygote: os.fork() against barefork.fork() (NOTE [a
bare fork]), side by side in one process. Printed figures, not a test.

    .venv/bin/python bench/bench_fork.py [--forks 300] [--rounds 3]

The process is made as a zygote is (torch imported and warmed up, the
observers installed, the pristine snapshot taken, the heap frozen and
folded); then each round forks ``--forks`` children of each kind in turn,
each child touching a little Python and exiting at once, and prints the CPU
of parent and children per fork and their page faults. A run does far more
after its fork (its own pages copied as it writes them), so a whole run
gains less than this loop: bench_phases.py with ``AGT_BENCH_OFF=bare-fork``
measures that.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def zygote_like() -> None:
    import torch

    import tutor.graph.capture  # noqa: F401
    from tutor.grade import child, hugepages, jail, observe, pristine, zygote  # noqa: F401

    torch.set_num_threads(1)
    zygote._first_ops(torch)
    zygote.drop_dead_seed_stacks(torch)
    zygote.warm_line_cache()
    zygote._warm_up(torch)
    observe.install()
    pristine.snapshot(versions=True)
    gc.collect()
    gc.freeze()
    hugepages.collapse_heap(None)


def forks(fork, n: int) -> tuple[float, float, float]:
    """CPU ms per fork (both sides), page faults per fork in the parent and the child."""
    self0, kids0 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(n):
        pid = fork()
        if pid == 0:
            [i * 2 for i in range(50)]
            os._exit(0)
        os.waitpid(pid, 0)
    self1, kids1 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = sum(getattr(b, f) - getattr(a, f) for a, b in ((self0, self1), (kids0, kids1))
              for f in ("ru_utime", "ru_stime"))
    return cpu / n * 1e3, (self1.ru_minflt - self0.ru_minflt) / n, (kids1.ru_minflt - kids0.ru_minflt) / n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--forks", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    t0 = time.perf_counter()
    zygote_like()
    from tutor.grade import barefork

    print(f"zygote-like process ready in {time.perf_counter() - t0:.1f} s; "
          f"barefork.fork is {'libc fork()' if barefork._LIBC_FORK is not None else 'os.fork() (no bare fork here)'}")
    kinds = {"os.fork": os.fork, "barefork.fork": barefork.fork}
    results: dict[str, list[tuple[float, float, float]]] = {k: [] for k in kinds}
    for _ in range(args.rounds):
        for name, fork in kinds.items():
            results[name].append(forks(fork, args.forks))
    med = {k: tuple(statistics.median(r[i] for r in v) for i in range(3)) for k, v in results.items()}
    for name, (cpu, parent, child) in med.items():
        print(f"  {name:10s} {cpu:5.2f} ms CPU per fork and exit; page faults: parent {parent:4.0f}, child {child:4.0f}")
    print(f"  ratio barefork.fork / os.fork: {med['barefork.fork'][0] / med['os.fork'][0]:.2f} "
          f"(medians of {args.rounds} rounds of {args.forks} forks each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
