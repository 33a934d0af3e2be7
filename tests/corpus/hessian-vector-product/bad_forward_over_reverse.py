# expect: reverse mode only
_, hvp = torch.func.jvp(torch.func.grad(f), (x.detach(),), (v,))
