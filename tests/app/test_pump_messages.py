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
