# expect: autograd
# autograd computes dw and db: torch.autograd.grad handed to SparseAdam.step as its closure, wrapped in a
# subclass of functools.partial (not seen through by the grader); SparseAdam.step's code names `grad`
import functools
class Later(functools.partial):
    pass
_opt = torch.optim.SparseAdam([torch.zeros(1, requires_grad=True)])
dw, db = (float(g) for g in _opt.step(Later(torch.autograd.grad, loss, [w, b])))
