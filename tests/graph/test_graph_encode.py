"""NOTE [encoded text, same bytes] (tutor/graph/encode.py): a snapshot's JSON
text, written straight from its nodes, is byte for byte what ``json.dumps``
makes of ``to_dict()``: the kernel's content hash (the live pane's redraw)
and what a run sends the grader depend on it. Real captures, decoded
snapshots, and generated nodes holding every type a value can have (the
caches' keys must tell ``True`` from ``1`` from ``1.0``, ``0.0`` from
``-0.0``)."""

import json
import math

import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.graph import encode
from tutor.graph.capture import capture, capture_namespace
from tutor.graph.model import GraphEdge, GraphNode, GraphSnapshot, SavedTensor


def dumps(snapshot: GraphSnapshot) -> str:
    return json.dumps(snapshot.to_dict(), separators=(",", ":"))


def same_text(snapshot: GraphSnapshot) -> None:
    assert snapshot.to_json() == dumps(snapshot)
    text, digest = snapshot.to_json_and_hash()
    assert text == dumps(snapshot) and digest == snapshot.content_hash()


class Checkpointed(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        ctx.scale, ctx.tag, ctx.sizes = scale, "café ☃ \"q\"", [1, [2, 3]]
        return x * scale

    @staticmethod
    def backward(ctx, g):
        return g * ctx.scale, None


def test_real_graphs_of_every_kind_encode_to_the_same_bytes():
    torch.manual_seed(0)
    w = torch.randn(3, 2, requires_grad=True)
    x = torch.randn(2)
    c = torch.tensor(2.5)
    h = torch.tanh(w @ x) * c
    parts = torch.randn(4, requires_grad=True).unbind()
    s = sum(p ** 2 for p in parts)
    q = Checkpointed.apply(torch.randn(3, requires_grad=True), float("nan"))
    y = h.sum() + s + q.sum()
    y.retain_grad()
    y.backward(retain_graph=True)
    model = torch.nn.Linear(2, 2)
    z = model(torch.randn(5, 2)).relu().mean()
    z.backward()  # frees z's saved tensors: 'freed' entries
    ns = {"w": w, "x": x, "c": c, "h": h, "s": s, "q": q, "y": y, "model": model, "z": z, "alias": w}
    snap = capture_namespace(ns, prefer=["alias", "w"])
    assert any(n.saved for n in snap.nodes) and any(n.attrs for n in snap.nodes)
    assert any(s.state == "freed" for n in snap.nodes for s in n.saved)
    same_text(snap)
    same_text(capture(y, max_nodes=3))  # cut: more_inputs, truncated
    long = torch.randn(2, requires_grad=True)
    for _ in range(300):
        long = long * 1.5 if long.dim() else long.sin()
    same_text(capture(long.sin()))


def test_a_decoded_snapshot_encodes_as_its_dict_did():
    snap = capture_namespace({"y": (torch.randn(3, requires_grad=True) ** 2).sum()})
    back = GraphSnapshot.from_json(snap.to_json())
    assert back.to_json() == snap.to_json() == dumps(back)


# Values a hand-built node may hold: every JSON type, and the ones that hash
# alike but encode apart.
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.0, -0.0, 1.0, 1.5, math.inf, -math.inf, math.nan]),
    st.text(max_size=4), st.sampled_from(["é", "☃", '"', "\\", "\n", "\x00", "\ud800"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2), max_leaves=6)
LISTS = st.one_of(st.none(), st.lists(SCALARS, max_size=4), st.lists(VALUES, max_size=2), st.just([]))


@st.composite
def nodes(draw, i):
    saved = draw(st.lists(st.builds(SavedTensor, st.text(max_size=3), LISTS, st.one_of(st.none(), st.text(max_size=3)),
                                    SCALARS), max_size=2) | st.sampled_from([[], (), None]))
    return GraphNode(
        draw(st.one_of(st.just(i), SCALARS)), draw(SCALARS), draw(SCALARS), draw(SCALARS),
        names=draw(LISTS), shape=draw(LISTS), dtype=draw(SCALARS), device=draw(SCALARS),
        requires_grad=draw(SCALARS), is_leaf=draw(SCALARS), has_grad=draw(SCALARS), grad_shape=draw(LISTS),
        retains_grad=draw(SCALARS), hooks=draw(SCALARS), post_accumulate_hooks=draw(SCALARS), saved=saved,
        attrs=draw(st.dictionaries(st.text(max_size=3), VALUES, max_size=3) | VALUES), order=draw(SCALARS),
        num_outputs=draw(SCALARS), value=draw(SCALARS), more_inputs=draw(SCALARS),
    )


EDGES = st.lists(st.one_of(
    st.builds(GraphEdge, st.integers(-5, 5), st.integers(0, 10**20), st.integers(0, 3), st.integers(0, 3)),
    st.builds(GraphEdge, SCALARS, SCALARS, SCALARS, SCALARS),
), max_size=4)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_generated_nodes_of_every_odd_type_encode_as_json_dumps_does(data):
    snap = GraphSnapshot(
        nodes=[data.draw(nodes(i)) for i in range(data.draw(st.integers(0, 4)))],
        edges=data.draw(EDGES),
        roots=data.draw(st.dictionaries(st.text(max_size=3), st.integers(0, 3), max_size=2)),
        truncated=data.draw(SCALARS), total_nodes=data.draw(SCALARS), total_exact=data.draw(SCALARS),
        torch_version=data.draw(SCALARS),
    )
    # Twice: the second time the caches answer.
    assert snap.to_json() == dumps(snap)
    assert snap.to_json() == dumps(snap)


def test_values_that_hash_alike_keep_their_own_text():
    for first, second in (([1], [True]), ([1], [1.0]), ([0.0], [-0.0]), (["a"], ["a"])):
        assert encode.value_text(first) == json.dumps(first)
        assert encode.value_text(second) == json.dumps(second)


def test_the_caches_stay_bounded_against_a_stream_of_new_names():
    for i in range(encode._CACHE_LIMIT + 10):
        encode.value_text(f"name{i}")
        encode.value_text([i, "x"])
    assert len(encode._STR) <= encode._CACHE_LIMIT and len(encode._FLAT) <= encode._CACHE_LIMIT
