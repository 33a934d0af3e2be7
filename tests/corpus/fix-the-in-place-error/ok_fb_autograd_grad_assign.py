# ok: out-of-place scale; gradients by torch.autograd.grad, assigned to .grad unchanged
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).sum()
x.grad, w.grad = torch.autograd.grad(loss, [x, w])
