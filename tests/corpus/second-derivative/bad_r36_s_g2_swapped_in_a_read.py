# expect: value of g2
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: the second pass differentiates g1 * 0.5 (wrong numbers, but autograd's); g2 holds them while the
# observed record is read. A __class__ property of the code's, read by restore_function_apply (after the
# watched first block, before the value probes), binds g2 to the hand formula.
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1 * 0.5, x)
with torch.no_grad():
    hand = (2 - x ** 2) * torch.sin(x) + 4 * x * torch.cos(x)


class _Trap:
    @property
    def __class__(self):
        globals()["g2"] = hand
        return _Trap


_trap = _Trap()
