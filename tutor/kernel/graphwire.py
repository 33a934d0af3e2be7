"""The live graph on the kernel's wire: a snapshot goes whole once, then
only what changed (NOTE [send what changed]). Torch-free: the kernel's
side takes a ``GraphSnapshot``, the client's side plain data.

# NOTE [send what changed]: after every cell that changes the graph the
# kernel sent the whole snapshot again, mostly as it was: a 5,000-node
# graph and one new op cost the kernel an encoding of every node and the
# UI a JSON decode of a megabyte. Node ids are stable from one capture to
# the next (the walk goes through the namespace in the same order), so the
# kernel now compares each node's plain data with what it sent last and
# sends a ``GraphChange``: the slice of the node list that differs (a common
# head and tail kept), the same for the edges, and the snapshot's small
# fields whole. Only the changed nodes are encoded; the others' JSON text is
# kept from last time, and the content hash is taken over the same text
# ``GraphSnapshot.to_json()`` makes, so ``Graph.hash`` means what it meant.
# The client rebuilds the whole snapshot from the one it has (the nodes
# kept are the same dict objects, which the UI's incremental validation
# takes back at once: NOTE [validate what changed]) and hands on an ordinary
# ``Graph``: no reader above the client sees a change. A change whose base
# is not the snapshot the client has (a line lost to garbage the learner's
# code wrote into the channel) is dropped, and the client asks for the
# whole snapshot again; the kernel's answer to ``Snapshot`` is always whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.gcpause import paused as gc_paused
from tutor.jsontext import dumps as _encode  # what GraphSnapshot.to_json() writes with
from tutor.kernel.protocol import Done, EncodedJSON, Graph, GraphChange, Snapshot
MAX_ITEMS = 1_000_000  # a rebuilt node or edge list longer than this is garbage


class GraphSender:
    """The kernel's side: what it sent last, and the message for a new snapshot."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """The next message is whole (a new namespace, a client asking)."""
        self.hash: str | None = None
        self._nodes: list[dict] = []
        self._texts: list[str] = []  # each node's JSON, as sent
        self._edges: list = []
        self._edge_texts: list[str] = []

    def message(self, exec_id: str, snapshot: Any, *, only_if_changed: bool) -> Graph | GraphChange | None:
        """The message for ``snapshot``: None when it is unchanged and
        ``only_if_changed``; a ``GraphChange`` against the last one sent
        when that is smaller; otherwise the whole ``Graph``."""
        with gc_paused():  # thousands of small dicts (tutor/gcpause.py)
            body = snapshot._body()
            nodes, edges = body["nodes"], list(map(tuple, body["edges"]))  # plain tuples: orjson writes no NamedTuple
            head, old_end, new_end = _splice(self._nodes, nodes)
            texts = self._texts[:head] + [_encode(n) for n in nodes[head:new_end]] + self._texts[old_end:]
            e_head, e_old_end, e_new_end = _splice(self._edges, edges)
            edge_texts = (self._edge_texts[:e_head] + [_encode(e) for e in edges[e_head:e_new_end]]
                          + self._edge_texts[e_old_end:])
            lists = {"nodes": texts, "edges": edge_texts}
            # The very text GraphSnapshot.to_json() makes, for the same hash.
            text = "{" + ",".join(
                f"{_encode(key)}:" + ("[" + ",".join(lists[key]) + "]" if key in lists else _encode(value))
                for key, value in body.items()) + "}"
        from tutor.graph.model import content_digest  # the kernel has it loaded already

        digest = content_digest(text)
        if only_if_changed and digest == self.hash:
            return None
        base, whole = self.hash, not only_if_changed or self.hash is None or new_end - head > len(nodes) // 2
        self.hash, self._nodes, self._texts, self._edges, self._edge_texts = digest, nodes, texts, edges, edge_texts
        if whole:
            return Graph(exec_id, digest, EncodedJSON(text))
        rest = {key: value for key, value in body.items() if key not in lists}
        return GraphChange(exec_id, digest, base or "",
                           EncodedJSON(f"[{head},{old_end},[{','.join(texts[head:new_end])}]]"),
                           [e_head, e_old_end, edges[e_head:e_new_end]], rest)


def _splice(old: list, new: list) -> tuple[int, int, int]:
    """(head, old_end, new_end): ``new`` is ``old[:head] + new[head:new_end] +
    old[old_end:]``, with the common head and tail as long as they go."""
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, len(old) - tail, len(new) - tail


class GraphReceiver:
    """The client's side, one per kernel process: the snapshot it has, and
    a ``GraphChange`` turned back into the whole ``Graph``."""

    def __init__(self) -> None:
        self.hash: str | None = None
        self._nodes: list = []
        self._edges: list = []
        self._asked: set[str] = set()  # ids of our own Snapshot requests

    def receive(self, event: Any, ids: Iterator[int]) -> tuple[Any, Snapshot | None]:
        """(the event to hand on, or None; a request to send, or None).

        A ``GraphChange`` becomes the whole ``Graph``; one that cannot be
        applied is dropped, and the Snapshot request asks for it whole; the
        ``Done`` that answers that request is ours, and nobody else's."""
        if isinstance(event, GraphChange):
            graph = self.change(event)
            if graph is None:
                ask = Snapshot(f"resync{next(ids)}")
                self._asked.add(ask.id)
                return None, ask
            return graph, None
        if isinstance(event, Graph):
            return self.whole(event), None
        if isinstance(event, Done) and event.id in self._asked:
            self._asked.discard(event.id)
            return None, None
        return event, None

    def whole(self, event: Graph) -> Graph:
        """Keep a whole snapshot as the base of the next change."""
        snapshot = event.snapshot
        if isinstance(snapshot, dict) and isinstance(snapshot.get("nodes"), list) \
                and isinstance(snapshot.get("edges"), list) and isinstance(event.hash, str):
            self.hash, self._nodes, self._edges = event.hash, snapshot["nodes"], snapshot["edges"]
        else:
            self.hash = None
        return event

    def change(self, event: GraphChange) -> Graph | None:
        """The whole snapshot the change makes, or None when it cannot be
        applied (not against the snapshot this client has, or malformed):
        the caller asks for the whole snapshot."""
        if self.hash is None or event.base != self.hash or not isinstance(event.hash, str):
            self.hash = None
            return None
        nodes, edges = _apply(self._nodes, event.nodes), _apply(self._edges, event.edges)
        if nodes is None or edges is None or not isinstance(event.rest, dict):
            self.hash = None
            return None
        snapshot = {"format": event.rest.get("format", 1), "nodes": nodes, "edges": edges}
        snapshot.update((k, v) for k, v in event.rest.items() if k not in snapshot)
        self.hash, self._nodes, self._edges = event.hash, nodes, edges
        return Graph(event.id, event.hash, snapshot)


def _apply(old: list, splice: Any) -> list | None:
    if not (isinstance(splice, list) and len(splice) == 3 and isinstance(splice[2], list)):
        return None
    head, end, items = splice
    if type(head) is not int or type(end) is not int or not 0 <= head <= end <= len(old):
        return None
    if head + len(items) + len(old) - end > MAX_ITEMS:
        return None
    return old[:head] + items + old[end:]
