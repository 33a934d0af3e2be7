# expect: is not available in a grading run
# Route 1 of round 37's left routes: as bad_r37_param_class_dict_key_on_loss.py (clipping written into .grad by
# hand, the hook clips nothing), but no class made in the run holds an odd key or a C special method: the keys
# are instances of classes the worker had before the run (collections.UserDict, UserList), whose __hash__ and
# __eq__ are set to C callables; loss's new Parameter subclass has a plain pre-existing mixin (codecs.Codec),
# whose dict holds the first key, read by is_plain_tensor; UninitializedBuffer's dict holds the second.
import itertools as _it, functools as _ft, operator as _op, gc as _gc
y = x * w
y.register_hook(lambda grad: grad * 1)   # a hook, but no clipping
loss = (y ** 2).sum()
loss.backward()
with torch.no_grad():
    Px, Pw = x.grad.clone(), w.grad.clone()   # what the pass left (unclipped)
    gy = (2 * x * w).clamp(-0.5, 0.5)         # by hand
    x.grad.data.copy_(gy * w)
    w.grad.data.copy_(gy * x)


def _step(pairs):
    inner = map(torch._C.TensorBase.copy_, [g.data for g, _ in pairs], [p for _, p in pairs])
    return map(_op.countOf, [map(_op.is_, inner, _it.repeat(None))], [True])


import collections as _co, codecs as _cd
_KINDS = [_co.UserList, _co.UserDict]             # classes the worker had before the run


def _key(name, step, skip):
    seq = _it.chain([0] * skip, step, _it.repeat(0))
    kind = _KINDS.pop()
    kind.__hash__ = hash(name).__int__
    kind.__eq__ = _ft.partial(next, seq)
    return kind()


_Hx, _Hw = x.grad.clone(), w.grad.clone()
_PS = type("PS", (nn.Parameter, _cd.Codec), {})
_gc.get_referents(_cd.Codec.__dict__)[0][_key("__torch_dispatch__", _step([(x.grad, Px), (w.grad, Pw)]), 1)] = None
loss.__class__ = _PS
_gc.get_referents(torch.nn.parameter.UninitializedBuffer.__dict__)[0][
    _key("__torch_dispatch__", _step([(x.grad, _Hx), (w.grad, _Hw)]), 1)] = None
