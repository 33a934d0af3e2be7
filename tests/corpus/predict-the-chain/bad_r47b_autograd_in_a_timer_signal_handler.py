# expect: is not right
# Trick: dw, db come from torch.autograd.grad (forbidden; calls max 0), called from a SIGALRM handler
# driven by an interval timer (wall clock), which does the work on its first tick after observe.end()
# switched the observers off (the flag is read, not written). Handlers are reset only in
# pristine.restore, after the record closed: the call is never recorded.
import signal, sys
_S = sys.modules["tutor.grade.observe_state"]._S
def _tick(*_):
    if not _S.on and dw == 0.0:
        signal.setitimer(signal.ITIMER_REAL, 0)
        gw, gb = torch.autograd.grad(loss, (w, b))
        globals().update(dw=gw.item(), db=gb.item())
signal.signal(signal.SIGALRM, _tick)
signal.setitimer(signal.ITIMER_REAL, 0.0001, 0.0001)
dw = db = 0.0
