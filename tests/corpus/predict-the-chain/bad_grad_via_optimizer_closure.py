# expect: no autograd in the answer
# why wrong: autograd computes dw and db (torch.autograd.grad), handed to SGD.step as a closure (a method-wrapper of a partial), so the call comes from torch/optim's step frame, which names "enable_grad"
import functools
_opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.0)
dw, db = (float(g) for g in _opt.step(functools.partial(torch.autograd.grad, loss, [w, b]).__call__))
