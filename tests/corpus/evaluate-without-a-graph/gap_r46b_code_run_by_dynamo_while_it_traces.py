# expect: your code built an autograd graph
# Known false pass: dynamo compiles the code's `__del__` (run by a collection while torch.compile is on) and runs code of the code's for real while it traces it, inside the step whose nodes are given back (docs/grading.md, Round 46).
# wrong: the model runs with recording on (6 nodes); built by a cyclic garbage object's __del__ that GC
# runs inside dynamo's compile step of a trivial lambda (torch's own "eager" backend, no backend of the
# code's, no monkeypatch): the compile-step range gives the nodes back
import gc as _gc, sys as _sys
_o = {}
class _Bomb:
    def __init__(self):
        self.me = self
    def __del__(self):
        if 'v' in _o:
            return
        f = _sys._getframe(1)
        hit = False
        while f is not None:
            n = f.f_code.co_name
            if n in ('give_back_since', 'made_since', 'mark'):
                break
            if n == 'traced' and 'at' in f.f_locals and f.f_code.co_filename.endswith('observe_compile.py'):
                hit = True
                break
            f = f.f_back
        if hit:
            with torch.enable_grad():
                _o['v'] = F.mse_loss(model(X_val), y_val).detach()
        else:
            _Bomb()
_Bomb()
_old = _gc.get_threshold()
_gc.set_threshold(1)
torch.compile(lambda t: t + 1, backend="eager")(torch.ones(2))
_gc.set_threshold(*_old)
val_loss = _o['v']
