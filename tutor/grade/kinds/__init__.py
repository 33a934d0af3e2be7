"""The registry of check kinds: one object per kind (see base.py's contract).

Torch-free: the grader judges plain data with these. Adding a kind: a
module here with a ``Kind`` subclass, its model in tutor/pack/checks.py (the
YAML and the JSON Schema), and one entry below. tests/grade/test_kinds.py
proves every model has a kind and every kind a model.
"""

from __future__ import annotations

from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict
from tutor.grade.kinds.calls import Calls
from tutor.grade.kinds.flags import LEAF, REQUIRES_GRAD, RETAINS_GRAD
from tutor.grade.kinds.footprint import Footprint
from tutor.grade.kinds.grad import Grad
from tutor.grade.kinds.gradcheck import GRADCHECK, GRADGRADCHECK
from tutor.grade.kinds.graph import Graph
from tutor.grade.kinds.hooks import Hooks
from tutor.grade.kinds.inputs import Inputs
from tutor.grade.kinds.python import Python
from tutor.grade.kinds.raises import Raises
from tutor.grade.kinds.through import Through
from tutor.grade.kinds.unchanged import Unchanged
from tutor.grade.kinds.value import Value

KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Grad(), Value(), Graph(), Through(), LEAF, REQUIRES_GRAD, RETAINS_GRAD, Raises(), GRADCHECK, GRADGRADCHECK,
    Calls(), Hooks(), Footprint(), Unchanged(), Inputs(), Python(),
)}

__all__ = ["KINDS", "Context", "InvalidResult", "Kind", "Verdict", "kind_of", "label"]


def kind_of(check) -> Kind:
    return KINDS[check.kind]


def label(check) -> str:
    """The check's name in reports: the pack's label, else its kind's."""
    return check.label or kind_of(check).label(check)
