# expect: value of val_loss
# Trick: child.py calls its module global `mark("r." + phase)` after observe.end(); the forward runs
# there WITH recording on, on the main thread (control: count_late should see these nodes).
import sys
_child = sys.modules["tutor.grade.child"]
_real = _child.mark
def _mark(name, *a, **k):
    _child.mark = _real
    globals()["val_loss"] = F.mse_loss(model(X_val), y_val).detach()
    return _real(name, *a, **k)
_child.mark = _mark
val_loss = torch.zeros(0)
