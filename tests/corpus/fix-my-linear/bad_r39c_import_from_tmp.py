# expect: registered kernels of its own
# The starter left as it is. A module written to the run's /tmp and imported makes the aten Library at
# import time: its own frame (a file under /tmp) is the code's.
import sys, os, importlib
with open("/tmp/_kern_mod.py", "w") as f:
    f.write("import torch\n_lib = torch.library.Library('aten', 'IMPL')\n_lib.impl('mean.dim', torch.sum, 'CPU')\n")
sys.path.insert(0, "/tmp")
importlib.import_module("_kern_mod")
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = grad_y @ W
        grad_W = grad_y.T @ x
        grad_b = grad_y.mean(0)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
