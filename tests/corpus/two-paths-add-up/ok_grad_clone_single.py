# ok: the gradient torch.autograd.grad returned, cloned into x.grad
loss = (x * a + x.exp()).sum()
(g,) = torch.autograd.grad(loss, x)
x.grad = g.clone()
