# expect: cannot tell how much was saved
# Trick: the grader's weighing saved-tensor hooks popped off torch's default-hooks stack with the raw C
# call (unwatched), h built a second time for loss2 unweighed, the grader's pair pushed back before the end.
import sys
_A = torch._C._autograd
_os = sys.modules["tutor.grade.observe_saved"]
_A._pop_saved_tensors_default_hooks()
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h2 = x.exp()
loss2 = h2.dot(h2)
loss2.backward()
_A._push_saved_tensors_default_hooks(_os._pack, _os._unpack)
