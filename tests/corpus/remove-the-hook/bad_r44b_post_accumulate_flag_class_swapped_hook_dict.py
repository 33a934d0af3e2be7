# expect: no hook is left on w
# wrong: the magnifier is a post-accumulate hook switched off by a flag, never removed (bad_post_accumulate_flag_never_removed.py).
# Trick: w's class is swapped after the passes (`w.__class__ = _W`: still the setup's tensor, `w is _setup_w` holds) for
# an nn.Parameter subclass (read as plain) whose property `_post_accumulate_grad_hooks` says None to the check's Python lookup.
on = [True]
def magnify(p):
    if on[0]:
        p.grad.mul_(100)
handle = w.register_post_accumulate_grad_hook(magnify)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
on[0] = False

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
class _W(nn.Parameter):
    _post_accumulate_grad_hooks = property(lambda self: None)
w.__class__ = _W
