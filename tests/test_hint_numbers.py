"""Hints that state numbers state the exercise's own: each is worked out
here from the exercise's setup (lessons never lie, and neither do hints).
Two hints still showed the numbers of an earlier setup (`w[0]` 0.5, `x =
[2, 1]`), and a learner who followed them got 0 points (found by probing)."""

from __future__ import annotations

import torch

from tutor.pack import load_pack

PACK = load_pack(None)


def _setup(exercise_id: str) -> dict:
    namespace = {"torch": torch, "device": "cpu", "seed": 0}
    exec(PACK.exercises[exercise_id].setup, namespace)
    return namespace


def _hints(exercise_id: str) -> list[str]:
    return [text for hint in PACK.exercises[exercise_id].hints for text in (hint.en, hint.zh or "")]


def _numbers(values, digits: int = 4) -> str:
    if isinstance(values, list):
        return "[" + ", ".join(_numbers(v, digits) for v in values) + "]"
    value = round(float(values), digits)
    return str(int(value)) if value.is_integer() and digits == 0 else str(value)


def test_predict_the_clipped_gradient_hints_state_its_numbers():
    ns = _setup("predict-the-clipped-gradient")
    y = (ns["x"] * ns["w"]).detach()
    clamped = (2 * y).clamp(-0.5, 0.5)
    hints = _hints("predict-the-clipped-gradient")
    for wanted in (f"`y = {_numbers(y.tolist())}`", f"`{_numbers(clamped.tolist())}`"):
        found = [h for h in hints if wanted in h]
        assert len(found) == 2, (wanted, hints)  # in English and in Chinese


def test_predict_the_vjp_hints_state_its_numbers():
    x = _setup("predict-the-vjp")["x"].detach()
    jacobian = torch.autograd.functional.jacobian(lambda t: torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2]), x)
    hints = _hints("predict-the-vjp")
    for wanted in (f"`x = {_numbers(x.tolist(), 0)}`", f"`J = {_numbers(jacobian.tolist(), 0)}`"):
        found = [h for h in hints if wanted in h]
        assert len(found) == 2, (wanted, hints)
