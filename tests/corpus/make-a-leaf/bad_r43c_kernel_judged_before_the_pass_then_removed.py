# expect: y changes with x as a sum of squares does
# y is a tangent line, not a sum of squares (bad_r43a_full_like_answered_then_dispatcher_off.py: a python kernel
# for `aten.full_like` answers the slope check's `torch.full_like(g, 2.0)` with zeros while torch's python
# dispatcher is on for that op only).
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


def _kernel(t, fill, *args, **kwargs):
    _off()
    if fill == 2.0:
        fill = 0.0
    return torch.full_like(t, fill, *args, **kwargs)


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


_op = torch.ops.aten.full_like.default
_keys = (_DK.AutogradCPU, _DK.CPU)
for _key in _keys:
    _op.py_impl(_key)(_kernel)

# warm torch's lazy paths of the python dispatcher here
_on()
_ = torch.full_like(data, 3.0)
_off()
del _

x = data.clone().requires_grad_()
y = (2 * data * x - data ** 2 + 0 * x ** 2 + _Tap.apply(x)).sum()
y.backward()
_off()
for _key in _keys:
    _op.py_kernels.pop(_key, None)
_op._dispatch_cache.clear()
