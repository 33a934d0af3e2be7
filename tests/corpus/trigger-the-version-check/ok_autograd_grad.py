# ok: torch.autograd.grad through loss's graph reads the saved result too
s.mul_(1.0).add_(1)
torch.autograd.grad(loss, x)
