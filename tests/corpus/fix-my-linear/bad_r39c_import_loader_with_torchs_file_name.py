# expect: registered kernels of its own
# The starter left as it is. A module imported through importlib with a loader whose file name is under
# torch's folder: the module's frame reads as torch's and the frame below it is importlib's (an import:
# "what the imported module does is its own"), so the Library it makes for aten at import time is the
# watch's, not the code's; torch.sum (a C callable) answers aten::mean.dim.
import importlib.abc, importlib.util, os, sys
class _Loader(importlib.abc.SourceLoader):
    def get_filename(self, fullname):
        return os.path.join(os.path.dirname(torch.__file__), "_kernels_of_mine.py")
    def get_data(self, path):
        return b"import torch\n_lib = torch.library.Library('aten', 'IMPL')\n_lib.impl('mean.dim', torch.sum, 'CPU')\n"
_spec = importlib.util.spec_from_loader("_kernels_of_mine", _Loader())
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)
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
