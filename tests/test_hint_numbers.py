"""Hints that state numbers state the exercise's own: each is worked out
here from the exercise's setup and reference solution (lessons never lie, and neither do hints).
Two hints still showed the numbers of an earlier setup (`w[0]` 0.5, `x =
[2, 1]`), and a learner who followed them got 0 points (found by probing)."""

from __future__ import annotations

import torch

from tutor.pack import load_pack

PACK = load_pack(None)


def _solved(exercise_id: str) -> dict:
    """The names the exercise's setup and reference solution bind."""
    exercise = PACK.exercises[exercise_id]
    namespace = {"torch": torch, "device": "cpu", "seed": 0}
    exec(exercise.setup, namespace)
    exec(exercise.solution, namespace)
    return namespace


def _hints(exercise_id: str) -> list[str]:
    return [text for hint in PACK.exercises[exercise_id].hints for text in (hint.en, hint.zh or "")]


def _numbers(values, digits: int = 4) -> str:
    if isinstance(values, list):
        return "[" + ", ".join(_numbers(v, digits) for v in values) + "]"
    value = round(float(values), digits)
    return str(int(value)) if value.is_integer() and digits == 0 else str(value)


def test_predict_the_clipped_gradient_hints_state_its_numbers():
    ns = _solved("predict-the-clipped-gradient")
    y = (ns["x"] * ns["w"]).detach()  # the prompt's y
    clamped = torch.tensor(ns["w_grad"]) / ns["x"].detach()  # w's gradient is the clamped one times x
    hints = _hints("predict-the-clipped-gradient")
    for wanted in (f"`y = {_numbers(y.tolist())}`", f"`{_numbers(clamped.tolist())}`"):
        found = [h for h in hints if wanted in h]
        assert len(found) == 2, (wanted, hints)  # in English and in Chinese


def test_predict_the_vjp_hints_state_its_numbers():
    ns = _solved("predict-the-vjp")
    hints = _hints("predict-the-vjp")
    for wanted in (f"`x = {_numbers(ns['x'].tolist(), 0)}`", f"`J = {_numbers(ns['J'], 0)}`"):
        found = [h for h in hints if wanted in h]
        assert len(found) == 2, (wanted, hints)
