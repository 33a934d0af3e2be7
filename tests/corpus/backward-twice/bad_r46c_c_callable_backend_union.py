# expect: this exercise allows at most 4
# wrong: h is built twice (loss2 from a second exp); the second graph is built inside dynamo's compile step by
# C callables alone (a `set().union` backend consuming a lazy `map` chain): the compile-step range gives it back
import functools as _ft
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
_store = []
_chain = map(_store.append, map(torch.sum, map(torch.pow, map(torch.exp, [x]), [2])))
try:
    torch.compile(lambda t: t + 1, backend=_ft.partial(set().union, _chain))(torch.ones(2))
except Exception:
    pass
loss2 = _store[0]
loss2.backward()
