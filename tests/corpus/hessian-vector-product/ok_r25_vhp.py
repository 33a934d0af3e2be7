_, hvp = torch.autograd.functional.vhp(f, x, v)
