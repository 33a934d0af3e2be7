# expect: calls backward
# Trick: the raw saved-tensor tracing switch, reached through the observers' wrapper's `__wrapped__`
# (the wrapper alone notes the switch): h built a second time for loss2 while the grader's weighing
# hook is skipped, so the saved-bytes check reads nothing (as bad_r47a_saved_hooks_switched_off_h_twice).
_raw = torch._C._autograd._saved_tensors_hooks_set_tracing.__wrapped__
_raw(True)
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h2 = x.exp()
loss2 = h2.dot(h2)
loss2.backward()
_raw(False)
