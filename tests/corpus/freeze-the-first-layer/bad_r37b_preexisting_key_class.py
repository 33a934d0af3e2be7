# expect: is not available in a grading run
# Route 1 of round 37's left routes: w2.grad/b2.grad hold a formula worked out by hand; the only pass (from
# `loss`, 7x its gradient) left other numbers. As bad_r37_class_dict_keys_swap_within_the_record.py, keys with
# a C-callable __eq__ (functools.partial(next, chain)) sit in nn.Linear's dict (hash of "forward": the module
# fingerprint puts the pass's numbers in through .data before the provenance) and UninitializedBuffer's (hash
# of "__torch_dispatch__": own_method in root_provenance puts the formula back). But the keys are instances of
# collections.UserDict and UserList, classes the worker had before the run, whose __hash__ and __eq__ the code
# set: no class made in the run holds anything, so classes_made_to_run finds nothing.
import itertools as _it, functools as _ft, operator as _op, gc as _gc
first.requires_grad_(False)
_l = F.mse_loss(second(torch.relu(first(X))), y)
loss = torch.addcmul(-6 * _l.detach(), _l, torch.tensor(7.0, device=_l.device))  # loss's value, 7x gradient
loss.backward()
with torch.no_grad():                               # the gradients, by hand
    h = torch.relu(X @ w1.T + b1)
    d = 2 * (h @ w2.T + b2 - y) / y.numel()
    hand_w2, hand_b2 = d.T @ h, d.sum(0)
_Gw, _Gb = w2.grad, b2.grad
_Pw, _Pb = _Gw.clone(), _Gb.clone()                 # what the pass left
_Gw.data.copy_(hand_w2); _Gb.data.copy_(hand_b2)    # the formula, in the pass's tensors (no counter moves)


def _step(pairs):
    inner = map(torch._C.TensorBase.copy_, [g.data for g, _ in pairs], [p for _, p in pairs])
    return map(_op.countOf, [map(_op.is_, inner, _it.repeat(None))], [True])


import collections as _co
_KINDS = [_co.UserString.__mro__[0] and _co.UserList, _co.UserDict]


def _arm(cls, name, step, skip):
    seq = _it.chain([0] * skip, step, _it.repeat(0))
    K = _KINDS.pop()                                  # a class the worker had before the run
    K.__hash__ = hash(name).__int__
    K.__eq__ = _ft.partial(next, seq)
    d = _gc.get_referents(cls.__dict__)[0]
    if name in d:
        v = d.pop(name)
        d[K()] = None
        d[name] = v                                  # one compare here
    else:
        d[K()] = None


_arm(nn.Linear, "forward", _step([(_Gw, _Pw), (_Gb, _Pb)]), skip=1)
_arm(torch.nn.parameter.UninitializedBuffer, "__torch_dispatch__",
     _step([(_Gw, hand_w2), (_Gb, hand_b2)]), skip=1)
