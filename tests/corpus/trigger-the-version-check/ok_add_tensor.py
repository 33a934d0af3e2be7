s.add_(torch.ones_like(s))
torch.autograd.grad(loss, x)
