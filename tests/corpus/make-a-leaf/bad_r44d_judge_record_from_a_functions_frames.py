# expect: y changes with x as a sum of squares does
# wrong: y = sum(x * data) (gradient data, not 2x). Trick: an identity Function in y's graph; its backward, run by the
# early judge's own pass, walks up the frames (sys._getframe, f_back, f_locals: not refused) to the judge's and keeps
# its `record`; after the code's own y.backward() froze the judged value, the record is rewritten to zeros.
import sys
from tutor.grade.probes import encode_value
_box = []
class Id(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.view_as(t)
    @staticmethod
    def backward(ctx, g):
        f = sys._getframe()
        while f is not None:
            loc = f.f_locals
            if "record" in loc and "flag" in loc and "judged" in loc:
                _box.append(loc["record"])
                break
            f = f.f_back
        return g
x = data.clone().requires_grad_()
y = (Id.apply(x) * data).sum()
y.backward()
for _k, (_n, _v) in list(_box[0].items()):
    _box[0][_k] = (_n, encode_value(torch.zeros_like(data)))
