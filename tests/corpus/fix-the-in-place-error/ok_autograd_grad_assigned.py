# ok: torch.autograd.grad of loss, the gradients assigned to .grad
h = torch.sigmoid(x * w)
h = 2 * h
loss = (h * x).sum()
x.grad, w.grad = torch.autograd.grad(loss, [x, w])
