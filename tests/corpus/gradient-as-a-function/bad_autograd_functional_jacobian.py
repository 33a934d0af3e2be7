# expect: torch.autograd
from torch.func import grad

g = grad(f)(x)
H = torch.autograd.functional.jacobian(grad(f), x)
