# expect: Two passes are enough
# H built row by row with vhp (4 calls, none counted); H @ v passed through one autograd.grad
rows = [torch.autograd.functional.vhp(f, x, e)[1] for e in torch.eye(4, device=x.device)]
c = torch.stack(rows) @ v
(hvp,) = torch.autograd.grad((x * c).sum(), x)
