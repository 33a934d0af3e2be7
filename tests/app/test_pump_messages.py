"""The kernel pump posts 20 times a second. A newer graph or state makes an
older one not worth handling (Textual's ``Message.can_replace`` drops it from
the queue); transcript events never coalesce, and neither does a crash,
whose line must be shown."""

from __future__ import annotations

from tutor.app.kernel import KernelBridge
from tutor.kernel.protocol import Stream


def test_a_newer_graph_supersedes_an_older_one():
    old, new = KernelBridge.GraphChanged("old"), KernelBridge.GraphChanged("new")
    assert old.can_replace(new)
    assert not old.can_replace(KernelBridge.StateChanged("ready"))


def test_a_newer_state_supersedes_an_older_one_but_not_a_crash():
    assert KernelBridge.StateChanged("busy").can_replace(KernelBridge.StateChanged("ready"))
    assert not KernelBridge.StateChanged("crashed", "segmentation fault").can_replace(
        KernelBridge.StateChanged("restarting"))


def test_transcript_events_all_arrive():
    first = KernelBridge.EventReceived(Stream(id="x1", name="stdout", text="a"))
    second = KernelBridge.EventReceived(Stream(id="x1", name="stdout", text="b"))
    assert not first.can_replace(second)


async def test_a_burst_of_graphs_draws_only_the_last(make_app, kernel):
    from app_fakes import chain_snapshot
    from app_support import started, wait_for

    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await started(pilot)
        pane = screen.query_one("GraphPane")
        before = pane.updates
        for n in (3, 4, 5, 6):  # posted together, as a busy pump would
            screen.post_message(KernelBridge.GraphChanged(chain_snapshot(n)))
        await wait_for(pilot, lambda: pane.snapshot is not None and len(pane.snapshot.nodes) == 6)
        assert pane.updates - before < 4


class _Posted:
    def __init__(self):
        self.messages = []

    def post_message(self, message):
        self.messages.append(message)


def test_the_pump_validates_only_what_changed_since_the_last_graph_and_drops_garbage():
    """NOTE [validate what changed]: the bridge passes the snapshot it decoded
    last, so an unchanged node is the very object the pane already shows; a
    forged graph gets no GraphChanged, and the next good one is still checked
    against the last good one."""
    import json

    import torch

    from tutor.graph.capture import capture_namespace
    from tutor.kernel.protocol import Graph

    x = torch.randn(3, requires_grad=True)
    ns = {"x": x, "h": (x.sin() * 2).exp()}
    first = json.loads(capture_namespace(ns).to_json())
    ns["loss"] = ns["h"].sum()
    second = json.loads(capture_namespace(ns).to_json())
    forged = json.loads(json.dumps(second))
    forged["nodes"][0]["names"] = ["\x1b]52;c;bad\x07"]  # a terminal escape in a name

    posted = _Posted()
    bridge = KernelBridge(client=None, target=posted)
    for data in (first, forged, second):
        bridge._post_graph(Graph("e", "hash", data))
    shown = [m.snapshot for m in posted.messages]
    assert [s.to_dict() for s in shown] == [first, second]  # the forged one: dropped
    old = {n.id: n for n in shown[0].nodes}
    kept = [n for n in shown[1].nodes if old.get(n.id) is n]
    assert kept and len(kept) >= len(shown[0].nodes) - 1



async def test_a_state_posted_from_the_pump_thread_never_overtakes_a_newer_one(make_app, kernel):
    """NOTE [one state at a time]: Textual queues a message posted on the UI
    thread at once and one from another thread when the loop next runs its
    callbacks. The pump's "ready" (the setup done) reached the screen after
    the UI's "busy" (the code sent), and the status bar showed a running
    kernel as idle (a flaky end-to-end test under CI's load found it)."""
    import threading

    from app_support import started, wait_for

    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await started(pilot)
        bar, bridge = screen.query_one("StatusBar"), screen.bridge
        await wait_for(pilot, lambda: bar.kernel_state == "ready")
        kernel.hold = True  # the learner's code runs until finish()
        with bridge._lock:
            bridge._pending.add("setup-held")
        bridge._update_state()
        await wait_for(pilot, lambda: bar.kernel_state == "busy")

        def setup_done():  # what the pump thread does with the setup's Done
            with bridge._lock:
                bridge._pending.discard("setup-held")
            bridge._update_state()

        pump = threading.Thread(target=setup_done)
        pump.start()
        pump.join()  # its "ready" waits for the loop, which this test holds
        bridge.execute("while True: pass")  # "busy", queued at once
        for _ in range(5):
            await pilot.pause()
        assert bridge.state == "busy"
        assert bar.kernel_state == "busy"
        kernel.finish()
        await wait_for(pilot, lambda: bar.kernel_state == "ready")
