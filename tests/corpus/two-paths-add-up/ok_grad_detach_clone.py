# ok: the gradient torch.autograd.grad returned, cloned into x.grad
loss = (x * a + x.exp()).sum()
x.grad = torch.autograd.grad(loss, x)[0].detach().clone()
