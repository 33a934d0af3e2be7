"""The code's own backward passes keep their graphs where a check differentiates them after the code.

NOTE [graphs kept for the checks]: a value check that differentiates the code's graph (make-a-leaf's
square, parameters-and-data's rows, match-the-drawing's backward) found it freed by a pass the code
ran to look, then read what that pass left (``if_freed``): zeroed, or left by passes on other graphs,
hooks, a later experiment (found by probing the verdicts: false fails and passes both). Where such a
check is asked (``keep_graphs``), the code's own passes keep their graphs (``retain_graph=True``); the
calls record keeps what the code asked for. A second pass through a graph then runs where torch would
refuse it: the price, on those exercises only.
"""

from __future__ import annotations

from tutor.grade.observe_state import _len


def retained(positions, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """``args`` and ``kwargs`` of a ``backward`` or ``autograd.grad`` call with ``retain_graph=True``
    (``positions``: observe_calls._positions')."""
    name, at = positions[0], positions[1]
    if at is not None and at < _len(args):
        return (*args[:at], True, *args[at + 1:]), kwargs
    return args, {**kwargs, name: True}
