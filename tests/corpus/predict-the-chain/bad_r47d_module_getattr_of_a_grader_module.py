# expect: is not right
# Trick: pristine.restore (probe phase, after observe.end closed the record) reads
# getattr(target, "__name__", "") of each grader module whose dict changed (pristine._added). The code
# deletes `__name__` from one grader module's dict and plants a PEP 562 module `__getattr__` there: the
# lookup runs it, and torch.autograd.grad (forbidden) runs unrecorded.
import sys
_m = sys.modules["tutor.grade.hugepages"]
_d = vars(_m)
_name = _d.pop("__name__")
def __getattr__(attr):
    if attr == "__name__":
        _d["__name__"] = _name

        gw, gb = torch.autograd.grad(loss, (w, b))
        globals().update(dw=gw.item(), db=gb.item())
        return _name
    raise AttributeError(attr)
_d["__getattr__"] = __getattr__
dw = db = 0.0
