"""What a fork of a warm torch process costs with its code as the file maps
it, and with the code it has run copied into huge pages (NOTE [the code in
huge pages], tutor/grade/hugepages.py), side by side.

    .venv/bin/python bench/bench_code_pages.py [--pairs 3] [--forks 100]

Each pair runs two fresh processes one after the other (code as mapped,
then copied), each: torch imported and warmed up, its heap folded as a
zygote's is, then ``--forks`` forks whose child does a ``Linear`` forward
and backward and a second derivative, and exits. Prints per process the
median page faults of a child, the CPU of the fork in the parent, of the
child (its exit included), and both together; then the medians over the
pairs and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ONE = r"""
import gc, json, os, resource, sys, time
import torch
from tutor.grade import hugepages, zygote

def work():
    torch.manual_seed(0)
    lin = torch.nn.Linear(8, 4)
    x = torch.randn(16, 8, requires_grad=True)
    torch.tanh(lin(x)).pow(2).sum().backward()
    y = x.detach().requires_grad_()
    g, = torch.autograd.grad((y ** 3).sum(), [y], create_graph=True)
    torch.autograd.grad(g.sum(), [y])

zygote._first_ops(torch)
for _ in range(3):
    work()
gc.collect(); gc.freeze(); hugepages.collapse_heap()
copied = hugepages.copy_code() if COPY else 0
fork, child, faults = [], [], []
for _ in range(FORKS):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.process_time()
    pid = os.fork()
    if pid == 0:
        work()
        os._exit(0)
    fork.append(time.process_time() - started)
    os.waitpid(pid, 0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    child.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    faults.append(after.ru_minflt - before.ru_minflt)
med = lambda xs: sorted(xs)[len(xs) // 2]
print(json.dumps({"copied": copied, "faults": med(faults), "fork": med(fork) * 1e3, "child": med(child) * 1e3}))
"""


def one(copy: bool, forks: int) -> dict:
    code = ONE.replace("COPY", str(copy)).replace("FORKS", str(forks))
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["total"] = out["fork"] + out["child"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--forks", type=int, default=100)
    args = parser.parse_args()
    rows: dict[bool, list[dict]] = {False: [], True: []}
    for n in range(args.pairs):
        for copy in (False, True):
            out = one(copy, args.forks)
            rows[copy].append(out)
            print(f"pair {n + 1} {'copied' if copy else 'mapped'}: {out['copied'] >> 20:4d} MiB copied, "
                  f"{out['faults']:5d} faults a child, fork {out['fork']:.2f} ms, child {out['child']:.2f} ms, "
                  f"together {out['total']:.2f} ms", flush=True)
    med = {copy: {k: statistics.median(r[k] for r in rows[copy]) for k in ("faults", "fork", "child", "total")}
           for copy in rows}
    for copy in (False, True):
        m = med[copy]
        print(f"median, code {'copied' if copy else 'as mapped'}: {m['faults']:.0f} faults, fork {m['fork']:.2f} ms, "
              f"child {m['child']:.2f} ms, together {m['total']:.2f} ms")
    print(f"mapped / copied, together: x{med[False]['total'] / med[True]['total']:.2f}")


if __name__ == "__main__":
    main()
