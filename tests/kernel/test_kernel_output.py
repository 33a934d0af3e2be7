"""An output flood is capped per execution and never stalls the client."""

from __future__ import annotations

import time

from kernel_helpers import Outcome, run, start_kernel

from tutor.kernel.protocol import Done, Stream

LIMIT = 100_000


def test_endless_flood_keeps_a_bounded_tail() -> None:
    client = start_kernel(output_limit=LIMIT)
    try:
        exec_id = client.execute('while True:\n    print("x" * 1000)')
        events = []
        started = time.monotonic()
        interrupted = False
        while True:
            event = client.next_event(timeout=0.1)
            if not interrupted and time.monotonic() - started > 1.5:
                client.interrupt()
                interrupted = True
            assert time.monotonic() - started < 60
            if event is not None:
                events.append(event)
                if isinstance(event, Done) and event.id == exec_id:
                    break
        outcome = Outcome(events)
        assert outcome.done.status == "interrupted"
        text = "".join(e.text for e in events if isinstance(e, Stream))
        assert len(text) <= LIMIT + 10_000  # the cap plus the note and the traceback
        assert "of output not shown" in outcome.stderr
        # The interrupt may land between a line and its newline.
        assert outcome.stdout.rstrip("\n").endswith("x" * 1000)
        assert run(client, "'alive'").results == ["'alive'"]
    finally:
        client.shutdown()


def test_finite_flood_shows_its_end() -> None:
    client = start_kernel(output_limit=10_000)
    try:
        outcome = run(client, "for i in range(20000):\n    print(i)")
        assert outcome.done.status == "ok"
        assert outcome.stdout.endswith("19998\n19999\n")
        assert outcome.stdout.startswith("0\n1\n2\n")
        assert len(outcome.stdout) <= 10_000
        # The cap is per execution: the next one streams again.
        assert run(client, "print('next')").stdout == "next\n"
    finally:
        client.shutdown()


def test_output_of_a_running_cell_arrives_before_it_ends() -> None:
    client = start_kernel()
    try:
        exec_id = client.execute("import time\nprint('early', flush=True)\ntime.sleep(3)")
        event = client.next_event(timeout=2.5)
        assert isinstance(event, Stream) and event.text == "early\n" and event.id == exec_id
        client.interrupt()
        list(client.run("1"))
    finally:
        client.shutdown()
