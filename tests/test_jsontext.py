"""NOTE [json text] (tutor/jsontext.py): snapshots are written by orjson, and
every reader sees what json.dumps wrote: the same data, ASCII only, and
the same text for pieces joined as for the whole."""

from __future__ import annotations

import itertools
import json

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import jsontext
from tutor.graph.capture import capture_namespace
from tutor.graph.model import GraphSnapshot
from tutor.kernel.graphwire import GraphReceiver, GraphSender
from tutor.kernel.protocol import decode, encode

# What a learner's names, prints and custom Functions can put in a snapshot.
AWKWARD = [
    "größe", "梯度", "emoji 😀 (astral: a surrogate pair in json)", "line\u2028separator\u2029", "nul \x00 tab \t",
    'quote " backslash \\ slash /', "\x7f\x80\x9f", "", "a" * 1000,
    1e-05, 1e16, 0.1, -0.0, 5e-324, 1.7976931348623157e308, 2**63 - 1, -2**63, 2**64 - 1,
    True, False, None, [], {}, {"k": [1, {"größe": "梯度"}]},
]
REFUSED_BY_ORJSON = [2**64, -2**63 - 1, 2**100, "lone \ud800 surrogate", {"k": "\udfff"}]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@pytest.mark.parametrize("value", AWKWARD + REFUSED_BY_ORJSON, ids=repr)
def test_the_text_means_what_json_dumps_wrote_and_is_ascii(value):
    text = jsontext.dumps(value)
    assert text.isascii(), text
    assert "\n" not in text
    assert json.loads(text) == json.loads(json.dumps(value)) == value


@settings(max_examples=300, deadline=None)
@given(st.lists(json_values, max_size=6))
def test_pieces_joined_are_the_whole(parts):
    """graphwire.py writes a snapshot node by node and hashes the joined
    text as the hash of the whole: per-character escaping keeps them equal."""
    whole = jsontext.dumps(parts)
    assert "[" + ",".join(jsontext.dumps(p) for p in parts) + "]" == whole \
        or any(_refused(p) for p in parts)  # json's spelling for one piece: equal data, other text
    assert json.loads(whole) == parts
    assert whole.isascii()


def _refused(value) -> bool:
    try:
        import orjson
        orjson.dumps(value)
        return False
    except TypeError:
        return True


def _namespace():
    class Scaled(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.note = "größe 梯度 😀\u2028"
            ctx.tiny = 1e-05
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = torch.ones(3, requires_grad=True)
    h = x
    for _ in range(300):
        h = h * 1.0001
    ns = {"x": x, "größe": Scaled.apply(h), "h": h}
    ns["梯度"] = (ns["größe"] * 2).sum()
    return ns


def test_a_snapshot_goes_through_orjson_and_reads_back_the_same(monkeypatch):
    snapshot = capture_namespace(_namespace())
    slow = json.dumps(snapshot.to_dict(), separators=(",", ":"))

    def refuse(value):
        raise AssertionError("json.dumps was used: a snapshot's body must be data orjson writes")

    monkeypatch.setattr(jsontext, "_json_dumps", refuse)
    text = snapshot.to_json()
    assert text.isascii() and "\u2028" not in text
    assert json.loads(text) == json.loads(slow)
    assert GraphSnapshot.from_json(text).to_dict() == snapshot.to_dict()


def test_the_kernels_node_by_node_text_has_the_snapshots_hash():
    """Non-ASCII names and ctx text: the kernel's message, joined from
    pieces, hashes as GraphSnapshot.to_json() does, and its line is ASCII."""
    ns = _namespace()
    sender, receiver = GraphSender(), GraphReceiver()
    for step in range(2):
        snapshot = capture_namespace(ns)
        message = sender.message("e1", snapshot, only_if_changed=True)
        line = encode(message)
        assert line.isascii()
        event, ask = receiver.receive(decode(line), itertools.count())
        assert ask is None
        assert event.hash == snapshot.content_hash()
        assert event.snapshot == json.loads(snapshot.to_json())
        ns["梯度"].backward(retain_graph=True)  # the second message is a change
