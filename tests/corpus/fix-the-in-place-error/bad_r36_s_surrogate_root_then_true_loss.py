# expect: value of loss
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: the pass starts at a surrogate carrying d loss/dx, d loss/dw by hand; `loss` is bound to it while the
# record is read; a __class__ property read by restore_function_apply binds `loss` to (h * x).sum().
with torch.no_grad():
    sg = torch.sigmoid(x * w)
    h = sg * 2
    gx = h + x * 2 * sg * (1 - sg) * w
    gw = x * 2 * sg * (1 - sg) * x
    true = (h * x).sum()
s = (x * gx).sum() + (w * gw).sum()
s.backward()
loss = s


class _Trap:
    @property
    def __class__(self):
        globals()["loss"] = true
        return _Trap


_trap = _Trap()
