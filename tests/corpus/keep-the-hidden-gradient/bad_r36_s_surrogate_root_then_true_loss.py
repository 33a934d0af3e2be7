# expect: value of loss
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: the pass starts at a surrogate (h * gh).sum(), gh = 1 - tanh(h)^2 by hand; `loss` is bound to it while
# the record is read; a __class__ property read by restore_function_apply binds `loss` to tanh(h).sum().
h = x @ W
h.retain_grad()
with torch.no_grad():
    gh = 1 - torch.tanh(h) ** 2
s = (h * gh).sum()
s.backward()
with torch.no_grad():
    true = torch.tanh(h).sum()
loss = s


class _Trap:
    @property
    def __class__(self):
        globals()["loss"] = true
        return _Trap


_trap = _Trap()
