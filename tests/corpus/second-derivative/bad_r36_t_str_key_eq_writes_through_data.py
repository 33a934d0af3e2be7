# expect: value of g1
# Round 36's third attacker (NOTE [results read before the code can run], readfirst.py): a key of a str
# subclass on a name's lookup path, its __eq__ a C callable, writes the pass's numbers back through .data
yw = torch.cos(x) * x ** 2                       # another function: autograd's numbers are wrong
(g1,) = torch.autograd.grad(yw, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
with torch.no_grad():
    P1, P2 = g1.detach().clone(), g2.clone()
    s, c, xd = torch.sin(x), torch.cos(x), x.detach()
    g1.data.copy_(c * xd ** 2 + 2 * xd * s)      # by hand
    g2.data.copy_(-s * xd ** 2 + 4 * xd * c + 2 * s)

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

_arm("seed", [(g1, P1), (g2, P2)], skip=2)
