# expect: is not right
# Trick: sys.modules rebound to a dict subclass whose __len__ is the code's. run() reads
# `len(sys.modules)` after observe.end() closed the record (the cold-worker count): the __len__ runs
# torch.autograd.grad (forbidden) there, unrecorded, once, and puts the real sys.modules back.
import sys
_real = sys.modules
_S = _real["tutor.grade.observe_state"]._S
class _M(dict):
    def __len__(self):
        if not _S.on:
            sys.modules = _real
            gw, gb = torch.autograd.grad(loss, (w, b))
            globals().update(dw=gw.item(), db=gb.item())
        return len(_real)
dw = db = 0.0
sys.modules = _M(_real)
