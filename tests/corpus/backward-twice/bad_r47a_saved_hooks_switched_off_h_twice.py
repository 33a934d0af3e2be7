# expect: cannot tell how much was saved
# trick: torch._C._autograd._saved_tensors_hooks_set_tracing(True) makes autograd skip every default
# saved-tensor hook (the grader's weighing hook too), so h is built a second time for loss2 (not shared;
# retain_graph keeps nothing needed) while "h saved once for exp (at most 48 bytes)" reads 0 bytes.
# Node count kept at 4 by h2.dot(h2) (as bad_h_rebuilt_one_node_square.py, refused by the saved-bytes check).
_A = torch._C._autograd
_A._saved_tensors_hooks_set_tracing(True)
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h2 = x.exp()
loss2 = h2.dot(h2)
loss2.backward()
_A._saved_tensors_hooks_set_tracing(False)
