# expect: your code ran again
# Trick: as its last act the code puts a stand-in at sys.modules["torch"]. leftovers.leave_torch_modes
# (in pristine.restore, probe phase, after observe.end closed the record) runs `import torch`, which hands
# back the stand-in; its first attribute read runs torch.autograd.grad (forbidden) unrecorded and puts
# the real torch back in sys.modules.
import sys
_torch = torch
class _Stand:
    def __getattr__(self, attr):
        sys.modules["torch"] = _torch
        if dw == 0.0:
            gw, gb = _torch.autograd.grad(loss, (w, b))
            globals().update(dw=gw.item(), db=gb.item())
        return getattr(_torch, attr)
dw = db = 0.0
sys.modules["torch"] = _Stand()
