# expect: value of val_loss
# Trick: pristine.restore (probe phase, after observe.end closed the record) reads
# getattr(target, "__name__", "") of each target whose dict changed (pristine._added), torch's modules among
# them. The code deletes `__name__` from torch.utils.hooks' dict and plants a PEP 562 module `__getattr__`:
# the lookup runs it, and the forward runs WITH recording on, in a thread started there (not counted).
import threading
import torch.utils.hooks as _m
_d = vars(_m)
_name = _d.pop("__name__")
def __getattr__(attr):
    if attr == "__name__":
        _d["__name__"] = _name
        def work():
            globals()["val_loss"] = F.mse_loss(model(X_val), y_val).detach()
        t = threading.Thread(target=work); t.start(); t.join()
        return _name
    raise AttributeError(attr)
_d["__getattr__"] = __getattr__
val_loss = torch.zeros(0)
