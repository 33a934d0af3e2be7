"""NOTE [gradients a backward pass left] (tutor/grade/observe_grads.py), in
this process: what the notes hold where copies are not made (a gradient
past MAX_COPY, or past a pass's budget of copied elements), so that memory
stays bounded and the verdict does not change. The whole path, through the
sandboxed grader, is in test_how_checks.py (the from_backward cases)."""

from __future__ import annotations

import pytest
import torch

from tutor.grade import observe_grads
from tutor.grade.observe_state import _S


@pytest.fixture
def run(monkeypatch):
    """Observe ``names`` in ``ns`` as a run does; the state is put back after."""
    for attr in ("on", "grad_names", "grad_namespace", "grad_followed", "grad_marks", "grad_results",
                 "grad_setup_bound", "grad_results_budget"):
        monkeypatch.setattr(_S, attr, getattr(_S, attr), raising=False)

    def start(ns: dict, names: list[str]) -> None:
        observe_grads.begin(ns, names)
        _S.on = True

    return start


def _pass(loss) -> None:
    was = observe_grads.before()
    loss.backward()
    observe_grads.mark(was)


def test_no_copy_past_the_budget_still_tells_a_pass_from_a_hand(run, monkeypatch):
    monkeypatch.setattr(observe_grads, "MAX_COPIES", 6)  # room for one of the two gradients
    a, b = torch.randn(6, requires_grad=True), torch.randn(6, requires_grad=True)
    ns = {"a": a, "b": b}
    run(ns, ["a", "b"])
    _pass((a * b).sum())
    assert [observe_grads._S.grad_marks[id(t)][2] is None for t in (a, b)] == [False, True]
    assert observe_grads.provenance() == {"a": "backward", "b": "backward"}
    with torch.no_grad():
        b.grad.mul_(2)  # no copy: the version tells
    assert observe_grads.provenance() == {"a": "backward", "b": "written"}


def test_a_gradient_too_big_to_copy_is_known_by_object_and_version(run, monkeypatch):
    monkeypatch.setattr(observe_grads, "MAX_COPY", 4)
    w = torch.randn(8, requires_grad=True)
    run({"w": w}, ["w"])
    _pass((w * 3).sum())
    assert observe_grads._S.grad_marks[id(w)][2] is None
    assert observe_grads.provenance() == {"w": "backward"}
    w.grad = w.grad.clone()  # same values, another tensor: without a copy it cannot be told from a hand's
    assert observe_grads.provenance() == {"w": "written"}


def test_autograd_grad_results_are_copied_within_the_runs_budget(run, monkeypatch):
    run({"w": torch.randn(3, requires_grad=True)}, ["w"])
    monkeypatch.setattr(_S, "grad_results_budget", [5])
    w = torch.randn(3, requires_grad=True)
    observe_grads.note_results(torch.autograd.grad((w * 2).sum(), w))
    observe_grads.note_results(torch.autograd.grad((w * 4).sum(), w))  # past the budget: not kept
    assert len(_S.grad_results) == 1 and _S.grad_results_budget == [2]
