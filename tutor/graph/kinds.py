"""The vocabulary of a snapshot: node kinds and saved-tensor states. Torch-free.

A module of its own so that the node records, the validation of untrusted
snapshots and normalization can share these words without importing one
another.
"""

from __future__ import annotations

# Node kinds.
OP = "op"  # a built-in autograd Node, e.g. MulBackward0
LEAF = "leaf"  # a leaf tensor that requires grad, seen through AccumulateGrad
CUSTOM = "custom"  # the backward of a user's torch.autograd.Function
CONST = "const"  # an input that needs no gradient (data, a Python number)
KINDS = (OP, LEAF, CUSTOM, CONST)

# Saved-tensor states.
AVAILABLE = "available"
FREED = "freed"  # released by backward() without retain_graph
STALE = "stale"  # modified in place after it was saved; backward would fail
SAVED_STATES = (AVAILABLE, FREED, STALE)
