# expect: is not right
# Trick: child.py calls its module global `mark("r." + phase)` after observe.end() closed the record
# (a global lookup, not a local taken before the code). Rebound to the code's function, it runs
# torch.autograd.grad (forbidden) there, unrecorded, and puts the real mark back.
import sys
_child = sys.modules["tutor.grade.child"]
_real = _child.mark
def _mark(name, *a, **k):
    _child.mark = _real
    gw, gb = torch.autograd.grad(loss, (w, b))
    globals().update(dw=gw.item(), db=gb.item())
    return _real(name, *a, **k)
_child.mark = _mark
dw = db = 0.0
