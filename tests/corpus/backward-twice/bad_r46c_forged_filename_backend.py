# expect: this exercise allows at most 4
# wrong: h built twice (loss2 from a second graph); second graph built in a backend compiled under a torch file name
import os as _os
_o = {}
_src = "def _be(gm, ex):\n    h2 = x.exp()\n    _o['l2'] = (h2 ** 2).sum()\n    return gm.forward\n"
exec(compile(_src, _os.path.join(_os.path.dirname(torch.__file__), "_dynamo", "utils.py"), "exec"), globals())
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
loss2 = _o['l2']
loss2.backward()
