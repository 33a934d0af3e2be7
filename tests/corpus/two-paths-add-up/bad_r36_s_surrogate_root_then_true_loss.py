# expect: graph of loss
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: the one pass starts at a surrogate (x * gx).sum(), gx = a + e^x by hand; `loss` is bound to it while the
# record (where the pass started) is read; a __class__ property read by restore_function_apply binds `loss`
# to the true loss, whose graph the graph probe reads afterwards.
with torch.no_grad():
    gx = a + x.exp()
s = (x * gx).sum()
s.backward()
true = (x * a + x.exp()).sum()
loss = s


class _Trap:
    @property
    def __class__(self):
        globals()["loss"] = true
        return _Trap


_trap = _Trap()
