# expect: footprint
H = torch.autograd.functional.hessian(f, x)
hvp = H @ v
