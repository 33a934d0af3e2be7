# expect: no hook on w when loss2's gradient reached it
# wrong: the magnifier is switched off by a flag for loss2's pass and removed only at the end (bad_flag_then_remove_at_end.py),
# as a pre-hook on w's AccumulateGrad node: the setup's recorder counts w's own hooks as each pass reaches it, and
# the grader's own hook sits on the accumulator while a pass runs, so the recorder cannot count that node's
_acc = (w * 1).grad_fn.next_functions[0][0]
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
handle.remove()
