# expect: value of hvp
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: the second call differentiates half of g @ v (autograd's numbers, wrong); hvp holds them while
# the record is read, and a __class__ property read by restore_function_apply binds hvp to a hand formula.
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(0.5 * (g @ v), x)
with torch.no_grad():
    hand = (-torch.sin(x) * x.roll(1) + 6 * x) * v + torch.cos(x) * v.roll(1) + torch.cos(x).roll(-1) * v.roll(-1)


class _Trap:
    @property
    def __class__(self):
        globals()["hvp"] = hand
        return _Trap


_trap = _Trap()
