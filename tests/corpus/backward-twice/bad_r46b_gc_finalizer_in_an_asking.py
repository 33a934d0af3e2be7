# expect: your code raised KeyError
# wrong: loss2 built from a second h2; built by a cyclic garbage object's __del__, which GC runs inside
# the grader's accumulator-asking range (no monkeypatch at all)
import gc as _gc, sys as _sys
_o = {}
class _Bomb:
    def __init__(self):
        self.me = self
    def __del__(self):
        if 'l2' in _o:
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
                h2 = x.exp()
                _o['l2'] = (h2 ** 2).sum()
        else:
            _Bomb()
_Bomb()
_old = _gc.get_threshold()
_gc.set_threshold(1)
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
_gc.set_threshold(*_old)
loss2 = _o['l2']
loss2.backward()
