# expect: no autograd transform
# H is a formula worked out by hand (diag((2 + x) e^x)), handed out as the aux of grad(..., has_aux=1)
# (truthy, not True); hessian(f) is made and never called
from torch.func import grad, hessian

def f_and_formula(t):
    return f(t), torch.diag((2 + t) * t.exp())      # the second output: by hand

g, H = grad(f_and_formula, has_aux=1)(x)
hessian(f)
