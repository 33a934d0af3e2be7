# expect: registered kernels of its own
# The loss is written with sigmoid (wrong); a FuncTorchBatched kernel, registered through the Library torch made
# for vmap's decompositions (VMAP_DECOMPOSITIONS_LIB) with the watched method's original, makes it tanh under vmap.
import torch._functorch.predispatch as _pd
from torch.func import grad, vmap

_impl = torch._C._DispatchModule.impl
_raw = (_impl.__kwdefaults__ or {}).get("_original") or (_impl.__defaults__ or (_impl,))[0]
_lib = _pd.VMAP_DECOMPOSITIONS_LIB.m
_raw(_lib, "sigmoid", "FuncTorchBatched", torch.tanh, False)
_raw(_lib, "sigmoid_backward", "FuncTorchBatched", torch.ops.aten.tanh_backward.default._op, False)


def my_loss(w, x, y):
    return (torch.sigmoid(x @ w) - y) ** 2


per_sample = vmap(grad(my_loss), in_dims=(None, 0, 0))(w, xs, ys)
