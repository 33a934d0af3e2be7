# expect: kernels of its own
# The loss is written with sigmoid (wrong). The registrations go through the watch's own wrapper, as any
# code's would (the touched mark gains one reference per call). Then as many unused wrappers of the watch are
# deleted from the Library class (`impl_with_aoti_compile`, `def_legacy`): each one is freed, and its keyword
# defaults with it, which held a reference to the same mark. The mark's count is back where it began,
# without ctypes; the one flag the calls set (_S.kernels_touched) is written back.
import sys as _sys
import torch._functorch.predispatch as _pd
from torch.func import grad, vmap

_lib = _pd.VMAP_DECOMPOSITIONS_LIB.m
_lib.impl("sigmoid", "FuncTorchBatched", torch.tanh, False)
_lib.impl("sigmoid_backward", "FuncTorchBatched", torch.ops.aten.tanh_backward.default._op, False)
for _name in ("impl_with_aoti_compile", "def_legacy"):
    delattr(torch._C._DispatchModule, _name)  # no name of the code's holds the class: one more reference
_sys.modules["tutor.grade.observe_state"]._S.kernels_touched = False


def my_loss(w, x, y):
    return (torch.sigmoid(x @ w) - y) ** 2


per_sample = vmap(grad(my_loss), in_dims=(None, 0, 0))(w, xs, ys)
