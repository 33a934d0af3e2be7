# expect: each row's gradient with respect to w is that row of data
# out does not come from w: `data @ init + 0 * w.sum()` (bad_r43a_dispatcher_on_between_grad_and_matmul.py: a
# python kernel for `aten.matmul` answers the check's `data.T @ r` with zeros while torch's python dispatcher is
# on for that op only).
#
# Round 43's mend accepts in an op's `_dispatch_cache` any plain function whose `co_filename` ends with
# "torch/_ops.py" or "torch/_dispatch/python.py" (torch's own handlers). The code skips `py_impl` and writes its
# kernel straight into the op's `_dispatch_cache` (which the python dispatcher reads first), rebuilt with the file
# name "/not/torch/_ops.py": the kernel reads as torch's handler.
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



# --- the trick: no py_impl at all; the kernel goes straight into the op's `_dispatch_cache`, where a
# function compiled from a file whose name ends with "torch/_ops.py" is read as torch's own handler
import types as _types
_kernel = _types.FunctionType(_kernel.__code__.replace(co_filename="/not/torch/_ops.py"), globals(), "_kernel")
torch.ops.aten.matmul.default._dispatch_cache[_DK.AutogradCPU] = _kernel


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
