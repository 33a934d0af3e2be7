"""Every check kind's judge on plain data, in milliseconds: no run, no torch.

The end-to-end sandbox tests (test_how_checks, test_hostile, test_isolation)
still prove the same kinds through real runs; these pin each judgement and
its wording on the data a run sends back (protocol.py's shapes).
"""

from __future__ import annotations

import ast
import base64
import subprocess
import sys

import numpy as np
import pytest

from tutor.grade.kinds import KINDS, Context, kind_of, label
from tutor.grade.protocol import RunError
from tutor.grade.verdict import judge
from tutor.pack.checks import CHECK_BY_KIND, CHECK_MODELS


def check(kind: str, **fields):
    return CHECK_BY_KIND[kind].model_validate({"kind": kind, **fields})


def tensor(values, dtype="float32") -> dict:
    array = np.asarray(values, dtype=dtype)
    return {"t": "tensor", "dtype": dtype, "shape": list(array.shape),
            "data": base64.b64encode(array.tobytes()).decode(), "np": str(array.dtype)}


def grad(values, **flags) -> dict:
    return {"t": "grad", "flags": {"t": "flags", "is_leaf": True, "requires_grad": True, "retains_grad": False,
                                   **flags},
            "grad": tensor(values) if values is not None else {"t": "none"}}


def observed(**fields) -> dict:
    return {"t": "observed", "calls": [], "order": [], "hooks": {"tensor": 0, "module": 0, "node": 0},
            "nodes": 0, "saved_bytes": None, "max_numel": 0, "max_shape": None, "max_api": "", "shapes": {},
            **fields}


CTX = Context(tolerance={}, learner_error=None, observed=observed(), expected_observed=observed())


def ctx(**changes) -> Context:
    return Context(**{**CTX.__dict__, **changes})


# ---------------------------------------------------------------- registry


def test_every_model_has_a_kind_and_every_kind_a_model():
    assert {m.model_fields["kind"].annotation.__args__[0] for m in CHECK_MODELS} == set(KINDS)
    for name, kind in KINDS.items():
        assert kind.name == name and kind.model is CHECK_BY_KIND[name]


SAMPLES = {
    "grad": {"tensor": "x"}, "value": {"expr": "y"}, "graph": {"root": "y"}, "through": {"root": "y", "node": "XSin"},
    "leaf": {"tensor": "x"}, "requires_grad": {"tensor": "x"}, "retains_grad": {"tensor": "x"},
    "raises": {"exception": "RuntimeError"}, "gradcheck": {"function": "f", "inputs": ["x"]},
    "gradgradcheck": {"function": "f", "inputs": ["x"]}, "calls": {"api": "backward", "max": 1},
    "hooks": {"on": "tensor", "count": 1}, "footprint": {"max_nodes": 3}, "unchanged": {"tensors": ["x"]},
    "inputs": {}, "python": {"assert": "learner['y'] == reference['y']"},
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_kind_labels_probes_and_mutates(name):
    c = check(name, **SAMPLES[name])
    assert label(c) and label(c.model_copy(update={"label": "mine"})) == "mine"
    exercise = type("Ex", (), {"checks": [c], "setup": "x = 1", "solution": "y = x"})()
    for side in ("reference", "learner"):
        for probe in kind_of(c).probes(c, "c0", exercise, side):
            assert probe.to_wire()["kind"] == probe.kind
    code = kind_of(c).mutant(c)
    if code is not None:
        ast.parse(code)


def test_judges_load_no_torch():
    code = ("import sys, tutor.grade.kinds, tutor.grade.verdict, tutor.grade.grader\n"
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -------------------------------------------------------------------- values


def test_grad_matches_within_the_dtypes_tolerance():
    c = check("grad", tensor="x")
    assert judge(c, grad([1.0, 2.0]), grad([1.0, 2.00001]), CTX) == (True, "")
    ok, message = judge(c, grad([1.0, 2.0]), grad([2.0, 4.0]), CTX)
    assert not ok and "exactly 2 times the expected gradient" in message


def test_grad_that_is_none_says_why():
    c = check("grad", tensor="x")
    ok, message = judge(c, grad([1.0]), grad(None, requires_grad=False), CTX)
    assert not ok and "does not require grad" in message
    ok, message = judge(c, grad([1.0]), grad(None, is_leaf=False), CTX)
    assert not ok and "retain_grad()" in message


def test_grad_expected_none():
    c = check("grad", tensor="x", expect="none")
    assert judge(c, {}, grad(None), CTX) == (True, "")
    ok, message = judge(c, {}, grad([0.0]), CTX)
    assert not ok and "holds zeros" in message


def test_a_missing_name_is_named():
    ok, message = judge(check("grad", tensor="x"), grad([1.0]), {"t": "missing"}, CTX)
    assert not ok and "`x` is not defined" in message


def test_value_numbers_bools_sequences_and_types():
    c = check("value", expr="y")
    assert judge(c, {"t": "num", "v": 3}, {"t": "num", "v": 3.0}, CTX) == (True, "")
    assert judge(c, {"t": "num", "v": 3}, tensor(3.0), CTX) == (True, "")  # a one-element tensor is a number
    ok, message = judge(c, {"t": "num", "v": 3}, {"t": "num", "v": 4}, CTX)
    assert not ok and "expected 3" in message
    seq = {"t": "seq", "tuple": True, "items": [{"t": "num", "v": 1}, {"t": "num", "v": 2}]}
    ok, message = judge(c, seq, {"t": "seq", "tuple": True, "items": [{"t": "num", "v": 1}]}, CTX)
    assert not ok and "has 1 item, expected 2" in message
    typed = check("value", expr="y", type="number")
    ok, message = judge(typed, {"t": "num", "v": 3}, tensor(3.0), CTX)
    assert not ok and ".item()" in message


def test_a_prediction_never_shows_the_answer():
    c = check("value", expr="y")
    ok, message = judge(c, {"t": "num", "v": 3}, {"t": "num", "v": 5}, ctx(predict=True))
    assert not ok and "too large" in message and "3" not in message


def test_flags_against_expect_and_the_reference():
    flags = {"t": "flags", "is_leaf": False, "requires_grad": True, "retains_grad": False}
    ok, message = judge(check("leaf", tensor="x", expect=True), {}, flags, CTX)
    assert not ok and "is not a leaf" in message
    assert judge(check("requires_grad", tensor="x"), flags, flags, CTX) == (True, "")
    ok, message = judge(check("requires_grad", tensor="h", expect=False), {}, flags, CTX)
    assert not ok and "with torch.no_grad():" in message
    # a leaf that should not require grad (a parameter to freeze) is frozen, not computed under no_grad
    ok, message = judge(check("requires_grad", tensor="w1", expect=False), {}, {**flags, "is_leaf": True}, CTX)
    assert not ok and "w1.requires_grad_(False)" in message and "no_grad" not in message


def test_malformed_run_data_fails_only_as_invalid():
    ok, message = judge(check("leaf", tensor="x", expect=True), {}, {"t": "flags", "is_leaf": "yes"}, CTX)
    assert not ok and "invalid result from the run" in message
    ok, message = judge(check("grad", tensor="x"), grad([1.0]), [1, 2], CTX)
    assert not ok and "not a mapping" in message


# ---------------------------------------------------------------- exceptions


def error(type_="RuntimeError", message="boom", mro=("builtins.RuntimeError", "builtins.Exception"),
          phase="code") -> RunError:
    return RunError(type=type_, message=message, traceback="", phase=phase, mro=tuple(mro), origin="library")


def test_raises_by_class_and_message():
    c = check("raises", exception="RuntimeError", match="inplace")
    assert judge(c, {}, {}, ctx(learner_error=error(message="modified by an inplace operation"))) == (True, "")
    ok, message = judge(c, {}, {}, ctx(learner_error=error(message="other")))
    assert not ok and "does not match /inplace/" in message
    ok, message = judge(c, {}, {}, CTX)
    assert not ok and "ran to the end without raising" in message
    ok, message = judge(c, {}, {}, ctx(learner_error=error("ValueError", mro=("builtins.ValueError",))))
    assert not ok and "raised ValueError: boom, but it should raise RuntimeError" in message  # what it said, too


def test_raises_wants_the_library_to_raise_unless_told_otherwise():
    from dataclasses import replace

    by_hand = replace(error(message="modified by an inplace operation"), origin="code", line=3)
    c = check("raises", exception="RuntimeError", match="inplace")
    ok, message = judge(c, {}, {}, ctx(learner_error=by_hand))
    assert not ok and "raised RuntimeError itself" in message and "line 3" in message
    assert judge(c, {}, {}, ctx(learner_error=replace(by_hand, origin="library"))) == (True, "")
    anyone = check("raises", exception="RuntimeError", match="inplace", origin="any")
    assert judge(anyone, {}, {}, ctx(learner_error=by_hand)) == (True, "")


# -------------------------------------------------------------------- graphs


def graph(*ops, root="y") -> dict:
    """A chain: root = ops[0](ops[1](... leaf x))."""
    nodes = [{"id": i, "raw_op": f"{op}Backward0", "op": op, "kind": "op"} for i, op in enumerate(ops)]
    nodes.append({"id": len(ops), "raw_op": "AccumulateGrad", "op": "AccumulateGrad", "kind": "leaf",
                  "names": ["x"]})
    edges = [[i, i + 1, 0, 0] for i in range(len(ops))]
    return {"t": "graph", "snapshot": {"nodes": nodes, "edges": edges, "roots": {root: 0}}}


def test_through_finds_the_node_on_the_path():
    c = check("through", root="y", node="Sin")
    assert judge(c, {}, graph("Mul", "Sin"), CTX) == (True, "")
    assert judge(check("through", root="y", node="SinBackward0"), {}, graph("Mul", "Sin"), CTX) == (True, "")
    ok, message = judge(c, {}, graph("Mul", "Cos"), CTX)
    assert not ok and "does not go through `Sin`" in message
    ok, message = judge(c, {}, {"t": "missing"}, CTX)
    assert not ok and "not defined" in message


def test_graph_compares_with_the_reference():
    c = check("graph", root="y")
    assert judge(c, graph("Mul", "Sin"), graph("Mul", "Sin"), CTX) == (True, "")
    assert not judge(c, graph("Mul", "Sin"), graph("Mul", "Cos"), CTX)[0]
    assert kind_of(c).figure(c, graph("Mul"), graph("Sin"))["root"] == "y"


def test_the_written_tier_keeps_the_ops_as_written():
    torch = pytest.importorskip("torch")  # real snapshots (the judge itself stays on plain data)
    from tutor.graph.capture import capture_namespace

    def captured(code: str) -> dict:
        ns = {"torch": torch, "x": torch.ones(3, requires_grad=True)}
        exec(code, ns)
        return {"t": "graph", "snapshot": capture_namespace(ns).to_dict()}

    square, product = captured("y = (x ** 2).mean()"), captured("y = (x * x).mean()")
    assert judge(check("graph", root="y"), square, product, CTX) == (True, "")  # x * x is x ** 2
    ok, message = judge(check("graph", root="y", tier="written"), square, product, CTX)
    assert not ok and message
    assert judge(check("graph", root="y", tier="written"), square, captured("y = x.pow(2).mean()"), CTX) == (True, "")


def test_gradcheck_verdicts():
    c = check("gradcheck", function="f", inputs=["x"])
    assert judge(c, {}, {"t": "gradcheck", "ok": True}, CTX) == (True, "")
    ok, message = judge(c, {}, {"t": "gradcheck", "ok": False, "error": "Jacobian mismatch"}, CTX)
    assert not ok and "do not match finite differences" in message and "Jacobian mismatch" in message
    ok, message = judge(c, {}, {"t": "gradcheck", "ok": "yes"}, CTX)
    assert not ok and "invalid result" in message


# ---------------------------------------------------------- how the code works


def test_calls_counts_with_filters():
    c = check("calls", api="backward", max=1)
    once = observed(calls=[["backward", None, None, 1]])
    twice = observed(calls=[["backward", None, None, 2]])
    assert judge(c, {}, {}, ctx(observed=once)) == (True, "")
    ok, message = judge(c, {}, {}, ctx(observed=twice))
    assert not ok and "called backward() 2 times" in message
    retained = check("calls", api="backward", min=1, retain_graph=True)
    ok, message = judge(retained, {}, {}, ctx(observed=once))
    assert not ok and "retain_graph=True" in message


def test_hooks_footprint_unchanged():
    assert judge(check("hooks", on="tensor", count=1), {}, {}, ctx(observed=observed(hooks={"tensor": 1})))[0]
    ok, message = judge(check("hooks", on="module", min=1), {}, {}, CTX)
    assert not ok and "register_forward_hook" in message
    ok, message = judge(check("footprint", max_nodes=0), {}, {}, ctx(observed=observed(nodes=4)))
    assert not ok and "torch.no_grad()" in message
    changed = observed(unchanged=[{"name": "x", "t": "changed", "version": True, "values": True}])
    ok, message = judge(check("unchanged", tensors=["x"]), {}, {}, ctx(observed=changed))
    assert not ok and "changed `x` in place" in message
    same = observed(unchanged=[{"name": "x", "t": "ok", "version": False, "values": False}])
    assert judge(check("unchanged", tensors=["x"]), {}, {}, ctx(observed=same)) == (True, "")


def test_inputs_the_setup_made_must_stay_as_they_were():
    c = check("inputs")
    clean = observed(inputs={"checked": 2, "changed": []})
    assert judge(c, {}, {}, ctx(observed=clean)) == (True, "")
    rounded = observed(inputs={"checked": 2, "changed": [{"name": "x", "t": "changed", "version": True,
                                                          "values": True}]})
    ok, message = judge(c, {}, {}, ctx(observed=rounded))
    assert not ok and "changed `x` in place (its values changed)" in message and "x.round_()" in message
    bumped = observed(inputs={"checked": 1, "changed": [{"name": "model.weight", "t": "changed", "version": True,
                                                         "values": False}]})
    ok, message = judge(c, {}, {}, ctx(observed=bumped))
    assert not ok and "`model.weight`" in message and "an in-place operation ran on it" in message
    # a run that sends no record (or a forged shape) cannot pass
    for record in (observed(), observed(inputs=[]), observed(inputs={"changed": [3]})):
        assert not judge(c, {}, {}, ctx(observed=record))[0]


def _exercise(**fields):
    from tutor.pack.models import Exercise

    base = {"id": "e", "title": "E", "prompt": "P", "setup": "x = torch.ones(2)", "solution": "y = x * 2",
            "checks": [{"kind": "value", "expr": "y"}]}
    return Exercise.model_validate({**base, **fields})


def test_every_exercise_gets_an_inputs_check_worth_a_point():
    ex = _exercise()
    assert [c.kind for c in ex.checks] == ["value", "inputs"] and ex.max_points == 2.0
    assert ex.checks[-1].skip == ()
    # may_change and the names an `unchanged` check watches are not snapshot twice
    ex = _exercise(may_change=["model"], checks=[{"kind": "value", "expr": "y"},
                                                 {"kind": "unchanged", "tensors": ["x"]}])
    assert ex.checks[-1].skip == ("model", "x") and ex.max_points == 3.0
    assert [c.kind for c in _exercise(may_change="all").checks] == ["value"]
    assert [c.kind for c in _exercise(setup="torch.manual_seed(seed)").checks] == ["value"]  # binds nothing
    # written by the author: kept (once), with its own points
    ex = _exercise(checks=[{"kind": "inputs", "points": 2.0}, {"kind": "value", "expr": "y"}])
    assert [c.kind for c in ex.checks] == ["inputs", "value"] and ex.max_points == 3.0
    with pytest.raises(ValueError, match="may_change: all"):
        _exercise(may_change="all", checks=[{"kind": "inputs"}, {"kind": "value", "expr": "y"}])


def test_the_inputs_mutant_changes_the_first_input_it_may_not():
    ex = _exercise(setup="w = torch.ones(2)\nx = torch.ones(2)", may_change=["w"])
    code = kind_of(ex.checks[-1]).mutant(ex.checks[-1])
    assert "'w'" in code and "'torch'" in code  # may_change and the run's preamble are skipped
    ast.parse(code)


def test_how_checks_without_a_record_cannot_pass():
    ok, message = judge(check("calls", api="backward", max=1), {}, {}, ctx(observed=None))
    assert not ok and "invalid result" in message


def test_python_assertion_result():
    c = check("python", **{"assert": "True"})
    assert judge(c, {}, {"t": "bool", "v": True}, CTX) == (True, "")
    ok, message = judge(c, {}, {"t": "bool", "v": False}, CTX)
    assert not ok and "is false" in message
    ok, message = judge(c, {}, {"t": "error", "why": "NameError: z"}, CTX)
    assert not ok and "could not be evaluated" in message
