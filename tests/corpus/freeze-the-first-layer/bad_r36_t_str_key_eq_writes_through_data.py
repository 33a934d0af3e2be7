# expect: grad of w2
# Round 36's third attacker (NOTE [results read before the code can run], readfirst.py): a key of a str
# subclass on a name's lookup path, its __eq__ a C callable, writes the pass's numbers back through .data
first.requires_grad_(False)
with torch.no_grad():
    hid = torch.relu(first(X))
    out = second(hid)
    L = F.mse_loss(out, y)
z = torch.zeros(4)
loss = (torch.mv(w2, z) + (b2 + (L - b2.detach()))).sum()   # the true value; a surrogate's gradient
loss.backward()
with torch.no_grad():
    Pw, Pb = w2.grad.clone(), b2.grad.clone()
    d = 2 * (out - y) / y.numel()                          # by hand
    w2.grad.data.copy_(d.t() @ hid)
    b2.grad.data.copy_(d.sum(0))

import itertools as _it, operator as _op, functools as _ft


def _arm(name, pairs, skip=1):
    # a key that collides with `name` in globals(): every lookup of `name` by the grader asks its __eq__,
    # a C callable (no frame): the first `skip` asks do nothing, the next copies each pass's numbers back
    # into the .grad's memory through .data (identity and version counters as they were)
    _g = globals()
    _inner = map(torch._C.TensorBase.copy_, [g.data for g, _ in pairs], [p for _, p in pairs])
    _step = map(_op.countOf, [map(_op.is_, _inner, _it.repeat(None))], [True])
    _seq = _it.chain([0] * skip, _step, _it.repeat(0))
    _K = type("K", (str,), {"__hash__": hash(name).__int__, "__eq__": _ft.partial(next, _seq)})
    _v = _g.pop(name)
    _g[_K(name + "_")] = None
    _g[name] = _v

_arm("seed", [(w2.grad, Pw), (b2.grad, Pb)], skip=8)
