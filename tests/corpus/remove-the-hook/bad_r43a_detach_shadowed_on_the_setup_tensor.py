# expect: no hook on w when loss2's gradient reached it
# The magnifying hook stays on w for loss2's pass (a flag makes it return `g` unchanged), and is removed
# only at the end (bad_flag_then_remove_at_end.py). The check "no hook on w when loss2's gradient reached it"
# asks `torch.allclose(g, 3 * _setup_w.detach() ** 2)` of each gradient the setup saw, and requires no
# other hook where that holds. `detach` is a method (a non-data descriptor) of TensorBase, so an entry in
# the setup tensor's own `__dict__` wins the lookup: `w.detach` is a function of the code's that returns
# torch's detach everywhere but in that check's generator (read from its caller's frame: the constants 3
# and 2 of the `<check>` code), where it returns zeros, so no gradient reads as loss2's and `all()` of
# nothing is True.
import sys as _sys

_real_detach = torch.Tensor.detach


def _detach(_t=w):
    f = _sys._getframe(1)
    odd = f.f_code.co_filename == "<check>" and 3 in f.f_code.co_consts and 200 not in f.f_code.co_consts
    del f
    d = _real_detach(_t)
    return torch.zeros_like(d) if odd else d


on = [True]
handle = w.register_hook(lambda g: g * 100 if on[0] else g)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

on[0] = False
w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
handle.remove()
w.__dict__["detach"] = _detach
