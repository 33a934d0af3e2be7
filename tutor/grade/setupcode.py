"""The setup's own code objects, told from code compiled under its file name."""

from __future__ import annotations

import types


# NOTE [the setup by its code]: round 47's attacker compiled code of its own under the setup's file name
# (`compile(src, "<setup>", "exec")`): its torch.autograd.grad call read as the setup's, and a dispatch mode
# of its own as torch's. The setup is its own code objects (child._execute notes them as it compiles the
# setup), by identity: code compiled again from the same text is equal to it, not the same.
_SETUP: list = [frozenset(), ()]  # ids of the setup's code objects; the objects, kept alive


def note_setup(code, _type=type, _code=types.CodeType) -> None:
    codes, stack = [], [code]
    while stack:
        c = stack.pop()
        codes.append(c)
        stack.extend(k for k in c.co_consts if _type(k) is _code)
    _SETUP[0], _SETUP[1] = frozenset(map(id, codes)), tuple(codes)


def setup_code(code, _id=id) -> bool:
    """``code`` is one of the setup's (NOTE [the setup by its code])."""
    return code is not None and _id(code) in _SETUP[0]
