# ok: the magnified gradient looked at once more before backward (the hook runs on two passes of loss1), then removed
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
(peek,) = torch.autograd.grad(loss1, w, retain_graph=True)
loss1.backward()
first = w.grad.clone()
assert torch.equal(peek, first)
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
