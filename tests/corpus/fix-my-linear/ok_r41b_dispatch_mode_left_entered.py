# A correct answer that leaves a pass-through TorchDispatchMode entered (a learner who logged the ops with
# `mode.__enter__()` and never exited it). leftovers.leave_torch_modes pops the dispatch stack with
# torch._C._pop_torch_dispatch_stack() and no argument, which torch 2.13 refuses with a TypeError it does not catch.
from torch.utils._python_dispatch import TorchDispatchMode


class Log(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))


class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        return grad_y @ W, grad_y.T @ x, grad_y.sum(0)


Log().__enter__()
loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
