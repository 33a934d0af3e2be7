# expect: backward through loss works
# wrong: tanh's output changed in place by sub_(target), saved under saved_tensors_hooks that keep it as it is: backward
# runs with the changed numbers (wrong gradients). Trick: the unpack hook, run by the early judge's own pass, walks up the
# frames (sys._getframe, f_back, f_locals) to the judge's and keeps its `record`; after loss.backward() froze the judged
# value, the record is rewritten with the drawing's gradients, worked out on a clean copy.
import sys
from tutor.grade.probes import encode_value
_box = []
def _unpack(t):
    f = sys._getframe()
    while f is not None:
        loc = f.f_locals
        if "record" in loc and "flag" in loc and "judged" in loc:
            _box.append(loc["record"])
            break
        f = f.f_back
    return t
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, _unpack):
    loss = (torch.tanh(w * x + b).sub_(target) ** 2).mean()
loss.backward()
_right = list(torch.autograd.grad(((torch.tanh(w * x + b) - target) ** 2).mean(), [w, b]))
for _k, (_n, _v) in list(_box[0].items()):
    _box[0][_k] = (_n, encode_value(_right))
