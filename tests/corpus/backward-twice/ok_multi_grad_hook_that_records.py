# ok (round 31's second learner): the reference plus a multi-grad hook that only records; torch reaches the
# leaf's accumulator through a view made for it, whose node is given back (NOTE [a view to reach an accumulator])
seen = []
handle = torch.autograd.graph.register_multi_grad_hook((x,), lambda grads: seen.append(grads[0].clone()))
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
handle.remove()
