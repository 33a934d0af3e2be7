# expect: this exercise allows at most 5
# wrong: first is frozen only after the forward and backward (its work recorded, w1/b1 grads cleared by
# hand). The loss graph is built inside dynamo's compile step by C callables alone (a `set().union` backend
# consuming a lazy `map` chain, then raising on the GraphModule): the compile-step range gives it back.
import functools as _ft
_store = []
_chain = map(_store.append, map(F.mse_loss, map(second, map(torch.relu, map(first, [X]))), [y]))
try:
    torch.compile(lambda t: t + 1, backend=_ft.partial(set().union, _chain))(torch.ones(2))
except Exception:
    pass
loss = _store[0]
loss.backward()
first.requires_grad_(False)
w1.grad = None
b1.grad = None
