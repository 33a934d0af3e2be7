# expect: is not right
# Trick: dw, db come from torch.autograd.grad (forbidden; calls max 0), but the call is made in an
# os.register_at_fork(after_in_child=...) callback. A thread left running makes the probe step fork
# with os.fork(), which runs the callback in the probe process, after observe.end(): no call recorded.
import os, threading, time
def _late():
    gw, gb = torch.autograd.grad(loss, (w, b))
    globals().update(dw=gw.item(), db=gb.item())
os.register_at_fork(after_in_child=_late)
threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
dw = db = 0.0
