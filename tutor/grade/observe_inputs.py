"""The setup's inputs, read while passes run: NOTE [an input changed behind autograd's back] below.
observe_passes.py reads them as each outermost pass starts and ends, observe_replaced.py as each hook of
the code's returns inside a pass, observe_saved.py as each unpack hook of the code's does."""

from __future__ import annotations

from tutor.grade.observe_state import _S, _get_version, _getattr, _numel, same_values

# NOTE [an input changed behind autograd's back]: a write through `.data`,
# `.numpy()` or a tensor made on the same storage (`torch.empty(0).set_(
# x.untyped_storage(), ...)`) moves no version counter, so autograd does not
# see it: a setup tensor that a node saved (`a` of `x * a`, `x` of `x @ W`),
# changed that way while a pass ran and put back afterwards, handed the pass
# numbers worked out by hand, and the inputs check, which reads them when the
# code ends, found them as the setup made them (two-paths-add-up,
# grad-without-dot-grad, gan-discriminator-step, freeze-the-first-layer
# passed so). As each outermost pass starts and as it ends, and as each hook
# of the code's returns inside a pass (a hook on `loss` wrote `a`, and one on
# `x` put it back before the same pass ended: round 32's third attacker; an
# unpack of the code's `saved_tensors_hooks` did the same: the fifth), an
# input whose version has not moved must hold the setup's values; one that
# does not is reported changed.
# Saved tensors the code made itself (a tanh's result) are not compared: their
# forward values are kept nowhere (docs/grading.md, the gap_ files). At most
# COMPARED_ELEMENTS are compared in a run (a loop of a thousand passes over a
# large setup would pay for each): past them, the check at the end alone.
COMPARED_ELEMENTS = 50_000_000


def read_inputs() -> None:
    """Each setup input whose version has not moved and whose values are not the setup's, noted as
    changed behind autograd's back (at most COMPARED_ELEMENTS compared in a run)."""
    during = _getattr(_S, "inputs_during", None)  # set, with inputs_compared, where inputs are checked
    if during is None:
        return
    for label, tensor, version, copy, _ in _getattr(_S, "inputs", ()):
        if copy is None or label in during:
            continue
        _S.inputs_compared += int(_numel(copy))
        if _S.inputs_compared > COMPARED_ELEMENTS:
            return
        try:
            if int(_get_version(tensor)) == version and not same_values(tensor, copy):
                during[label] = True
        except Exception:  # unreadable now: the check at the end says so
            continue
