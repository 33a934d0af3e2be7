# expect: value of H
# cheat: H a hand formula laundered through torch.func.functional_call of nn.Identity; jacrev(f) called and dropped
from torch.func import grad, jacrev, functional_call

g = grad(f)(x)
jacrev(f)(x)
H = functional_call(nn.Identity(), {}, (torch.diag(x.exp() * (2 + x)),))
