# expect: grad of x
# Round 36's third attacker (NOTE [results read before the code can run], readfirst.py): a key of a str
# subclass on a name's lookup path, its __eq__ a C callable, writes the pass's numbers back through .data
b = torch.randn(3)  # same graph as the true loss, other numbers: the pass's gradient is wrong
loss = (x * b + x.exp()).sum()
loss.backward()
with torch.no_grad():
    x.grad.data.copy_(a + x.exp())  # the gradient, by hand

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

_arm("a", [(x.grad, (b + x.exp()).detach())])
