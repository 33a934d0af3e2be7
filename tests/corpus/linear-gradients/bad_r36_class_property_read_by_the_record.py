# expect: did not come from a backward pass that started at `y`
# Round 36: `y` is bound to an object of the code's whose `__class__` property binds `y` to the surrogate the
# pass started at, were the record of where the gradients came from to ask by isinstance what `y` is: it
# asks by type (NOTE [results read before the code can run], readfirst.py), and `y` is no tensor.
with torch.no_grad():
    Hw, Hx, Hb = x.clone(), w.clone(), torch.ones_like(b)  # by hand
s = w * Hw + x * Hx + b * Hb
s.backward()


class _Trap:
    @property
    def __class__(self):
        globals()["y"] = s
        return _Trap


y = _Trap()
