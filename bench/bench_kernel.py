"""Kernel benchmarks: round trip, start-up against bare ``import torch``, interrupt latency.

    python bench/bench_kernel.py [--repeat 200] [--starts 5] [--jupyter]

Targets from the kernel issue: round trip of ``y = x * 2`` with its snapshot
10 ms or less (median of 200); start to ready at most 1.15 x the time of
``python -c "import torch"`` measured here; interrupt within 1 s for each
loop. ``--jupyter`` measures ipykernel through jupyter_client the same way,
when both are importable (they are not dependencies; docs/architecture.md
records the comparison).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.kernel.client import KernelClient, KernelOptions  # noqa: E402
from tutor.kernel.protocol import Done  # noqa: E402

SETUP = "x = torch.randn(16, requires_grad=True)"
LOOPS = {
    "python loop": "n = 0\nwhile True:\n    n += 1",
    "torch loop": "t = torch.zeros(8)\nwhile True:\n    t = t + 1",
    "time.sleep(100)": "import time\ntime.sleep(100)",
}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def bare_torch_import() -> float:
    """Until ``import torch`` is done, read as a line on a pipe like the
    kernel's Ready, so interpreter teardown is not counted."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", "import torch; print(1, flush=True)"], stdout=subprocess.PIPE)
    child.stdout.readline()
    elapsed = time.perf_counter() - started
    child.communicate()
    return elapsed


def kernel_start(options: KernelOptions) -> float:
    started = time.perf_counter()
    client = KernelClient(options)
    client.start()
    client.ready()
    elapsed = time.perf_counter() - started
    client.shutdown()
    return elapsed


def round_trips(client: KernelClient, code: str, repeat: int, *, snapshot: bool) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for _event in client.run(code, timeout=30):
            pass
        if snapshot:
            client.snapshot()
        times.append(time.perf_counter() - started)
    return times


def interrupt_latency(client: KernelClient, code: str, spin: float = 0.5) -> float:
    exec_id = client.execute(code)
    time.sleep(spin)
    started = time.perf_counter()
    client.interrupt()
    while True:
        event = client.next_event(timeout=30)
        if isinstance(event, Done) and event.id == exec_id:
            return time.perf_counter() - started


def bench_ours(args: argparse.Namespace) -> None:
    options = KernelOptions(device="cpu", memory_limit_mb=0)
    bare, ours = [], []
    for _ in range(args.starts):  # interleaved so load on the machine hits both alike
        bare.append(bare_torch_import())
        ours.append(kernel_start(options))
    bare_median, ours_median = statistics.median(bare), statistics.median(ours)
    print(f"start: python -c 'import torch' {ms(bare_median)}   kernel start->ready {ms(ours_median)}"
          f"   ratio {ours_median / bare_median:.2f} (target <= 1.15, median of {args.starts})")

    with KernelClient(options, setup=SETUP) as client:
        client.ready()
        for _event in client.run("pass"):
            pass
        info = client.ready()
        print(f"kernel: torch {info.torch} on {info.device}, {info.threads} thread(s), graph capture {'on' if info.graph else 'off'}")
        code = "y = x * 2"
        times = round_trips(client, code, args.repeat, snapshot=False)
        print(f"round trip 'y = x * 2' (capture + hash every time)   median {ms(statistics.median(times))}"
              f"   p90 {ms(statistics.quantiles(times, n=10)[-1])}   (target <= 10 ms, n={args.repeat})")
        times = round_trips(client, code, args.repeat, snapshot=True)
        print(f"round trip 'y = x * 2' + Snapshot sent over the pipe median {ms(statistics.median(times))}"
              f"   p90 {ms(statistics.quantiles(times, n=10)[-1])}   (n={args.repeat})")
        for name, loop in LOOPS.items():
            latencies = [interrupt_latency(client, loop) for _ in range(args.interrupts)]
            print(f"interrupt {name:16} median {ms(statistics.median(latencies))}   max {ms(max(latencies))}"
                  f"   (target <= 1000 ms, n={args.interrupts})")


def bench_jupyter(args: argparse.Namespace) -> None:
    try:
        from jupyter_client.manager import start_new_kernel
    except ImportError:
        print("jupyter: jupyter_client/ipykernel not importable; skipped")
        return
    starts = []
    for _ in range(args.starts):
        started = time.perf_counter()
        manager, client = start_new_kernel(kernel_name="python3", startup_timeout=120)
        client.execute_interactive("import torch", timeout=120)
        starts.append(time.perf_counter() - started)
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    bare = statistics.median(bare_torch_import() for _ in range(args.starts))
    print(f"jupyter: start->ready with torch imported {ms(statistics.median(starts))}   ratio {statistics.median(starts) / bare:.2f}")
    manager, client = start_new_kernel(kernel_name="python3", startup_timeout=120)
    try:
        client.execute_interactive(f"import torch\n{SETUP}", timeout=120)
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            client.execute_interactive("y = x * 2", timeout=30)
            times.append(time.perf_counter() - started)
        print(f"jupyter: round trip 'y = x * 2' (no snapshot)  median {ms(statistics.median(times))}")
        for name, loop in LOOPS.items():
            latencies = []
            for _ in range(args.interrupts):
                msg_id = client.execute(loop)
                time.sleep(0.5)
                started = time.perf_counter()
                manager.interrupt_kernel()
                while True:
                    reply = client.get_shell_msg(timeout=30)
                    if reply["parent_header"].get("msg_id") == msg_id:
                        break
                latencies.append(time.perf_counter() - started)
            print(f"jupyter: interrupt {name:16} median {ms(statistics.median(latencies))}")
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--interrupts", type=int, default=5)
    parser.add_argument("--jupyter", action="store_true", help="also measure ipykernel via jupyter_client")
    args = parser.parse_args()
    bench_ours(args)
    if args.jupyter:
        bench_jupyter(args)


if __name__ == "__main__":
    main()
