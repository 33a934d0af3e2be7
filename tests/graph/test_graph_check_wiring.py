"""The grader's graph check uses the graph model's new parts: neutral ops from
the YAML, exercise names in the probe, untrusted snapshots as verdicts."""

from types import SimpleNamespace

import torch

from tutor.grade.kinds import KINDS
from tutor.graph.capture import capture_namespace
from tutor.pack.models import GraphCheck


def payload(code):
    ns = {"torch": torch}
    exec("x = torch.ones(3, requires_grad=True)\n" + code, ns)
    return {"t": "graph", "snapshot": capture_namespace(ns).to_dict()}


def check(**kw):
    return GraphCheck.model_validate({"kind": "graph", "root": "loss", **kw})


def test_model_accepts_neutral():
    assert check().neutral == []
    assert check(neutral=["Clone", "ViewBackward0"]).neutral == ["Clone", "ViewBackward0"]


def test_neutral_clone_passes_structure_tier():
    ref, mine = payload("loss = (x * 2).sum()"), payload("loss = (x.clone() * 2).sum()")
    assert KINDS["graph"].judge(check(), ref, mine, None)[0] is False
    assert KINDS["graph"].judge(check(neutral=["Clone"]), ref, mine, None) == (True, "")


def test_algebraic_spelling_passes_default_tier():
    ref, mine = payload("loss = (x ** 2).sum()"), payload("loss = x.dot(x)")
    assert KINDS["graph"].judge(check(), ref, mine, None) == (True, "")
    assert KINDS["graph"].judge(check(), ref, payload("loss = (x ** 3).sum()"), None)[0] is False


def test_hostile_snapshot_is_a_verdict_not_a_crash():
    ref = payload("loss = (x * 2).sum()")
    bad = {"t": "graph", "snapshot": {"nodes": [{"id": 0, "raw_op": "MulBackward0", "op": "Mul", "kind": "op"}],
                                      "edges": [[0, 0, 0, 0]], "roots": {"loss": 0}}}
    passed, message = KINDS["graph"].judge(check(), ref, bad, None)
    assert passed is False and "could not be read" in message and "own input" in message
    passed, message = KINDS["graph"].judge(check(), ref, {"t": "graph", "snapshot": "garbage"}, None)
    assert passed is False and "could not be read" in message


def test_probe_carries_exercise_names():
    from tutor.grade.grader import probes_for

    exercise = SimpleNamespace(
        checks=[check()], setup="x = torch.ones(3, requires_grad=True)", solution="loss = (x * 2).sum()"
    )
    (probe,) = [p for p in probes_for(exercise, "learner") if p.kind == "graph"]
    assert probe.options["prefer"][0] == "loss" and "x" in probe.options["prefer"]
