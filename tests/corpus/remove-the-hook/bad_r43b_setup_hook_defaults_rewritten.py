# expect: no hook on w when loss2's gradient reached it
# Round 43's mend bound what the setup's hook calls as its defaults (`_len=len`); this file tries to give the
# hook other defaults (`len` as `bool`, so that it notes no other hook) before loss2's pass. The grader's audit
# hook refuses a run setting the defaults of a function of the setup's, as it does for the grader's and torch's:
# the hook keeps noting what w holds, and the magnifying hook, left on with a flag, is seen.
on = [True]
handle = w.register_hook(lambda g: g * 100 if on[0] else g)
for hook in list(w._backward_hooks.values()):
    defaults = getattr(hook, "__defaults__", None)
    if defaults and len(defaults) >= 3:
        try:
            hook.__defaults__ = (*defaults[:2], bool, *defaults[3:])
        except RuntimeError:
            pass
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

on[0] = False
w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
handle.remove()
