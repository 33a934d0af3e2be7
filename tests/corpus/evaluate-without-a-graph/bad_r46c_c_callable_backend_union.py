# expect: your code built an autograd graph
# wrong: the model runs with recording on (a graph is built), then detached. The forward runs inside dynamo's
# compile step, driven only by C callables and torch's own Python (no frame of the code's): the backend is
# `set().union` bound by a partial to a lazy `map` chain; it consumes the chain, then raises on the
# GraphModule (caught). The compile-step range gives every number back.
import functools as _ft, operator as _op
_store = []
_chain = map(_store.append, map(F.mse_loss, map(model, [X_val]), [y_val]))
_be = _ft.partial(set().union, _chain)
try:
    torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
except Exception:
    pass
val_loss = _store[0].detach()
