_, hvp = torch.autograd.functional.vhp(f, x.detach(), v=v)
