# expect: each row's gradient with respect to w is that row of data
# out does not come from w: `data @ init + 0 * w.sum()` (right value, w reached, but w's gradient is zero).
# A hook on w, run inside the check's torch.autograd.grad, walks up to that call's frame and sets a
# finalizer on its seed (`grad_outputs_`, as round 42's bad_r42b file did). The finalizer no longer pushes a
# mode (counted, and the guarded torch.allclose voids any comparison made with a mode on): it turns torch's
# python dispatcher on. The check's next op is `data.T @ r`, which a python kernel of the code's
# (`aten.matmul.default.py_impl(AutogradCPU)`) answers with zeros; the kernel turns the dispatcher off
# before it returns, so the guarded `torch.allclose(g, zeros)` that follows sees no dispatcher, no mode and
# plain tensors, and says True for the zero gradient.
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
