# expect: hvp
# the first derivative written by hand; only the second pass is autograd's
g = torch.cos(x) * x.roll(1) + torch.sin(x).roll(-1) + 3 * x ** 2
(hvp,) = torch.autograd.grad(g @ v, x)
