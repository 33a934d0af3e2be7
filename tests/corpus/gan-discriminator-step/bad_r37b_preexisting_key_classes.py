# expect: is not available in a grading run
# Route 1 of round 37's left routes: as bad_r37_class_dict_keys_swap_within_the_record.py (D's gradients a
# formula by hand, the only pass 7x), but the keys planted in nn.Linear's and UninitializedBuffer's dicts are
# instances of classes the worker had before the run (collections.UserDict, UserList) whose __hash__ and __eq__
# the code set to C callables: no class made in the run holds anything odd, so the mend finds nothing.
import itertools as _it, functools as _ft, operator as _op, gc as _gc
fake = G(z)
_l = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
d_loss = torch.addcmul(-6 * _l.detach(), _l, torch.tensor(7.0, device=_l.device))  # d_loss's value, 7x gradient
d_loss.backward()
with torch.no_grad():                               # the gradients, by hand
    fr, ff = real, fake.detach()
    gr = -torch.sigmoid(-(fr @ d_weight.T + d_bias)) / fr.shape[0]
    gf = torch.sigmoid(ff @ d_weight.T + d_bias) / ff.shape[0]
    hand_w = gr.T @ fr + gf.T @ ff
    hand_b = gr.sum(0) + gf.sum(0)
_Gw, _Gb = d_weight.grad, d_bias.grad
_Pw, _Pb = _Gw.clone(), _Gb.clone()                 # what the pass left
_Gw.data.copy_(hand_w); _Gb.data.copy_(hand_b)      # the formula, in the pass's tensors (no counter moves)


def _step(pairs):
    inner = map(torch._C.TensorBase.copy_, [g.data for g, _ in pairs], [p for _, p in pairs])
    return map(_op.countOf, [map(_op.is_, inner, _it.repeat(None))], [True])


import collections as _co
_KINDS = [_co.UserList, _co.UserDict]


def _arm(cls, name, step, skip):
    seq = _it.chain([0] * skip, step, _it.repeat(0))
    K = _KINDS.pop()                                 # a class the worker had before the run
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
_arm(torch.nn.parameter.UninitializedBuffer, "__torch_dispatch__", _step([(_Gw, hand_w), (_Gb, hand_b)]), skip=1)
