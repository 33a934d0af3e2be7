# expect: your code ran again while the grader read
# Freezes too late (after the forward and backward: 6 nodes, the footprint check fails). A key of
# collections.UserString (__hash__ = hash("parameters"), __eq__ a partial(next, map(setattr, ...)): C
# callables) planted in first's own instance __dict__: the value check's `first.parameters()` looks
# "parameters" up there after pristine's restore, which rebinds framing.encode; the reply is rewritten.
import sys as _sys, collections as _co, functools as _ft, itertools as _it
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
first.requires_grad_(False)
w1.grad = None
b1.grad = None
_fr = _sys.modules["tutor.grade.framing"]
_real_encode = _fr.encode
def _enc(payload, *a, **k):
    for d in payload.get("probes", {}).values():
        if type(d) is dict and d.get("t") == "observed" and d.get("nodes") is not None:
            d["nodes"] = 3
    return _real_encode(payload, *a, **k)
_k = _co.UserString
_k.__hash__ = hash("parameters").__int__
_k.__eq__ = _ft.partial(next, map(setattr, _it.repeat(_fr), _it.repeat("encode"), _it.repeat(_enc)))
first.__dict__[_k.__new__(_k)] = None
