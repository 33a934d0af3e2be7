# ok: gradcheck and gradgradcheck of the fix first (torch's own autograd.grad calls), then autograd.grad
def forward(x, w):
    h = torch.sigmoid(x * w)
    h = h * 2
    return h, (h * x).sum()

xd = x.detach().double().requires_grad_()
wd = w.detach().double().requires_grad_()
assert torch.autograd.gradcheck(lambda a, b: forward(a, b)[1], (xd, wd))
assert torch.autograd.gradgradcheck(lambda a, b: forward(a, b)[1], (xd, wd))

h, loss = forward(x, w)
x.grad, w.grad = torch.autograd.grad(loss, [x, w])
