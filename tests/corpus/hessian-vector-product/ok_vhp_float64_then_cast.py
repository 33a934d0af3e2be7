_, h = torch.autograd.functional.vhp(f, x.detach().double(), v.double())
hvp = h.float()
