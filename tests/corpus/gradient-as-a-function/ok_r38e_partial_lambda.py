import functools
import torch.func

grad_f = torch.func.grad(lambda v: f(v))
hess_f = functools.partial(torch.func.hessian(f))
g: torch.Tensor = grad_f(x)
H: torch.Tensor = hess_f(x)
assert H.shape == (3, 3)
assert not x.requires_grad
