# expect: y changes with x as a sum of squares does
# y is a tangent line, not a sum of squares (bad_r43a_full_like_answered_then_dispatcher_off.py: a python kernel
# for `aten.full_like` answers the slope check's `torch.full_like(g, 2.0)` with zeros while torch's python
# dispatcher is on for that op only).
#
# Round 43's mend accepts a kernel whose `co_filename` is the file of a torch module loaded since the seal. The
# code imports one the zygote had not (`torch.utils.show_pickle`) and rebuilds its kernel with that module's real
# file name: the kernel reads as a function of that module.
import sys as _sys
import weakref as _wr
from torch._C import DispatchKey as _DK

_ON = []


def _off():
    _ON.clear()


def _on():
    if not _ON:
        _ON.append(torch._C._EnablePythonDispatcher())


def _kernel(t, fill, *args, **kwargs):
    _off()
    if fill == 2.0:
        fill = 0.0
    return torch.full_like(t, fill, *args, **kwargs)


# --- the trick: the kernel's code claims the file of a real torch module this run loads itself (one the
# zygote had not loaded), so it reads as "a function of a torch module loaded since the seal"
import types as _types
import torch.utils.show_pickle as _late
_kernel = _types.FunctionType(_kernel.__code__.replace(co_filename=_late.__file__), globals(), "_kernel")


for _key in (_DK.AutogradCPU, _DK.CPU):
    torch.ops.aten.full_like.default.py_impl(_key)(_kernel)


def _hook(g):
    f = _sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "grad" and f.f_code.co_filename.endswith("autograd/__init__.py"):
            seeds = f.f_locals.get("grad_outputs_")
            if seeds and not f.f_locals.get("create_graph"):
                _wr.finalize(seeds[0], _on)
            break
        f = f.f_back
    del f
    return g


# warm torch's lazy paths of the python dispatcher here, not in a check
_on()
_ = torch.full_like(data, 3.0)
_off()
del _

x = data.clone().requires_grad_()
x.register_hook(_hook)
y = (2 * data * x - data ** 2 + 0 * x ** 2).sum()
