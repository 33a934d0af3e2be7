# expect: your code raised KeyError
# wrong: first frozen only after its graph was built; the loss graph is built by a GC finalizer that runs
# inside the grader's accumulator-asking range as a throwaway pass starts (no monkeypatch)
import gc as _gc, sys as _sys
_o = {}
class _Bomb:
    def __init__(self):
        self.me = self
    def __del__(self):
        if 'loss' in _o:
            return
        f = _sys._getframe(1)
        hit = False
        while f is not None:
            n = f.f_code.co_name
            if n in ('give_back_since', 'made_since', 'mark'):
                break
            if n == '_accumulator' and 'at' in f.f_locals:
                hit = True
                break
            f = f.f_back
        if hit:
            with torch.enable_grad():
                _o['loss'] = F.mse_loss(second(torch.relu(first(X))), y)
        else:
            _Bomb()
_Bomb()
_old = _gc.get_threshold()
_gc.set_threshold(1)
_d = torch.ones(1, requires_grad=True)
(_d * 1).sum().backward()
_gc.set_threshold(*_old)
loss = _o['loss']
loss.backward()
first.requires_grad_(False)
w1.grad = None
b1.grad = None
