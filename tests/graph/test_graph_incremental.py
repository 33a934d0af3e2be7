"""NOTE [validate what changed] (tutor/graph/untrusted.py): a reader that
decodes one snapshot after another (the live pane's KernelBridge) validates
again only what changed since the snapshot it decoded last, and ends with
exactly what a full validation gives: the same snapshot for good data, the
same ValueError, word for word, for bad data (a node that changed into
garbage, an edge list that now names a node no longer there or closes a
cycle, roots, caps)."""

import copy
import json

import pytest
import torch
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutor.graph.capture import capture_namespace
from tutor.graph.model import GraphSnapshot


def decoded(snapshot: GraphSnapshot) -> dict:
    """The plain data the bridge decodes: the kernel's JSON, parsed."""
    return json.loads(snapshot.to_json())


def a_session():
    """What the kernel sends after each cell of a short session."""
    torch.manual_seed(0)
    ns = {"x": torch.randn(4, requires_grad=True), "w": torch.randn(4, requires_grad=True)}
    steps = []
    h = ns["x"]
    for i in range(60):
        h = h * ns["w"] if i % 2 else h.sin()
    ns["h"] = h
    steps.append(decoded(capture_namespace(ns)))
    ns["loss"] = h.sum()  # one op more
    steps.append(decoded(capture_namespace(ns)))
    ns["y"] = ns["loss"] * 2
    steps.append(decoded(capture_namespace(ns)))
    steps.append(decoded(capture_namespace(ns)))  # nothing changed
    ns["y"].backward(retain_graph=True)  # grads on the leaves
    steps.append(decoded(capture_namespace(ns)))
    ns["loss"].backward()  # frees the saved tensors: nearly every node changes
    steps.append(decoded(capture_namespace(ns)))
    del ns["y"]
    steps.append(decoded(capture_namespace(ns)))  # a node less
    return steps


SESSION = a_session()


def outcome(data, previous=None):
    """The snapshot's plain data, or the error's words."""
    try:
        return GraphSnapshot.from_untrusted(copy.deepcopy(data), previous=previous, incremental=True).to_dict()
    except ValueError as exc:
        return str(exc)


def test_a_session_decoded_step_by_step_is_what_each_step_decodes_to_alone():
    previous = None
    for data in SESSION:
        snapshot = GraphSnapshot.from_untrusted(data, previous=previous, incremental=True)
        assert snapshot.to_dict() == GraphSnapshot.from_untrusted(data).to_dict() == data
        previous = snapshot


def test_unchanged_nodes_are_not_validated_again_and_changed_ones_are():
    first = GraphSnapshot.from_untrusted(SESSION[0], incremental=True)
    second = GraphSnapshot.from_untrusted(SESSION[1], previous=first, incremental=True)
    old = {n.id: n for n in first.nodes}
    same = [n for n in second.nodes if old.get(n.id) is n]
    # Every node the new op did not touch is the very object decoded before.
    assert len(same) >= len(first.nodes) - 2 and len(second.nodes) > len(first.nodes)
    freed = GraphSnapshot.from_untrusted(SESSION[5], previous=GraphSnapshot.from_untrusted(SESSION[4], incremental=True),
                                         incremental=True)
    assert any(s.state == "freed" for n in freed.nodes for s in n.saved)


def test_a_snapshot_decoded_without_incremental_is_no_previous():
    plain = GraphSnapshot.from_untrusted(SESSION[0])
    assert "_decoded" not in plain.__dict__  # nothing kept: the grader decodes thousands
    again = GraphSnapshot.from_untrusted(SESSION[1], previous=plain, incremental=True)
    assert again.to_dict() == SESSION[1]


def garbage_cases():
    base = SESSION[2]
    cases = {}
    d = copy.deepcopy(base)
    d["nodes"][3]["op"] = "Mul\x1b[2J"  # a control character in one node
    cases["control character"] = d
    d = copy.deepcopy(base)
    d["nodes"][3]["shape"] = [True]
    cases["bool in a shape"] = d
    d = copy.deepcopy(base)
    d["nodes"].pop()  # the edges still name it
    cases["edge to a node not there"] = d
    d = copy.deepcopy(base)
    parent, child = d["edges"][0][:2]
    d["edges"].append([child, parent, 9, 0])  # closes a cycle
    cases["cycle"] = d
    d = copy.deepcopy(base)
    d["nodes"][4]["id"] = d["nodes"][5]["id"]
    cases["two nodes, one id"] = d
    d = copy.deepcopy(base)
    d["roots"]["ghost"] = 10**6
    cases["root to nowhere"] = d
    d = copy.deepcopy(base)
    d["nodes"][0] = dict(d["nodes"][1])  # a valid node's data under another index: duplicate id
    cases["a node copied"] = d
    return cases


@pytest.mark.parametrize("case", sorted(garbage_cases()))
def test_garbage_in_a_later_snapshot_gets_the_full_validations_words(case):
    data = garbage_cases()[case]
    previous = GraphSnapshot.from_untrusted(SESSION[2], incremental=True)
    full = outcome(data)
    assert isinstance(full, str) and full.startswith("graph snapshot")
    assert outcome(data, previous) == full


def test_a_value_equal_to_a_validated_one_takes_the_validated_node():
    previous = GraphSnapshot.from_untrusted(SESSION[2], incremental=True)
    data = copy.deepcopy(SESSION[2])
    leaf = next(n for n in data["nodes"] if n.get("is_leaf"))
    leaf["is_leaf"] = 1  # == True; a full validation refuses it
    assert "is_leaf must be true or false" in outcome(data)
    again = GraphSnapshot.from_untrusted(data, previous=previous, incremental=True)
    assert again.to_dict() == SESSION[2]  # the node it equals: valid, and what was shown


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.floats() | st.text(max_size=3),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                       max_size=3), max_leaves=5)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_any_mutation_of_a_later_snapshot_decodes_as_a_full_validation_does(data):
    step = data.draw(st.integers(1, len(SESSION) - 1))
    previous = GraphSnapshot.from_untrusted(SESSION[step - 1], incremental=True)
    d = copy.deepcopy(SESSION[step])
    what = data.draw(st.sampled_from(["node field", "edge", "drop node", "drop edge", "add edge", "top"]))
    # A change that leaves the data equal (1 for True, 2.0 for 2) is taken
    # as the validated node or edges it equals (the test above): not garbage.
    if what == "node field":
        node = data.draw(st.sampled_from(d["nodes"]))
        before = dict(node)
        node[data.draw(st.sampled_from(sorted(set(node) | {"names", "saved", "attrs"})))] = data.draw(json_values)
        assume(node != before)
    elif what == "edge":
        i = data.draw(st.integers(0, len(d["edges"]) - 1))
        before = d["edges"][i]
        d["edges"][i] = data.draw(st.lists(st.integers(-1, len(d["nodes"]) + 1), min_size=2, max_size=4) | json_values)
        assume(d["edges"][i] != before)
    elif what == "drop node":
        d["nodes"].pop(data.draw(st.integers(0, len(d["nodes"]) - 1)))
    elif what == "drop edge":
        d["edges"].pop(data.draw(st.integers(0, len(d["edges"]) - 1)))
    elif what == "add edge":
        ids = st.integers(0, len(d["nodes"]) - 1)
        d["edges"].append([data.draw(ids), data.draw(ids), data.draw(st.integers(0, 3)), 0])
    else:
        d[data.draw(st.sampled_from(["roots", "truncated", "total_nodes", "format", "nodes", "edges"]))] = \
            data.draw(json_values)
    assert outcome(d, previous) == outcome(d)
