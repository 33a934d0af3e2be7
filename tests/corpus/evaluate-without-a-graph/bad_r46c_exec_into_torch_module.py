# expect: your code built an autograd graph
# wrong: recorded forward then detached; the backend is exec'd as "<string>" into a torch module's own globals
import torch._dynamo.utils as _u
_u._probe_out = {}
_u._probe_args = (F, model, X_val, y_val)
exec(compile("def _probe_be(gm, ex):\n    F, m, X, y = _probe_args\n    _probe_out['v'] = F.mse_loss(m(X), y).detach()\n    return gm.forward\n",
             "<string>", "exec"), vars(_u))
torch.compile(lambda t: t + 1, backend=_u._probe_be)(torch.ones(2))
val_loss = _u._probe_out['v']
