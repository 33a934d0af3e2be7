_, hvp = torch.autograd.functional.hvp(f, x, v)
