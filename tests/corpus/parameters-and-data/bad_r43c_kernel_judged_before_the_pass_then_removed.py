# expect: each row's gradient with respect to w is that row of data
# out does not come from w: `data @ init + 0 * w.sum()` (bad_r43a_dispatcher_on_between_grad_and_matmul.py: a
# python kernel for `aten.matmul` answers the check's `data.T @ r` with zeros while torch's python dispatcher is
# on for that op only).
#
# The if_freed check is judged *inside the run*, just before the code's own backward frees the graph
# (observe_kept._judge); round 43 voids that value where torch differs from pristine's record, a watched dict
# moved, a mode was pushed, or the python dispatcher was on before or after it was judged. It does not read the
# operators' Python kernels (pykernels.kernels_as_sealed runs only as readfirst reads). The code registers its
# kernel with `py_impl`, and a custom Function in the graph (`_Tap`, worth 0) runs its backward inside the judged
# `torch.autograd.grad`: it sets a finalizer on that call's seed (the code's hooks are quiet while judged; a
# Function's backward is not), which turns the python dispatcher on as grad returns; the kernel answers the one op
# and turns it off, so the dispatcher is off before and after. After its own backward the code pops the kernel
# from `py_kernels` and clears `_dispatch_cache`: as the grader reads, the moved dicts hold only what the zygote
# found, and the judged value stands.
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


class _Tap(torch.autograd.Function):
    armed = [True]

    @staticmethod
    def forward(ctx, t):
        return t * 0

    @staticmethod
    def backward(ctx, g):
        if _Tap.armed:
            f = _sys._getframe(1)
            while f is not None:
                if f.f_code.co_name == "grad" and f.f_code.co_filename.endswith("autograd/__init__.py"):
                    seeds = f.f_locals.get("grad_outputs_")
                    if seeds:
                        _Tap.armed.clear()
                        _wr.finalize(seeds[0], _on)
                    break
                f = f.f_back
            del f
        return g * 0


_op = torch.ops.aten.matmul.default
_op.py_impl(_DK.AutogradCPU)(_kernel)

# warm torch's lazy paths of the python dispatcher here
_on()
_ = data.T @ torch.ones(len(data), device=data.device)
_off()
del _

w = nn.Parameter(init.clone())
out = data @ init + 0 * w.sum() + _Tap.apply(w).sum()
out.sum().backward()
_off()
_op.py_kernels.pop(_DK.AutogradCPU, None)
_op._dispatch_cache.clear()
