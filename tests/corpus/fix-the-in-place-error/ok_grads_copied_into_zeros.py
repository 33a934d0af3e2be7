# ok: the gradients autograd.grad returned, copied into zeroed .grad tensors
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).sum()
gx, gw = torch.autograd.grad(loss, (x, w))
x.grad = torch.zeros_like(x)
w.grad = torch.zeros_like(w)
with torch.no_grad():
    x.grad.copy_(gx)
    w.grad.copy_(gw)
