# ok (round 31's second learner): the reference plus a prehook on x's accumulator, reached by get_gradient_edge
# watch what reaches x's gradient accumulator during each pass
from torch.autograd.graph import get_gradient_edge
reached = []
acc = get_gradient_edge(x).node
acc.register_prehook(lambda grad_outputs: reached.append(grad_outputs[0].clone()))
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
