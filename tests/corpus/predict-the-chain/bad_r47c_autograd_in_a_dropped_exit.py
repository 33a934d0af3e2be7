# expect: is not right
# Trick: the code ends with `raise SystemExit(0)` whose instance carries an object with __del__.
# run() reads SystemExit(0) as a clean end and sets `error = None` after observe.end() closed the record:
# the exception's refcount hits 0 and the __del__ runs autograd.grad (forbidden) unrecorded.
import sys
class _D:
    def __del__(self):
        gw, gb = torch.autograd.grad(loss, (w, b))
        globals().update(dw=gw.item(), db=gb.item())
dw = db = 0.0
_e = SystemExit(0)
_e.keep = _D()
try:
    raise _e
finally:
    del _e
