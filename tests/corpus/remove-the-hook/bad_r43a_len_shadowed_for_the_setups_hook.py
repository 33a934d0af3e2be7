# expect: no hook on w when loss2's gradient reached it
# The magnifying hook stays on w for loss2's pass (a flag makes it return `g` unchanged), and is removed only
# at the end (bad_flag_then_remove_at_end.py). The setup's own hook notes how many other hooks w holds with
# `len(_setup_w._backward_hooks) - 1`, and `len` is looked up at call time in the globals it shares with the
# code: a global `len` bound to `bool` (a C callable, so no frame of the code's starts inside the pass) for
# loss2's pass and deleted after it makes it note `True - 1 == 0` there.
# `_reached` itself is not written.
on = [True]
handle = w.register_hook(lambda g: g * 100 if on[0] else g)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

on[0] = False
w.grad = None
loss2 = (w ** 3).sum()
len = bool  # a C callable: len(d) - 1 reads True - 1 == 0, and no frame of the code's starts
loss2.backward()
del len
second = w.grad.clone()
handle.remove()
