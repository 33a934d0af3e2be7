# expect: value of g2
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: as atk_g2_swapped_in_restore_apply, with no Python frame of the code's at all: the trap's
# __class__ is a property whose getter is operator.methodcaller("go"), and `go` a functools.partial of
# operator.setitem on the code's globals (C callables only).
import functools
import operator

(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1 * 0.5, x)
with torch.no_grad():
    hand = (2 - x ** 2) * torch.sin(x) + 4 * x * torch.cos(x)


class _Trap:
    go = functools.partial(operator.setitem, globals(), "g2", hand)
    __class__ = property(operator.methodcaller("go"))


_trap = _Trap()
