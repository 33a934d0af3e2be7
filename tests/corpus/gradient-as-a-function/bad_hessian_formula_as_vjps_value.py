# expect: no autograd transform
# H is a formula worked out by hand (diag((2 + x) e^x)), returned as the primal output of torch.func.vjp
# (no derivative taken for it; the pullback is never called)
from torch.func import grad, hessian, vjp

g = grad(f)(x)
H, _pullback = vjp(lambda t: torch.diag((2 + t) * t.exp()), x)
