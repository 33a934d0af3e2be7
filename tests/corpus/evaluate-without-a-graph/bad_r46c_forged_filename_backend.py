# expect: your code built an autograd graph
# wrong: model runs with recording on (graph built) then detached; done inside a torch.compile backend whose
# code object was compiled under a file name inside torch's folder (not "the code's" to the range's trace)
import os as _os
_out = {}
_src = "def _be(gm, ex):\n    _out['v'] = F.mse_loss(model(X_val), y_val).detach()\n    return gm.forward\n"
exec(compile(_src, _os.path.join(_os.path.dirname(torch.__file__), "_dynamo", "utils.py"), "exec"), globals())
torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
val_loss = _out['v']
