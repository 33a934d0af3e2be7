"""Op names as a learner reads them: ``MulBackward0`` -> ``Mul``.

Torch-free. The trailing digit of ``<Op>Backward<N>`` is the index of the
forward overload (``sum()`` vs ``sum(dim)``, ``x + y`` vs ``x + 1``); it is
dropped except where the overload changes *which* inputs carry gradient.
"""

from __future__ import annotations

import re

_PREFIX = "torch::autograd::"
_SUFFIX = re.compile(r"Backward\d*$")

# Overloads whose digit matters. Pow: x**2, x**x and 2**x differ in which
# operand is the tensor; the normalized graph records that as input positions
# (see normalize.py), the name keeps a hint for people reading it.
SPECIAL = {
    "PowBackward0": "Pow",  # tensor ** number
    "PowBackward1": "Pow",  # tensor ** tensor
    "PowBackward2": "Pow",  # number ** tensor
    "RsubBackward0": "Rsub",
    "RsubBackward1": "Rsub",
    "AccumulateGrad": "Leaf",
    "CopySlices": "CopySlices",
}


def op_name(raw: str) -> str:
    """Normalize one raw autograd node name."""
    if raw.startswith(_PREFIX):
        raw = raw[len(_PREFIX) :]
    special = SPECIAL.get(raw)
    if special is not None:
        return special
    return _SUFFIX.sub("", raw) or raw


def strip_prefix(raw: str) -> str:
    return raw[len(_PREFIX) :] if raw.startswith(_PREFIX) else raw
