import torch.func

g = torch.func.grad(f)(x)
H = torch.func.hessian(f)(x)
