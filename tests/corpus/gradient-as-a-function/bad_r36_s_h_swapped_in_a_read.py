# expect: value of H
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: g from grad(f); H from hessian of half of f (a transform's numbers, wrong); a __class__ property
# read by restore_function_apply binds H to the hand formula diag(e^x (x + 2)).
from torch.func import grad, hessian

g = grad(f)(x)
H = hessian(lambda t: 0.5 * f(t))(x)
hand = torch.diag(x.exp() * (x + 2))


class _Trap:
    @property
    def __class__(self):
        globals()["H"] = hand
        return _Trap


_trap = _Trap()
