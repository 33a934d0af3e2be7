# expect: graph of y
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: the one pass starts at a surrogate carrying dy/dw, dy/dx, dy/db by hand; `y` is bound to it while the
# record is read; a __class__ property read by restore_function_apply binds `y` to w * x + b for the graph probe.
with torch.no_grad():
    Hw, Hx, Hb = x.clone(), w.clone(), torch.ones_like(b)
s = w * Hw + x * Hx + b * Hb
s.backward()
true = w * x + b
y = s


class _Trap:
    @property
    def __class__(self):
        globals()["y"] = true
        return _Trap


_trap = _Trap()
