# expect: no hook is left on w
# wrong: the magnifier is never removed, only switched off by a flag (bad_flag_hook.py). Trick: it is a pre-hook on
# w's AccumulateGrad node, not on w: the checks read w._backward_hooks / _post_accumulate_grad_hooks (and the
# setup's hook counts those), and the "hook is gone" check's autograd.grad never runs the accumulator.
_acc = (w * 1).grad_fn.next_functions[0][0]   # w's gradient accumulator (kept alive by this name)
on = [True]
handle = _acc.register_prehook(lambda gs: (gs[0] * 100,) if on[0] else None)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
on[0] = False

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
