# expect: this exercise allows at most 5
# wrong: first frozen only after forward+backward; graph built in a backend compiled under a torch file name
import os as _os
_o = {}
_src = "def _be(gm, ex):\n    _o['loss'] = F.mse_loss(second(torch.relu(first(X))), y)\n    return gm.forward\n"
exec(compile(_src, _os.path.join(_os.path.dirname(torch.__file__), "_dynamo", "utils.py"), "exec"), globals())
torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
loss = _o['loss']
loss.backward()
first.requires_grad_(False)
w1.grad = None
b1.grad = None
