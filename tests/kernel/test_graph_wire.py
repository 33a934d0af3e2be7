"""The live graph on the wire (NOTE [send what changed], graphwire.py): the
kernel sends what changed, the client rebuilds exactly the snapshot the
kernel captured, and a change it cannot apply costs one whole snapshot."""

from __future__ import annotations

import itertools
import json
import subprocess

import torch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_helpers import run, start_kernel

from tutor.graph.capture import capture_namespace
from tutor.kernel.client import KernelOptions
from tutor.kernel.graphwire import GraphReceiver, GraphSender
from tutor.kernel.protocol import Done, Execute, Graph, GraphChange, Snapshot, Stream, decode, encode


def _chain(n: int, x: torch.Tensor) -> torch.Tensor:
    h = x
    for _ in range(n):
        h = h * 1.0001
    return h


def _states():
    """A learner's namespace after each cell: (what the cell did, namespace)."""
    x = torch.ones(3, requires_grad=True)
    ns: dict = {"x": x}
    yield "a leaf", dict(ns)
    ns["h"] = _chain(2000, x)
    yield "a 2,000-op chain", dict(ns)
    ns["y"] = (ns["h"] * 2).sum()
    yield "two ops more", dict(ns)
    ns["y"].backward(retain_graph=True)
    yield "backward (grads)", dict(ns)
    ns["a"] = ns["h"].exp()
    yield "a new name", dict(ns)
    del ns["h"]
    yield "a name deleted", dict(ns)
    ns["y"].backward()
    yield "backward again (buffers freed)", dict(ns)
    yield "nothing changed", dict(ns)
    ns = {"z": torch.zeros(2, requires_grad=True)}
    yield "everything replaced", dict(ns)


def _through_the_wire(sender: GraphSender, receiver: GraphReceiver, snapshot, *, whole: bool = False):
    message = sender.message("e1", snapshot, only_if_changed=not whole)
    if message is None:
        return None, 0
    line = encode(message)
    event, ask = receiver.receive(decode(line), itertools.count())
    assert ask is None
    return (type(message), event), len(line)


def test_what_the_client_rebuilds_is_what_the_kernel_captured():
    sender, receiver = GraphSender(), GraphReceiver()
    kinds, sizes = {}, {}
    for what, ns in _states():
        snapshot = capture_namespace(ns)
        got, size = _through_the_wire(sender, receiver, snapshot)
        if got is None:
            kinds[what] = None
            continue
        kinds[what], event = got
        sizes[what] = size
        assert isinstance(event, Graph)
        # The very snapshot, and the hash it always had.
        assert event.snapshot == json.loads(snapshot.to_json()), what
        assert event.hash == snapshot.content_hash(), what
    assert kinds == {
        "a leaf": Graph, "a 2,000-op chain": Graph, "two ops more": GraphChange, "backward (grads)": GraphChange,
        # Ids follow the walk, which starts from the names in order: without
        # "h", the chain is reached from "y" first and numbered anew.
        "a new name": GraphChange, "a name deleted": Graph, "backward again (buffers freed)": Graph,
        "nothing changed": None, "everything replaced": Graph,
    }
    # Two ops more on a 2,000-op chain: a few nodes on the wire, not all of them.
    assert sizes["two ops more"] * 50 < sizes["a 2,000-op chain"], sizes


def test_a_change_against_another_snapshot_asks_for_the_whole_one():
    sender, receiver = GraphSender(), GraphReceiver()
    states = [capture_namespace(ns) for _, ns in itertools.islice(_states(), 4)]
    _through_the_wire(sender, receiver, states[0])
    _through_the_wire(sender, receiver, states[1])
    sender.message("e2", states[2], only_if_changed=True)  # this line never reaches the client
    lost = sender.message("e3", states[3], only_if_changed=True)
    assert isinstance(lost, GraphChange)
    ids = itertools.count(7)
    event, ask = receiver.receive(decode(encode(lost)), ids)
    assert event is None and isinstance(ask, Snapshot) and ask.id == "resync7"
    # The kernel answers a Snapshot whole; the client is in step again.
    event, again = receiver.receive(decode(encode(sender.message(ask.id, states[3], only_if_changed=False))), ids)
    assert again is None and event.snapshot == json.loads(states[3].to_json())
    # The Done of the client's own request is nobody else's; others pass.
    assert receiver.receive(Done(ask.id, "ok", 0, 0.0), ids) == (None, None)
    other = Done("x9", "ok", 0, 0.0)
    assert receiver.receive(other, ids) == (other, None)


splices = st.one_of(st.none(), st.integers(), st.text(max_size=3),
                    st.lists(st.one_of(st.integers(-3, 12), st.booleans(), st.lists(st.integers(), max_size=3)),
                             max_size=4))


@settings(max_examples=300, deadline=None)
@given(base_ok=st.booleans(), nodes=splices, edges=splices,
       rest=st.one_of(st.none(), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)))
def test_a_malformed_change_is_dropped_never_raised(base_ok, nodes, edges, rest):
    receiver = GraphReceiver()
    receiver.whole(Graph("e", "h0", {"format": 1, "nodes": [{"id": i} for i in range(10)], "edges": [[1, 0, 0, 0]]}))
    event, ask = receiver.receive(GraphChange("e", "h1", "h0" if base_ok else "other", nodes, edges, rest),
                                  itertools.count())
    if event is None:
        assert isinstance(ask, Snapshot)
    else:
        assert isinstance(event, Graph) and ask is None and isinstance(event.snapshot["nodes"], list)


def _raw_kernel():
    options = KernelOptions(threads=1, memory_limit_mb=0)
    return subprocess.Popen(options.command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=options.environment())


def _ask(proc, request) -> list[tuple[object, int]]:
    """Send one request to a kernel process; its events and their line sizes, until Done."""
    proc.stdin.write(encode(request))
    proc.stdin.flush()
    events = []
    for line in proc.stdout:
        event = decode(line)
        events.append((event, len(line)))
        if isinstance(event, Done) and event.id == request.id:
            return events
    raise AssertionError("the kernel ended")


def test_the_kernel_sends_a_change_and_it_rebuilds_the_whole_snapshot():
    proc = _raw_kernel()
    try:
        assert decode(proc.stdout.readline()).graph  # Ready
        receiver, ids = GraphReceiver(), itertools.count()
        cells = ["x = torch.ones(3, requires_grad=True)\nh = x\nfor _ in range(1500):\n    h = h * 1.0001",
                 "y = (h * 2).sum()", "y.backward()", "z = y.detach() + x"]
        sizes = []
        for n, code in enumerate(cells):
            graphs = [(e, size) for e, size in _ask(proc, Execute(f"e{n}", code)) if isinstance(e, (Graph, GraphChange))]
            assert len(graphs) == 1, code
            event, size = graphs[0]
            sizes.append((type(event).__name__, size))
            rebuilt, ask = receiver.receive(event, ids)
            assert ask is None
            (whole,) = [e for e, _ in _ask(proc, Snapshot(f"s{n}")) if isinstance(e, Graph)]
            receiver.whole(whole)
            assert rebuilt.snapshot == whole.snapshot and rebuilt.hash == whole.hash, code
        assert sizes[1][0] == "GraphChange" and sizes[1][1] * 50 < sizes[0][1], sizes
    finally:
        proc.kill()
        proc.wait()


FORGE = """import os
for fd in range(3, 256):
    try:
        if os.fstat(fd).st_ino == {inode}:
            os.write(fd, b'{{"type":"GraphChange","id":"e","hash":"forged","base":"not-yours","nodes":[0,0,[]],'
                         b'"edges":[0,0,[]],"rest":{{}}}}\\n')
    except OSError:
        pass
"""


def test_a_forged_change_in_the_channel_costs_one_whole_snapshot():
    """Learner code that writes a change into the kernel's channel (any
    descriptor of that pipe): the client drops it, asks for the snapshot
    whole, keeps that request's Done to itself, and stays in step."""
    import os

    client = start_kernel()
    try:
        run(client, "x = torch.ones(3, requires_grad=True)\ny = x * 2")
        inode = os.fstat(client._proc.popen.stdout.fileno()).st_ino
        outcome = run(client, FORGE.format(inode=inode))
        # The kernel answers requests in order: the whole snapshot the client
        # asked for while the forging cell ran comes before the next Done.
        after = run(client, "w = y.sum()")
        events = outcome.events + after.events
        assert not [e for e in events if isinstance(e, Stream) and "Traceback" in e.text]
        assert not [e for e in events if isinstance(e, Done) and e.id.startswith("resync")]
        assert [e.hash for e in events if isinstance(e, Graph)][-1] != "forged"
        whole = client.snapshot()
        assert (client.last_graph.hash, client.last_graph.snapshot) == (whole.hash, whole.snapshot)
        assert "w" in client.last_graph.snapshot["roots"]
    finally:
        client.shutdown()


def _forged_changes(base: dict) -> dict:
    """Changes a learner's code could write into the channel, against the
    snapshot the client has: (nodes splice, edges splice)."""
    n = len(base["nodes"])
    top, below = base["edges"][-1][0], base["edges"][-1][1]
    return {
        "one new edge closes a cycle": ([n, n, []], [0, 0, [[below, top, 7, 0]]]),
        "a new edge to itself": ([n, n, []], [0, 0, [[top, top, 7, 0]]]),
        "two new edges close a cycle": ([n, n, [{"id": 999_999, "op": "Mul"}]],
                                        [0, 0, [[999_999, top, 0, 0], [below, 999_999, 7, 0]]]),
        "many new edges, one cycle": ([n, n, []], [0, 0, [[below, top, 7 + k, 0] for k in range(12)]]),
        "a kept edge's node removed": ([n - 1, n, []], [0, 0, []]),
        "a changed node with a control character": ([n - 1, n, [{**base["nodes"][-1], "op": "Mul\x1b[2J"}]],
                                                    [0, 0, []]),
        "a changed node under another node's id": ([n - 1, n, [{**base["nodes"][-1], "id": base["nodes"][0]["id"]}]],
                                                   [0, 0, []]),
        "a kept edge's parent over its fan-in": ([n, n, []], [0, 0, [[top, below, 9 + k, 0] for k in range(10_000)]]),
    }


@pytest.mark.parametrize("case", sorted(_forged_changes({"nodes": [{"id": 0}], "edges": [[1, 0]]})))
def test_a_forged_change_gets_the_words_of_a_full_validation(case):
    """What the receiver rebuilds keeps the unchanged nodes' and edges'
    very objects, which the UI's validation takes back without checking
    them again (NOTE [validate what changed]): a change that makes the
    graph wrong through them is refused all the same, word for word."""
    from tutor.graph.model import GraphSnapshot

    x = torch.ones(3, requires_grad=True)
    sender, receiver, ids = GraphSender(), GraphReceiver(), itertools.count()
    first, _ = receiver.receive(decode(encode(sender.message("e", capture_namespace({"x": x, "h": _chain(40, x)}),
                                                            only_if_changed=True))), ids)
    last = GraphSnapshot.from_untrusted(first.snapshot, incremental=True)
    nodes, edges = _forged_changes(first.snapshot)[case]
    forged, ask = receiver.receive(GraphChange("e", "forged", first.hash, nodes, edges, {"roots": {}}), ids)
    assert ask is None
    with pytest.raises(ValueError) as full:
        GraphSnapshot.from_untrusted(json.loads(json.dumps(forged.snapshot)))
    with pytest.raises(ValueError) as again:
        GraphSnapshot.from_untrusted(forged.snapshot, previous=last, incremental=True)
    assert str(again.value) == str(full.value)
