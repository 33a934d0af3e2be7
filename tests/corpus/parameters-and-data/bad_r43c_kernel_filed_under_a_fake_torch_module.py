# expect: each row's gradient with respect to w is that row of data
# out does not come from w: `data @ init + 0 * w.sum()` (bad_r43a_dispatcher_on_between_grad_and_matmul.py: a
# python kernel for `aten.matmul` answers the check's `data.T @ r` with zeros while torch's python dispatcher is
# on for that op only).
#
# Round 43's mend (NOTE [a kernel of the code's in python], pykernels.py) lets a kernel stand in a moved dict
# when it is "a function of a torch module loaded since" the seal, and tells that by the function's
# `co_filename` alone, against the `__file__` of every sys.modules entry named torch* that the zygote did not
# have. The code puts a module object of its own in sys.modules (`torch_extras_mine`, `__file__` any string) and
# rebuilds its kernel with that file name (`code.replace(co_filename=...)`): the kernel reads as torch's.
import sys as _sys
import weakref as _wr
from torch._C import DispatchKey as _DK

_ON = []


def _off():
    _ON.clear()


def _on():
    if not _ON:
        _ON.append(torch._C._EnablePythonDispatcher())


def _kernel(a, b):
    _off()
    if tuple(a.shape) == (data.shape[1], data.shape[0]) and b.dim() == 1:
        return torch.zeros(a.shape[0], dtype=a.dtype, device=a.device)
    return torch.matmul(a, b)


# --- the trick: the kernel's code claims the file of a "torch module loaded since the seal"
import types as _types
_fake = _types.ModuleType("torch_extras_mine")
_fake.__file__ = "/nowhere/torch_extras_mine.py"
_sys.modules["torch_extras_mine"] = _fake
_kernel = _types.FunctionType(_kernel.__code__.replace(co_filename=_fake.__file__), globals(), "_kernel")


torch.ops.aten.matmul.default.py_impl(_DK.AutogradCPU)(_kernel)


def _hook(g):
    f = _sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "grad" and f.f_code.co_filename.endswith("autograd/__init__.py"):
            seeds = f.f_locals.get("grad_outputs_")
            if seeds:
                _wr.finalize(seeds[0], _on)
            break
        f = f.f_back
    del f


# warm torch's lazy paths of the python dispatcher here, not in a check
_on()
_ = data.T @ torch.ones(len(data), device=data.device)
_off()
del _

w = nn.Parameter(init.clone())
w.register_hook(_hook)
out = data @ init + 0 * w.sum()
