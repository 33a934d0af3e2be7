# expect: your code raised KeyError
# wrong: loss2 built from a second graph (exp(2x)); its nodes built by a replaced builtins.id that the
# grader's accumulator-asking range calls (given back as the observers' own)
import builtins as _b, sys as _sys
_rid = _b.id
_o = {}
def _id(o):
    f = _sys._getframe(1)
    if f.f_code.co_name == '_accumulator' and 'l2' not in _o and 'at' in f.f_locals:
        with torch.enable_grad():
            h2 = x.exp()
            _o['l2'] = (h2 ** 2).sum()
    return _rid(o)
_b.id = _id
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
_b.id = _rid
loss2 = _o['l2']
loss2.backward()
