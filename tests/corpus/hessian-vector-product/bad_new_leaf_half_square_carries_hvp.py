# expect: value of hvp
# hvp by a hand formula; carried into .grad of a new leaf bound to the name x: d(|x|^2/2)/dx = x
x0 = x
with torch.no_grad():
    hv = (-torch.sin(x0) * x0.roll(1) + 6 * x0) * v + torch.cos(x0) * v.roll(1) + (torch.cos(x0) * v).roll(-1)
x = hv.clone().requires_grad_()
(x * x / 2).sum().backward()
hvp = x.grad
x = x0
