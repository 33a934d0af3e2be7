# expect: your code built an autograd graph
# wrong: recorded forward then detached; built in a backend whose __code__ was given a torch file name
import os as _os
_out = {}
def _be(gm, ex):
    _out['v'] = F.mse_loss(model(X_val), y_val).detach()
    return gm.forward
_be.__code__ = _be.__code__.replace(co_filename=_os.path.join(_os.path.dirname(torch.__file__), "_dynamo", "utils.py"))
torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
val_loss = _out['v']
