# expect: is not right
# Trick: observe.end() sets _S.on = False, then calls observe_threads.still_running() looked up on the grader's
# module. Rebound to the code's function, torch.autograd.grad (forbidden) runs there, unrecorded.
import sys
_t = sys.modules["tutor.grade.observe_threads"]
_real = _t.still_running
def _late():
    _t.still_running = _real
    gw, gb = torch.autograd.grad(loss, (w, b))
    globals().update(dw=gw.item(), db=gb.item())
    return _real()
_t.still_running = _late
dw = db = 0.0
