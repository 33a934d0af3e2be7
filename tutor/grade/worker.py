"""The grading worker's entry point: a warm zygote (zygote.py) that forks monitors (monitor.py).

It imports torch once (what makes a run cost a fork, not an interpreter)
and then only forks *monitors*: one waits for the next request at all
times. A monitor reads its one request itself, makes the run's namespaces
and forks the run as their PID 1 (jail.py, child.py), watches it (CPU and
wall clock, memory and processes of the whole run, output), hands it the
result pipe only once its code has finished, writes one reply frame, and
exits. The zygote's memory never holds request data or replies, so no run
can find an earlier run's code or results in the memory it was forked from.

    python -m tutor.grade.worker [--uid UID | --run-uid UID] [--sandboxed] [--warm now|later|need|cold] [--runs N]

Inside the sandbox of sandbox.py. ``--uid`` (as root) is the uid the worker
drops to before it does anything else. ``--run-uid`` (as root, the ``uid``
mode: no sandbox can be made) keeps the worker root and has each run drop
to that uid (monitor.py); ``--warm later`` answers before
warming torch.func & co. up (a learner's single check), ``--warm need``
only once a run had to import them (a small grade: NOTE [warm on need]),
``--warm cold`` likewise, with its heap folded as for ``now`` (NOTE [one
warm worker], pool.py).
``--runs N``: the runs the grader expects of this worker (NOTE [collapse
pays], jail.py); without it, the worker folds its whole heap.
"""

from __future__ import annotations

import json
import os
import signal
import sys

from tutor.grade import barefork, jail


# ------------------------------------------------------------------ main


def main() -> None:
    args = sys.argv[1:]
    if "--uid" in args:
        jail.drop_to_uid(int(args[args.index("--uid") + 1]))  # first thing, before reading anything
    off = set(args[args.index("--off") + 1].split(",")) if "--off" in args else set()
    one_fork = "--run-uid" not in args and "one-fork" not in off and jail.enter_worker_namespaces()
    if one_fork:
        # NOTE [one fork per run] (relay.py): the zygote is our child, PID 1
        # of the namespaces just made; we only wait for it, and end with it.
        zygote = os.fork()
        if zygote:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            while True:
                try:
                    _, status = os.waitpid(zygote, 0)
                    code = os.waitstatus_to_exitcode(status)
                    os._exit(code if code >= 0 else 128 - code)  # killed by a signal: not a clean exit
                except InterruptedError:
                    continue
        jail.die_with_parent(None)
    # The protocol owns the original stdout; anything printed by libraries
    # goes to stderr instead of corrupting a frame.
    outbox = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the grader, which shuts us down
    warm = args[args.index("--warm") + 1] if "--warm" in args else "now"
    from tutor.grade.zygote import serve

    run_uid = int(args[args.index("--run-uid") + 1]) if "--run-uid" in args else None
    shared = json.loads(args[args.index("--shared-dirs") + 1]) if "--shared-dirs" in args else []
    # A benchmark's baseline (bench/bench_grade.py --compare): the speed-ups
    # named here (``off``, above) are left out; isolation is the same either way.
    if "--prefork" in args and "prefork" not in off:  # monitor.py, NOTE [forked ahead]
        from tutor.grade.monitor import Host

        Host.prefork = True
    if "bare-fork" in off:  # NOTE [a bare fork]: every run forked by os.fork()
        barefork.use_os_fork()
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else None  # NOTE [collapse pays]
    serve(outbox, sandboxed="--sandboxed" in args, off=off, warm=warm, run_uid=run_uid, shared_dirs=shared,
          one_fork=one_fork, runs=runs)


if __name__ == "__main__":
    main()
