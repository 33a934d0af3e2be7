# expect: value of hvp
# Round 36's third attacker (NOTE [results read before the code can run], readfirst.py): a key of a str
# subclass on a name's lookup path, its __eq__ a C callable, writes the pass's numbers back through .data
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ torch.ones(4), x)     # the wrong vector
with torch.no_grad():
    P = hvp.clone()
    xd = x.detach(); r = xd.roll(1); vm = v.roll(-1)
    # H v by hand: d/dx_i of g_i = cos(x_i) r_i + sin(x_{i+1}) + 3 x_i^2
    diag = -torch.sin(xd) * r + 6 * xd
    off_up = torch.cos(xd) * v.roll(1)                 # d g_i / d x_{i-1} = cos(x_i)
    off_dn = torch.cos(xd.roll(-1)) * vm               # d g_i / d x_{i+1} = cos(x_{i+1})
    hvp.data.copy_(diag * v + off_up + off_dn)

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

_arm("seed", [(hvp, P)], skip=2)
