# expect: kernels of its own
# The loss is written with sigmoid (wrong). torch's raw registration method is read out of the watch's frame
# (a call that raises leaves `registering`'s frame, whose locals hold `_original`, in the traceback: the
# audit of __kwdefaults__ never runs), then used on vmap's own Library as round 40's attacker did; the one
# flag the failed call set (observe_state._S.kernels_touched) is written back.
import sys as _sys
import torch._functorch.predispatch as _pd
from torch.func import grad, vmap

try:
    torch._C._DispatchModule.impl(None)
except TypeError as e:
    tb = e.__traceback__
    while tb.tb_next is not None and "_original" not in tb.tb_frame.f_locals:
        tb = tb.tb_next
    _raw = tb.tb_frame.f_locals["_original"]
    del tb, e
_lib = _pd.VMAP_DECOMPOSITIONS_LIB.m
_raw(_lib, "sigmoid", "FuncTorchBatched", torch.tanh, False)
_raw(_lib, "sigmoid_backward", "FuncTorchBatched", torch.ops.aten.tanh_backward.default._op, False)
_sys.modules["tutor.grade.observe_state"]._S.kernels_touched = False


def my_loss(w, x, y):
    return (torch.sigmoid(x @ w) - y) ** 2


per_sample = vmap(grad(my_loss), in_dims=(None, 0, 0))(w, xs, ys)
