def times_100(g):
    return g * 100


handle = w.register_hook(times_100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()
assert torch.allclose(first.double(), 200 * w.detach().double())

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
assert torch.allclose(second.double(), 3 * w.detach().double() ** 2)
