# expect: value of loss
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: the pass starts at a surrogate (y * gy).sum(), gy = clamp(2y) by hand (the hook on y clamps again, a
# no-op); `loss` is bound to it while the record is read; a __class__ property read by restore_function_apply
# binds `loss` to (y ** 2).sum().
y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
with torch.no_grad():
    gy = (2 * y).clamp(-0.5, 0.5)
s = (y * gy).sum()
s.backward()
with torch.no_grad():
    true = (y ** 2).sum()
loss = s


class _Trap:
    @property
    def __class__(self):
        globals()["loss"] = true
        return _Trap


_trap = _Trap()
