# expect: footprint
from torch.func import hessian

hvp = hessian(f)(x.detach()) @ v
